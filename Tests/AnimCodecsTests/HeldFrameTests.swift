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
        #expect(try PackedBytes(noise).unpacked() == noise)
    }

    /// Runs deflate: what is held is a small part of what was packed (the point of packing).
    @Test func runsAreHeldInAFractionOfTheirBytes() throws {
        let runs = (0..<100_000).map { UInt8($0 / 5000) }
        let packed = PackedBytes(runs)
        #expect(packed.storedCount < runs.count / 50)
        #expect(try packed.unpacked() == runs)
    }

    /// Held bytes that do not inflate to what was recorded are a typed error, never a trap.
    @Test func damagedHeldBytesAreAnErrorNotATrap() throws {
        let good = PackedBytes((0..<4096).map { UInt8($0 % 3) })
        let bytes = try good.unpacked()
        let truncated = PackedBytes(count: bytes.count, storing: [0x78, 0x01, 0x63], deflated: true)
        #expect(throws: CodecError.self) { try truncated.unpacked() }
        let garbage = PackedBytes(count: 10, storing: [1, 2, 3, 4, 5], deflated: true)
        #expect(throws: CodecError.self) { try garbage.unpacked() }
        let longer = PackedBytes(count: bytes.count - 1, storing: good.data, deflated: true)
        #expect(throws: CodecError.self) { try longer.unpacked() }
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
}

/// Frames held packed or as they are (the raw budget spent at once, never, or part way) give the
/// same file, on one thread or two.
struct RawHoldBudgetTests {
    @Test(arguments: [1, 2])
    func theFileIsTheSameWhetherFramesAreHeldPackedOrNot(threads: Int) throws {
        let frames = ParallelEncodingTests.gifFrames()
        func gif(budget: Int) throws -> [UInt8] {
            var encoder = try GIFAnimationEncoder(width: 64, height: 40, loopCount: 0, options: GIFOptions(), threads: threads,
                                                  rawHoldBudget: budget)
            for frame in frames { try encoder.add(frame, delay: 4) }
            return try encoder.finish()
        }
        let unpacked = try gif(budget: .max)
        #expect(try gif(budget: 0) == unpacked)
        #expect(try gif(budget: 64 * 40 * 5) == unpacked)
        #expect(try GIFDecoder.decode(unpacked).frames.count == frames.count - 1)  // frame 12 repeats 11
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

/// Results handed over by ``OrderedJobs/takeResults()`` are no longer held by the jobs.
struct TakenResultsTests {
    @Test(arguments: [1, 2])
    func takenResultsComeInOrderAndAreNotKept(threads: Int) {
        let jobs = OrderedJobs<[Int]>(threads: threads)
        for k in 0..<20 { jobs.submit { [k] } }
        #expect(jobs.takeResults() == (0..<20).map { [$0] })
        #expect(jobs.takeResults().isEmpty)
    }

    @Test func aFinishedAPNGRefusesASecondFinish() throws {
        var encoder = try APNGEncoder(width: 4, height: 4, threads: 2)
        try encoder.add(Bitmap.make(width: 4, height: 4) { _, _ in PixelRGBA8(r: 9, g: 8, b: 7, a: 255) }, delay: 10)
        let file = try encoder.finish()
        #expect(file.count > 50)
        #expect(throws: CodecError.invalidImage("the APNG is already finished")) { try encoder.finish() }
    }

    /// With threads to spare the encoder compresses each frame with its own table while it is held
    /// (``HeldFrame/compressed``): the same image the end would make of it; a frame that cannot be
    /// compressed is left for the end, which reports why.
    @Test func aFrameCompressedWhileHeldIsTheOneTheEndWouldMake() throws {
        var rng = SplitMix64(seed: 21)
        let palette = (0..<40).map { _ in RGB8(r: rng.byte(), g: rng.byte(), b: rng.byte()) }
        let indices = (0..<(30 * 20)).map { i in UInt8(i % 7 == 0 ? 39 : rng.below(12)) }
        let alternatives = indices.map { $0 == 39 ? UInt8(rng.below(12)) : $0 }
        let image = IndexedImage(width: 30, height: 20, palette: palette, indices: indices, transparentIndex: 39)
        let held = HeldFrame(image, left: 5, top: 7, delay: 3, disposal: .keep, alternatives: alternatives,
                             compressing: (screenWidth: 40, screenHeight: 30))
        let atTheEnd = try GIFEncoder.compressed(image, left: 5, top: 7, alternatives: alternatives, screenWidth: 40, screenHeight: 30)
        let made = try #require(held.compressed)
        #expect(made.data == atTheEnd.data && made.codeSize == atTheEnd.codeSize)
        #expect((made.left, made.top, made.width, made.height) == (5, 7, 30, 20))
        #expect(HeldFrame(image, left: 5, top: 7, delay: 3, disposal: .keep, alternatives: alternatives).compressed == nil)
        // Off the screen: not compressed now; the end throws.
        let outside = HeldFrame(image, left: 20, top: 7, delay: 3, disposal: .keep, alternatives: nil,
                                compressing: (screenWidth: 40, screenHeight: 30))
        #expect(outside.compressed == nil)
    }
}
