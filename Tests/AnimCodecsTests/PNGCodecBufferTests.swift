import AnimRaster
@testable import AnimCodecs
import Testing

/// `PNGCodec` writes in one pass into a buffer it guesses; when libpng needs more, it writes again
/// into exactly the size libpng reported.
struct PNGCodecBufferTests {
    private func encode(_ bitmap: Bitmap, firstGuess: Int?) throws -> [UInt8] {
        let straight = Alpha.unpremultiplied(bitmap.pixels)
        return try straight.withUnsafeBytes { raw in
            try PNGCodec.encodeStraight(raw.baseAddress!, width: bitmap.width, height: bitmap.height,
                                        rowStride: bitmap.width * 4, firstGuess: firstGuess)
        }
    }

    @Test func aBufferTooSmallIsRetriedAtTheSizeLibpngAsksFor() throws {
        // Noise does not compress, so every guess below is far too small.
        let bitmap = PNGCodecTests.randomPremultiplied(width: 61, height: 47, seed: 11)
        let usual = try PNGCodec.encode(bitmap)
        for guess in [1, 64, usual.count - 1] {
            #expect(try encode(bitmap, firstGuess: guess) == usual, "first guess \(guess) bytes")
        }
        #expect(try encode(bitmap, firstGuess: usual.count) == usual)
        #expect(try PNGCodec.decode(usual).width == 61)
    }

    @Test func theGuessFitsIncompressibleImages() throws {
        // Noise over every channel: the worst case for deflate, stored blocks and all.
        let bitmap = Bitmap.make(width: 173, height: 101) { x, y in
            var h = UInt64(x &* 73_856_093 ^ y &* 19_349_663) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            let b = withUnsafeBytes(of: h) { Array($0) }
            return PixelRGBA8(r: b[0], g: b[1], b: b[2], a: 255)
        }
        let bytes = try PNGCodec.encode(bitmap)
        let raw = (173 * 4 + 1) * 101
        #expect(bytes.count > raw / 2, "the sample must not compress well")
        #expect(bytes.count <= raw + raw / 256 + 1024)
        #expect(try PNGCodec.decode(bytes) == bitmap)
    }
}
