@testable import AnimCodecs
import AnimRaster
import AnimTestRandom
import Testing

/// The GIF encoder holds its frames deflated until ``GIFAnimationEncoder/finish()``: what comes
/// back must be exactly what was held, and a screen-sized frame must cost far less than its pixels.
struct HeldFrameTests {
    @Test(arguments: [0, 1, 7, 4096, 100_003])
    func packedBytesComeBackExactly(count: Int) throws {
        var rng = SplitMix64(seed: UInt64(count) + 1)
        // Runs and noise mixed, as quantized frames are: both compressible and incompressible parts.
        let bytes = (0..<count).map { i in i % 1000 < 600 ? UInt8(i / 1000 % 7) : UInt8(rng.below(256)) }
        let packed = PackedBytes(bytes)
        #expect(packed.count == count)
        #expect(try packed.unpacked() == bytes)
    }

    @Test func incompressibleBytesStillComeBack() throws {
        var rng = SplitMix64(seed: 5)
        let noise = (0..<65_536).map { _ in UInt8(rng.below(256)) }
        let packed = PackedBytes(noise)
        #expect(try packed.unpacked() == noise)
        // zlib's stored blocks: a few bytes per 64 KiB over the input, never a multiple of it.
        #expect(packed.storedCount <= noise.count + 64)
    }

    /// A 1280×720 frame of flat bands (what a frame of docs-style flat colour quantizes to) with
    /// alternative indices on a tenth of it: held in under 1 % of its 1.8 MB.
    @Test func aScreenSizedFrameIsHeldInAFractionOfItsBytes() throws {
        let (w, h) = (1280, 720)
        let palette = (0..<16).map { RGB8(r: UInt8($0 * 16), g: 40, b: 200) }
        let indices = (0..<(w * h)).map { UInt8($0 / w / 45) }
        let alternatives = (0..<(w * h)).map { i in i % w < 128 ? UInt8(15) : indices[i] }
        let image = IndexedImage(width: w, height: h, palette: palette, indices: indices, transparentIndex: 15)
        let held = HeldFrame(image, left: 0, top: 0, delay: 4, disposal: .keep, alternatives: alternatives)
        let (back, backAlternatives) = try held.unpacked()
        #expect(back == image)
        #expect(backAlternatives == alternatives)
        #expect(held.table.palette == palette && held.table.transparentIndex == 15)
        #expect(held.storedBytes < w * h * 2 / 100)
    }

    /// The global table is chosen from colour tables alone: the same choice as from whole frames.
    @Test func theGlobalTableNeedsOnlyTheFramesTables() throws {
        let frames = [GIFSizeTests.frame(0..<40), GIFSizeTests.frame(20..<60), GIFSizeTests.frame(200..<230)]
        let fromFrames = try #require(GlobalPalette.choose(frames))
        let fromTables = try #require(GlobalPalette.choose(frames.map { ColourTable(palette: $0.palette, transparentIndex: $0.transparentIndex) }))
        #expect(fromFrames.palette == fromTables.palette)
        #expect(fromFrames.members == fromTables.members)
    }
}

/// The held frames are handed over once: a finished encoder refuses more, instead of writing the
/// earlier frames again into a second file.
struct FinishedGIFTests {
    @Test func aFinishedEncoderTakesNoMoreFramesAndFinishesOnce() throws {
        let red = PixelRGBA8(r: 255, g: 0, b: 0, a: 255), blue = PixelRGBA8(r: 0, g: 0, b: 255, a: 255)
        var encoder = try GIFAnimationEncoder(width: 8, height: 8, loopCount: 0, options: GIFOptions())
        try encoder.add(Bitmap.make(width: 8, height: 8) { _, _ in red }, delay: 4)
        try encoder.add(Bitmap.make(width: 8, height: 8) { x, _ in x < 4 ? red : blue }, delay: 4)
        let file = try encoder.finish()
        #expect(try GIFDecoder.decode(file).frames.count == 2)
        #expect(throws: CodecError.invalidImage("the GIF is already finished")) {
            try encoder.add(Bitmap.make(width: 8, height: 8) { _, _ in blue }, delay: 4)
        }
        #expect(throws: CodecError.invalidImage("the GIF is already finished")) { try encoder.finish() }
    }
}
