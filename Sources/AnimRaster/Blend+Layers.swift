/// The compositing operations a layer needs beyond source-over: its shadow drawn behind it, and
/// its mask layer's alpha multiplied into it.
extension Blend {
    /// Destination-over of a solid premultiplied colour through a coverage mask: the colour shows
    /// only where the destination is not opaque (a shadow behind the layer's own drawing).
    public static func fillBehind(_ mask: CoverageMask, color: PixelRGBA8, into dst: inout Bitmap) {
        let area = mask.bounds.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !area.isEmpty, color.a > 0 else { return }
        let width = dst.width, maskWidth = mask.bounds.width
        let word = color.word
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
    /// Each channel becomes mul255(d, k), k the mask's alpha: four pixels per step (`PixelLanes`),
    /// skipped where all four k are 255 and cleared where all are 0.
    public static func mask(_ dst: inout Bitmap, dstArea: PixelRect, byAlphaOf src: Bitmap, srcArea: PixelRect) {
        precondition(src.width == dst.width && src.height == dst.height)
        let region = dstArea.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        let width = dst.width
        src.pixels.withUnsafeBytes { s in
            dst.pixels.withUnsafeMutableBytes { d in
                let sp = s.baseAddress!, dp = d.baseAddress!
                for y in region.minY..<region.maxY {
                    let row = y * width * 4
                    // Mask pixels in minX..<maxX; outside, the destination is cleared.
                    let rowInside = y >= srcArea.minY && y < srcArea.maxY
                    let minX = rowInside ? min(max(srcArea.minX, region.minX), region.maxX) : region.maxX
                    let maxX = rowInside ? min(max(srcArea.maxX, minX), region.maxX) : region.maxX
                    (dp + row + region.minX * 4).initializeMemory(as: UInt8.self, repeating: 0, count: (minX - region.minX) * 4)
                    (dp + row + maxX * 4).initializeMemory(as: UInt8.self, repeating: 0, count: (region.maxX - maxX) * 4)
                    var o = row + minX * 4
                    let end = row + maxX * 4
                    while o &+ 16 <= end {
                        maskFour(dp + o, byAlphaOf: sp + o)
                        o &+= 16
                    }
                    while o < end {
                        let k = UInt32(sp.load(fromByteOffset: o &+ 3, as: UInt8.self))
                        if k != 255 { dp.storeBytes(of: scale(dp.loadUnaligned(fromByteOffset: o, as: UInt32.self), k), toByteOffset: o, as: UInt32.self) }
                        o &+= 4
                    }
                }
            }
        }
    }

    /// Four pixels at `d` times the alphas of the four at `s`, each channel through `mul255`.
    @inline(__always)
    static func maskFour(_ d: UnsafeMutableRawPointer, byAlphaOf s: UnsafeRawPointer) {
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        let s0 = s.loadUnaligned(as: UInt64.self), s1 = s.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if s0 & s1 & alphas == alphas { return }
        if (s0 | s1) & alphas == 0 {
            d.storeBytes(of: SIMD4<UInt32>(), as: SIMD4<UInt32>.self)
        } else {
            Lanes.store(Lanes.mul255(Lanes.load(d), Lanes.alphas(Lanes.load(s))), d)
        }
    }

    /// Source-over of one premultiplied pixel onto another (exact `mul255` rounding). Inlinable:
    /// the depth compositor calls it per plane and pixel.
    @inlinable @inline(__always)
    public static func over(_ s: PixelRGBA8, _ d: PixelRGBA8) -> PixelRGBA8 {
        let inv = 255 - UInt32(s.a)
        return PixelRGBA8(r: UInt8(UInt32(s.r) + mul255(UInt32(d.r), inv)), g: UInt8(UInt32(s.g) + mul255(UInt32(d.g), inv)),
                          b: UInt8(UInt32(s.b) + mul255(UInt32(d.b), inv)), a: UInt8(UInt32(s.a) + mul255(UInt32(d.a), inv)))
    }
}
