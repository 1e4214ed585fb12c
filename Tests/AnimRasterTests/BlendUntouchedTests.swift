import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// A fill over pixels nothing has been drawn on (``DrawnRows``) writes them from a table or a kept
/// picture instead of blending; over a canvas with earlier draws, marked as the compositor marks
/// them, the bytes must be those of the plain blend.
struct BlendUntouchedTests {
    static func moved(_ mask: CoverageMask, _ dx: Int, _ dy: Int) -> CoverageMask {
        CoverageMask(bounds: PixelRect(minX: mask.bounds.minX + dx, minY: mask.bounds.minY + dy,
                                       maxX: mask.bounds.maxX + dx, maxY: mask.bounds.maxY + dy), coverage: mask.coverage)
    }

    static func color(_ rng: inout SplitMix64) -> PixelRGBA8 {
        let a = rng.pick([0, 255, 102, rng.byte()])
        func channel() -> UInt8 { UInt8(UInt32(rng.byte()) * UInt32(a) / 255) }
        return PixelRGBA8(r: channel(), g: channel(), b: channel(), a: a)
    }

    /// A canvas of `initial` with up to three earlier draws, each marked with its mask's bounds as
    /// the compositor marks them.
    static func canvasWithEarlierDraws(_ rng: inout SplitMix64, width: Int, height: Int,
                                       initial: PixelRGBA8) throws -> (Bitmap, DrawnRows) {
        var canvas = try #require(Bitmap(width: width, height: height))
        canvas.fill(initial)
        var rows = DrawnRows(height: height, initial: initial)
        for _ in 0..<rng.below(4) {
            let earlier = moved(AffineImageRunsTests.mask(&rng, 4 + rng.below(width / 2), 2 + rng.below(height / 2)),
                                rng.below(width) - 4, rng.below(height) - 4)
            Blend.fill(earlier, color: color(&rng), into: &canvas)
            rows.mark(earlier.bounds)
        }
        return (canvas, rows)
    }

    @Test func writingUntouchedPixelsMatchesBlendingThem() throws {
        var rng = SplitMix64(seed: 0x0DD5)
        for round in 0..<400 {
            let width = 16 + rng.below(60), height = 8 + rng.below(40)
            let initial = Self.color(&rng)
            let (canvas, rows) = try Self.canvasWithEarlierDraws(&rng, width: width, height: height, initial: initial)
            let mask = Self.moved(AffineImageRunsTests.mask(&rng, 4 + rng.below(width), 2 + rng.below(height)),
                                  rng.below(width / 2) - 6, rng.below(height / 2) - 4)
            let cover = rng.below(3) == 0 ? nil
                : Self.moved(AffineImageRunsTests.mask(&rng, 4 + rng.below(width / 2), 2 + rng.below(height / 2)),
                             rng.below(width / 2), rng.below(height / 2))
            let shadow = Self.color(&rng)
            let body = PixelRGBA8(r: rng.byte(), g: rng.byte(), b: rng.byte(), a: 255)
            var plain = canvas, table = canvas, copied = canvas
            Blend.fill(mask, color: shadow, under: cover, into: &plain)
            Blend.fill(mask, color: shadow, under: cover, untouched: rows, into: &table)
            Blend.fill(mask, color: shadow, under: cover, untouched: rows,
                       picture: UniformPicture(mask, color: shadow, over: initial), into: &copied)
            if let cover {
                for i in [0, 1, 2] {
                    var b = [plain, table, copied][i]
                    Blend.fill(cover, color: body, into: &b)
                    if i == 0 { plain = b } else if i == 1 { table = b } else { copied = b }
                }
            }
            let fromTable = table.pixels == plain.pixels, fromPicture = copied.pixels == plain.pixels
            #expect(fromTable, "round \(round): from the table")
            #expect(fromPicture, "round \(round): from the picture")
            if !fromTable || !fromPicture { return }
        }
    }

    @Test func rowsAreTheHullOfWhatWasMarked() {
        var rows = DrawnRows(height: 10, initial: .transparent)
        #expect(rows.drawn(row: 3).isEmpty)
        rows.mark(PixelRect(minX: 5, minY: 2, maxX: 9, maxY: 4))
        rows.mark(PixelRect(minX: 12, minY: 3, maxX: 20, maxY: 14))
        rows.mark(PixelRect(minX: 1, minY: -5, maxX: 3, maxY: 0))
        rows.mark(PixelRect(minX: 30, minY: 5, maxX: 30, maxY: 8))
        #expect(rows.drawn(row: 2) == 5..<9)
        #expect(rows.drawn(row: 3) == 5..<20)
        #expect(rows.drawn(row: 9) == 12..<20)
        #expect(rows.drawn(row: 0).isEmpty)
        #expect(rows.drawn(row: 10).isEmpty)
        #expect(rows.drawn(row: -1).isEmpty)
        #expect(rows.covers(PixelRect(minX: 6, minY: 2, maxX: 9, maxY: 4)))
        #expect(!rows.covers(PixelRect(minX: 6, minY: 2, maxX: 10, maxY: 4)))
        #expect(rows.covers(PixelRect(minX: 12, minY: 3, maxX: 20, maxY: 11)), "row 10 is outside the bitmap")
        #expect(!rows.covers(PixelRect(minX: 6, minY: 1, maxX: 9, maxY: 3)), "row 1: nothing drawn")
        #expect(!rows.covers(PixelRect(minX: 1, minY: 0, maxX: 2, maxY: 1)), "row 0: nothing drawn")
    }
}
