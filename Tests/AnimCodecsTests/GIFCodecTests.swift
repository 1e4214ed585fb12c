import AnimTestRandom
import AnimCodecs
import AnimRaster
import Testing

struct GIFCodecTests {
    /// Three 24×16 opaque frames drawn from 200 colours in total.
    static func frames() -> [Bitmap] {
        var rng = SplitMix64(seed: 9)
        let colors = distinctOpaqueColors(200, rng: &rng)
        return (0..<3).map { _ in Bitmap.randomOpaque(width: 24, height: 16, palette: colors, rng: &rng) }
    }

    @Test func encodeThenDecodeGivesTheSameAnimation() throws {
        let frames = Self.frames()
        let bytes = try GIFEncoder.encode(frames: frames, delays: [3, 4, 5])
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        #expect(contains(bytes, "NETSCAPE2.0"))
        let decoded = try GIFDecoder.decode(bytes)
        #expect(decoded.width == 24 && decoded.height == 16)
        #expect(decoded.loopCount == 0)
        #expect(decoded.frames.count == 3)
        #expect(decoded.frames.map(\.delayCentiseconds) == [3, 4, 5])
        for (original, frame) in zip(frames, decoded.frames) {
            #expect(frame.image == original)
        }
    }

    @Test func encodingTwiceGivesIdenticalBytes() throws {
        let frames = Self.frames()
        let first = try GIFEncoder.encode(frames: frames, delays: [2, 2, 2])
        let second = try GIFEncoder.encode(frames: frames, delays: [2, 2, 2])
        #expect(first == second)
    }

    @Test func transparentPixelsDecodeToAlphaZeroEvenOverEarlierFrames() throws {
        let solid = Bitmap.make(width: 8, height: 8) { _, _ in PixelRGBA8(r: 200, g: 100, b: 50, a: 255) }
        let holed = Bitmap.make(width: 8, height: 8) { x, _ in
            x < 4 ? .transparent : PixelRGBA8(r: 0, g: 0, b: 255, a: 255)
        }
        let bytes = try GIFEncoder.encode(frames: [solid, holed], delays: [10, 10], loopCount: 3, transparent: true)
        let decoded = try GIFDecoder.decode(bytes)
        #expect(decoded.loopCount == 3)
        #expect(decoded.frames.first?.image == solid)
        #expect(decoded.frames.last?.image == holed)
        #expect(decoded.frames.last?.image[1, 1].a == 0)
    }

    @Test func streamingEncoderChecksItsInput() throws {
        var encoder = try GIFEncoder(width: 4, height: 4)
        let wrongSize = IndexedImage(width: 3, height: 4, palette: [.black], indices: [UInt8](repeating: 0, count: 12),
                                     transparentIndex: nil)
        #expect(throws: CodecError.self) { try encoder.add(wrongSize, delayCentiseconds: 2) }
        let badIndex = IndexedImage(width: 4, height: 4, palette: [.black, .white],
                                    indices: [UInt8](repeating: 2, count: 16), transparentIndex: nil)
        #expect(throws: CodecError.self) { try encoder.add(badIndex, delayCentiseconds: 2) }
        let one = IndexedImage(width: 4, height: 4, palette: [.white], indices: [UInt8](repeating: 0, count: 16),
                               transparentIndex: nil)
        try encoder.add(one, delayCentiseconds: 70_000)
        let bytes = try encoder.finish()
        #expect(throws: CodecError.self) { _ = try encoder.finish() }
        let decoded = try GIFDecoder.decode(bytes)
        #expect(decoded.frames.map(\.delayCentiseconds) == [65_535])
        #expect(decoded.frames[0].image[3, 3] == PixelRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(throws: CodecError.self) { _ = try GIFEncoder(width: 0, height: 4) }
    }

    @Test func invalidDataThrowsAGIFError() {
        #expect {
            try GIFDecoder.decode(Array("GIF89a but not really".utf8))
        } throws: { error in
            guard case let .gif(message) = error as? CodecError else { return false }
            return !message.isEmpty
        }
        #expect(throws: CodecError.self) { try GIFDecoder.decode([]) }
    }
}
