import AnimGeometry
import Foundation
@testable import AnimRaster
import AnimTestRandom
import Testing

/// `Rasterizer.coverage(of:clip:)` through ``CoverageCache``: a shape drawn again at another whole
/// pixel (or the same phase) reuses the first coverage, and that must be exactly what scan
/// conversion at the new position gives.
struct CoverageCacheTests {
    /// A random star-shaped polygon (possibly concave), with vertices off the 1/256 grid.
    static func polygon(_ rng: inout SplitMix64) -> [Point] {
        let count = 3 + rng.below(14)
        let radius = 2 + Double(rng.below(60)) + Double(rng.byte()) / 255
        return (0..<count).map { i in
            let angle = 2 * Double.pi * (Double(i) + Double(rng.byte()) / 300) / Double(count)
            let r = radius * (0.3 + 0.7 * Double(rng.byte()) / 255)
            return Point(x: r * cos(angle) + Double(rng.next() % 1000) / 997, y: r * sin(angle) + Double(rng.next() % 1000) / 991)
        }
    }

    static func moved(_ contours: [[Point]], _ dx: Double, _ dy: Double) -> [[Point]] {
        contours.map { $0.map { Point(x: $0.x + dx, y: $0.y + dy) } }
    }

    /// The uncached path: snapping and scan conversion at the shape's own position.
    static func direct(_ contours: [[Point]], clip: PixelRect) -> CoverageMask? {
        let snapped = contours.map { $0.map(Rasterizer.snap) }.filter { $0.count >= 3 }
        guard let whole = Rasterizer.boundingRect(snapped) else { return nil }
        let bounds = whole.intersection(clip)
        return bounds.isEmpty ? nil : Rasterizer.scanConvert(snapped, bounds: bounds)
    }

    @Test func shapesMovedByWholePixelsMatchScanConversionInPlace() {
        var rng = SplitMix64(seed: 0xC0FE)
        let clip = PixelRect(minX: 0, minY: 0, maxX: 2000, maxY: 1500)
        for _ in 0..<300 {
            // A polygon or a ring, placed at two sub-pixel phases (equal in x, in y, or both by chance).
            var shape = [Self.polygon(&rng)]
            if rng.below(3) == 0 { shape.append(Self.polygon(&rng).reversed()) }
            let phases = (0..<2).map { _ in (Double(rng.below(256)) / 256, Double(rng.below(256)) / 256) }
            for i in 0..<6 {
                let phase = i % 3 == 2 ? (phases[0].0, phases[1].1) : phases[i % 2]
                let dx = Double(100 + rng.below(1700)) + phase.0, dy = Double(100 + rng.below(1200)) + phase.1
                let contours = Self.moved(shape, dx, dy)
                #expect(Rasterizer.coverage(of: contours, clip: clip) == Self.direct(contours, clip: clip))
            }
        }
    }

    @Test func aShapeLargerThanASixteenthOfTheCacheIsKeptToo() throws {
        // 1700 × 1500 px of coverage (2.5 MB, more than one shard's share of 32 MB): kept on its
        // second sighting like any shape, since the shards share one byte budget.
        let square = [[Point(x: 0.5, y: 0.25), Point(x: 1700.5, y: 0.25), Point(x: 1700.5, y: 1500.25), Point(x: 0.5, y: 1500.25)]]
        let clip = PixelRect(minX: 0, minY: 0, maxX: 4000, maxY: 3000)
        let snapped = square.map { $0.map(Rasterizer.snap) }
        let bounds = try #require(Rasterizer.boundingRect(snapped))
        let key = try #require(ShapeKey(snapped, bounds: bounds))
        _ = Rasterizer.coverage(of: square, clip: clip)
        _ = Rasterizer.coverage(of: Self.moved(square, 100, 200), clip: clip)
        #expect(CoverageCache.shared.holds(key))
        // A small shape kept in the same shard leaves it there.
        var rng = SplitMix64(seed: 0xB16)
        while true {
            let small = Self.moved([Self.polygon(&rng)], 500.5, 400.75)
            let smallSnapped = small.map { $0.map(Rasterizer.snap) }
            let smallBounds = try #require(Rasterizer.boundingRect(smallSnapped))
            let smallKey = try #require(ShapeKey(smallSnapped, bounds: smallBounds))
            guard smallKey.digest >> 60 == key.digest >> 60 else { continue }
            _ = Rasterizer.coverage(of: small, clip: clip)
            _ = Rasterizer.coverage(of: small, clip: clip)
            #expect(CoverageCache.shared.holds(smallKey))
            break
        }
        #expect(CoverageCache.shared.holds(key))
        let third = Rasterizer.coverage(of: Self.moved(square, 300, 100), clip: clip)
        #expect(third == Self.direct(Self.moved(square, 300, 100), clip: clip))
    }

    @Test func aShapeAtTheSamePhaseIsNotScanConvertedAgain() throws {
        let shape = [[Point(x: 0.3, y: 0.1), Point(x: 40.7, y: 2.2), Point(x: 31.25, y: 28.9), Point(x: 3.5, y: 33.3)]]
        let clip = PixelRect(minX: 0, minY: 0, maxX: 1000, maxY: 1000)
        // Kept the second time it is seen.
        let first = try #require(Rasterizer.coverage(of: Self.moved(shape, 500.5, 300.25), clip: clip))
        #expect(Rasterizer.coverage(of: Self.moved(shape, 10.5, 30.25), clip: clip)?.coverage == first.coverage)
        let before = CoverageCache.shared.statistics
        let second = try #require(Rasterizer.coverage(of: Self.moved(shape, 617.5, 402.25), clip: clip))
        let after = CoverageCache.shared.statistics
        // Other tests may run at the same time: at least this lookup hit.
        #expect(after.hits > before.hits)
        #expect(second.coverage == first.coverage)
        #expect(second.bounds == PixelRect(minX: first.bounds.minX + 117, minY: first.bounds.minY + 102,
                                           maxX: first.bounds.maxX + 117, maxY: first.bounds.maxY + 102))
        // Another phase is another shape, in either direction.
        let third = try #require(Rasterizer.coverage(of: Self.moved(shape, 617.75, 402.25), clip: clip))
        #expect(third.coverage != first.coverage)
        let fourth = try #require(Rasterizer.coverage(of: Self.moved(shape, 617.5, 402.5), clip: clip))
        #expect(fourth.coverage != first.coverage)
    }

    @Test func shapesCutByTheClipAreScanConvertedInPlace() {
        let shape = [[Point(x: -10.3, y: 5.1), Point(x: 40.7, y: 2.2), Point(x: 31.25, y: 28.9)]]
        let clip = PixelRect(minX: 0, minY: 0, maxX: 100, maxY: 100)
        for dx in [0.0, 1, 2, 50, 70, 71] {
            let contours = Self.moved(shape, dx, 0)
            #expect(Rasterizer.coverage(of: contours, clip: clip) == Self.direct(contours, clip: clip))
        }
    }
}
