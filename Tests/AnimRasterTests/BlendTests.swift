import AnimRaster
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
