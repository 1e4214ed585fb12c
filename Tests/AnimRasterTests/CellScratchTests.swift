import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// Scan conversion reuses one zeroed signed-area buffer per thread (``CellScratch``): resolving
/// must leave every cell it used at ±0, or the next shape on that thread would start from the last
/// one's residue.
struct CellScratchTests {
    /// Every cell of the thread's kept buffer, which the last scan conversion gave back.
    static func keptCellsAreZero(atLeast count: Int) -> Bool {
        let cells = CellScratch.take(count: count)
        defer { CellScratch.give(cells) }
        return cells.allSatisfy { $0.bitPattern & 0x7FFF_FFFF == 0 }
    }

    @Test func resolvingLeavesTheBufferZeroAndReuseChangesNoCoverage() {
        var rng = SplitMix64(seed: 0x5C2A)
        let clip = PixelRect(minX: 0, minY: 0, maxX: 900, maxY: 700)
        // The largest shape first, so the smaller ones draw into the front of its buffer.
        let large = CoverageCacheTests.moved([CoverageCacheTests.polygon(&rng).map { Point(x: $0.x * 6, y: $0.y * 6) }], 450.3, 350.6)
        let first = CoverageCacheTests.direct(large, clip: clip)
        #expect(first != nil)
        #expect(Self.keptCellsAreZero(atLeast: 1))
        for _ in 0..<200 {
            // Polygons, rings and shapes cut by the clip (edges spilling into the right column).
            var shape = [CoverageCacheTests.polygon(&rng)]
            if rng.below(3) == 0 { shape.append(CoverageCacheTests.polygon(&rng).reversed()) }
            let moved = CoverageCacheTests.moved(shape, Double(rng.below(950)) + 0.37, Double(rng.below(750)) + 0.81)
            let reused = CoverageCacheTests.direct(moved, clip: clip)
            // The same shape from a new, zero-filled buffer: the kept one taken out meanwhile.
            let kept = CellScratch.take(count: 0)
            let fresh = CoverageCacheTests.direct(moved, clip: clip)
            CellScratch.give(kept)
            #expect(reused == fresh)
            #expect(Self.keptCellsAreZero(atLeast: 1))
        }
        #expect(CoverageCacheTests.direct(large, clip: clip) == first)
    }
}
