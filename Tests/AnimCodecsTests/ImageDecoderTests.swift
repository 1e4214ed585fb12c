import AnimCodecs
import AnimRaster
import Foundation
import Testing

/// ImageDecoder on the fixtures of scripts/make-image-fixtures.py: PNG here, JPEG in +JPEG.
struct ImageDecoderTests {
    /// The path of a file in Fixtures/.
    static func fixture(_ name: String) -> String {
        Bundle.module.resourcePath! + "/Fixtures/" + name
    }

    /// The bytes of a file in Fixtures/.
    static func bytes(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixture(name))))
    }

    /// round(c · a / 255), computed in floating point to check the integer rounding.
    static func premultiplied(_ c: Int, _ a: Int) -> UInt8 {
        UInt8((Double(c) * Double(a) / 255).rounded())
    }

    /// round(v · 255 / 65535): a 16-bit sample as 8 bits.
    static func eightBit(_ v: Int) -> Int {
        Int((Double(v) * 255 / 65535).rounded())
    }

    /// The premultiplied pixel of straight 8-bit channels.
    static func pixel(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> PixelRGBA8 {
        PixelRGBA8(r: premultiplied(r, a), g: premultiplied(g, a), b: premultiplied(b, a), a: UInt8(a))
    }

    /// The premultiplied pixel of straight 16-bit channels.
    static func pixel16(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> PixelRGBA8 {
        pixel(eightBit(r), eightBit(g), eightBit(b), eightBit(a))
    }

    // MARK: PNG

    @Test func pngRGBA8RoundTripsThroughTheEncoder() throws {
        let bitmap = PNGCodecTests.randomPremultiplied(width: 29, height: 17, seed: 3)
        let decoded = try ImageDecoder.decode(data: try PNGCodec.encode(bitmap), name: "memory.png")
        #expect(decoded == (try PNGCodec.decode(try PNGCodec.encode(bitmap))))
        for y in 0..<17 {
            for x in 0..<29 {
                let p = bitmap[x, y]
                let expected = PixelRGBA8(r: PNGCodecTests.roundTrip(p.r, p.a), g: PNGCodecTests.roundTrip(p.g, p.a),
                                          b: PNGCodecTests.roundTrip(p.b, p.a), a: p.a)
                #expect(decoded[x, y] == expected, "(\(x), \(y))")
            }
        }
        let every = Bitmap.make(width: 256, height: 256) { c, a in
            PixelRGBA8(r: UInt8(min(c, a)), g: UInt8(a / 3), b: UInt8(min(255 - c, a)), a: UInt8(a))
        }
        #expect(try ImageDecoder.decode(data: try PNGCodec.encode(every), name: "every.png") == every)
    }

    @Test func paletteWithTRNSBecomesPremultipliedAlpha() throws {
        let bitmap = try ImageDecoder.decode(contentsOf: Self.fixture("palette-trns.png"))
        let palette = [(255, 0, 0), (0, 0, 255), (10, 20, 30), (200, 100, 50), (0, 255, 0), (7, 8, 9)]
        let alphas = [255, 0, 128, 1, 255, 255]  // tRNS covers the first four entries
        #expect(bitmap.width == 5 && bitmap.height == 3)
        for y in 0..<3 {
            for x in 0..<5 {
                let i = (x + 2 * y) % 6
                #expect(bitmap[x, y] == Self.pixel(palette[i].0, palette[i].1, palette[i].2, alphas[i]), "(\(x), \(y))")
            }
        }
        #expect(bitmap[2, 0] == PixelRGBA8(r: 5, g: 10, b: 15, a: 128))
    }

    @Test func sixteenBitGrayScalesEveryValueWithExactRounding() throws {
        let bitmap = try ImageDecoder.decode(contentsOf: Self.fixture("gray16.png"))
        #expect(bitmap.width == 256 && bitmap.height == 256)
        var wrong = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let v = UInt8(Self.eightBit(256 * y + x))
                if bitmap[x, y] != PixelRGBA8(r: v, g: v, b: v, a: 255) { wrong += 1 }
            }
        }
        #expect(wrong == 0, "\(wrong) of 65536 values differ from round(v·255/65535)")
        // No gamma: the simplified libpng reader used to read this file as linear light (32768 → 186).
        #expect(bitmap[0, 128] == PixelRGBA8(r: 128, g: 128, b: 128, a: 255))
        #expect(try PNGCodec.decode(try Self.bytes("gray16.png")) == bitmap)
    }

    @Test func sixteenBitAlphaIsScaledThenPremultiplied() throws {
        let grayAlpha = try ImageDecoder.decode(contentsOf: Self.fixture("gray-alpha16.png"))
        let pairs = [(65535, 32768), (32768, 65535), (1000, 40000), (0, 0)]
        for (x, (g, a)) in pairs.enumerated() {
            #expect(grayAlpha[x, 0] == Self.pixel16(g, g, g, a), "gray-alpha16 x = \(x)")
        }
        let rgba = try ImageDecoder.decode(contentsOf: Self.fixture("rgba16.png"))
        #expect(rgba[0, 0] == Self.pixel16(65535, 0, 32768, 65535))
        #expect(rgba[1, 0] == Self.pixel16(40000, 20000, 10000, 30000))
        let rgb = try ImageDecoder.decode(contentsOf: Self.fixture("rgb16-trns.png"))
        #expect(rgb[0, 0] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(rgb[1, 0] == .transparent)
        #expect(rgb[2, 0] == PixelRGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func lowBitDepthAndGrayTransparencyExpand() throws {
        let gray2 = try ImageDecoder.decode(contentsOf: Self.fixture("gray2.png"))
        for (x, v) in [0, 85, 170, 255].enumerated() {
            #expect(gray2[x, 0] == Self.pixel(v, v, v, 255))
        }
        let trns = try ImageDecoder.decode(contentsOf: Self.fixture("gray-trns.png"))
        #expect(trns[0, 0] == Self.pixel(0, 0, 0, 255))
        #expect(trns[1, 0] == .transparent)
        #expect(trns[2, 0] == Self.pixel(255, 255, 255, 255))
    }

    @Test func interlacedPNGDecodesEveryPass() throws {
        let bitmap = try ImageDecoder.decode(contentsOf: Self.fixture("interlaced.png"))
        #expect(bitmap.width == 13 && bitmap.height == 11)
        for y in 0..<11 {
            for x in 0..<13 {
                let expected = Self.pixel((19 * x) % 256, (23 * y) % 256, (7 * (x + y)) % 256, (5 * x * y) % 256)
                #expect(bitmap[x, y] == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func gammaChunksAreIgnored() throws {
        let bitmap = try ImageDecoder.decode(contentsOf: Self.fixture("gamma.png"))
        #expect(bitmap[0, 0] == Self.pixel(0, 64, 128, 255))
        #expect(bitmap[1, 0] == Self.pixel(192, 255, 10, 255))
        #expect(bitmap[2, 0] == Self.pixel(20, 30, 40, 255))
    }

    @Test func everyTruncatedPNGThrowsATypedError() throws {
        for file in [try Self.bytes("palette-trns.png"), try PNGCodec.encode(PNGCodecTests.randomPremultiplied(width: 9, height: 5, seed: 1))] {
            for count in 0..<file.count {
                #expect(count >= 8 ? Self.isPNGError(Array(file.prefix(count)), "cut.png") : Self.isUnsupported(Array(file.prefix(count))),
                        "\(count) of \(file.count) bytes")
            }
        }
    }

    @Test func corruptPNGBytesThrowOrDecodeButNeverCrash() throws {
        let file = try Self.bytes("interlaced.png")
        var refused = 0
        for i in 8..<file.count {
            var corrupt = file
            corrupt[i] ^= 0x5A
            do {
                _ = try ImageDecoder.decode(data: corrupt, name: "corrupt.png")
            } catch {
                guard case let .png(message) = error, message.hasPrefix("corrupt.png: cannot decode: ") else {
                    Issue.record("byte \(i): unexpected \(error)")
                    continue
                }
                refused += 1
            }
        }
        // Every chunk has a CRC, so every flipped byte should be caught.
        #expect(refused == file.count - 8)
    }

    @Test func aHugePNGHeaderIsRefusedBeforeAllocating() {
        let path = Self.fixture("huge.png")
        #expect(throws: CodecError.imageTooLarge(path: path, width: 100_000, height: 100_000)) {
            try ImageDecoder.decode(contentsOf: path)
        }
        #expect(throws: CodecError.self) { try PNGCodec.decodeFile(at: path) }
    }

    /// A caller's pixel budget (the scene's images together) is checked on the header too, so an
    /// image past it is refused without being decoded; one that fits decodes as before.
    @Test func aPixelBudgetIsCheckedOnTheHeader() throws {
        let path = Self.fixture("huge.png")
        #expect(throws: CodecError.imageTooLarge(path: path, width: 100_000, height: 100_000)) {
            try ImageDecoder.decode(contentsOf: path, maxPixels: 0)
        }
        let data = try PNGCodec.encode(try #require(Bitmap(width: 30, height: 20)))
        #expect(throws: CodecError.imageOverBudget(path: "a.png", width: 30, height: 20)) {
            try ImageDecoder.decode(data: data, name: "a.png", maxPixels: 599)
        }
        #expect(try ImageDecoder.decode(data: data, name: "a.png", maxPixels: 600).width == 30)
    }

    // MARK: Sniffing and errors

    @Test func nonImagesAreUnsupportedWithAReason() throws {
        let path = Self.fixture("notes.txt")
        #expect(throws: CodecError.unsupportedImage(
            path: path, reason: "it is neither PNG nor JPEG (it starts with 23 20 4E 6F 74 20 61 6E)")) {
            try ImageDecoder.decode(contentsOf: path)
        }
        #expect(throws: CodecError.unsupportedImage(path: "a.gif", reason: "it is a GIF image, and only PNG and JPEG are decoded")) {
            try ImageDecoder.decode(data: Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), name: "a.gif")
        }
        #expect(throws: CodecError.unsupportedImage(path: "empty.png", reason: "the file is empty")) {
            try ImageDecoder.decode(data: [], name: "empty.png")
        }
    }

    @Test func theSignatureWinsOverTheExtension() throws {
        let jpeg = try ImageDecoder.decode(data: try Self.bytes("photo.jpg"), name: "photo.png")
        #expect(jpeg == (try ImageDecoder.decode(contentsOf: Self.fixture("photo.jpg"))))
        let png = try ImageDecoder.decode(data: try Self.bytes("gray2.png"), name: "gray.jpg")
        #expect(png.width == 4)
    }

    @Test func aMissingFileIsAnIOError() {
        let path = "/nonexistent-animrender-dir/contents.png"
        #expect(throws: CodecError.io(path: path, reason: "No such file or directory")) {
            try ImageDecoder.decode(contentsOf: path)
        }
    }

    @Test func everyNewErrorNamesTheFile() {
        let errors: [CodecError] = [
            .jpeg("a.jpg: cannot decode: Premature end of JPEG file"),
            .unsupportedImage(path: "a.txt", reason: "the file is empty"),
            .imageTooLarge(path: "a.png", width: 100_000, height: 100_000),
        ]
        for (error, name) in zip(errors, ["a.jpg", "a.txt", "a.png"]) {
            #expect(error.description.contains(name), "\(error)")
        }
        #expect(errors[2].description == "a.png declares a 100000×100000 image, larger than the 16384 px a side and 268435456 pixels that are decoded")
    }

    /// True when decoding `data` throws `.png` with a message starting with `name`.
    static func isPNGError(_ data: [UInt8], _ name: String) -> Bool {
        do {
            _ = try ImageDecoder.decode(data: data, name: name)
            return false
        } catch {
            guard case let .png(message) = error else { return false }
            return message.hasPrefix("\(name): cannot decode: ")
        }
    }

    /// True when decoding `data` throws `.unsupportedImage`.
    static func isUnsupported(_ data: [UInt8]) -> Bool {
        do {
            _ = try ImageDecoder.decode(data: data, name: "x")
            return false
        } catch {
            guard case .unsupportedImage = error else { return false }
            return true
        }
    }
}
