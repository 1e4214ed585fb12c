import AnimRaster
import AnimTestRandom
import Testing

struct BlendTests {
    @Test func mul255IsExactlyRounded() {
        for a in 0...255 {
            for b in 0...255 {
                let exact = (Double(a * b) / 255).rounded()
                #expect(Blend.mul255(UInt32(a), UInt32(b)) == UInt32(exact))
            }
        }
    }

    @Test func fillIsSourceOver() throws {
        var bitmap = try #require(Bitmap(width: 2, height: 1))
        bitmap.fill(PixelRGBA8(r: 0, g: 0, b: 255, a: 255))
        let mask = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 2, maxY: 1), coverage: [255, 128])
        // Half-transparent red (premultiplied 128, 0, 0, 128).
        Blend.fill(mask, color: PixelRGBA8(r: 128, g: 0, b: 0, a: 128), into: &bitmap)
        #expect(bitmap[0, 0] == PixelRGBA8(r: 128, g: 0, b: 127, a: 255))
        // Coverage 128 of alpha 128: source alpha 64, so the blue keeps 191/255.
        #expect(bitmap[1, 0] == PixelRGBA8(r: 64, g: 0, b: 191, a: 255))
    }

    @Test func compositeAppliesOpacityOnce() throws {
        var src = try #require(Bitmap(width: 1, height: 1))
        src[0, 0] = PixelRGBA8(r: 255, g: 255, b: 255, a: 255)
        var dst = try #require(Bitmap(width: 1, height: 1))
        dst.fill(PixelRGBA8(r: 0, g: 0, b: 0, a: 255))
        Blend.composite(src, opacity: 128, area: PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1), into: &dst)
        #expect(dst[0, 0] == PixelRGBA8(r: 128, g: 128, b: 128, a: 255))
    }

    @Test func bitmapRejectsAbsurdSizes() {
        #expect(Bitmap(width: 0, height: 10) == nil)
        #expect(Bitmap(width: 100_000, height: 10) == nil)
        #expect(Bitmap(width: 2, height: 2, pixels: [0, 0]) == nil)
    }
}

/// The fast span fill against a naive per-channel reference, on random masks and colours.
struct BlendReferenceTests {
    @Test func fillEqualsTheNaiveReference() throws {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<50 {
            let a = rng.byte()
            let color = PixelRGBA8(r: UInt8(UInt32(rng.byte()) * UInt32(a) / 255), g: UInt8(UInt32(rng.byte()) * UInt32(a) / 255),
                                   b: UInt8(UInt32(rng.byte()) * UInt32(a) / 255), a: a)
            var dst = try #require(Bitmap(width: 16, height: 4))
            for i in stride(from: 0, to: dst.pixels.count, by: 4) {
                let da = rng.byte()
                dst.pixels[i + 3] = da
                for c in 0..<3 { dst.pixels[i + c] = UInt8(UInt32(rng.byte()) * UInt32(da) / 255) }
            }
            let mask = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 16, maxY: 4), coverage: (0..<64).map { _ in rng.byte() })
            var fast = dst
            Blend.fill(mask, color: color, into: &fast)
            for y in 0..<4 {
                for x in 0..<16 {
                    let c = UInt32(mask[x, y]), d = dst[x, y]
                    let sa = Blend.mul255(UInt32(color.a), c), inv = 255 - sa
                    func ch(_ s: UInt8, _ d: UInt8) -> UInt8 { UInt8(Blend.mul255(UInt32(s), c) + Blend.mul255(UInt32(d), inv)) }
                    let expected = c == 0 ? d : PixelRGBA8(r: ch(color.r, d.r), g: ch(color.g, d.g), b: ch(color.b, d.b), a: UInt8(sa + Blend.mul255(UInt32(d.a), inv)))
                    #expect(fast[x, y] == expected)
                }
            }
        }
    }
}
