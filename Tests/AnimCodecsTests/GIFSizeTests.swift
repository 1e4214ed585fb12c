@testable import AnimCodecs
import AnimRaster
import Testing

/// Choices that make exact GIFs smaller (issue 8, the shopping cart): which frames share the global
/// table, how kept pixels are written, and when a frame is drawn whole. Every file is decoded back.
struct GIFSizeTests {
    /// Colour `k` of a set of distinct opaque colours.
    static func colour(_ k: Int) -> RGB8 { RGB8(packed: UInt32(0x10_0000 + k * 0x0101)) }

    /// A 16×16 frame drawing `colours` in turn, its palette those colours plus an unused last
    /// entry as the transparent index.
    static func frame(_ colours: Range<Int>) -> IndexedImage {
        let palette = colours.map(colour) + [.black]
        let indices = (0..<256).map { UInt8($0 % colours.count) }
        return IndexedImage(width: 16, height: 16, palette: palette, indices: indices, transparentIndex: palette.count - 1)
    }

    /// Per image of a GIF file: the entries of its local colour table (0 without one) and its LZW
    /// minimum code size.
    static func images(_ data: [UInt8]) -> [(table: Int, codeSize: Int)] {
        var p = 13 + (data[10] & 0x80 != 0 ? 3 << (Int(data[10] & 7) + 1) : 0)
        var images: [(Int, Int)] = []
        func skipSubBlocks() { while data[p] != 0 { p += Int(data[p]) + 1 }; p += 1 }
        while data[p] != 0x3B {
            if data[p] == 0x21 {
                p += 2
                skipSubBlocks()
            } else {
                let packed = data[p + 9]
                let entries = packed & 0x80 != 0 ? 2 << Int(packed & 7) : 0
                p += 10 + 3 * entries  // descriptor, table
                images.append((entries, Int(data[p])))
                p += 1
                skipSubBlocks()
            }
        }
        return images
    }

    static func localTables(_ data: [UInt8]) -> [Int] { images(data).map(\.table) }

    /// Four frames of 120 shared colours (128-entry tables), one of 15 new colours (16 entries)
    /// and one of 130 new colours (256 entries): taking the few new colours first fills the global
    /// table too early to take the 130, which save the most. The 120 go first in the table, below
    /// 128, though they sort after the 130, so their frames write 8-bit codes, not 9.
    @Test func theGlobalTableTakesTheFramesThatSaveTheMostBytes() throws {
        let frames = [Self.frame(140..<260), Self.frame(140..<260), Self.frame(140..<260), Self.frame(140..<260),
                      Self.frame(260..<275), Self.frame(0..<130)]
        let global = try #require(GlobalPalette.choose(frames))
        #expect(global.members == [true, true, true, true, false, true])
        #expect(global.palette.count == 250)
        // Written with the table and decoded back, every frame shows its own colours.
        var encoder = try GIFEncoder(width: 16, height: 16, loopCount: 0, globalPalette: global.palette)
        for (k, f) in frames.enumerated() {
            let image = global.remap(f, alternatives: nil, frame: k)?.0 ?? f
            try encoder.add(image, left: 0, top: 0, delayCentiseconds: 4, disposal: .keep)
        }
        let data = try encoder.finish()
        #expect(Self.localTables(data) == [0, 0, 0, 0, 16, 0])
        #expect(Self.images(data).map(\.codeSize) == [7, 7, 7, 7, 4, 8])
        let decoded = try GIFDecoder.decode(data).frames
        for (f, d) in zip(frames, decoded) {
            for i in 0..<256 {
                let c = f.palette[Int(f.indices[i])]
                #expect(d.image[i % 16, i / 16] == PixelRGBA8(r: c.r, g: c.g, b: c.b, a: 255))
            }
        }
    }

    static let red = PixelRGBA8(r: 255, g: 59, b: 48, a: 255)
    static let white = PixelRGBA8(r: 255, g: 255, b: 255, a: 255)
    static let black = PixelRGBA8(r: 0, g: 0, b: 0, a: 255)

    /// A 20×20 red square with a lighter left column, at `x` on white.
    static func square(_ x: Int) -> Bitmap {
        Bitmap.make(width: 64, height: 40) { i, j in
            guard (x..<(x + 20)).contains(i), (10..<30).contains(j) else { return white }
            return i == x ? PixelRGBA8(r: 255, g: 150, b: 140, a: 255) : red
        }
    }

    /// The square moving right one pixel a frame: most of it is kept, and written as red it runs
    /// on from the red the frame draws, where the transparent index would break each row in three.
    @Test func keptPixelsWriteTheColourTheyShowWhenThatCompressesBetter() throws {
        let frames = (0..<6).map { Self.square(8 + $0) }
        var encoder = try GIFAnimationEncoder(width: 64, height: 40, loopCount: 0, options: GIFOptions())
        for f in frames { try encoder.add(f, delay: 4) }
        let data = try encoder.finish()
        #expect(try GIFDecoder.decode(data).frames.map(\.image) == frames)

        // The second frame by hand: the moved square's rectangle, kept pixels transparent.
        let palette: [RGB8] = [RGB8(r: 255, g: 59, b: 48), RGB8(r: 255, g: 150, b: 140), .white, .black]
        var indices: [UInt8] = [], alternatives: [UInt8] = []
        for _ in 0..<20 {
            for i in 0..<21 {  // x 8…28: white, light (changed), 18 kept red, red (changed)
                let (index, other): (UInt8, UInt8) = i == 0 ? (2, 2) : i == 1 ? (1, 1) : i == 20 ? (0, 0) : (3, 0)
                indices.append(index)
                alternatives.append(other)
            }
        }
        let frame = IndexedImage(width: 21, height: 20, palette: palette, indices: indices, transparentIndex: 3)
        let given = LZWEncoder.encode(indices, alternatives: alternatives, minCodeSize: 2)
        let chosen = GIFEncoder.compressed(frame, alternatives: alternatives, minCodeSize: 2)
        #expect(chosen.count < given.count)
        // Drawn over the first frame, the chosen data shows the second.
        var gif = try GIFEncoder(width: 64, height: 40, loopCount: 0)
        let first = Quantizer.quantize(frames[0], reserveTransparent: false)
        try gif.add(first, delayCentiseconds: 4)
        try gif.add(frame, left: 8, top: 10, delayCentiseconds: 4, disposal: .keep, alternatives: alternatives)
        #expect(try GIFDecoder.decode(try gif.finish()).frames.map(\.image) == Array(frames[0...1]))
    }

    /// 15 new colours and black drawn over white and black, the rest of the rectangle black: 16
    /// colours, which fit a 16-entry table only without a transparent entry, so the frame is drawn whole.
    @Test func aFrameIsDrawnWholeWhenThatHalvesItsTable() throws {
        let first = Bitmap.make(width: 40, height: 8) { _, y in y == 1 ? Self.black : Self.white }
        let second = Bitmap.make(width: 40, height: 8) { x, y in
            if y == 0 && x < 16 {
                if x == 7 { return Self.black }
                let c = Self.colour(x)
                return PixelRGBA8(r: c.r, g: c.g, b: c.b, a: 255)
            }
            if y == 1 && x == 0 { return PixelRGBA8(r: Self.colour(0).r, g: Self.colour(0).g, b: Self.colour(0).b, a: 255) }
            return y == 1 ? Self.black : Self.white
        }
        var encoder = try GIFAnimationEncoder(width: 40, height: 8, loopCount: 0, options: GIFOptions())
        try encoder.add(first, delay: 4)
        try encoder.add(second, delay: 4)
        let data = try encoder.finish()
        #expect(Self.localTables(data).last == 16)
        #expect(try GIFDecoder.decode(data).frames.map(\.image) == [first, second])
    }
}
