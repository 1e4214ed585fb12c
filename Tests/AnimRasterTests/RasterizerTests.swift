import AnimGeometry
import AnimRaster
import Testing

/// Coverage checked by measurement: areas against geometry, edges against hand-computed values.
struct RasterizerTests {
    let clip = PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 200)

    func square(centre c: Point, side s: Double, angle a: Double) -> [Point] {
        let h = s / 2
        return [(-h, -h), (h, -h), (h, h), (-h, h)].map { (x, y) in
            Point(x: c.x + x * cosine(a) - y * sine(a), y: c.y + x * sine(a) + y * cosine(a))
        }
    }

    @Test func rotatedSquareCoversItsArea() throws {
        for angle in [0.0, 0.1, Double.pi / 6, Double.pi / 4, 1.0] {
            let mask = try #require(Rasterizer.coverage(of: [square(centre: Point(x: 100.3, y: 99.7), side: 60, angle: angle)], clip: clip))
            // 8-bit rounding of each edge pixel bounds the error by half a level per pixel on the outline.
            let edgePixels = 4 * 60 * 1.5
            #expect(abs(mask.area - 3600) <= edgePixels * 0.5 / 255, "angle \(angle): \(mask.area)")
        }
    }

    @Test func halfPixelEdgesGiveHalfCoverage() throws {
        let rect = [Point(x: 10.5, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 20), Point(x: 10.5, y: 20)]
        let mask = try #require(Rasterizer.coverage(of: [rect], clip: clip))
        #expect(mask[10, 15] == 128)
        #expect(mask[11, 15] == 255)
        #expect(mask[19, 15] == 255)
        #expect(mask[20, 15] == 0)
        #expect(mask[9, 15] == 0)
    }

    @Test func windingDirectionDoesNotMatter() throws {
        let s = square(centre: Point(x: 50, y: 50), side: 30, angle: 0.3)
        let a = try #require(Rasterizer.coverage(of: [s], clip: clip))
        let b = try #require(Rasterizer.coverage(of: [s.reversed()], clip: clip))
        #expect(a == b)
    }

    @Test func ringWithReversedHoleCoversTheDifference() throws {
        let outer = square(centre: Point(x: 100, y: 100), side: 80, angle: 0)
        let inner = square(centre: Point(x: 100, y: 100), side: 40, angle: 0)
        let mask = try #require(Rasterizer.coverage(of: [outer, inner.reversed()], clip: clip))
        #expect(abs(mask.area - (6400 - 1600)) < 1e-9)
        #expect(mask[100, 100] == 0)
    }

    @Test func shapesCutByTheClipKeepTheirVisiblePart() throws {
        // A square half off the left and top edges: only the visible quarter counts.
        let s = square(centre: Point(x: 0, y: 0), side: 40, angle: 0)
        let mask = try #require(Rasterizer.coverage(of: [s], clip: clip))
        #expect(abs(mask.area - 400) < 1e-9)
        #expect(mask[0, 0] == 255 && mask[19, 19] == 255)
        // A triangle that crosses the left edge diagonally: the part with x ≥ 0 has area
        // ∫₀²⁰ (x + 20) dx = 600; rounding adds at most half a level per pixel on the diagonal.
        let tri = [Point(x: -20, y: 10), Point(x: 20, y: 10), Point(x: 20, y: 50)]
        let t = try #require(Rasterizer.coverage(of: [tri], clip: clip))
        #expect(abs(t.area - 600) <= 20 * 3 * 0.5 / 255)
    }

    @Test func circleAreaWithinFlatteningError() throws {
        let r = 40.0, n = RoundedRect.segmentsPerQuarter(radiusPixels: r)
        let contour = RoundedRect.contour(Rect(x: 60, y: 60, width: 80, height: 80), radius: r, segmentsPerQuarter: n)
        let mask = try #require(Rasterizer.coverage(of: [contour], clip: clip))
        // Flattening loses at most 1/8 px along the circumference; rounding adds half a level per edge pixel.
        let bound = 2 * Double.pi * r * (0.125 + 0.5 / 255)
        #expect(abs(mask.area - Double.pi * r * r) <= bound)
    }

    @Test func nothingCoveredGivesNil() {
        #expect(Rasterizer.coverage(of: [square(centre: Point(x: -100, y: -100), side: 10, angle: 0)], clip: clip) == nil)
        #expect(Rasterizer.coverage(of: [[Point(x: 1, y: 1), Point(x: 5, y: 5)]], clip: clip) == nil)
    }

    @Test func hugeAndNonFiniteCoordinatesDoNotCrash() {
        let wild = [Point(x: -1e30, y: 5), Point(x: 1e30, y: 5), Point(x: .infinity, y: .nan), Point(x: 3, y: 1e300)]
        _ = Rasterizer.coverage(of: [wild], clip: clip)
    }
}
