import AnimGeometry
@testable import AnimRaster
import CPixelStores
import AnimTestRandom
import Testing

/// `Accumulator.resolve` copies the running coverage over runs of cells without an edge (8 and 32
/// cells a test) instead of adding them: on the same cells, every byte must equal the plain
/// prefix sum, cell by cell, whatever the runs' lengths and phases.
struct AccumulatorRunsTests {
    /// Rows of the plain prefix sum over `cells` (`width + 1` cells a row), rounded as resolve rounds.
    static func reference(_ cells: [Float], width: Int, height: Int) -> [UInt8] {
        var out: [UInt8] = []
        for row in 0..<height {
            var sum: Float = 0
            for x in 0..<width {
                sum += cells[row * (width + 1) + x]
                out.append(UInt8(min(1, abs(sum)) * 255 + 0.5))
            }
        }
        return out
    }

    /// A quadrilateral near the axis-aligned rectangle x0..<x1 × y0..<y1, its corners nudged by up
    /// to `tilt` pixels (0: an exact rectangle, long runs inside and between).
    static func quad(_ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, tilt: Double,
                     _ rng: inout SplitMix64) -> [Point] {
        func nudge() -> Double { tilt * (Double(rng.below(2001)) / 1000 - 1) }
        return [Point(x: x0 + nudge(), y: y0 + nudge()), Point(x: x1 + nudge(), y: y0 + nudge()),
                Point(x: x1 + nudge(), y: y1 + nudge()), Point(x: x0 + nudge(), y: y1 + nudge())]
    }

    @Test func runsOfEmptyCellsResolveAsThePlainPrefixSum() throws {
        var rng = SplitMix64(seed: 0xACC0)
        for round in 0..<300 {
            let width = 1 + rng.below(300), height = 1 + rng.below(12)
            var acc = Accumulator(bounds: PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
            for _ in 0..<(1 + rng.below(4)) {
                let a = Double(rng.below(width * 8)) / 8, b = Double(rng.below(width * 8)) / 8
                let q = Self.quad(min(a, b), max(a, b) + 0.5, -1, Double(height) + 1,
                                  tilt: rng.pick([0, 0, 0.4, 3]), &rng)
                for k in 0..<4 { acc.addEdge(q[k], q[(k + 1) % 4]) }
            }
            let expected = Self.reference(acc.cells, width: width, height: height)
            let coverage = acc.resolve()?.coverage ?? [UInt8](repeating: 0, count: width * height)
            #expect(coverage == expected, "round \(round), width \(width)")
            if coverage != expected { return }
        }
    }

    /// The row resolve on arbitrary cells, not only a shape's: ±0, values below a level, sums past
    /// 1 and below −1, runs of zeros of every length and phase, rows of every width up to 70
    /// (the last cells that do not fill four). Every byte is the plain prefix sum's, every cell
    /// and the spill column are zero again, and the result says whether any byte is not zero.
    @Test func rowsOfAnyCellsResolveAsThePlainPrefixSum() {
        var rng = SplitMix64(seed: 0x4E50)
        let values: [Float] = [0, -0.0, 1, -1, 0.5, -0.25, 1e-3, -1e-3, 1e-8, 0.75, 3, -2, 0.001_953_125, 1.0 / 510]
        for round in 0..<4000 {
            let width = rng.below(71)
            var cells = [Float](repeating: 0, count: width + 1)
            var x = 0
            while x < width {
                if rng.below(3) == 0 {
                    x += rng.below(40)  // a run of zeros
                } else {
                    cells[x] = rng.below(4) == 0 ? Float(Double(rng.below(2001)) / 1000 - 1) : rng.pick(values)
                    x += 1
                }
            }
            cells[width] = rng.pick(values)  // the spill column, never read
            let expected = Self.reference(cells, width: width, height: 1)
            var coverage = [UInt8](repeating: 0xAB, count: width)
            let any = cells.withUnsafeMutableBufferPointer { c in
                coverage.withUnsafeMutableBufferPointer { animrender_resolve_row(c.baseAddress!, $0.baseAddress!, width) }
            }
            #expect(coverage == expected, "round \(round), width \(width)")
            #expect((any != 0) == expected.contains { $0 != 0 }, "round \(round)")
            #expect(cells.allSatisfy { $0 == 0 }, "round \(round)")
            if coverage != expected { return }
        }
    }

    /// A vertical line's whole rows add two values worked out once: the same cells, value for
    /// value, as working them out row by row, for lines at whole and fractional x (on the
    /// borders too), up or down, one to many rows, clipped above and below, among sloped edges.
    @Test func verticalLinesAddWhatTheRowByRowSpanAdds() {
        var rng = SplitMix64(seed: 0x7E27)
        for round in 0..<1500 {
            let width = 1 + rng.below(80), height = 1 + rng.below(60)
            let bounds = PixelRect(minX: 0, minY: 0, maxX: width, maxY: height)
            var runs = Accumulator(bounds: bounds), rows = Accumulator(bounds: bounds, verticalRuns: false)
            func coordinate(_ extent: Int) -> Double {
                switch rng.below(4) {
                case 0: Double(rng.below(extent + 1))
                case 1: Double(rng.below(256 * extent + 1)) / 256
                case 2: Double(rng.below(1000 * (extent + 10))) / 1000 - 5
                default: Double(rng.below(4 * extent + 1)) / 4
                }
            }
            for _ in 0..<(1 + rng.below(6)) {
                let x = coordinate(width), y0 = coordinate(height), y1 = coordinate(height)
                let x1 = rng.below(4) == 0 ? coordinate(width) : x
                for acc in [0, 1] {
                    if acc == 0 { runs.addEdge(Point(x: x, y: y0), Point(x: x1, y: y1)) } else {
                        rows.addEdge(Point(x: x, y: y0), Point(x: x1, y: y1))
                    }
                }
            }
            // The scratch cells may run past (width + 1) · height.
            let n = (width + 1) * height
            #expect(runs.cells[..<n] == rows.cells[..<n], "round \(round)")
            let a = runs.resolve()?.coverage, b = rows.resolve()?.coverage
            #expect(a == b, "round \(round)")
            if a != b { return }
        }
    }
}
