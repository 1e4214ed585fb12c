import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// `Rasterizer.coverage(of:clip:rule:)` on self-intersecting and overlapping polygons, checked
/// against simple polygons with the same region and against an independent scanline integration.
struct FillRuleTests {
    let clip = PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 200)

    /// Regular pentagram points (outer radius R) and the inner pentagon where its edges cross.
    func pentagram(centre c: Point, radius R: Double) -> (star: [Point], outline: [Point], pentagon: [Point]) {
        func at(_ degrees: Double, _ r: Double) -> Point {
            let a = degrees * Double.pi / 180
            return Point(x: c.x + r * cosine(a), y: c.y + r * sine(a))
        }
        let r = R * cosine(72 * Double.pi / 180) / cosine(36 * Double.pi / 180)
        let outer = (0..<5).map { at(-90 + 72 * Double($0), R) }
        let inner = (0..<5).map { at(-54 + 72 * Double($0), r) }
        let star = [0, 2, 4, 1, 3].map { outer[$0] }
        let outline = (0..<5).flatMap { [outer[$0], inner[$0]] }
        return (star, outline, inner)
    }

    func maxDifference(_ a: CoverageMask?, _ b: CoverageMask?) -> Int {
        var worst = 0
        for y in clip.minY..<clip.maxY {
            for x in clip.minX..<clip.maxX {
                worst = max(worst, abs(Int(a?[x, y] ?? 0) - Int(b?[x, y] ?? 0)))
            }
        }
        return worst
    }

    @Test func pentagramNonZeroIsTheWholeStar() throws {
        let p = pentagram(centre: Point(x: 100.3, y: 101.7), radius: 80)
        let swept = Rasterizer.coverage(of: [p.star], clip: clip, rule: .nonZero)
        let simple = Rasterizer.coverage(of: [p.outline], clip: clip)
        // The crossing points are exact in the sweep but snapped to 1/256 px in the simple outline.
        #expect(maxDifference(swept, simple) <= 1)
        let mask = try #require(swept)
        #expect(mask[100, 102] == 255)
    }

    @Test func pentagramEvenOddHasAHole() throws {
        let p = pentagram(centre: Point(x: 100.3, y: 101.7), radius: 80)
        let swept = Rasterizer.coverage(of: [p.star], clip: clip, rule: .evenOdd)
        let simple = Rasterizer.coverage(of: [p.outline, p.pentagon.reversed()], clip: clip)
        #expect(maxDifference(swept, simple) <= 1)
        let mask = try #require(swept)
        #expect(mask[100, 102] == 0)
        // Area: ten triangles (R, r, 36°) minus the pentagon (five triangles r, r, 72°).
        let R = 80.0, r = R * cosine(72 * Double.pi / 180) / cosine(36 * Double.pi / 180)
        let expected = 5 * R * r * sine(36 * Double.pi / 180) - 2.5 * r * r * sine(72 * Double.pi / 180)
        #expect(abs(mask.area - expected) <= 20 * 80 * 0.5 / 255)
    }

    @Test func overlappingSquaresOfOneWindingUnite() throws {
        let a = rect(20.25, 30.5, 60, 60), b = rect(50.75, 61, 60, 60)
        let swept = Rasterizer.coverage(of: [a, b], clip: clip, rule: .nonZero)
        // The union as one simple outline (both squares clockwise on screen).
        let union = [Point(x: 20.25, y: 30.5), Point(x: 80.25, y: 30.5), Point(x: 80.25, y: 61), Point(x: 110.75, y: 61),
                     Point(x: 110.75, y: 121), Point(x: 50.75, y: 121), Point(x: 50.75, y: 90.5), Point(x: 20.25, y: 90.5)]
        #expect(maxDifference(swept, Rasterizer.coverage(of: [union], clip: clip)) == 0)
        // The signed-area sum alone counts the overlap's partly covered pixels twice (clamped per
        // pixel only after summing), which is why strokes need the sweep.
        let summed = Rasterizer.coverage(of: [a, b], clip: clip)
        #expect(maxDifference(summed, swept) > 0)
    }

    @Test func evenOddAndOppositeWindingsCutTheOverlap() throws {
        let a = rect(20.25, 30.5, 60, 60), b = rect(50.75, 61, 60, 60)
        let overlap = (80.25 - 50.75) * (90.5 - 61)
        let expected = 2 * 3600 - 2 * overlap
        let evenOdd = try #require(Rasterizer.coverage(of: [a, b], clip: clip, rule: .evenOdd))
        // Rounding to 8 bits: at most half a level per pixel on the outlines (2 × 240 px + the overlap's 118 px).
        #expect(abs(evenOdd.area - expected) <= (480 + 118) * 0.5 / 255)
        let opposite = try #require(Rasterizer.coverage(of: [a, b.reversed()], clip: clip, rule: .nonZero))
        #expect(opposite == evenOdd)
        #expect(evenOdd[65, 75] == 0 && evenOdd[30, 40] == 255 && evenOdd[100, 110] == 255)
        // Nested squares of one winding: even-odd makes a ring, non-zero the whole outer square.
        let inner = rect(40, 50, 20, 20), outer = rect(30, 40, 40, 40)
        #expect(Rasterizer.coverage(of: [outer, inner], clip: clip, rule: .evenOdd)?.area == 1200)
        #expect(Rasterizer.coverage(of: [outer, inner], clip: clip, rule: .nonZero)?.area == 1600)
    }

    /// Past its budget of exact splits, the sweep slices the bands that cross 1/64 px high. On
    /// polygons of 120 random vertices across the whole clip (thousands of crossings), slicing
    /// every band from its first crossing on stays within 2 levels of splitting at each crossing,
    /// and under the default budget such a polygon is still swept exactly.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func slicedBandsStayWithinTwoLevelsOfExactSplits(_ rule: FillRule) throws {
        var rng = SplitMix64(seed: 2026)
        for _ in 0..<4 {
            func coordinate() -> Double { Double(rng.below(1 << 20)) / Double(1 << 20) * 200 }
            let polygon = (0..<120).map { _ in Point(x: coordinate(), y: coordinate()) }
            let exact = Rasterizer.coverage(of: [polygon], clip: clip, rule: rule, exactWork: .max)
            let sliced = Rasterizer.coverage(of: [polygon], clip: clip, rule: rule, exactWork: 0)
            let worst = maxDifference(exact, sliced)
            #expect(worst >= 1 && worst <= 2, "sliced: \(worst) levels from exact")
            #expect(Rasterizer.coverage(of: [polygon], clip: clip, rule: rule) == exact, "within the default budget")
        }
    }

    @Test func randomSelfIntersectingPolygonsMatchScanlineIntegration() throws {
        var random = SplitMix64(seed: 5)
        let small = PixelRect(minX: 0, minY: 0, maxX: 48, maxY: 48)
        for trial in 0..<40 {
            let count = 3 + random.below(14)
            // Vertices on the 1/256 grid, so snapping changes nothing.
            let polygon = (0..<count).map { _ in
                Point(x: Double(random.below(44 * 256)) / 256 + 2, y: Double(random.below(44 * 256)) / 256 + 2)
            }
            let contours = random.below(3) == 0 ? [polygon, Array(polygon.prefix(3)).reversed()] : [polygon]
            for rule in FillRule.allCases {
                let mask = Rasterizer.coverage(of: contours, clip: small, rule: rule)
                let reference = ScanlineReference.coverage(contours, rule: rule, width: 48, height: 48)
                var worst = 0.0
                for y in 0..<48 {
                    for x in 0..<48 {
                        worst = max(worst, abs(Double(mask?[x, y] ?? 0) / 255 - reference[y * 48 + x]))
                    }
                }
                #expect(worst <= 2.5 / 255, "trial \(trial) \(rule): \(worst * 255) levels")
            }
        }
    }

    func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> [Point] {
        [Point(x: x, y: y), Point(x: x + w, y: y), Point(x: x + w, y: y + h), Point(x: x, y: y + h)]
    }
}

/// An independent reference: per pixel row, 256 horizontal sample lines; on each, the exact
/// inside intervals under the rule (crossings sorted by x with their windings), whose overlap with
/// each pixel column is summed. The midpoint rule in y is exact except next to the vertices and
/// crossings, where it errs by far less than a level.
enum ScanlineReference {
    static func coverage(_ contours: [[Point]], rule: FillRule, width: Int, height: Int) -> [Double] {
        let samples = 256
        var out = [Double](repeating: 0, count: width * height)
        for row in 0..<height {
            for k in 0..<samples {
                let y = Double(row) + (Double(k) + 0.5) / Double(samples)
                var crossings: [(x: Double, w: Int)] = []
                for c in contours {
                    for i in 0..<c.count {
                        let a = c[i], b = c[(i + 1) % c.count]
                        guard min(a.y, b.y) <= y, y < max(a.y, b.y) else { continue }
                        crossings.append((a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y), a.y < b.y ? 1 : -1))
                    }
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for i in 0..<crossings.count {
                    winding += crossings[i].w
                    guard rule.contains(winding: winding), i + 1 < crossings.count else { continue }
                    let (x0, x1) = (crossings[i].x, crossings[i + 1].x)
                    var px = max(0, Int(x0.rounded(.down)))
                    while px < width, Double(px) < x1 {
                        let overlap = min(x1, Double(px + 1)) - max(x0, Double(px))
                        if overlap > 0 { out[row * width + px] += overlap / Double(samples) }
                        px += 1
                    }
                }
            }
        }
        return out
    }
}
