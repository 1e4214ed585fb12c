import AnimRaster
import AnimRender
import Testing

struct FrameChecksumTests {
    @Test func isFNV1aOf64Bits() {
        // The reference values of FNV-1a (64-bit) for "" and "a".
        #expect(FrameChecksum().hex == "cbf29ce484222325")
        var a = FrameChecksum()
        a.add(Array("a".utf8))
        #expect(a.value == 0xaf63_dc4c_8601_ec8c)
        var foobar = FrameChecksum()
        foobar.add(Array("foo".utf8))
        foobar.add(Array("bar".utf8))
        #expect(foobar.value == 0x8594_4171_f739_67e8, "bytes of successive frames are hashed as one stream")
    }

    @Test func everyPixelByteOfEveryFrameCounts() throws {
        let frames = try (0..<3).map { k in
            try #require(Bitmap(width: 4, height: 3, pixels: (0..<48).map { UInt8(($0 * 7 + k) & 255) }))
        }
        func checksum(_ frames: [Bitmap]) -> UInt64 {
            var c = FrameChecksum()
            for f in frames { c.add(f) }
            return c.value
        }
        let base = checksum(frames)
        for frame in 0..<3 {
            for byte in 0..<48 {
                var changed = frames
                changed[frame].pixels[byte] ^= 1
                #expect(checksum(changed) != base, "frame \(frame), byte \(byte)")
            }
        }
        #expect(checksum(Array(frames.reversed())) != base, "frame order counts")
    }
}
