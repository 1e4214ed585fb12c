@testable import AnimCodecs
import AnimRaster
import Testing

/// The APNG writer against our own decoder: chunk layout, sequence numbers, CRCs, and pixels.
struct APNGTests {
    /// Frames with alpha that change in small rectangles, with a repeated frame in the middle.
    func frames() -> [Bitmap] { ChangingFrames.make(seed: 7) }

    /// What a straight-alpha 8-bit file can hold of a premultiplied bitmap.
    func stored(_ b: Bitmap) throws -> Bitmap { try PNGCodec.decode(try PNGCodec.encode(b)) }

    @Test func roundTripGivesEveryFrameAndMergesRepeats() throws {
        let input = frames()
        var encoder = try APNGEncoder(width: 37, height: 23, plays: 3, delayDenominator: 50)
        for f in input { try encoder.add(f, delay: 2) }
        let file = try encoder.finish()
        let decoded = try APNGDecoder.decode(file)
        #expect(decoded.width == 37 && decoded.height == 23 && decoded.plays == 3)
        // Frame 4 repeats frame 3, so it lengthens frame 3's delay.
        #expect(decoded.frames.count == 6)
        #expect(decoded.frames.map(\.delay.numerator) == [2, 2, 2, 4, 2, 2])
        #expect(decoded.frames.allSatisfy { $0.delay.denominator == 50 })
        let expected = try [0, 1, 2, 3, 5, 6].map { try stored(input[$0]) }
        #expect(decoded.frames.map(\.image) == expected)
    }

    @Test func chunksAreInOrderWithConsecutiveSequenceNumbers() throws {
        var encoder = try APNGEncoder(width: 37, height: 23)
        for f in frames() { try encoder.add(f, delay: 40) }
        let chunks = try PNGChunk.parse(try encoder.finish())
        let types = chunks.map(\.type)
        #expect(types.first == "IHDR" && types[1] == "acTL" && types.last == "IEND")
        #expect(types.firstIndex(of: "fcTL")! < types.firstIndex(of: "IDAT")!)
        #expect(BigEndian.uint32(chunks[1].data, 0) == 6)  // num_frames
        let sequenced = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
        #expect(sequenced.map { BigEndian.uint32($0.data, 0) } == (0..<UInt32(sequenced.count)).map { $0 })
        // Later frames cover only the changed 7×5 rectangle (or less, where the new colour matched).
        let sizes = chunks.filter { $0.type == "fcTL" }.dropFirst().map { (BigEndian.uint32($0.data, 4), BigEndian.uint32($0.data, 8)) }
        #expect(sizes.allSatisfy { $0.0 <= 7 && $0.1 <= 5 })
    }

    @Test func corruptFilesAreRefused() throws {
        var encoder = try APNGEncoder(width: 37, height: 23)
        for f in frames() { try encoder.add(f, delay: 40) }
        let file = try encoder.finish()
        var badCRC = file
        badCRC[40] ^= 0x01
        #expect(throws: CodecError.self) { try APNGDecoder.decode(badCRC) }
        #expect(throws: CodecError.self) { try APNGDecoder.decode(Array(file.prefix(file.count - 20))) }
    }

    @Test func crc32MatchesTheKnownValue() {
        // The CRC of IEND's type, as every PNG ends with it.
        #expect(CRC32.checksum(Array("IEND".utf8)) == 0xAE42_6082)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func changedRectangleIsTheBoundingBox() {
        var a = [UInt8](repeating: 0, count: 10 * 8 * 4), b = a
        #expect(ChangedRect.between(a, b, width: 10, height: 8) == nil)
        b[(2 * 10 + 3) * 4] = 1
        b[(5 * 10 + 7) * 4 + 3] = 9
        #expect(ChangedRect.between(a, b, width: 10, height: 8) == PixelRect(x: 3, y: 2, width: 5, height: 4))
        a = b
        #expect(ChangedRect.between(a, b, width: 10, height: 8) == nil)
    }
}
