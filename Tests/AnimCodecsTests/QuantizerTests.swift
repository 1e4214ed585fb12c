import AnimTestRandom
import AnimCodecs
import AnimRaster
import Testing

struct QuantizerTests {
    /// The colour the indexed image shows at pixel `i`.
    static func color(_ image: IndexedImage, _ i: Int) -> RGB8 {
        image.palette[Int(image.indices[i])]
    }

    @Test func fewColoursGiveAnExactSortedPalette() throws {
        var rng = SplitMix64(seed: 1)
        let colors = distinctOpaqueColors(256, rng: &rng)
        let bitmap = Bitmap.randomOpaque(width: 64, height: 48, palette: colors, rng: &rng)
        let indexed = Quantizer.quantize(bitmap, reserveTransparent: false)
        #expect(indexed.transparentIndex == nil)
        #expect(indexed.palette.count == Set(bitmap.pixels.chunks4).count)
        #expect(indexed.palette.map(\.packed) == indexed.palette.map(\.packed).sorted())
        for i in 0..<(64 * 48) {
            let p = bitmap[i % 64, i / 64]
            #expect(Self.color(indexed, i) == RGB8(r: p.r, g: p.g, b: p.b))
        }
    }

    @Test func resultsAreIdenticalAcrossRuns() {
        var rng = SplitMix64(seed: 2)
        let few = Bitmap.randomOpaque(width: 40, height: 30, palette: distinctOpaqueColors(100, rng: &rng), rng: &rng)
        let many = Bitmap.make(width: 200, height: 100) { _, _ in
            PixelRGBA8(r: rng.byte(), g: rng.byte(), b: rng.byte(), a: 255)
        }
        for bitmap in [few, many] {
            #expect(Quantizer.quantize(bitmap, reserveTransparent: false)
                == Quantizer.quantize(bitmap, reserveTransparent: false))
        }
    }

    @Test func largeGradientStaysWithin256ColoursWithSmallError() {
        let (w, h) = (1280, 720)
        let bitmap = Bitmap.make(width: w, height: h) { x, y in
            PixelRGBA8(r: UInt8(x * 255 / (w - 1)), g: UInt8(y * 255 / (h - 1)),
                       b: UInt8((x + y) * 255 / (w + h - 2)), a: 255)
        }
        let indexed = Quantizer.quantize(bitmap, reserveTransparent: false)
        #expect(indexed.palette.count <= 256)
        #expect(indexed.palette.count > 200, "the palette should use most of its entries")
        var error = 0
        for i in 0..<(w * h) {
            let p = bitmap[i % w, i / w], q = Self.color(indexed, i)
            error += abs(Int(p.r) - Int(q.r)) + abs(Int(p.g) - Int(q.g)) + abs(Int(p.b) - Int(q.b))
        }
        // The colours fill a 256×256 plane (blue follows red and green), so 256 entries leave
        // cells about 16 wide: ≈ 4 in red and green, ≈ 2.7 in blue, 3.57 on average at best.
        // Measured: 3.60.
        let meanPerChannel = Double(error) / Double(w * h * 3)
        #expect(meanPerChannel < 3.75, "mean absolute error \(meanPerChannel)")
    }

    @Test func maxColorsIsRespected() {
        var rng = SplitMix64(seed: 3)
        let bitmap = Bitmap.randomOpaque(width: 50, height: 50, palette: distinctOpaqueColors(40, rng: &rng), rng: &rng)
        #expect(Quantizer.quantize(bitmap, maxColors: 16, reserveTransparent: false).palette.count <= 16)
        let withTransparency = Quantizer.quantize(bitmap, maxColors: 16, reserveTransparent: true)
        #expect(withTransparency.palette.count <= 16)
        #expect(withTransparency.transparentIndex == withTransparency.palette.count - 1)
    }

    @Test func lowAlphaBecomesTheTransparentIndex() {
        let bitmap = Bitmap.make(width: 4, height: 1) { x, _ in
            [PixelRGBA8(r: 0, g: 0, b: 0, a: 0), PixelRGBA8(r: 50, g: 0, b: 0, a: 127),
             PixelRGBA8(r: 64, g: 32, b: 0, a: 128), PixelRGBA8(r: 10, g: 20, b: 30, a: 255)][x]
        }
        let indexed = Quantizer.quantize(bitmap, reserveTransparent: true)
        let t = indexed.transparentIndex
        #expect(t != nil)
        #expect(Int(indexed.indices[0]) == t && Int(indexed.indices[1]) == t)
        // Alpha ≥ 128 is un-premultiplied: (64·255 + 64) / 128 = 128, (32·255 + 64) / 128 = 64.
        #expect(Self.color(indexed, 2) == RGB8(r: 128, g: 64, b: 0))
        #expect(Self.color(indexed, 3) == RGB8(r: 10, g: 20, b: 30))
    }

    @Test func withoutTransparencyPixelsAreCompositedOverTheMatte() {
        let bitmap = Bitmap.make(width: 2, height: 1) { x, _ in
            x == 0 ? PixelRGBA8(r: 128, g: 0, b: 64, a: 128) : .transparent
        }
        let black = Quantizer.quantize(bitmap, reserveTransparent: false)
        #expect(Self.color(black, 0) == RGB8(r: 128, g: 0, b: 64))
        #expect(Self.color(black, 1) == .black)
        let white = Quantizer.quantize(bitmap, reserveTransparent: false, matte: .white)
        // c + ((255 − 128)·255 + 127) / 255 = c + 127.
        #expect(Self.color(white, 0) == RGB8(r: 255, g: 127, b: 191))
        #expect(Self.color(white, 1) == .white)
    }
}

extension Array where Element == UInt8 {
    /// The pixels as 32-bit values, for counting distinct colours.
    var chunks4: [UInt32] {
        stride(from: 0, to: count, by: 4).map {
            UInt32(self[$0]) << 24 | UInt32(self[$0 + 1]) << 16 | UInt32(self[$0 + 2]) << 8 | UInt32(self[$0 + 3])
        }
    }
}
