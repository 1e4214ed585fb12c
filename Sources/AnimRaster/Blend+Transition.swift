extension Blend {
    /// Cross-dissolve in place: every pixel of `dst` within `area` becomes
    /// mul255(dst, 255 − w) + mul255(src, w) per premultiplied channel (CATransition fade: the old
    /// rendering weighted by 1 − p, the new by p). Both bitmaps have the same size.
    public static func dissolve(_ dst: inout Bitmap, toward src: Bitmap, weight w: UInt8, area: PixelRect) {
        precondition(src.width == dst.width && src.height == dst.height)
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        let k = UInt32(w), width = dst.width
        src.pixels.withUnsafeBytes { s in
            dst.pixels.withUnsafeMutableBytes { d in
                let sp = s.baseAddress!, dp = d.baseAddress!
                for y in region.minY..<region.maxY {
                    var o = (y * width + region.minX) * 4
                    for _ in region.minX..<region.maxX {
                        let sw = sp.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                        let dw = dp.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                        if sw != dw {
                            let rb = mul255x2(sw & 0x00FF_00FF, k) &+ mul255x2(dw & 0x00FF_00FF, 255 - k)
                            let ga = mul255x2((sw >> 8) & 0x00FF_00FF, k) &+ mul255x2((dw >> 8) & 0x00FF_00FF, 255 - k)
                            dp.storeBytes(of: rb | (ga << 8), toByteOffset: o, as: UInt32.self)
                        }
                        o += 4
                    }
                }
            }
        }
    }

    /// Turns a fraction k/255 of the colour of every pixel in `area` to black, keeping alpha.
    public static func darken(_ dst: inout Bitmap, by k: UInt8, area: PixelRect) {
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty, k > 0 else { return }
        let keep = 255 - UInt32(k), width = dst.width
        dst.pixels.withUnsafeMutableBytes { d in
            let dp = d.baseAddress!
            for y in region.minY..<region.maxY {
                var o = (y * width + region.minX) * 4
                for _ in region.minX..<region.maxX {
                    let dw = dp.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                    if dw != 0 {
                        let rb = mul255x2(dw & 0x00FF_00FF, keep)
                        let g = mul255(UInt32((dw >> 8) & 0xFF), keep)
                        dp.storeBytes(of: rb | (g << 8) | (dw & 0xFF00_0000), toByteOffset: o, as: UInt32.self)
                    }
                    o += 4
                }
            }
        }
    }
}

extension Blend {
    /// Multiplies each premultiplied channel within `area` by its factor / 255 (mul255): a
    /// replicator instance's colour, with `factors` = (r·a, g·a, b·a, a) of the colour in bytes, so
    /// the colour multiplies the straight colour and the alpha. Channels stay ≤ alpha when
    /// each colour factor is ≤ the alpha factor.
    public static func multiply(_ dst: inout Bitmap, by factors: PixelRGBA8, area: PixelRect) {
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        let f = (UInt32(factors.r), UInt32(factors.g), UInt32(factors.b), UInt32(factors.a)), width = dst.width
        dst.pixels.withUnsafeMutableBytes { d in
            for y in region.minY..<region.maxY {
                var o = (y * width + region.minX) * 4
                for _ in region.minX..<region.maxX {
                    d[o] = UInt8(mul255(UInt32(d[o]), f.0))
                    d[o + 1] = UInt8(mul255(UInt32(d[o + 1]), f.1))
                    d[o + 2] = UInt8(mul255(UInt32(d[o + 2]), f.2))
                    d[o + 3] = UInt8(mul255(UInt32(d[o + 3]), f.3))
                    o += 4
                }
            }
        }
    }
}
