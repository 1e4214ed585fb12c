/// What the first bytes of a file say it is, whatever its name: the sniffing behind ``ImageDecoder``.
enum ImageSignature: Equatable {
    case png
    case jpeg
    /// Not a decoded format; the reason reads after "cannot be used as an image:".
    case unsupported(reason: String)

    /// The signature at the start of `data`.
    init(_ data: [UInt8]) {
        if data.starts(with: Self.pngMagic) {
            self = .png
        } else if data.starts(with: Self.jpegMagic) {
            self = .jpeg
        } else if data.isEmpty {
            self = .unsupported(reason: "the file is empty")
        } else if let name = Self.otherFormat(data) {
            self = .unsupported(reason: "it is a \(name) image, and only PNG and JPEG are decoded")
        } else {
            let start = data.prefix(8).map { hex($0) }.joined(separator: " ")
            self = .unsupported(reason: "it is neither PNG nor JPEG (it starts with \(start))")
        }
    }

    /// The PNG signature: \x89 P N G CR LF ^Z LF.
    static let pngMagic: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// A JPEG's start-of-image marker followed by the next marker's 0xFF.
    static let jpegMagic: [UInt8] = [0xFF, 0xD8, 0xFF]

    /// The name of a recognised image format that is not decoded, for a clearer refusal.
    private static func otherFormat(_ data: [UInt8]) -> String? {
        let ascii = { (s: String) in Array(s.utf8) }
        if data.starts(with: ascii("GIF87a")) || data.starts(with: ascii("GIF89a")) { return "GIF" }
        if data.starts(with: ascii("RIFF")) && data.dropFirst(8).starts(with: ascii("WEBP")) { return "WebP" }
        if data.starts(with: [0x49, 0x49, 0x2A, 0x00]) || data.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "TIFF" }
        if data.dropFirst(4).starts(with: ascii("ftyp")) { return "HEIF/AVIF" }
        return nil
    }
}

/// Two upper-case hexadecimal digits.
private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}
