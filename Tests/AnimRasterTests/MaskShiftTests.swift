import AnimGeometry
import AnimRaster
import AnimTestRandom
import Testing

/// Moving a coverage mask by whole and fractional pixels (`CoverageMask.shifted`).
struct MaskShiftTests {
    /// A 40×30 rectangle with anti-aliased edges at fractional positions.
    var rectangle: CoverageMask {
        Rasterizer.coverage(of: [[Point(x: 10.3, y: 12.6), Point(x: 50.3, y: 12.6), Point(x: 50.3, y: 42.6), Point(x: 10.3, y: 42.6)]],
                            clip: PixelRect(minX: 0, minY: 0, maxX: 100, maxY: 100))!
    }

    @Test func wholePixelsMoveTheBoundsAndKeepTheValues() throws {
        let m = rectangle
        let moved = try #require(m.shifted(by: Point(x: -7, y: 12), clip: PixelRect(minX: -100, minY: -100, maxX: 200, maxY: 200)))
        #expect(moved.coverage == m.coverage)
        #expect(moved.bounds == PixelRect(minX: m.bounds.minX - 7, minY: m.bounds.minY + 12, maxX: m.bounds.maxX - 7, maxY: m.bounds.maxY + 12))
    }

    @Test func aHalfPixelAveragesNeighbours() throws {
        let m = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 2, maxY: 1), coverage: [200, 100])
        let moved = try #require(m.shifted(by: Point(x: 0.5, y: 0), clip: PixelRect(minX: -5, minY: -5, maxX: 5, maxY: 5)))
        #expect(moved.bounds == PixelRect(minX: 0, minY: 0, maxX: 3, maxY: 1))
        #expect(moved.coverage == [100, 150, 50])
    }

    @Test(arguments: [(2.0, 3), (3.0, 2), (4.0, 1), (8.0, 1), (20.0, 1)])
    func aFractionalMoveOfABlurEqualsTheBlurMoved(sigma: Double, levels: Int) throws {
        // The blur folds a sub-pixel offset into its kernel exactly. Interpolating the unshifted
        // blur instead errs by up to f(1 − f)/2 · max|S″| ≈ ⅛ · 255 · 0.242 / σ² levels plus
        // rounding: 3 levels at σ = 2, 2 at σ = 3, 1 from σ = 4 (ShadowKey.minimumSigma) on.
        let clip = PixelRect(minX: -200, minY: -200, maxX: 300, maxY: 300)
        for (dx, dy) in [(0.37, 0.81), (0.5, 0.5), (0.93, 0.04), (3.25, -2.75)] {
            let exact = try #require(GaussianBlur.blur(rectangle, sigma: sigma, offset: Point(x: dx, y: dy), clip: clip))
            let moved = try #require(GaussianBlur.blur(rectangle, sigma: sigma, offset: .zero, clip: clip)?
                .shifted(by: Point(x: dx, y: dy), clip: clip))
            var worst = 0
            for y in clip.minY..<clip.maxY where y >= exact.bounds.minY - 2 && y < exact.bounds.maxY + 2 {
                for x in exact.bounds.minX - 2..<exact.bounds.maxX + 2 {
                    worst = max(worst, abs(Int(exact[x, y]) - Int(moved[x, y])))
                }
            }
            #expect(worst <= levels, "σ \(sigma), offset (\(dx), \(dy)): \(worst) levels")
        }
    }

    /// Every fraction 0…255/256 in x (at a fixed y fraction, and at none) and in y (at a fixed x
    /// fraction, and at none: `shifted` takes shorter paths for moves along one axis), on a
    /// random mask with runs of 0 and 255, against the definition in plain integers: rows blended
    /// with weights 256 − wy and wy, then columns with 256 − wx and wx, rounded from 16 bits.
    @Test func everyFractionEqualsTheIntegerFormula() throws {
        var rng = SplitMix64(seed: 5)
        let bounds = PixelRect(minX: 3, minY: -2, maxX: 40, maxY: 5)
        let mask = CoverageMask(bounds: bounds, coverage: (0..<bounds.width * bounds.height).map { i in
            [0, 255, rng.byte()][(i / 5) % 3]
        })
        let clip = PixelRect(minX: -50, minY: -50, maxX: 50, maxY: 50), hole = PixelRect(minX: 10, minY: 0, maxX: 20, maxY: 2)
        let fractions = (0..<256).map { ($0, 77) } + (0..<256).map { (141, $0) } + (0..<256).map { (0, $0) } + (0..<256).map { ($0, 0) }
        for (wx, wy) in fractions {
            let offset = Point(x: -1 + Double(wx) / 256, y: 2 + Double(wy) / 256)
            let moved = try #require(mask.shifted(by: offset, clip: clip, hole: hole))
            #expect(moved.bounds == PixelRect(minX: 2, minY: 0, maxX: wx > 0 ? 40 : 39, maxY: wy > 0 ? 8 : 7))
            var mismatches = 0
            for y in moved.bounds.minY..<moved.bounds.maxY {
                for x in moved.bounds.minX..<moved.bounds.maxX {
                    // Output (x, y) reads source column x + 1 (weight 256 − wx) and x (wx), source
                    // row y − 2 (weight 256 − wy) and y − 3 (wy).
                    func v(_ sx: Int) -> Int {
                        (256 - wy) * Int(mask[sx, y - 2]) + wy * Int(mask[sx, y - 3])
                    }
                    let inHole = x >= hole.minX && x < hole.maxX && y >= hole.minY && y < hole.maxY
                    let expected = inHole ? 0 : ((256 - wx) * v(x + 1) + wx * v(x) + 32768) >> 16
                    if Int(moved[x, y]) != expected { mismatches += 1 }
                }
            }
            #expect(mismatches == 0, "fraction (\(wx), \(wy))")
        }
    }

    /// A shadow's hole (its layer's opaque interior) can lie wholly off the canvas while the
    /// shadow reaches onto it: a layer hanging over the left edge. That used to stop the program.
    @Test func aHoleBesideTheClippedMaskIsNoHole() throws {
        let mask = CoverageMask(bounds: PixelRect(minX: -30, minY: 0, maxX: 10, maxY: 20),
                                coverage: (0..<800).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let clip = PixelRect(minX: 0, minY: 0, maxX: 50, maxY: 50)
        let hole = PixelRect(minX: -25, minY: 5, maxX: -5, maxY: 15)
        let shifted = try #require(mask.shifted(by: Point(x: 0.5, y: 0.25), clip: clip, hole: hole))
        #expect(shifted == mask.shifted(by: Point(x: 0.5, y: 0.25), clip: clip))
    }

    /// A hole at the left edge, at the right edge or across the whole width leaves its pixels at 0
    /// and every other pixel as without a hole, for moves along one axis and diagonal ones alike.
    @Test func holesAtTheEdgesZeroOnlyTheirPixels() throws {
        var rng = SplitMix64(seed: 11)
        let bounds = PixelRect(minX: 0, minY: 0, maxX: 30, maxY: 12)
        let mask = CoverageMask(bounds: bounds, coverage: (0..<bounds.width * bounds.height).map { _ in rng.byte() })
        let clip = PixelRect(minX: -40, minY: -40, maxX: 80, maxY: 80)
        for offset in [Point(x: 0, y: 0.3), Point(x: 0.7, y: 0), Point(x: 2, y: -3), Point(x: 0.4, y: 0.6)] {
            let whole = try #require(mask.shifted(by: offset, clip: clip))
            let b = whole.bounds
            let holes = [PixelRect(minX: b.minX, minY: b.minY + 2, maxX: b.minX + 7, maxY: b.minY + 6),
                         PixelRect(minX: b.maxX - 5, minY: b.minY, maxX: b.maxX, maxY: b.minY + 4),
                         PixelRect(minX: b.minX, minY: b.minY + 3, maxX: b.maxX, maxY: b.minY + 5)]
            for hole in holes {
                let holed = try #require(mask.shifted(by: offset, clip: clip, hole: hole))
                #expect(holed.bounds == b)
                var wrong = 0
                for y in b.minY..<b.maxY {
                    for x in b.minX..<b.maxX {
                        let inHole = x >= hole.minX && x < hole.maxX && y >= hole.minY && y < hole.maxY
                        if holed[x, y] != (inHole ? 0 : whole[x, y]) { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "offset \(offset), hole \(hole)")
            }
        }
    }

    @Test func nonFiniteOffsetsGiveNothing() {
        #expect(rectangle.shifted(by: Point(x: .nan, y: 0), clip: PixelRect(minX: 0, minY: 0, maxX: 100, maxY: 100)) == nil)
        #expect(rectangle.shifted(by: Point(x: 1e300, y: 0), clip: PixelRect(minX: 0, minY: 0, maxX: 100, maxY: 100)) == nil)
    }
}
