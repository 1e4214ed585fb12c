import AnimCodecs
import AnimRaster
import Testing

/// The WebP writer's container, read back chunk by chunk (RIFF, VP8X, ANIM, ANMF). Pixels are
/// checked by independent decoders in CLITests (Pillow, dwebp).
struct WebPEncoderTests {
    /// Frames with alpha that change in small rectangles, with a repeated frame in the middle.
    func frames() -> [Bitmap] { ChangingFrames.make(seed: 11) }

    struct Chunk {
        var type: String
        var data: ArraySlice<UInt8>
    }

    /// The chunks of a RIFF/WEBP file (and, with `nested`, those inside each ANMF).
    func chunks(_ file: [UInt8]) throws -> [Chunk] {
        #expect(String(decoding: file[0..<4], as: UTF8.self) == "RIFF" && String(decoding: file[8..<12], as: UTF8.self) == "WEBP")
        #expect(le(file[4..<8]) == file.count - 8)
        return try list(file[12...])
    }

    func list(_ bytes: ArraySlice<UInt8>) throws -> [Chunk] {
        var out: [Chunk] = [], at = bytes.startIndex
        while at + 8 <= bytes.endIndex {
            let size = le(bytes[(at + 4)..<(at + 8)])
            guard at + 8 + size <= bytes.endIndex else { throw CodecError.invalidImage("chunk runs past the end") }
            out.append(Chunk(type: String(decoding: bytes[at..<(at + 4)], as: UTF8.self), data: bytes[(at + 8)..<(at + 8 + size)]))
            at += 8 + size + size % 2
        }
        #expect(at == bytes.endIndex)
        return out
    }

    func le(_ b: ArraySlice<UInt8>) -> Int { b.reversed().reduce(0) { $0 << 8 | Int($1) } }

    func encode(_ input: [Bitmap], every ms: Int = 40, plays: Int = 0, quality: Int? = nil) throws -> [UInt8] {
        let encoder = try WebPEncoder(width: 37, height: 23, plays: plays, quality: quality)
        for (k, f) in input.enumerated() { try encoder.add(f, timestamp: k * ms) }
        return try encoder.finish(endTimestamp: input.count * ms)
    }

    @Test func animationChunksCarryLoopCountDurationsAndLosslessFrames() throws {
        let list = try chunks(try encode(frames(), plays: 3))
        #expect(list.map(\.type).prefix(2) == ["VP8X", "ANIM"])
        let vp8x = list[0].data
        #expect(vp8x[vp8x.startIndex] & 0x12 == 0x12, "animation and alpha flags")
        #expect(le(vp8x.dropFirst(4).prefix(3)) + 1 == 37 && le(vp8x.dropFirst(7).prefix(3)) + 1 == 23)
        #expect(le(list[1].data.dropFirst(4).prefix(2)) == 3, "loop count")
        let frames = list.filter { $0.type == "ANMF" }
        // Frame 4 repeats frame 3, so frame 3 is stored once and shown twice as long.
        #expect(frames.map { le($0.data.dropFirst(12).prefix(3)) } == [40, 40, 40, 80, 40, 40])
        for frame in frames {
            let inner = try self.list(frame.data.dropFirst(16))
            #expect(inner.map(\.type) == ["VP8L"], "lossless")
        }
    }

    @Test func lossyFramesAreVP8WithSeparateAlpha() throws {
        let frames = try chunks(try encode(frames(), quality: 50)).filter { $0.type == "ANMF" }
        #expect(!frames.isEmpty)
        for frame in frames {
            #expect(try list(frame.data.dropFirst(16)).map(\.type) == ["ALPH", "VP8 "])
        }
    }

    @Test func sameFramesGiveSameBytes() throws {
        #expect(try encode(frames()) == encode(frames()))
        #expect(try encode(frames(), quality: 80) == encode(frames(), quality: 80))
        #expect(try encode(frames()) != encode(frames(), every: 50))
    }

    @Test func badParametersAndMisuseAreRefused() throws {
        #expect(throws: CodecError.self) { try WebPEncoder(width: 0, height: 10) }
        #expect(throws: CodecError.self) { try WebPEncoder(width: 16_384, height: 10) }
        #expect(throws: CodecError.self) { try WebPEncoder(width: 10, height: 10, plays: 65_536) }
        #expect(throws: CodecError.self) { try WebPEncoder(width: 10, height: 10, quality: 101) }
        let encoder = try WebPEncoder(width: 37, height: 23)
        #expect(throws: CodecError.self) { try encoder.finish(endTimestamp: 10) }
        #expect(throws: CodecError.self) { try encoder.add(Bitmap(width: 5, height: 5)!, timestamp: 0) }
        try encoder.add(frames()[0], timestamp: 100)
        #expect(throws: CodecError.self) { try encoder.add(frames()[1], timestamp: 99) }
        #expect(throws: CodecError.self) { try encoder.finish(endTimestamp: 50) }
        _ = try encoder.finish(endTimestamp: 140)
        #expect(throws: CodecError.self) { try encoder.add(frames()[1], timestamp: 200) }
    }
}
