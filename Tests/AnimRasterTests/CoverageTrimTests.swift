import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// `CoverageMask.trimmed()` drops the zero rows and columns at the edges and nothing else.
struct CoverageTrimTests {
    @Test func trimmingKeepsEveryValueWithinTightBounds() throws {
        var rng = SplitMix64(seed: 0x7219)
        for _ in 0..<300 {
            let w = 1 + rng.below(30), h = 1 + rng.below(20)
            var values = [UInt8](repeating: 0, count: w * h)
            for _ in 0..<rng.below(6) { values[rng.below(w * h)] = UInt8(1 + rng.below(255)) }
            let mask = CoverageMask(bounds: PixelRect(minX: rng.below(20) - 10, minY: rng.below(20) - 10, maxX: 0, maxY: 0).sized(w, h),
                                    coverage: values)
            guard let trimmed = mask.trimmed() else {
                #expect(values.allSatisfy { $0 == 0 })
                continue
            }
            for y in mask.bounds.minY - 1...mask.bounds.maxY {
                for x in mask.bounds.minX - 1...mask.bounds.maxX { #expect(trimmed[x, y] == mask[x, y]) }
            }
            let b = trimmed.bounds
            let edges = [(b.minX, b.minY..<b.maxY, true), (b.maxX - 1, b.minY..<b.maxY, true),
                         (b.minY, b.minX..<b.maxX, false), (b.maxY - 1, b.minX..<b.maxX, false)]
            for (at, along, isColumn) in edges {
                #expect(along.contains { isColumn ? trimmed[at, $0] != 0 : trimmed[$0, at] != 0 }, "a zero edge in \(b)")
            }
        }
    }
}

private extension PixelRect {
    func sized(_ w: Int, _ h: Int) -> PixelRect { PixelRect(minX: minX, minY: minY, maxX: minX + w, maxY: minY + h) }
}
