import AnimTestRandom
import AnimCodecs
import AnimRaster
import Testing

struct PNGCodecTests {
    /// Random valid premultiplied pixels: a third transparent, a third opaque, a third partial.
    static func randomPremultiplied(width: Int, height: Int, seed: UInt64) -> Bitmap {
        var rng = SplitMix64(seed: seed)
        return Bitmap.make(width: width, height: height) { _, _ in
            let a: UInt8 = [0, 255, UInt8(1 + rng.below(254))][rng.below(3)]
            func channel() -> UInt8 { UInt8(rng.below(Int(a) + 1)) }
            return PixelRGBA8(r: channel(), g: channel(), b: channel(), a: a)
        }
    }

    /// The documented rounding: un-premultiply, then premultiply again.
    static func roundTrip(_ c: UInt8, _ a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        let straight = min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))
        return UInt8((straight * Int(a) + 127) / 255)
    }

    @Test func roundTripFollowsTheDocumentedRounding() throws {
        let bitmap = Self.randomPremultiplied(width: 37, height: 23, seed: 42)
        let decoded = try PNGCodec.decode(try PNGCodec.encode(bitmap))
        #expect(decoded.width == 37 && decoded.height == 23)
        var partial = 0
        for y in 0..<23 {
            for x in 0..<37 {
                let p = bitmap[x, y], q = decoded[x, y]
                let expected = PixelRGBA8(r: Self.roundTrip(p.r, p.a), g: Self.roundTrip(p.g, p.a),
                                          b: Self.roundTrip(p.b, p.a), a: p.a)
                #expect(q == expected, "pixel (\(x), \(y)) \(p) came back as \(q)")
                if p.a == 255 || p.a == 0 { #expect(q == p) }
                if p.a != 0 && p.a != 255 { partial += 1 }
            }
        }
        #expect(partial > 100, "the sample must exercise partial alpha")
    }

    @Test func roundTripIsLosslessForEveryValidPremultipliedValue() throws {
        // Every (c, a) with c ≤ a: 256 rows of 256 pixels, colour c in red, 255 − c clamped in blue.
        let bitmap = Bitmap.make(width: 256, height: 256) { c, a in
            let r = UInt8(min(c, a)), b = UInt8(min(255 - c, a))
            return PixelRGBA8(r: r, g: a == 0 ? 0 : UInt8(a / 2), b: b, a: UInt8(a))
        }
        #expect(try PNGCodec.decode(try PNGCodec.encode(bitmap)) == bitmap)
    }

    @Test func encodingIsByteIdenticalWithoutTimeOrTextChunks() throws {
        let bitmap = Self.randomPremultiplied(width: 16, height: 9, seed: 7)
        let first = try PNGCodec.encode(bitmap)
        let second = try PNGCodec.encode(bitmap)
        #expect(first == second)
        #expect(Array(first.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(!contains(first, "tIME"))
        #expect(!contains(first, "tEXt"))
        #expect(!contains(first, "zTXt") && !contains(first, "iTXt"))
    }

    @Test func invalidDataThrowsAPNGError() {
        #expect {
            try PNGCodec.decode(Array("not a png at all".utf8))
        } throws: { error in
            guard case let .png(message) = error as? CodecError else { return false }
            return !message.isEmpty
        }
        #expect(throws: CodecError.self) { try PNGCodec.decode([]) }
        let truncated = Array(try! PNGCodec.encode(Bitmap(width: 4, height: 4)!).prefix(40))
        #expect(throws: CodecError.self) { try PNGCodec.decode(truncated) }
    }

    @Test func grayscalePNGDecodesToOpaqueGray() throws {
        let gray: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x02, 0x08, 0x00, 0x00, 0x00, 0x00, 0x57, 0xDD, 0x52,
            0xF8, 0x00, 0x00, 0x00, 0x0E, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0xF8, 0xCF, 0xD0,
            0xE0, 0x00, 0x00, 0x05, 0x42, 0x01, 0xC0, 0x70, 0x36, 0x36, 0xD6, 0x00, 0x00, 0x00, 0x00, 0x49,
            0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        let bitmap = try PNGCodec.decode(gray)
        let values: [UInt8] = [0, 255, 128, 64]
        for (i, v) in values.enumerated() {
            #expect(bitmap[i % 2, i / 2] == PixelRGBA8(r: v, g: v, b: v, a: 255))
        }
    }

    @Test func palettePNGWithTransparencyDecodesPremultiplied() throws {
        // Palette red (opaque), blue (alpha 0), (10, 20, 30) at alpha 128.
        let palette: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x08, 0x03, 0x00, 0x00, 0x00, 0x2C, 0x3E, 0xE4,
            0x86, 0x00, 0x00, 0x00, 0x09, 0x50, 0x4C, 0x54, 0x45, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0x0A,
            0x14, 0x1E, 0xCD, 0x1F, 0x8C, 0x9A, 0x00, 0x00, 0x00, 0x03, 0x74, 0x52, 0x4E, 0x53, 0xFF, 0x00,
            0x80, 0xA9, 0x56, 0x73, 0x13, 0x00, 0x00, 0x00, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63,
            0x60, 0x60, 0x64, 0x02, 0x00, 0x00, 0x08, 0x00, 0x04, 0x36, 0xE0, 0xB0, 0xA6, 0x00, 0x00, 0x00,
            0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
        ]
        let bitmap = try PNGCodec.decode(palette)
        #expect(bitmap[0, 0] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap[1, 0] == .transparent)
        // (s·128 + 127) / 255 for s = 10, 20, 30.
        #expect(bitmap[2, 0] == PixelRGBA8(r: 5, g: 10, b: 15, a: 128))
    }

    @Test func decodeFileReportsAMissingFileByPath() {
        let path = "/nonexistent-animrender-dir/frame.png"
        #expect(throws: CodecError.io(path: path, reason: "No such file or directory")) {
            try PNGCodec.decodeFile(at: path)
        }
    }
}

/// The decoder checks every chunk's CRC-32 and not the zlib stream's Adler-32 (libpng's
/// PNG_IGNORE_ADLER32, png_decode.c): the CRCs cover the compressed bytes the sum would.
struct PNGChecksumTests {
    /// An opaque picture (its round trip is exact) as PNG, with the offset of its last IDAT
    /// chunk's length field.
    static func encoded() throws -> (file: [UInt8], bitmap: Bitmap, idat: Int) {
        let bitmap = Bitmap.make(width: 19, height: 11) { x, y in
            PixelRGBA8(r: UInt8(x * 13), g: UInt8(y * 23), b: UInt8((x ^ y) * 7), a: 255)
        }
        let file = try PNGCodec.encode(bitmap)
        var offset = 8, idat: Int?
        while offset + 8 <= file.count {
            let length = file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if Array(file[offset + 4..<offset + 8]) == Array("IDAT".utf8) { idat = offset }
            offset += 12 + length
        }
        return (file, bitmap, try #require(idat))
    }

    /// CRC-32 (ISO-HDLC, PNG's), bit by bit.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    @Test func aWrongAdlerSumUnderRightCRCsDecodes() throws {
        var (file, bitmap, idat) = try Self.encoded()
        let length = file[idat..<idat + 4].reduce(0) { $0 << 8 | Int($1) }
        let dataEnd = idat + 8 + length
        // The stream's last byte is the low byte of its Adler-32.
        file[dataEnd - 1] ^= 0x5A
        var corrupt = file
        #expect(throws: CodecError.self) { try PNGCodec.decode(corrupt) }
        let crc = Self.crc32(file[(idat + 4)..<dataEnd])
        for k in 0..<4 { file[dataEnd + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        corrupt = file
        #expect(try PNGCodec.decode(corrupt) == bitmap)
    }
}
