import AnimFonts
import AnimText
import Testing

/// Fonts in containers HarfBuzz cannot read in place: a WOFF is shaped from the tables FreeType
/// unpacks (the same glyphs and advances as the font it wraps), and a bare CFF font, which has no
/// sfnt tables to shape with, is refused rather than drawn as .notdef boxes.
struct FontContainerTests {
    /// The sfnt's tables: (tag, bytes), in directory order.
    static func tables(of sfnt: [UInt8]) -> [(tag: [UInt8], bytes: [UInt8])] {
        func u32(_ at: Int) -> Int { sfnt[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let count = sfnt[4..<6].reduce(0) { $0 << 8 | Int($1) }
        return (0..<count).map { i in
            let record = 12 + 16 * i
            let (offset, length) = (u32(record + 8), u32(record + 12))
            return (Array(sfnt[record..<record + 4]), Array(sfnt[offset..<offset + length]))
        }
    }

    /// A WOFF 1.0 file holding `sfnt`'s tables uncompressed (compLength = origLength, which the
    /// format allows), 4-byte aligned.
    static func woff(_ sfnt: [UInt8]) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func be16(_ v: Int) -> [UInt8] { [8, 0].map { UInt8(truncatingIfNeeded: v >> $0) } }
        func padded(_ n: Int) -> Int { (n + 3) & ~3 }
        let tables = Self.tables(of: sfnt)
        let headerSize = 44 + 20 * tables.count
        var directory: [UInt8] = [], data: [UInt8] = []
        for table in tables {
            let checksum = stride(from: 0, to: table.bytes.count, by: 4).reduce(0) { sum, at in
                (sum + (0..<4).reduce(0) { $0 << 8 | Int(at + $1 < table.bytes.count ? table.bytes[at + $1] : 0) }) & 0xFFFF_FFFF
            }
            directory += table.tag + be32(headerSize + data.count) + be32(table.bytes.count) + be32(table.bytes.count) + be32(checksum)
            data += table.bytes + [UInt8](repeating: 0, count: padded(table.bytes.count) - table.bytes.count)
        }
        let sfntSize = 12 + 16 * tables.count + tables.reduce(0) { $0 + padded($1.bytes.count) }
        let header = Array("wOFF".utf8) + Array(sfnt[0..<4]) + be32(headerSize + data.count) + be16(tables.count) + be16(0)
            + be32(sfntSize) + be16(1) + be16(0) + [UInt8](repeating: 0, count: 20)
        return header + directory + data
    }

    @Test func aWOFFShapesAsTheFontItWraps() throws {
        let plain = try DefaultFont.open()
        let wrapped = try FontFile(bytes: Self.woff(DefaultFont.bytes), path: "Inter.woff")
        #expect(wrapped.metrics == plain.metrics)
        let text = "AVATAR To Wa Yo, fi ffi 0123"
        let (a, b) = (try #require(plain.shape(text).paragraphs.first), try #require(wrapped.shape(text).paragraphs.first))
        #expect(a.count == b.count && a.count > 20)
        #expect(a.map(\.glyph) == b.map(\.glyph), "no glyph is .notdef (0)")
        #expect(!b.contains { $0.glyph == 0 })
        #expect(a.map(\.advance) == b.map(\.advance), "kerning from GPOS, read through FreeType")
    }

    @Test func aBareCFFFontIsRefused() throws {
        let cff = try #require(Self.tables(of: DefaultFont.bytes).first { $0.tag == Array("CFF ".utf8) }).bytes
        #expect(throws: FontError.unsupported(path: "Inter.cff",
                                              reason: "it has no TrueType or OpenType tables to shape text with (a bare CFF or Type 1 font)")) {
            try FontFile(bytes: cff, path: "Inter.cff")
        }
    }
}
