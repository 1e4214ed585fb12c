/// Compositing of premultiplied RGBA8 pixels. All products of two 8-bit values divide by 255 with
/// exact rounding (`mul255`, pixman's MUL_UN8), so results do not depend on evaluation order.
public enum Blend {
    /// round(a·b / 255) for a, b in 0…255, exactly.
    @inline(__always)
    public static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }

    /// Source-over of a solid premultiplied colour through a coverage mask.
    public static func fill(_ mask: CoverageMask, color: PixelRGBA8, into dst: inout Bitmap) {
        let area = mask.bounds.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !area.isEmpty, color.a > 0 else { return }
        let (cr, cg, cb, ca) = (UInt32(color.r), UInt32(color.g), UInt32(color.b), UInt32(color.a))
        let dstWidth = dst.width, maskWidth = mask.bounds.width
        mask.coverage.withUnsafeBufferPointer { cov in
            dst.pixels.withUnsafeMutableBufferPointer { px in
                for y in area.minY..<area.maxY {
                    var m = (y - mask.bounds.minY) * maskWidth + (area.minX - mask.bounds.minX)
                    var o = (y * dstWidth + area.minX) * 4
                    for _ in area.minX..<area.maxX {
                        let c = UInt32(cov[m])
                        if c == 255 && ca == 255 {
                            px[o] = UInt8(cr); px[o + 1] = UInt8(cg); px[o + 2] = UInt8(cb); px[o + 3] = 255
                        } else if c != 0 {
                            let sa = mul255(ca, c)
                            let inv = 255 - sa
                            px[o] = UInt8(mul255(cr, c) + mul255(UInt32(px[o]), inv))
                            px[o + 1] = UInt8(mul255(cg, c) + mul255(UInt32(px[o + 1]), inv))
                            px[o + 2] = UInt8(mul255(cb, c) + mul255(UInt32(px[o + 2]), inv))
                            px[o + 3] = UInt8(sa + mul255(UInt32(px[o + 3]), inv))
                        }
                        m += 1
                        o += 4
                    }
                }
            }
        }
    }

    /// Source-over of `src` (same size as `dst`) scaled by `opacity`, within `area`.
    public static func composite(_ src: Bitmap, opacity: UInt8, area: PixelRect, into dst: inout Bitmap) {
        precondition(src.width == dst.width && src.height == dst.height)
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty, opacity > 0 else { return }
        let k = UInt32(opacity), width = dst.width
        src.pixels.withUnsafeBufferPointer { s in
            dst.pixels.withUnsafeMutableBufferPointer { d in
                for y in region.minY..<region.maxY {
                    var o = (y * width + region.minX) * 4
                    for _ in region.minX..<region.maxX {
                        let sa0 = UInt32(s[o + 3])
                        if sa0 != 0 {
                            let sr = mul255(UInt32(s[o]), k), sg = mul255(UInt32(s[o + 1]), k)
                            let sb = mul255(UInt32(s[o + 2]), k), sa = mul255(sa0, k)
                            let inv = 255 - sa
                            d[o] = UInt8(sr + mul255(UInt32(d[o]), inv))
                            d[o + 1] = UInt8(sg + mul255(UInt32(d[o + 1]), inv))
                            d[o + 2] = UInt8(sb + mul255(UInt32(d[o + 2]), inv))
                            d[o + 3] = UInt8(sa + mul255(UInt32(d[o + 3]), inv))
                        }
                        o += 4
                    }
                }
            }
        }
    }

    /// Destination-in: multiplies every pixel of `dst` within `area` by the mask's coverage
    /// (pixels outside the mask become transparent).
    public static func clip(_ dst: inout Bitmap, to mask: CoverageMask?, area: PixelRect) {
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        let width = dst.width
        dst.pixels.withUnsafeMutableBufferPointer { d in
            for y in region.minY..<region.maxY {
                var o = (y * width + region.minX) * 4
                for x in region.minX..<region.maxX {
                    let c = UInt32(mask?[x, y] ?? 0)
                    if c != 255 {
                        d[o] = UInt8(mul255(UInt32(d[o]), c))
                        d[o + 1] = UInt8(mul255(UInt32(d[o + 1]), c))
                        d[o + 2] = UInt8(mul255(UInt32(d[o + 2]), c))
                        d[o + 3] = UInt8(mul255(UInt32(d[o + 3]), c))
                    }
                    o += 4
                }
            }
        }
    }
}
