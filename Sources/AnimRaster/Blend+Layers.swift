/// The compositing operations a layer needs beyond source-over: its shadow drawn behind it, and
/// its mask layer's alpha multiplied into it.
extension Blend {
    /// Destination-over of a solid premultiplied colour through a coverage mask: the colour shows
    /// only where the destination is not opaque (a shadow behind the layer's own drawing).
    public static func fillBehind(_ mask: CoverageMask, color: PixelRGBA8, into dst: inout Bitmap) {
        let area = mask.bounds.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !area.isEmpty, color.a > 0 else { return }
        let width = dst.width, maskWidth = mask.bounds.width
        let word = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
        let crb = word & 0x00FF_00FF, cga = (word >> 8) & 0x00FF_00FF
        mask.coverage.withUnsafeBufferPointer { cov in
            dst.pixels.withUnsafeMutableBytes { raw in
                let px = raw.baseAddress!
                for y in area.minY..<area.maxY {
                    var m = (y - mask.bounds.minY) * maskWidth + (area.minX - mask.bounds.minX)
                    var o = (y * width + area.minX) * 4
                    for _ in area.minX..<area.maxX {
                        let k = UInt32(cov[m])
                        if k != 0 {
                            let d = px.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                            let inv = 255 - (d >> 24)
                            if inv != 0 {
                                // Each channel gains round(c · round(k·inv/255) / 255), two lanes per multiply.
                                let f = mul255(k, inv)
                                let add = mul255x2(crb, f) | (mul255x2(cga, f) << 8)
                                px.storeBytes(of: d &+ add, toByteOffset: o, as: UInt32.self)
                            }
                        }
                        m += 1
                        o += 4
                    }
                }
            }
        }
    }

    /// Destination-in by another bitmap's alpha (a mask layer's rendering) over `dstArea`, the
    /// part of `dst` that has been drawn; the mask is zero outside `srcArea`, the part of `src` drawn.
    public static func mask(_ dst: inout Bitmap, dstArea: PixelRect, byAlphaOf src: Bitmap, srcArea: PixelRect) {
        precondition(src.width == dst.width && src.height == dst.height)
        let region = dstArea.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        let width = dst.width
        src.pixels.withUnsafeBufferPointer { s in
            dst.pixels.withUnsafeMutableBufferPointer { d in
                for y in region.minY..<region.maxY {
                    let rowInside = y >= srcArea.minY && y < srcArea.maxY
                    var o = (y * width + region.minX) * 4
                    for x in region.minX..<region.maxX {
                        let k = rowInside && x >= srcArea.minX && x < srcArea.maxX ? UInt32(s[o + 3]) : 0
                        if k != 255 {
                            for ch in 0..<4 { d[o + ch] = UInt8(mul255(UInt32(d[o + ch]), k)) }
                        }
                        o += 4
                    }
                }
            }
        }
    }

    /// Source-over of one premultiplied pixel onto another (exact `mul255` rounding).
    @inline(__always)
    public static func over(_ s: PixelRGBA8, _ d: PixelRGBA8) -> PixelRGBA8 {
        let inv = 255 - UInt32(s.a)
        return PixelRGBA8(r: UInt8(UInt32(s.r) + mul255(UInt32(d.r), inv)), g: UInt8(UInt32(s.g) + mul255(UInt32(d.g), inv)),
                          b: UInt8(UInt32(s.b) + mul255(UInt32(d.b), inv)), a: UInt8(UInt32(s.a) + mul255(UInt32(d.a), inv)))
    }
}
