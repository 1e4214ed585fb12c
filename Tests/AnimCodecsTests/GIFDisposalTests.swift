import AnimCodecs
import AnimRaster
import Testing

/// Decoding a hand-made GIF whose partial frames use every disposal mode.
struct GIFDisposalTests {
    /// 4×4 screen, global table black/red/green/blue, no loop extension:
    /// 1. full red, keep (5 cs); 2. green 2×2 at (1,1), restore previous (6 cs);
    /// 3. blue 2×2 at (0,0) with index 0 transparent at its (1,1), restore background (7 cs);
    /// 4. green 1×1 at (3,3), no graphics control block.
    static let bytes: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x04, 0x00, 0x04, 0x00, 0x81, 0x00, 0x00, 0x00, 0x00, 0x00,
        0xFF, 0x00, 0x00, 0x00, 0xFF, 0x00, 0x00, 0x00, 0xFF, 0x21, 0xF9, 0x04, 0x04, 0x05, 0x00, 0x00,
        0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x04, 0x00, 0x00, 0x02, 0x0A, 0x4C, 0x98, 0x30,
        0x61, 0xC2, 0x84, 0x09, 0x13, 0x26, 0x05, 0x00, 0x21, 0xF9, 0x04, 0x0C, 0x06, 0x00, 0x00, 0x00,
        0x2C, 0x01, 0x00, 0x01, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x02, 0x03, 0x94, 0x28, 0x15, 0x00,
        0x21, 0xF9, 0x04, 0x09, 0x07, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x02,
        0x00, 0x00, 0x02, 0x03, 0xDC, 0x38, 0x14, 0x00, 0x2C, 0x03, 0x00, 0x03, 0x00, 0x01, 0x00, 0x01,
        0x00, 0x00, 0x02, 0x02, 0x54, 0x01, 0x00, 0x3B,
    ]

    static let red = PixelRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let green = PixelRGBA8(r: 0, g: 255, b: 0, a: 255)
    static let blue = PixelRGBA8(r: 0, g: 0, b: 255, a: 255)

    /// A 4×4 canvas: `base` everywhere except the listed pixels.
    static func canvas(_ base: PixelRGBA8, _ overrides: [(Int, Int, PixelRGBA8)]) -> Bitmap {
        var bitmap = Bitmap.make(width: 4, height: 4) { _, _ in base }
        for (x, y, p) in overrides { bitmap[x, y] = p }
        return bitmap
    }

    @Test func disposalModesAndTransparencyAreHonoured() throws {
        let decoded = try GIFDecoder.decode(Self.bytes)
        #expect(decoded.width == 4 && decoded.height == 4)
        #expect(decoded.loopCount == nil)
        #expect(decoded.frames.map(\.delayCentiseconds) == [5, 6, 7, 0])
        guard decoded.frames.count == 4 else { return }
        let (r, g, b, t) = (Self.red, Self.green, Self.blue, PixelRGBA8.transparent)
        #expect(decoded.frames[0].image == Self.canvas(r, []))
        #expect(decoded.frames[1].image == Self.canvas(r, [(1, 1, g), (2, 1, g), (1, 2, g), (2, 2, g)]))
        // Frame 2 is undone; frame 3's transparent pixel shows frame 1's red.
        #expect(decoded.frames[2].image == Self.canvas(r, [(0, 0, b), (1, 0, b), (0, 1, b)]))
        // Frame 3's rectangle is cleared to transparent.
        #expect(decoded.frames[3].image == Self.canvas(r, [(0, 0, t), (1, 0, t), (0, 1, t), (1, 1, t), (3, 3, g)]))
    }
}
