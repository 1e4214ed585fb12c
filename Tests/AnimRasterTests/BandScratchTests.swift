import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Draws into a bitmap that holds part of the canvas (an `origin`, as a ``BandScratch`` holds a
/// band) against the same draws into the whole canvas, and the band streamed back
/// (`Bitmap.streamRows`) against a plain copy.
struct BandScratchTests {
    typealias R = CompositeThroughTests

    /// The kinds of draw a banded canvas records, each at random: what it does to `dst` placed at `origin`.
    static func randomDraw(width: Int, height: Int, _ rng: inout SplitMix64) throws
        -> (String, (inout Bitmap, PixelOffset, Range<Int>) -> Void) {
        func rect() -> PixelRect {
            let x = rng.below(width + 8) - 5, y = rng.below(height + 8) - 5
            return PixelRect(minX: x, minY: y, maxX: x + 1 + rng.below(width + 6), maxY: y + 1 + rng.below(height + 6))
        }
        let mask = R.randomMask(rect(), &rng)
        let color = PixelRGBA8(r: 40, g: 90, b: 200, a: rng.pick([255, 200]))
        switch rng.below(7) {
        case 0:
            return ("fill", { dst, origin, rows in Blend.fill(mask, color: color, rows: rows, into: &dst, origin: origin) })
        case 1:
            // A shadow: under its layer's full coverage, over rows of which some still hold `initial`.
            let cover = R.randomMask(rect(), &rng)
            let initial = PixelRGBA8(r: 250, g: 250, b: 250, a: 255)
            var untouched = DrawnRows(height: height, initial: initial)
            untouched.mark(rect())
            let picture = rng.below(2) == 0 ? UniformPicture(mask, color: color, over: initial) : nil
            return ("shadow", { dst, origin, rows in
                Blend.fill(mask, color: color, under: cover, untouched: untouched, picture: picture, rows: rows,
                           into: &dst, origin: origin)
            })
        case 2:
            let pw = 1 + rng.below(width + 4), ph = 1 + rng.below(height + 4)
            let picture = try #require(Bitmap(width: pw, height: ph, pixels: R.randomPixels(pw * ph, &rng)))
            let x = rng.below(width + 6) - 4, y = rng.below(height + 6) - 4
            return ("picture", { dst, origin, rows in Blend.composite(picture, at: x, y, rows: rows, into: &dst, origin: origin) })
        case 3:
            let pw = 1 + rng.below(width + 4), ph = 1 + rng.below(height + 4)
            let picture = try #require(Bitmap(width: pw, height: ph, pixels: R.randomPixels(pw * ph, &rng)))
            let x = rng.below(width + 6) - 4, y = rng.below(height + 6) - 4
            return ("masked picture", { dst, origin, rows in
                Blend.composite(picture, at: x, y, through: mask, rows: rows, into: &dst, origin: origin)
            })
        case 4:
            let offscreen = try #require(Bitmap(width: width, height: height, pixels: R.randomPixels(width * height, &rng)))
            let area = rect(), opacity = rng.pick([255, 128, 7] as [UInt8])
            return ("composite", { dst, origin, rows in
                Blend.composite(offscreen, opacity: opacity, area: area.clipped(toRows: rows), into: &dst, origin: origin)
            })
        case 5:
            let angle = Double(rng.below(628)) / 100
            let map = Homography.scale(1.0 / Double(width), 1.0 / Double(height))
            let kind = rng.pick([GradientPaint.Kind.axial, .radial, .conic])
            let paint = PaintFixture.gradient(kind, [(0, PaintFixture.red), (1, PaintFixture.blue)],
                                              Point(x: 0.5, y: 0.5), Point(x: 0.5 + cos(angle) / 2, y: 0.5 + sin(angle) / 2), map)
            return ("gradient", { dst, origin, rows in Blend.fill(mask, paint: paint, opacity: 230, rows: rows, into: &dst, origin: origin) })
        default:
            let image = try #require(Bitmap(width: 9, height: 7, pixels: R.randomPixels(63, &rng)))
            let map = Homography(0.3, 0.05, 0.2, -0.04, 0.25, 0.1, 0, 0, 1)
            let paint = Paint.image(ImagePaint(image: image, deviceToImage: map, filter: rng.pick([.bilinear, .nearest])))
            return ("image", { dst, origin, rows in Blend.fill(mask, paint: paint, opacity: 255, rows: rows, into: &dst, origin: origin) })
        }
    }

    @Test func drawsAtAnOriginGiveTheWholeCanvasBytes() throws {
        var rng = SplitMix64(seed: 0xBA_4DB0)
        var kinds: Set<String> = []
        for round in 0..<600 {
            let width = 1 + rng.below(rng.pick([12, 40, 90])), height = 1 + rng.below(30)
            let canvas = try #require(Bitmap(width: width, height: height, pixels: R.randomPixels(width * height, &rng)))
            let (kind, draw) = try Self.randomDraw(width: width, height: height, &rng)
            kinds.insert(kind)
            let top = rng.below(height), count = 1 + rng.below(height - top)
            let rows = top..<(top + count)
            // A band of the canvas's width (as `CanvasBands` draws), or any part of it.
            let left = rng.below(2) == 0 ? 0 : rng.below(width), partWidth = left == 0 ? width : 1 + rng.below(width - left)
            var whole = canvas
            draw(&whole, .zero, rows)
            var part = try #require(Bitmap(width: partWidth, height: count))
            for y in 0..<count { for x in 0..<partWidth { part[x, y] = canvas[left + x, top + y] } }
            draw(&part, PixelOffset(x: left, y: top), rows)
            var same = true
            for y in 0..<count { for x in 0..<partWidth where part[x, y] != whole[left + x, top + y] { same = false } }
            #expect(same, "round \(round): \(kind) at (\(left), \(top)), \(partWidth) × \(count) of \(width) × \(height)")
            if !same { return }
        }
        #expect(kinds.count == 7)
    }

    @Test func streamedRowsAreThoseCopied() throws {
        var rng = SplitMix64(seed: 0x57_4EA0)
        #if arch(x86_64)
        #expect(BandScratch.streams)
        #endif
        for round in 0..<300 {
            // Widths whose rows start on every alignment to a 64-byte line, and rows of a few bytes.
            let width = 1 + rng.below(rng.pick([5, 40, 300])), height = 1 + rng.below(20)
            let canvas = try #require(Bitmap(width: width, height: height, pixels: R.randomPixels(width * height, &rng)))
            let top = rng.below(height), count = 1 + rng.below(height - top)
            var filled = try #require(Bitmap(width: width, height: count + rng.below(3)))
            for i in filled.pixels.indices { filled.pixels[i] = rng.byte() }
            var streamed = canvas
            streamed.streamRows(top..<(top + count), from: filled)
            var expected = canvas
            let rowBytes = width * 4
            for i in 0..<(count * rowBytes) { expected.pixels[top * rowBytes + i] = filled.pixels[i] }
            #expect(streamed == expected, "round \(round): rows \(top)..<\(top + count) of \(width) × \(height)")
            var back = filled
            streamed.copyRows(top..<(top + count), into: &back)
            #expect(back.pixels.prefix(count * rowBytes) == filled.pixels.prefix(count * rowBytes))
        }
    }

    @Test func eachThreadGetsItsBufferBack() throws {
        let first = try #require(BandScratch.take(width: 13, rows: 4))
        var marked = first
        marked[0, 0] = PixelRGBA8(r: 1, g: 2, b: 3, a: 4)
        BandScratch.give(marked)
        let again = try #require(BandScratch.take(width: 13, rows: 4))
        #expect(again[0, 0] == PixelRGBA8(r: 1, g: 2, b: 3, a: 4))
        BandScratch.give(again)
        // Another size is a new buffer; three buffers are kept side by side, a fourth evicts the oldest.
        var other = try #require(BandScratch.take(width: 13, rows: 5))
        #expect(other[0, 0] == PixelRGBA8(r: 0, g: 0, b: 0, a: 0))
        other[0, 0] = PixelRGBA8(r: 5, g: 6, b: 7, a: 8)
        BandScratch.give(other)
        #expect(try #require(BandScratch.take(width: 13, rows: 4))[0, 0] == PixelRGBA8(r: 1, g: 2, b: 3, a: 4))
        BandScratch.give(marked)
        BandScratch.give(try #require(Bitmap(width: 7, height: 2)))
        #expect(try #require(BandScratch.take(width: 13, rows: 5))[0, 0] == PixelRGBA8(r: 5, g: 6, b: 7, a: 8))
        BandScratch.give(other)
        BandScratch.give(marked)
        BandScratch.give(try #require(Bitmap(width: 7, height: 3)))
        BandScratch.give(try #require(Bitmap(width: 7, height: 4)))
        #expect(try #require(BandScratch.take(width: 13, rows: 4))[0, 0] == PixelRGBA8(r: 1, g: 2, b: 3, a: 4))
        #expect(try #require(BandScratch.take(width: 13, rows: 5))[0, 0] == PixelRGBA8(r: 0, g: 0, b: 0, a: 0))
    }

    /// While another thread streams (its turn held here), a band is not streamed if it need not
    /// be; one that must be waits for the turn and, when the wait runs out, goes ahead.
    @Test func aStreamWaitsWhileAnotherThreadStreams() throws {
        var canvas = try #require(Bitmap(width: 20, height: 6))
        let band = try #require(Bitmap(width: 20, height: 2, filledWith: PixelRGBA8(r: 9, g: 8, b: 7, a: 255)))
        let before = StreamTurns.counts
        for _ in 0..<StreamTurns.limit { StreamTurns.begin() }
        let streamed = StreamTurns.ifFree { canvas.streamRows(2..<4, from: band) }
        #expect(!streamed)
        #expect(canvas == Bitmap(width: 20, height: 6)!)
        StreamTurns.inTurn { canvas.streamRows(2..<4, from: band) }
        for _ in 0..<StreamTurns.limit { StreamTurns.end() }
        #expect(canvas[5, 3] == PixelRGBA8(r: 9, g: 8, b: 7, a: 255) && canvas[5, 4] == PixelRGBA8(r: 0, g: 0, b: 0, a: 0))
        let after = StreamTurns.counts
        #expect(after.waited - before.waited >= 1 && after.crowded - before.crowded >= 1)
    }
}
