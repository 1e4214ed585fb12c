import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// Past its budget of exact work the sweep finishes in coarse bands (WindingSweep+Coarse.swift):
/// its work stays bounded however many edges cross, and its coverage stays near the exact one.
struct CoarseSweepTests {
    let clip = PixelRect(minX: -2, minY: 0, maxX: 66, maxY: 64)

    /// The outline of a closed polyline through `count` random points of a 64 × 64 square, stroked 2 wide.
    func zigzag(_ count: Int, seed: UInt64) -> [[Point]] {
        var r = SplitMix64(seed: seed)
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        for _ in 0..<count { path.line(to: Point(x: Double(r.below(64 * 256)) / 256, y: Double(r.below(64 * 256)) / 256)) }
        path.close()
        return Stroker.stroke(path, style: StrokeStyle(lineWidth: 2), tolerance: 0.125)
    }

    func sweep(_ contours: [[Point]], exactWork: Int) -> WindingSweep {
        let snapped = contours.map { $0.map(Rasterizer.snap) }.filter { $0.count >= 3 }
        var sweep = WindingSweep(contours: snapped, top: 0, bottom: 64, rule: .nonZero)
        sweep.exactWorkLeft = exactWork
        sweep.run { _, _ in }
        return sweep
    }

    @Test func theWorkIsBoundedHoweverManyEdgesCross() {
        // 8,000 random lines: about 32,000 edges, millions of crossings, a vertex at nearly every
        // 1/256 px. Exactly, the sweep would visit tens of thousands of edges at each of 16,000 heights.
        let s = sweep(zigzag(8000, seed: 3), exactWork: WindingSweep.exactWork)
        #expect(s.edges.count > 30000)
        #expect(s.visited + s.sortWork <= 2 * (WindingSweep.exactWork + WindingSweep.coarseWork))
    }

    @Test func coarseBandsStayNearTheExactCoverage() {
        for seed in 1...3 as ClosedRange<UInt64> {
            let contours = zigzag(150, seed: seed)
            let exact = Rasterizer.coverage(of: contours, clip: clip, rule: .nonZero, exactWork: .max)
            let coarse = Rasterizer.coverage(of: contours, clip: clip, rule: .nonZero, exactWork: 0)
            #expect(exact?.bounds == coarse?.bounds)
            let levels = zip(exact?.coverage ?? [], coarse?.coverage ?? []).map { abs(Int($0) - Int($1)) }
            #expect(levels.max() ?? 0 <= 2)
        }
    }

    @Test func coincidentEdgesMergeIntoOneWithTheirWindingsSummed() {
        let down = WindingSweep.Edge(Point(x: 0, y: 0), Point(x: 5, y: 10))
        let up = WindingSweep.Edge(Point(x: 5, y: 10), Point(x: 0, y: 0))
        let other = WindingSweep.Edge(Point(x: 1, y: 0), Point(x: 5, y: 10))
        let merged = WindingSweep.merged([down, other, down, up, down])
        #expect(merged.count == 2)
        #expect(merged.map(\.winding).sorted() == [1, 2])
        #expect(WindingSweep.merged([down, up]).isEmpty)
    }
}
