@testable import AnimGeometry
import Testing

/// The curves of one path share at most `ChordBudget.limit` chords: a path of 40,000 cubics whose
/// control points lie 10⁷ pt away asked for 4096 chords each (164 million points, 5.2 GB for one
/// 64 × 64 frame); ordinary paths keep Wang's count for every curve.
struct ChordBudgetTests {
    /// `count` cubics from (32, 32) round points 10⁷ away and back (the review's curves_40000).
    static func farCurves(_ count: Int) -> Path {
        var path = Path()
        path.move(to: Point(x: 32, y: 32))
        for _ in 0..<count {
            path.cubic(to: Point(x: 32, y: 32), control1: Point(x: 1e7, y: -1e7), control2: Point(x: -1e7, y: 1e7))
        }
        return path
    }

    @Test func withinTheLimitEveryCurveKeepsItsCount() {
        let budget = ChordBudget(requested: ChordBudget.limit, curves: 256)
        #expect(budget.isWithinLimit)
        #expect([1, 7, 4096].map(budget.chords) == [1, 7, 4096])
        // 255 far curves ask for 4096 chords each, within 2²⁰: all of them, as before.
        let path = Self.farCurves(255)
        #expect(path.chordBudget(tolerance: 0.125).requested == 255 * 4096)
        #expect(path.flattened(tolerance: 0.125)[0].count == 1 + 255 * 4096)
    }

    @Test func pastTheLimitCountsShrinkInProportionAndSumWithinIt() {
        let asked = [1, 2, 3, 100, 4096, 4096, 777, 1, 50] + [Int](repeating: 4096, count: 600)
        let budget = ChordBudget(requested: asked.reduce(0, +), curves: asked.count)
        #expect(!budget.isWithinLimit)
        let given = asked.map(budget.chords)
        #expect(given.reduce(0, +) <= ChordBudget.limit)
        #expect(zip(asked, given).allSatisfy { n, k in k >= 1 && k <= n })
        #expect(given[0] == 1 && given[4] == given[5] && given[4] > given[3])
        // More curves than the limit: one chord each.
        #expect(ChordBudget(requested: 4 * ChordBudget.limit, curves: ChordBudget.limit + 1).chords(4096) == 1)
    }

    @Test func anAbsurdPathFlattensIntoAtMostTheBudget() {
        let path = Self.farCurves(40_000)
        let polylines = path.flattened(tolerance: 0.125)
        let points = polylines.reduce(0) { $0 + $1.count }
        #expect(points <= 1 + ChordBudget.limit)
        #expect(points > ChordBudget.limit / 2)
        #expect(polylines[0].allSatisfy { $0.x.isFinite && $0.y.isFinite })
        #expect(polylines[0].last == Point(x: 32, y: 32))
        #expect(path.flattened(tolerance: 0.125) == polylines)
    }

    @Test func anAbsurdPathsStrokeCentreLineStaysWithinTheBudget() {
        let lines = Self.farCurves(40_000).strokePolylines(tolerance: 0.125, halfWidth: 1)
        #expect(lines.reduce(0) { $0 + $1.points.count } <= 1 + ChordBudget.limit)
        let outline = Stroker.stroke(Self.farCurves(40_000), style: StrokeStyle(lineWidth: 2), tolerance: 0.125)
        // Each centre-line vertex gives the outline a handful of points (two sides, a round join).
        #expect(outline.reduce(0) { $0 + $1.count } <= 8 * (ChordBudget.limit + 1))
    }
}
