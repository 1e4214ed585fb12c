@testable import AnimRaster
import Testing

/// `Bitmap.fill` writes a large area as one block of vector stores copied forward with `memmove`
/// (and a colour of four equal bytes with `memset`): every pixel must hold the colour, whatever the
/// size against the block, and a fill of some rows must leave the others alone.
struct BitmapFillTests {
    static let colours = [
        PixelRGBA8(r: 0xF2, g: 0xF2, b: 0xF7, a: 0xFF),  // systemGroupedBackground: the block copy
        PixelRGBA8(r: 0x12, g: 0x34, b: 0x56, a: 0x78),
        PixelRGBA8(r: 0xFF, g: 0xFF, b: 0xFF, a: 0xFF),  // four equal bytes: memset
        .transparent,
    ]

    /// Widths × heights giving byte counts below, at and around one and two blocks, and large.
    static let sizes: [(Int, Int)] = [
        (1, 1), (7, 3), (Bitmap.copyBlock / 4, 1), (Bitmap.copyBlock / 4 - 1, 2), (Bitmap.copyBlock / 4 + 1, 2),
        (Bitmap.copyBlock / 4, 3), (1000, 17), (1280, 720), (333, 1001),
    ]

    @Test(arguments: colours) func everyPixelHoldsTheColour(colour: PixelRGBA8) {
        for (w, h) in Self.sizes {
            var bitmap = Bitmap(width: w, height: h)!
            bitmap.pixels.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0xA5) }
            bitmap.fill(colour)
            let filled = Self.holds(bitmap, colour, rows: 0..<h)
            #expect(filled, "\(w)×\(h)")
            let made = Self.holds(Bitmap(width: w, height: h, filledWith: colour)!, colour, rows: 0..<h)
            #expect(made, "\(w)×\(h), filled when made")
        }
    }

    @Test(arguments: colours) func aFillOfSomeRowsLeavesTheOthers(colour: PixelRGBA8) {
        let marker = PixelRGBA8(r: 1, g: 2, b: 3, a: 4)
        for (w, h) in [(1280, 720), (Bitmap.copyBlock / 4 + 5, 9), (64, 40)] {
            for rows in [0..<1, 3..<h - 2, 1..<h, -5..<4, (h - 1)..<(h + 10)] {
                var bitmap = Bitmap(width: w, height: h, filledWith: marker)!
                bitmap.fill(colour, rows: rows)
                let inside = max(0, rows.lowerBound)..<min(h, rows.upperBound)
                let (filled, above, below) = (Self.holds(bitmap, colour, rows: inside),
                                              Self.holds(bitmap, marker, rows: 0..<inside.lowerBound),
                                              Self.holds(bitmap, marker, rows: inside.upperBound..<h))
                #expect(filled && above && below, "\(w)×\(h) rows \(rows): filled \(filled), above kept \(above), below kept \(below)")
            }
        }
    }

    /// Whether every pixel of `rows` is `colour`, read byte by byte.
    static func holds(_ bitmap: Bitmap, _ colour: PixelRGBA8, rows: Range<Int>) -> Bool {
        let bytes = [colour.r, colour.g, colour.b, colour.a]
        for o in stride(from: rows.lowerBound * bitmap.width * 4, to: rows.upperBound * bitmap.width * 4, by: 4) {
            if bitmap.pixels[o] != bytes[0] || bitmap.pixels[o + 1] != bytes[1] || bitmap.pixels[o + 2] != bytes[2]
                || bitmap.pixels[o + 3] != bytes[3] { return false }
        }
        return true
    }
}
