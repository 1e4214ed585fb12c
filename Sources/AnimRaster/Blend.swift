/// Compositing of premultiplied RGBA8 pixels. All products of two 8-bit values divide by 255 with
/// exact rounding (`mul255`, pixman's MUL_UN8), so results do not depend on evaluation order.
public enum Blend {
    /// round(a·b / 255) for a, b in 0…255, exactly.
    @inline(__always)
    public static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }

    /// Source-over of a solid premultiplied colour through a coverage mask: for coverage c, the
    /// source is s = mul255(colour, c) per channel and each channel becomes
    /// s + mul255(d, 255 − s_a) (the byte's low 8 bits, if a channel of the colour exceeds its alpha).
    ///
    /// Eight mask bytes at a time: empty ones are skipped, full ones under an opaque colour store
    /// the colour, and any other eight are blended four pixels per vector step (`PixelLanes`),
    /// computing the source per pixel; the pixels left at the end of a row go one by one.
    public static func fill(_ mask: CoverageMask, color: PixelRGBA8, into dst: inout Bitmap) {
        let area = mask.bounds.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !area.isEmpty, color.a > 0 else { return }
        let solid = SolidSource(color)
        let dstWidth = dst.width, maskWidth = mask.bounds.width
        mask.coverage.withUnsafeBytes { cov in
            dst.pixels.withUnsafeMutableBytes { raw in
                let covBase = cov.baseAddress!, px = raw.baseAddress!
                for y in area.minY..<area.maxY {
                    var m = (y - mask.bounds.minY) * maskWidth + (area.minX - mask.bounds.minX)
                    var o = (y * dstWidth + area.minX) * 4
                    var x = area.minX
                    while x &+ 8 <= area.maxX {
                        let eight = covBase.loadUnaligned(fromByteOffset: m, as: UInt64.self)
                        if eight == ~0 {
                            solid.blendEightCovered(px + o)
                        } else if eight != 0 {
                            solid.blendEight(px + o, coverage: eight)
                        }
                        m &+= 8
                        o &+= 32
                        x &+= 8
                    }
                    while x < area.maxX {
                        solid.blendOne(px + o, coverage: UInt32(covBase.load(fromByteOffset: m, as: UInt8.self)))
                        m &+= 1
                        o &+= 4
                        x &+= 1
                    }
                }
            }
        }
    }

    /// round(x·k / 255) for the two 8-bit lanes of `x` (bits 0–7 and 16–23) at once, exactly.
    @inline(__always)
    static func mul255x2(_ x: UInt32, _ k: UInt32) -> UInt32 {
        let t = x &* k &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }

    /// Source-over of `src` (same size as `dst`) scaled by `opacity`, within `area`.
    public static func composite(_ src: Bitmap, opacity: UInt8, area: PixelRect, into dst: inout Bitmap) {
        precondition(src.width == dst.width && src.height == dst.height)
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty, opacity > 0 else { return }
        let k = UInt32(opacity), width = dst.width
        src.pixels.withUnsafeBytes { s in
            dst.pixels.withUnsafeMutableBytes { d in
                let sp = s.baseAddress!, dp = d.baseAddress!
                for y in region.minY..<region.maxY {
                    var o = (y * width + region.minX) * 4
                    for _ in region.minX..<region.maxX {
                        let sw = sp.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                        if sw != 0 {
                            // Two channels per multiply, each exactly round(x·k/255) (mul255x2).
                            var rb = sw & 0x00FF_00FF, ga = (sw >> 8) & 0x00FF_00FF
                            if k != 255 { rb = mul255x2(rb, k); ga = mul255x2(ga, k) }
                            let inv = 255 - (ga >> 16)
                            let dw = dp.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                            let drb = mul255x2(dw & 0x00FF_00FF, inv), dga = mul255x2((dw >> 8) & 0x00FF_00FF, inv)
                            dp.storeBytes(of: (rb &+ drb) | ((ga &+ dga) << 8), toByteOffset: o, as: UInt32.self)
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
