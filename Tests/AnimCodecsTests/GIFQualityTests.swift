@testable import AnimCodecs
import AnimRaster
import AnimTestRandom
import Foundation
import Testing

/// The quantizer, dithering, `quality`, the global-table choice and the LZW either-index pixels.
struct GIFQualityTests {
    static let background = PixelRGBA8(r: 242, g: 242, b: 247, a: 255)

    /// Flat tiles with soft (16 px) edges on a light background, like the benchmark grid: a few
    /// dominant colours and hundreds of blends between them.
    static func tiles() -> Bitmap {
        let colours: [(Double, Double, Double)] = [(255, 94, 87), (255, 165, 50), (255, 214, 50), (88, 206, 116),
                                                   (120, 205, 250), (40, 140, 255), (120, 118, 222), (185, 112, 230)]
        return Bitmap.make(width: 256, height: 160) { x, y in
            var c = (242.0, 242.0, 247.0)
            for k in 0..<8 {
                let left = Double(8 + (k % 4) * 62) + 0.37 * Double(k), top = Double(12 + (k / 4) * 74) + 0.21 * Double(k)
                let dx = min(Double(x) + 0.5 - left, left + 50 - Double(x) - 0.5)
                let dy = min(Double(y) + 0.5 - top, top + 60 - Double(y) - 0.5)
                let coverage = min(1, max(0, min(dx, dy) / 16))
                let t = colours[k]
                c = (c.0 + (t.0 - c.0) * coverage, c.1 + (t.1 - c.1) * coverage, c.2 + (t.2 - c.2) * coverage)
            }
            return PixelRGBA8(r: UInt8(c.0.rounded()), g: UInt8(c.1.rounded()), b: UInt8(c.2.rounded()), a: 255)
        }
    }

    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        var sum = 0.0
        for i in 0..<a.pixels.count where i % 4 != 3 {
            let d = Double(a.pixels[i]) - Double(b.pixels[i])
            sum += d * d
        }
        let mse = sum / Double(a.width * a.height * 3)
        return mse == 0 ? 100 : 10 * log10(255 * 255 / mse)
    }

    static func expand(_ image: IndexedImage) -> Bitmap {
        Bitmap.make(width: image.width, height: image.height) { x, y in
            let c = image.palette[Int(image.indices[y * image.width + x])]
            return PixelRGBA8(r: c.r, g: c.g, b: c.b, a: 255)
        }
    }

    static func distinct(_ b: Bitmap) -> Int { Set(b.pixels.chunks4).count }

    @Test func quantizerIsDeterministicWithBoundedErrorOnManyColours() {
        let image = Self.tiles()
        #expect(Self.distinct(image) == 435)
        let a = Quantizer.quantize(image, reserveTransparent: false)
        #expect(a == Quantizer.quantize(image, reserveTransparent: false))
        #expect(a.palette.count == 256)
        // Measured 56.2 dB (the 5-bit median cut this replaced: about 1 dB lower on the benchmark grid).
        let quality = Self.psnr(image, Self.expand(a))
        #expect(quality > 55.5, "\(quality) dB")
        // The dominant colours (background, tile interiors) are palette entries, so they stay exact.
        let palette = Set(a.palette.map(\.packed))
        #expect(palette.contains(RGB8(r: 242, g: 242, b: 247).packed))
        #expect(palette.contains(RGB8(r: 255, g: 94, b: 87).packed))
    }

    @Test func framesWith256ColoursOrFewerStillDecodeExactlyThroughGiflib() throws {
        var rng = SplitMix64(seed: 8)
        let first = Bitmap.randomOpaque(width: 160, height: 120, palette: distinctOpaqueColors(256, rng: &rng), rng: &rng)
        var second = first
        for y in 30..<90 { for x in 20..<140 where (x + y) % 3 != 0 { second[x, y] = first[159 - x, 119 - y] } }
        var encoder = try GIFAnimationEncoder(width: 160, height: 120, loopCount: 0, options: GIFOptions())
        try encoder.add(first, delay: 4)
        try encoder.add(second, delay: 4)
        let decoded = try GIFDecoder.decode(try encoder.finish())
        // Random pixels fill the LZW table several times (clear codes); every pixel comes back.
        // (Frame 1 changes pixels of all 256 colours: it is drawn opaque, since a transparent index
        // would leave room for only 255.)
        #expect(decoded.frames.count == 2)
        #expect(decoded.frames.first?.image == first)
        #expect(decoded.frames.last?.image == second)
    }

    /// A 64×64 gradient of 4096 colours.
    static let gradient = Bitmap.make(width: 64, height: 64) { x, y in PixelRGBA8(r: UInt8(x * 4), g: UInt8(y * 4), b: 128, a: 255) }

    static func packed(_ b: Bitmap) -> [UInt32] { OpaqueColors.packed(b, reserveTransparent: false, matte: .black) }

    @Test func ditheringIsAnchoredToCanvasCoordinates() {
        let colours = Self.packed(Self.gradient), dither = OrderedDither(strength: 1)
        func indices(_ origin: (Int, Int), _ d: OrderedDither?) -> [UInt8] {
            Quantizer.quantize(colors: colours, width: 64, height: 64, maxColors: 32, reserveTransparent: false,
                               dither: d, origin: origin).indices
        }
        let atZero = indices((0, 0), dither)
        #expect(atZero != indices((0, 0), nil), "32 colours for 4096: dithering changes pixels")
        // The 8×8 matrix repeats, so a crop rectangle moved by multiples of 8 gives the same indices;
        // moved by (3, 5) the same colours get other thresholds.
        #expect(atZero == indices((8, 16), dither))
        #expect(atZero != indices((3, 5), dither))
        #expect(atZero == indices((0, 0), dither))
    }

    @Test func ditheredStaticAreasDecodeIdenticallyInEveryFrame() throws {
        var frames: [Bitmap] = []
        for k in 0..<6 {
            var f = Self.gradient
            for y in 20..<28 { for x in (k * 6)..<(k * 6 + 8) { f[x, y] = PixelRGBA8(r: 250, g: 10, b: UInt8(k * 40), a: 255) } }
            frames.append(f)
        }
        var encoder = try GIFAnimationEncoder(width: 64, height: 64, loopCount: 0, options: GIFOptions(maxColors: 32, quality: 100))
        for f in frames { try encoder.add(f, delay: 4) }
        let out = try GIFDecoder.decode(try encoder.finish()).frames.map(\.image)
        #expect(out.count == 6)
        for f in out.dropFirst() {
            for y in 0..<64 where !(18..<30).contains(y) { for x in 0..<64 { #expect(f[x, y] == out[0][x, y]) } }
        }
        var worst = 0
        for (a, b) in zip(out, frames) {
            for i in 0..<a.pixels.count { worst = max(worst, abs(Int(a.pixels[i]) - Int(b.pixels[i]))) }
        }
        // 32 entries for 4096 colours, dithered at full strength: measured 56.
        #expect(worst <= 60, "largest channel error \(worst)")
    }

    /// A 32×32 flat colour whose red rises by one level per frame.
    static func fade(_ frames: Int) -> [Bitmap] {
        (0..<frames).map { k in Bitmap.make(width: 32, height: 32) { _, _ in PixelRGBA8(r: UInt8(100 + k), g: 60, b: 60, a: 255) } }
    }

    @Test func qualityBelow75LeavesChangesWithinItsToleranceUndrawn() throws {
        let frames = Self.fade(12)
        func decode(_ quality: Int) throws -> [GIFFrame] {
            var encoder = try GIFAnimationEncoder(width: 32, height: 32, loopCount: 0, options: GIFOptions(quality: quality))
            for f in frames { try encoder.add(f, delay: 4) }
            return try GIFDecoder.decode(try encoder.finish()).frames
        }
        #expect(GIFQuality.tolerance(100) == 0 && GIFQuality.tolerance(75) == 0 && GIFQuality.tolerance(50) == 5)
        #expect(try decode(100).map(\.image) == frames)
        // Exact frames (one colour each): no palette error, so no slack either.
        #expect(try decode(GIFQuality.standard).map(\.image) == frames)
        // Tolerance 5: red is redrawn only when it is 6 levels off, so 12 frames become 2 (delays merged).
        let lossy = try decode(50)
        #expect(lossy.map(\.delayCentiseconds) == [24, 24])
        #expect(lossy.map { $0.image[0, 0].r } == [100, 106])
    }

    /// An image whose palette is `colours` (plus a transparent entry), one pixel per colour.
    static func frame(_ colours: [UInt32]) -> IndexedImage {
        IndexedImage(width: colours.count, height: 1, palette: colours.map(RGB8.init(packed:)) + [.black],
                     indices: colours.indices.map { UInt8($0) }, transparentIndex: colours.count)
    }

    @Test func globalTableGoesToTheFramesThatShareColoursWhenThatIsSmaller() {
        let shared = (0..<150).map { UInt32($0) * 3 }
        let other = (0..<200).map { 0x80_0000 + UInt32($0) }
        // Frame 0's 200 colours would block the others if frames were taken in order.
        let frames = [Self.frame(other), Self.frame(shared), Self.frame(Array(shared.prefix(120))), Self.frame(shared)]
        let global = GlobalPalette.choose(frames)
        #expect(global?.members == [false, true, true, true])
        // Frames 1 and 3 use all 150 shared colours and need a transparent index: one entry more.
        #expect(global?.palette.count == 151)
        // Local tables of 256, 128 and 256 entries (1920 bytes) against one global 256-entry table (768).
        #expect(GlobalPalette.tableBytes(151) == 768 && GlobalPalette.tableBytes(2) == 6)
        // Frames sharing nothing: a global table would only replace one local table, saving nothing.
        let disjoint = (0..<3).map { k in Self.frame((0..<200).map { UInt32(k * 1000 + $0) }) }
        #expect(GlobalPalette.choose(disjoint) == nil)
        // Two frames of the same 2 colours: two 4-entry local tables (24 bytes) against one (12).
        let tiny = GlobalPalette.choose([Self.frame([1, 2]), Self.frame([1, 2])])
        #expect(tiny?.palette.count == 3)
        // With a third colour in one frame, a transparent index fits in the unused entry: still 4 entries.
        let reuse = GlobalPalette.choose([Self.frame([1, 2, 3]), Self.frame([1, 2])])
        #expect(reuse.map { $0.remap(Self.frame([1, 2]), alternatives: nil, frame: 1)!.0.transparentIndex } == 2)
    }

    @Test func eitherIndexPixelsShrinkTheDataAndDecodeTheSame() throws {
        // Frame 1 redraws every third pixel of a white screen in white; the rest are kept (transparent).
        let white = RGB8.white, red = RGB8(r: 255, g: 0, b: 0)
        let base = IndexedImage(width: 96, height: 64, palette: [white, red], indices: [UInt8](repeating: 0, count: 96 * 64),
                                transparentIndex: nil)
        let indices = (0..<(96 * 64)).map { i -> UInt8 in i % 3 == 0 ? 0 : 2 }
        let partial = IndexedImage(width: 96, height: 64, palette: [white, red, .black], indices: indices, transparentIndex: 2)
        func encode(_ alternatives: [UInt8]?) throws -> [UInt8] {
            var encoder = try GIFEncoder(width: 96, height: 64)
            try encoder.add(base, left: 0, top: 0, delayCentiseconds: 4, disposal: .keep)
            try encoder.add(partial, left: 0, top: 0, delayCentiseconds: 4, disposal: .keep, alternatives: alternatives)
            return try encoder.finish()
        }
        let plain = try encode(nil)
        let either = try encode(indices.map { $0 == 2 ? 0 : $0 })  // kept pixels may be written white
        #expect(try GIFDecoder.decode(either).frames.map(\.image) == GIFDecoder.decode(plain).frames.map(\.image))
        #expect(either.count < plain.count - 20, "\(either.count) vs \(plain.count) bytes")
        #expect(throws: CodecError.self) { try encode([0]) }
    }
}
