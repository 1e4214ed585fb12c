import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// The sweep's active edges are re-sorted at every band. By insertion alone that cost one move per
/// pair of edges out of order, and bundles of coincident edges crossing each other (a zigzag drawn
/// over itself hundreds of times) put k² pairs out of order at each crossing: a 32,000-segment
/// stroke took 8 s a frame. Insertion now gives up after as many moves as there are edges and the
/// standard library's stable sort finishes, which must give the same order.
struct SweepSortTests {
    typealias Active = WindingSweep.Active

    /// Active edges whose tops and bottoms take few values, so that many tie, in a shuffled order.
    func actives(_ count: Int, seed: UInt64) -> [Active] {
        var r = SplitMix64(seed: seed)
        let edge = WindingSweep.Edge(Point(x: 0, y: 0), Point(x: 1, y: 1))
        return (0..<count).map { i in
            var a = Active(edge: i, of: edge, since: 0, direction: 0)
            a.xTop = Double(r.below(8))
            a.xBottom = Double(r.below(4))
            return a
        }
    }

    @Test func givingUpOnInsertionLeavesTheSameOrder() {
        for seed in 1...20 as ClosedRange<UInt64> {
            var byInsertion = actives(500, seed: seed), finished = byInsertion
            let moves = byInsertion.withUnsafeMutableBufferPointer { WindingSweep.insertionSort($0, moves: .max) }
            #expect(moves != nil)
            let gaveUp = finished.withUnsafeMutableBufferPointer { WindingSweep.insertionSort($0, moves: 50) }
            #expect(gaveUp == nil)
            finished.sort { $0.precedes($1) }
            #expect(finished.map(\.edge) == byInsertion.map(\.edge))
        }
    }

    /// `copies` copies of two triangles whose long edges cross at (32, 32).
    func crossingBundles(_ copies: Int) -> [[Point]] {
        let a = [Point(x: 0, y: 0), Point(x: 64, y: 64), Point(x: 64, y: 0)]
        let b = [Point(x: 64, y: 0), Point(x: 0, y: 64), Point(x: 0, y: 0)]
        return [[Point]](repeating: a, count: copies) + [[Point]](repeating: b, count: copies)
    }

    @Test func crossingBundlesCostSortingAboutAsMuchAsVisiting() {
        var sweep = WindingSweep(contours: crossingBundles(400), top: 0, bottom: 64, rule: .nonZero)
        sweep.run { _, _ in }
        // By insertion alone: 400 × 400 moves where the bundles cross, against a few visits of 1,600 edges.
        #expect(sweep.sortWork <= 4 * sweep.visited)
        let clip = PixelRect(minX: 0, minY: 0, maxX: 64, maxY: 64)
        let once = Rasterizer.coverage(of: crossingBundles(1), clip: clip, rule: .nonZero)
        let many = Rasterizer.coverage(of: crossingBundles(400), clip: clip, rule: .nonZero)
        #expect(once?.bounds == many?.bounds)
        let levels = zip(once?.coverage ?? [], many?.coverage ?? []).map { abs(Int($0) - Int($1)) }
        #expect(levels.max() ?? 0 <= 1)
    }

    /// The review's stroke_4000: 4,000 lines zigzagging over a 64 × 64 layer, the same 64 over and
    /// over, stroked 2 wide (each line's two sides are bundles of 62 coincident edges).
    @Test func aZigzagStrokeCostsSortingLessThanVisiting() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        for k in 0..<4000 { path.line(to: Point(x: Double((37 * k) % 64), y: Double((27 * k) % 64))) }
        path.close()
        let outline = Stroker.stroke(path, style: StrokeStyle(lineWidth: 2), tolerance: 0.125)
        let snapped = outline.map { $0.map(Rasterizer.snap) }.filter { $0.count >= 3 }
        var sweep = WindingSweep(contours: snapped, top: 0, bottom: 64, rule: .nonZero)
        sweep.run { _, _ in }
        // By insertion alone the moves were three times the visits here, and grew with the square
        // of the segments (30 million for 4,000, 119 million for 8,000).
        #expect(sweep.visited > 1_000_000)
        #expect(sweep.sortWork <= 2 * sweep.visited)
    }
}
