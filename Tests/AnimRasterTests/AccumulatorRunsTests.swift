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
}
