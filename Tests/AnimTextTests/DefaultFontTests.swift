import AnimFonts
import Foundation
import Testing

/// The default font is compiled into the binary (C23 `#embed`): what ships must be the font file
/// in the source tree, byte for byte, and it must open.
struct DefaultFontTests {
    static let sourceFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/CDefaultFont/Inter-Regular.otf")

    @Test func embeddedBytesAreTheFontFile() throws {
        let file = try #require(FileManager.default.contents(atPath: Self.sourceFile.path))
        #expect(file.count > 100_000)
        #expect(DefaultFont.bytes == [UInt8](file))
    }

    @Test func opensUnderItsKey() throws {
        let font = try DefaultFont.open()
        #expect(font.path == "built-in:Inter-Regular.otf")
        #expect(font.metrics.unitsPerEm == 2816)
    }
}
