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

    /// The snapping's rounding without libm is `rounded()` bit for bit: halves away from zero, the
    /// sign of a zero kept, over the whole range a snapped coordinate can take (±2.56·10⁹ steps).
    @Test func snappingRoundsAsRoundedDoes() {
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                0.5000000000000001, -0.5000000000000001, 2.56e9, -2.56e9, 2.56e9 - 0.5, -2.56e9 + 0.5,
                                4503599627370495.5, -4503599627370495.5, 1e-300, -1e-300]
        var rng = SplitMix64(seed: 0x5A9)
        for _ in 0..<20000 {
            let whole = Double(Int64(rng.next() % 5_120_000_001) - 2_560_000_000)
            values.append(whole + Double(rng.below(8)) / 8)  // halves and quarters
            values.append(Double(bitPattern: rng.next()).truncatingRemainder(dividingBy: 2.56e9))
        }
        for x in values where x.isFinite {
            #expect(Rasterizer.roundedHalfAway(x).bitPattern == x.rounded().bitPattern, "\(x)")
        }
        for v in values.map({ $0 / 256 }) + [.infinity, -.infinity, .nan, 1e300, -1e300] {
            let reference: Double = v.isFinite ? (min(1e7, max(-1e7, v)) * 256).rounded() / 256 : (v > 0 ? 1e7 : -1e7)
            #expect(Rasterizer.snap(v).bitPattern == reference.bitPattern, "\(v)")
        }
    }

    /// The scan conversion's floor and ceiling without libm are `rounded(.down)` and `rounded(.up)`
    /// bit for bit on the coordinates they are given (0 to a canvas's width or height): whole
    /// numbers, the floats either side of them, Float's last fractions (2²³, 2²⁴) and random ones.
    @Test func floorAndCeilingWithoutLibmRoundAsRoundedDoes() {
        var values: [Float] = [0, 0.5, 1, 1.5, 8_388_607.5, 8_388_608, 16_777_216, 1e7, 33_554_432, 1e12,
                               .leastNonzeroMagnitude, .leastNormalMagnitude, Float(1).nextDown, Float(1).nextUp]
        var rng = SplitMix64(seed: 0xF100)
        for _ in 0..<20000 {
            let whole = Float(rng.below(1 << 22))
            values += [whole, whole.nextUp, whole.nextDown, whole + Float(rng.below(16)) / 16]
            values.append(Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()) & 0x4B7F_FFFF))  // below 2²⁴
        }
        for x in values where x >= 0 {
            #expect(Rasterizer.floorNonNegative(x).bitPattern == x.rounded(.down).bitPattern, "\(x)")
            #expect(Rasterizer.ceilNonNegative(x).bitPattern == x.rounded(.up).bitPattern, "\(x)")
        }
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
        let cache = CoverageCache()
        let snapped = square.map { $0.map(Rasterizer.snap) }
        let bounds = try #require(Rasterizer.boundingRect(snapped))
        let key = try #require(ShapeKey(snapped, bounds: bounds))
        _ = Rasterizer.coverage(of: square, clip: clip, cache: cache)
        _ = Rasterizer.coverage(of: Self.moved(square, 100, 200), clip: clip, cache: cache)
        #expect(cache.holds(key))
        // A small shape kept in the same shard leaves it there.
        var rng = SplitMix64(seed: 0xB16)
        while true {
            let small = Self.moved([Self.polygon(&rng)], 500.5, 400.75)
            let smallSnapped = small.map { $0.map(Rasterizer.snap) }
            let smallBounds = try #require(Rasterizer.boundingRect(smallSnapped))
            let smallKey = try #require(ShapeKey(smallSnapped, bounds: smallBounds))
            guard smallKey.digest >> 60 == key.digest >> 60 else { continue }
            _ = Rasterizer.coverage(of: small, clip: clip, cache: cache)
            _ = Rasterizer.coverage(of: small, clip: clip, cache: cache)
            #expect(cache.holds(smallKey))
            break
        }
        #expect(cache.holds(key))
        let third = Rasterizer.coverage(of: Self.moved(square, 300, 100), clip: clip, cache: cache)
        #expect(third == Self.direct(Self.moved(square, 300, 100), clip: clip))
    }

    @Test func aShapeAtTheSamePhaseIsNotScanConvertedAgain() throws {
        let shape = [[Point(x: 0.3, y: 0.1), Point(x: 40.7, y: 2.2), Point(x: 31.25, y: 28.9), Point(x: 3.5, y: 33.3)]]
        let clip = PixelRect(minX: 0, minY: 0, maxX: 1000, maxY: 1000)
        let cache = CoverageCache()
        // Kept the second time it is seen.
        let first = try #require(Rasterizer.coverage(of: Self.moved(shape, 500.5, 300.25), clip: clip, cache: cache))
        #expect(Rasterizer.coverage(of: Self.moved(shape, 10.5, 30.25), clip: clip, cache: cache)?.coverage == first.coverage)
        let before = cache.statistics
        let second = try #require(Rasterizer.coverage(of: Self.moved(shape, 617.5, 402.25), clip: clip, cache: cache))
        let after = cache.statistics
        #expect(after.hits == before.hits + 1)
        #expect(second.coverage == first.coverage)
        #expect(second.bounds == PixelRect(minX: first.bounds.minX + 117, minY: first.bounds.minY + 102,
                                           maxX: first.bounds.maxX + 117, maxY: first.bounds.maxY + 102))
        // Another phase is another shape, in either direction.
        let third = try #require(Rasterizer.coverage(of: Self.moved(shape, 617.75, 402.25), clip: clip, cache: cache))
        #expect(third.coverage != first.coverage)
        let fourth = try #require(Rasterizer.coverage(of: Self.moved(shape, 617.5, 402.5), clip: clip, cache: cache))
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

    /// `count` 100 × 100 squares at distinct sub-pixel phases (each a distinct shape of about 10 KB).
    static func squares(_ count: Int, size: Double = 100) -> [[[Point]]] {
        (0..<count).map { i in
            let o = Double(i + 1) / 256
            return [[Point(x: 10 + o, y: 10), Point(x: 10 + o + size, y: 10), Point(x: 10 + o + size, y: 10 + size), Point(x: 10 + o, y: 10 + size)]]
        }
    }

    @Test func aLoopSlightlyLargerThanTheBudgetStillHitsMostOfItsShapes() {
        // 20 shapes of ~10 KB against a budget of 15 of them, drawn in a loop: emptying the cache
        // whenever it filled dropped every shape before it came round again (no hits at all).
        let shapes = Self.squares(20)
        let cache = CoverageCache(capacity: 15 * 10_400)
        let clip = PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 200)
        for _ in 0..<3 { for s in shapes { _ = Rasterizer.coverage(of: s, clip: clip, cache: cache) } }
        let before = cache.statistics
        for s in shapes { #expect(Rasterizer.coverage(of: s, clip: clip, cache: cache) == Self.direct(s, clip: clip)) }
        let after = cache.statistics
        #expect(after.lookups - before.lookups == 20)
        #expect(after.hits - before.hits >= 14)
    }

    @Test func aFullCacheWhoseShapesStopComingBackIsEmptiedForNewOnes() throws {
        let old = Self.squares(15)
        let new = Self.squares(40).suffix(10).map { $0 }
        let cache = CoverageCache(capacity: 15 * 10_400)
        let clip = PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 200)
        for _ in 0..<3 { for s in old { _ = Rasterizer.coverage(of: s, clip: clip, cache: cache) } }
        let snapped = new[0].map { $0.map(Rasterizer.snap) }
        let bounds = try #require(Rasterizer.boundingRect(snapped))
        let key = try #require(ShapeKey(snapped, bounds: bounds))
        // Full of the old shapes: a new shape seen twice is not kept while the old ones pay...
        for s in old.prefix(2) + new.prefix(1) + new.prefix(1) { _ = Rasterizer.coverage(of: s, clip: clip, cache: cache) }
        #expect(!cache.holds(key))
        // ...but once a review period of lookups mostly misses, the cache starts again.
        for _ in 0..<(CacheBudget.reviewPeriod / new.count + 3) {
            for s in new { #expect(Rasterizer.coverage(of: s, clip: clip, cache: cache) == Self.direct(s, clip: clip)) }
        }
        #expect(cache.holds(key))
        let before = cache.statistics
        for s in new { _ = Rasterizer.coverage(of: s, clip: clip, cache: cache) }
        #expect(cache.statistics.hits - before.hits == new.count)
    }
}
