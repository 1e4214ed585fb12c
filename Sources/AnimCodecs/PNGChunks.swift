/// PNG chunks: length, four-letter type, data, CRC-32 of type and data (PNG spec §5.3).
struct PNGChunk: Equatable {
    /// The four ASCII letters, for example "IDAT".
    var type: String
    var data: [UInt8]

    /// The PNG file signature.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunk's bytes: big-endian length, type, data, big-endian CRC.
    var bytes: [UInt8] {
        let typeBytes = Array(type.utf8)
        var out = BigEndian.bytes(UInt32(data.count))
        out += typeBytes
        out += data
        out += BigEndian.bytes(CRC32.checksum(typeBytes + data))
        return out
    }

    /// The chunks of a PNG or APNG file, CRCs checked; stops after IEND.
    static func parse(_ file: [UInt8]) throws(CodecError) -> [PNGChunk] {
        guard file.count >= 8, Array(file[0..<8]) == signature else { throw .png("not a PNG file (bad signature)") }
        var chunks: [PNGChunk] = []
        var at = 8
        while at + 12 <= file.count {
            let length = Int(BigEndian.uint32(file, at))
            guard length <= file.count - at - 12 else { throw .png("chunk at byte \(at) runs past the end of the file") }
            let typeAndData = Array(file[(at + 4)..<(at + 8 + length)])
            guard BigEndian.uint32(file, at + 8 + length) == CRC32.checksum(typeAndData) else {
                throw .png("chunk at byte \(at) has a bad CRC")
            }
            let chunk = PNGChunk(type: String(decoding: typeAndData[0..<4], as: UTF8.self), data: Array(typeAndData[4...]))
            chunks.append(chunk)
            at += 12 + length
            if chunk.type == "IEND" { return chunks }
        }
        throw .png("the file ends before its IEND chunk")
    }
}

/// Big-endian integers as PNG stores them.
enum BigEndian {
    static func bytes(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func bytes(_ v: UInt16) -> [UInt8] {
        [UInt8(v >> 8), UInt8(v & 0xFF)]
    }

    static func uint32(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }

    static func uint16(_ b: [UInt8], _ at: Int) -> UInt16 {
        UInt16(b[at]) << 8 | UInt16(b[at + 1])
    }
}

/// The CRC-32 of PNG (and zlib): polynomial 0xEDB88320, reflected, initial and final value 0xFFFFFFFF.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        table.withUnsafeBufferPointer { t in
            for b in bytes { c = t[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        }
        return c ^ 0xFFFF_FFFF
    }
}
