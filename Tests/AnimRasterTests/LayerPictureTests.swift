import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// A layer's shadow, background and border drawn from their kept picture where the canvas is
/// untouched and blended inside each row's drawn run (``Blend/fill(_:picture:untouched:rows:into:origin:)``)
/// must give the bytes of drawing the three fills one after another, on a whole canvas and band by band.
struct LayerPictureTests {
    typealias Case = (canvas: Bitmap, rows: DrawnRows, fills: [SolidFill], initial: PixelRGBA8)

    /// A canvas with a few earlier draws, marked as the compositor marks them, and a layer's fills:
    /// a shadow (under the body when the body is opaque), a body and a border, any of them left out.
    static func randomCase(_ rng: inout SplitMix64) throws -> Case {
        let width = 16 + rng.below(70), height = 8 + rng.below(50)
        let initial = BlendUntouchedTests.color(&rng)
        let (canvas, rows) = try BlendUntouchedTests.canvasWithEarlierDraws(&rng, width: width, height: height, initial: initial)
        func mask(_ w: Int, _ h: Int, _ dx: Int, _ dy: Int) -> CoverageMask {
            BlendUntouchedTests.moved(AffineImageRunsTests.mask(&rng, w, h), dx, dy)
        }
        let x = rng.below(width) - 8, y = rng.below(height) - 6
        let shadow = mask(6 + rng.below(width), 4 + rng.below(height), x, y)
        let body = mask(4 + rng.below(width / 2), 2 + rng.below(height / 2), x + rng.below(8), y + rng.below(6))
        let border = mask(4 + rng.below(width / 2), 2 + rng.below(height / 2), x + rng.below(10), y + rng.below(8))
        let opaque = rng.below(3) > 0
        let bodyColor = opaque ? PixelRGBA8(r: rng.byte(), g: rng.byte(), b: 0, a: 255) : BlendUntouchedTests.color(&rng)
        var fills = [SolidFill(shadow, color: BlendUntouchedTests.color(&rng), under: opaque ? body : nil)]
        if rng.below(5) > 0 { fills.append(SolidFill(body, color: bodyColor)) } else { fills[0] = SolidFill(shadow, color: fills[0].color) }
        if rng.below(3) > 0 { fills.append(SolidFill(border, color: BlendUntouchedTests.color(&rng))) }
        return (canvas, rows, fills, initial)
    }

    /// The fills drawn one after another, as the compositor draws a layer without its picture.
    static func plain(_ c: Case) -> Bitmap {
        var canvas = c.canvas
        for fill in c.fills { Blend.fill(fill.mask, color: fill.color, under: fill.under, into: &canvas) }
        return canvas
    }

    @Test func drawingFromThePictureMatchesDrawingTheFills() throws {
        var rng = SplitMix64(seed: 0x1A7E)
        var copiedSome = 0
        for round in 0..<500 {
            let c = try Self.randomCase(&rng)
            let picture = try #require(LayerPicture(c.fills, over: c.initial))
            #expect(picture.bounds == LayerPicture.bounds(of: c.fills))
            var kept = c.canvas
            Blend.fill(c.fills, picture: picture, untouched: c.rows, into: &kept)
            let expected = Self.plain(c)
            #expect(kept == expected, "round \(round)")
            if kept != expected { return }
            if !c.rows.covers(picture.bounds) { copiedSome += 1 }
        }
        #expect(copiedSome > 250, "most cases copy some pixels from the picture")
    }

    @Test func bandByBandInBuffersMatchesTheWholeCanvas() throws {
        var rng = SplitMix64(seed: 0xBA4D)
        for round in 0..<300 {
            let c = try Self.randomCase(&rng)
            let picture = try #require(LayerPicture(c.fills, over: c.initial))
            let expected = Self.plain(c)
            let width = c.canvas.width, height = c.canvas.height
            var canvas = c.canvas
            let bandRows = 1 + rng.below(12)
            for top in stride(from: 0, to: height, by: bandRows) {
                let rows = top..<min(height, top + bandRows)
                // The band in a buffer of its own, one spare row below (a row blend may rewrite,
                // unchanged, a few pixels past its span), as BandScratch holds it.
                var band = try #require(Bitmap(width: width, height: rows.count + 1))
                band.pixels.replaceSubrange(0..<(rows.count * width * 4),
                                            with: canvas.pixels[(top * width * 4)..<(rows.upperBound * width * 4)])
                Blend.fill(c.fills, picture: picture, untouched: c.rows, rows: rows, into: &band, origin: PixelOffset(x: 0, y: top))
                canvas.pixels.replaceSubrange((top * width * 4)..<(rows.upperBound * width * 4),
                                              with: band.pixels[0..<(rows.count * width * 4)])
            }
            #expect(canvas == expected, "round \(round), bands of \(bandRows) rows")
            if canvas != expected { return }
        }
    }

    @Test func aPictureMovedByWholePixelsIsThePictureMadeThere() throws {
        var rng = SplitMix64(seed: 0x7A45)
        for _ in 0..<50 {
            let c = try Self.randomCase(&rng)
            let dx = rng.below(40) - 20, dy = rng.below(40) - 20
            let moved = c.fills.map {
                SolidFill(BlendUntouchedTests.moved($0.mask, dx, dy), color: $0.color, under: $0.under.map { BlendUntouchedTests.moved($0, dx, dy) })
            }
            let there = try #require(LayerPicture(moved, over: c.initial))
            let translated = try #require(LayerPicture(c.fills, over: c.initial)).translated(x: dx, y: dy)
            #expect(translated.bounds == there.bounds)
            #expect(translated.bytes == there.bytes)
        }
    }

    @Test func withoutDrawnRowsEveryFillIsDrawn() throws {
        var rng = SplitMix64(seed: 0x0D0E)
        for _ in 0..<50 {
            let c = try Self.randomCase(&rng)
            var kept = c.canvas
            Blend.fill(c.fills, picture: try #require(LayerPicture(c.fills, over: c.initial)), untouched: nil, into: &kept)
            #expect(kept == Self.plain(c))
        }
    }
}
