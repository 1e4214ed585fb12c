import AnimCodecs
import AnimRaster
import Testing

/// JPEG fixtures, each compared with Pillow's decoding stored beside it (NAME.expected.rgb).
extension ImageDecoderTests {
    /// The largest difference of any channel between the decoded file and Pillow's RGB8 decoding.
    static func differenceFromPillow(_ name: String) throws -> Int {
        let bitmap = try ImageDecoder.decode(contentsOf: fixture(name + ".jpg"))
        let expected = try bytes(name + ".expected.rgb")
        #expect(bitmap.width * bitmap.height * 3 == expected.count)
        var worst = 0
        for i in 0..<(bitmap.width * bitmap.height) {
            #expect(bitmap.pixels[4 * i + 3] == 255)
            for c in 0..<3 {
                worst = max(worst, abs(Int(bitmap.pixels[4 * i + c]) - Int(expected[3 * i + c])))
            }
        }
        return worst
    }

    @Test(arguments: ["photo", "progressive", "gray", "cmyk-adobe", "ycck-adobe", "cmyk-nomarker"])
    func jpegMatchesPillowExactly(_ name: String) throws {
        // libjpeg-turbo decodes both (islow IDCT, fancy upsampling); CMYK follows Pillow's formula.
        #expect(try Self.differenceFromPillow(name) == 0)
    }

    @Test func jpegSizeAndFirstPixels() throws {
        let bitmap = try ImageDecoder.decode(contentsOf: Self.fixture("photo.jpg"))
        #expect(bitmap.width == 40 && bitmap.height == 30)
        #expect(bitmap[0, 0] == PixelRGBA8(r: 0, g: 4, b: 32, a: 255))
        let gray = try ImageDecoder.decode(contentsOf: Self.fixture("gray.jpg"))
        for x in 0..<40 {
            let p = gray[x, 29]
            #expect(p.r == p.g && p.g == p.b && p.a == 255)
        }
    }

    @Test func everyTruncatedJPEGThrowsATypedError() throws {
        let file = try Self.bytes("photo.jpg")
        for count in 0..<file.count {
            let cut = Array(file.prefix(count))
            #expect(count >= 3 ? Self.isJPEGError(cut, "cut.jpg") : Self.isUnsupported(cut), "\(count) of \(file.count) bytes")
        }
    }

    @Test func corruptJPEGBytesThrowOrDecodeButNeverCrash() throws {
        let file = try Self.bytes("progressive.jpg")
        var refused = 0
        for i in 3..<file.count {
            var corrupt = file
            corrupt[i] ^= 0x5A
            do {
                let bitmap = try ImageDecoder.decode(data: corrupt, name: "corrupt.jpg")
                #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4)
            } catch {
                switch error {
                case let .jpeg(message) where message.hasPrefix("corrupt.jpg: cannot decode: "): refused += 1
                case .imageTooLarge: refused += 1
                default: Issue.record("byte \(i): unexpected \(error)")
                }
            }
        }
        #expect(refused > 0)
    }

    @Test func corruptJPEGHeaderNamesTheFile() throws {
        var file = try Self.bytes("photo.jpg")
        let sof = try #require(Self.startOfFrame(file))
        file[sof + 9] = 7  // 7 components
        #expect(Self.isJPEGError(file, "seven.jpg"))
    }

    @Test func aHugeJPEGHeaderIsRefusedBeforeAllocating() throws {
        var file = try Self.bytes("photo.jpg")
        let sof = try #require(Self.startOfFrame(file))
        // SOF0: FF C0, length (2), precision (1), height (2), width (2).
        file.replaceSubrange((sof + 5)...(sof + 8), with: [0xEA, 0x60, 0xEA, 0x60])  // 60000 × 60000
        #expect(throws: CodecError.imageTooLarge(path: "huge.jpg", width: 60_000, height: 60_000)) {
            try ImageDecoder.decode(data: file, name: "huge.jpg")
        }
    }

    /// The offset of the first SOF0 or SOF2 marker.
    static func startOfFrame(_ file: [UInt8]) -> Int? {
        (0..<(file.count - 1)).first { file[$0] == 0xFF && (file[$0 + 1] == 0xC0 || file[$0 + 1] == 0xC2) }
    }

    /// True when decoding `data` throws `.jpeg` with a message starting with `name`.
    static func isJPEGError(_ data: [UInt8], _ name: String) -> Bool {
        do {
            _ = try ImageDecoder.decode(data: data, name: name)
            return false
        } catch {
            guard case let .jpeg(message) = error else { return false }
            return message.hasPrefix("\(name): cannot decode: ")
        }
    }
}
