@testable import AnimRaster
import AnimTestRandom
import Testing

/// ``CanvasLines`` against a plain array of flags, one per line; the line stream
/// (`Bitmap.streamRows(_:from:drawn:background:held:)`) against filling and copying every byte; and
/// ``Bitmap/knownBackground``, which any write to the pixels forgets.
struct CanvasLinesTests {
    /// Random byte ranges inserted at random leads: membership, runs and their bytes as the flags say.
    @Test func linesAreTheFlagsOfEveryByteInserted() {
        var rng = SplitMix64(seed: 0x11_4E5)
        for _ in 0..<300 {
            let byteCount = 4 * (1 + rng.below(3000)), lead = rng.below(16) * 4
            var lines = CanvasLines(byteCount: byteCount, lead: lead)
            var flags = [Bool](repeating: false, count: lines.lineCount)
            for _ in 0..<rng.below(8) {
                let a = rng.below(byteCount + 40) - 20, b = a + rng.below(900)
                lines.insert(bytes: a..<b)
                for o in max(0, a)..<max(max(0, a), min(byteCount, b)) { flags[(o + lead) / 64] = true }
            }
            #expect((0..<flags.count).map { lines.contains(line: $0) } == flags)
            #expect(lines.count == flags.filter { $0 }.count)
            // Runs over a random range cover it in order, each of one kind and maximal.
            let a = rng.below(byteCount), b = a + 1 + rng.below(byteCount - a)
            var next = a
            var last: Bool?
            lines.forEachRun(in: a..<b) { bytes, inside in
                #expect(bytes.lowerBound == next && !bytes.isEmpty)
                #expect(bytes.allSatisfy { flags[($0 + lead) / 64] == inside })
                #expect(last != inside)
                last = inside
                next = bytes.upperBound
            }
            #expect(next == b)
        }
    }

    /// Rectangles inserted row by row: the lines of every pixel inside them, none else.
    @Test func aRectangleInsertsTheLinesOfItsPixels() {
        var rng = SplitMix64(seed: 0x4EC7)
        for _ in 0..<200 {
            let width = 1 + rng.below(90), height = 1 + rng.below(40), lead = rng.below(16) * 4
            var lines = CanvasLines(byteCount: width * height * 4, lead: lead)
            let x = rng.below(width + 10) - 5, y = rng.below(height + 10) - 5
            let rect = PixelRect(minX: x, minY: y, maxX: x + rng.below(width + 5), maxY: y + rng.below(height + 5))
            lines.insert(rect, width: width)
            var flags = [Bool](repeating: false, count: lines.lineCount)
            let x0 = max(0, rect.minX), x1 = max(x0, min(width, rect.maxX))
            let y0 = max(0, rect.minY), y1 = max(y0, min(height, rect.maxY))
            for py in y0..<y1 {
                for px in x0..<x1 { flags[((py * width + px) * 4 + lead) / 64] = true }
            }
            #expect((0..<flags.count).map { lines.contains(line: $0) } == flags)
        }
    }

    /// A canvas holding the background outside `held`'s lines, streamed band by band with the
    /// lines: the bytes of a band filled whole with the background, drawn and copied whole; the
    /// lines outside both `drawn` and `held` are not written (a marker left there stays).
    @Test func streamingByLinesGivesTheBytesOfWholeBands() throws {
        var rng = SplitMix64(seed: 0x57_4EA)
        let background = PixelRGBA8(r: 242, g: 242, b: 247, a: 255)
        for _ in 0..<100 {
            let width = 1 + rng.below(70), height = 1 + rng.below(50), rows = 1 + rng.below(height)
            var canvas = try #require(Bitmap(width: width, height: height, filledWith: background))
            let lead = canvas.pixelAddress & 63
            var drawn = CanvasLines(byteCount: canvas.pixels.count, lead: lead)
            var held = drawn
            for _ in 0..<rng.below(5) { drawn.insert(Self.rect(width, height, &rng), width: width) }
            for _ in 0..<rng.below(5) { held.insert(Self.rect(width, height, &rng), width: width) }
            // What the canvas holds now: noise in `held`'s lines, the background elsewhere.
            for o in stride(from: 0, to: canvas.pixels.count, by: 4) where held.contains(line: drawn.line(ofByte: o)) {
                for c in 0..<4 { canvas.pixels[o + c] = rng.byte() }
            }
            // The frame: noise drawn in `drawn`'s lines over the background.
            var expected = try #require(Bitmap(width: width, height: height, filledWith: background))
            for o in stride(from: 0, to: expected.pixels.count, by: 4) where drawn.contains(line: drawn.line(ofByte: o)) {
                expected.pixels[o] = rng.byte()
            }
            let known = rng.below(4) != 0
            if !known { for o in canvas.pixels.indices where !held.contains(line: held.line(ofByte: o)) { canvas.pixels[o] = 7 } }
            for top in stride(from: 0, to: height, by: rows) {
                let band = top..<min(height, top + rows)
                var scratch = try #require(Bitmap(width: width, height: rows))
                for i in scratch.pixels.indices { scratch.pixels[i] = rng.byte() }
                scratch.fill(background, linesOf: drawn, rows: band)
                // Draw the frame's bytes into the band where the lines say a draw may reach.
                for o in (band.lowerBound * width * 4)..<(band.upperBound * width * 4) where drawn.contains(line: drawn.line(ofByte: o)) {
                    scratch.pixels[o - band.lowerBound * width * 4] = expected.pixels[o]
                }
                canvas.streamRows(band, from: scratch, drawn: drawn, background: background, held: known ? held : nil)
            }
            #expect(canvas == expected)
        }
        // Lines outside both are left alone: a marker there is not overwritten.
        var canvas = try #require(Bitmap(width: 64, height: 4, filledWith: .transparent))
        let lines = CanvasLines(byteCount: canvas.pixels.count, lead: canvas.pixelAddress & 63)
        canvas.pixels[512] = 99
        let band = try #require(Bitmap(width: 64, height: 4, filledWith: .transparent))
        canvas.streamRows(0..<4, from: band, drawn: lines, background: .transparent, held: lines)
        #expect(canvas.pixels[512] == 99)
        canvas.streamRows(0..<4, from: band, drawn: lines, background: .transparent, held: nil)
        #expect(canvas.pixels[512] == 0)
    }

    static func rect(_ width: Int, _ height: Int, _ rng: inout SplitMix64) -> PixelRect {
        let x = rng.below(width), y = rng.below(height)
        return PixelRect(minX: x, minY: y, maxX: x + 1 + rng.below(width), maxY: y + 1 + rng.below(height))
    }

    /// Any write to the pixels forgets what they were known to hold; equality and hashing ignore it.
    @Test func aWriteForgetsTheKnownBackground() throws {
        var bitmap = try #require(Bitmap(width: 20, height: 10, filledWith: .transparent))
        let plain = bitmap
        let known = KnownBackground(color: .transparent, drawn: CanvasLines(byteCount: 800, lead: bitmap.pixelAddress & 63),
                                    address: bitmap.pixelAddress)
        bitmap.knownBackground = known
        #expect(known.describes(bitmap, color: .transparent))
        #expect(!known.describes(bitmap, color: PixelRGBA8(r: 0, g: 0, b: 0, a: 255)))
        #expect(bitmap == plain && bitmap.hashValue == plain.hashValue)
        var copy = bitmap
        copy.pixels[3] = 1
        #expect(copy.knownBackground == nil && bitmap.knownBackground != nil)
        bitmap.pixels.withUnsafeMutableBytes { _ in }
        #expect(bitmap.knownBackground == nil)
        bitmap.knownBackground = known
        bitmap[2, 2] = PixelRGBA8(r: 1, g: 1, b: 1, a: 1)
        #expect(bitmap.knownBackground == nil)
        bitmap.knownBackground = known
        bitmap.fill(.transparent)
        #expect(bitmap.knownBackground == nil)
    }
}
