@testable import AnimGeometry
import Foundation
import Testing

/// Where a stroke's chords are split and where its cut ends fall (StrokeChords.swift): ends face
/// the curve's tangent, dashes and trims are laid along the curve's own arc length, and the chords
/// between stay as Wang's bound has them, however wide the pen.
struct StrokeChordsTests {
    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    /// The angle between two directions, in radians.
    func angle(_ a: Point, _ b: Point) -> Double {
        abs(arcTangent2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y))
    }

    /// A loop so tight that a 45-wide pen covers it: the case that took seconds a frame.
    let loop = PathSegment(start: Point(x: 40, y: 360), curve: .cubic(Point(x: 400, y: 40), Point(x: 0, y: 40), Point(x: 360, y: 360)))

    func path(_ segment: PathSegment) -> Path {
        guard case let .cubic(c1, c2, e) = segment.curve else { return Path() }
        return Path(elements: [.move(segment.start), .cubic(c1, c2, e)])
    }

    @Test func theEndChordsOfACurveFaceItsTangent() {
        let tolerance = 0.125
        for halfWidth in [1.0, 6, 22.5, 90] {
            let bound = asin(tolerance / halfWidth) * (1 + 1e-9)
            for segment in [loop, PathSegment(start: p(0, 0), curve: .cubic(p(0, 0), p(50, 80), p(100, 0))),
                            PathSegment(start: p(0, 0), curve: .cubic(p(300, 0), p(-200, 0), p(100, 0)))] {
                let line = path(segment).strokePolylines(tolerance: tolerance, halfWidth: halfWidth)[0]
                let n = line.points.count
                #expect(angle(line.points[1] - line.points[0], segment.derivative(at: 0)) <= bound)
                #expect(angle(line.points[n - 1] - line.points[n - 2], segment.derivative(at: 1)) <= bound)
            }
        }
    }

    @Test func aWidePenRoundATightLoopKeepsWangsChords() {
        let tolerance = 0.125
        let thin = path(loop).strokePolylines(tolerance: tolerance)[0].points.count
        let wide = path(loop).strokePolylines(tolerance: tolerance, halfWidth: 45)[0].points.count
        // Only the end chords are split (a dozen halvings at most at each end); splitting them all
        // to the pen's bound gave 4096.
        #expect(wide <= thin + 2 * 12)
        #expect(wide > thin)
        // And the outline stays a few hundred points, not sixteen thousand.
        let style = StrokeStyle(lineWidth: 90, lineCap: .round, lineJoin: .round)
        let outline = Stroker.stroke(path(loop), style: style, tolerance: tolerance)
        #expect(outline.reduce(0) { $0 + $1.count } < 2000)
    }

    @Test func dashesAreLaidAlongTheCurvesArcLength() {
        // A wave whose chords fall short of it: the dashes' ends must sit where the curve's own
        // arc length (adaptive quadrature, independent of the stroker) puts them.
        let wave = PathSegment(start: p(0, 100), curve: .cubic(p(60, -60), p(140, 260), p(200, 100)))
        let style = StrokeStyle(lineWidth: 8, dashPattern: [10, 5])
        let dashes = Stroker.polylines(path(wave), style: style, tolerance: 0.125)
        #expect(dashes.count == Int((wave.length / 15).rounded(.up)))
        for (k, dash) in dashes.enumerated() {
            let start = wave.point(at: wave.parameter(atLength: 15 * Double(k)))
            let end = wave.point(at: wave.parameter(atLength: Swift.min(wave.length, 15 * Double(k) + 10)))
            #expect((dash.points[0] - start).norm < 1e-6)
            #expect((dash.points[dash.points.count - 1] - end).norm < 1e-6)
        }
    }

    @Test func cutEndsFaceTheCurveWhereTheyFall() {
        let tolerance = 0.125
        for (halfWidth, pattern) in [(22.5, [30.0, 10]), (4, [7, 3]), (45, [0, 20])] {
            let style = StrokeStyle(lineWidth: 2 * halfWidth, dashPattern: pattern)
            let bound = asin(tolerance / halfWidth) * (1 + 1e-9)
            var checked = 0
            for dash in Stroker.polylines(path(loop), style: style, tolerance: tolerance) {
                let ends = dash.points.count >= 2
                    ? [(dash.points[0], dash.points[1] - dash.points[0]),
                       (dash.points[dash.points.count - 1], dash.points[dash.points.count - 1] - dash.points[dash.points.count - 2])]
                    : [(dash.points[0], dash.direction)]
                for (point, direction) in ends {
                    let s = nearestParameter(loop, point)
                    guard (loop.point(at: s) - point).norm < 1e-6, loop.derivative(at: s).norm > 1 else { continue }
                    #expect(angle(direction, loop.derivative(at: s)) <= bound, "dash end at \(point)")
                    checked += 1
                }
            }
            #expect(checked > 10)
        }
    }

    @Test func strokeStartAndEndCutAtFractionsOfTheCurvesLength() {
        let style = StrokeStyle(lineWidth: 30, strokeStart: 0.2, strokeEnd: 0.55)
        let lines = Stroker.polylines(path(loop), style: style, tolerance: 0.125)
        #expect(lines.count == 1)
        let line = lines[0]
        let start = loop.point(at: loop.parameter(atLength: 0.2 * loop.length))
        let end = loop.point(at: loop.parameter(atLength: 0.55 * loop.length))
        #expect((line.points[0] - start).norm < 1e-6)
        #expect((line.points[line.points.count - 1] - end).norm < 1e-6)
        // Its length is the curve's between the two, not the chords'.
        #expect(abs(line.length - 0.35 * loop.length) < 1e-6)
    }

    @Test func cutsOnTheVerticesBetweenCurvesLeaveNoSlivers() {
        // strokeStart and strokeEnd at multiples of 1/4 of a circle made of four curves fall on
        // the vertices between them, give or take a rounding error: the end chord must still be a
        // real chord facing the circle's tangent, not a few ulps of segment pointing anywhere.
        let circle = Path.oval(in: Rect(x: 0, y: 0, width: 120, height: 120))
        let (tolerance, halfWidth) = (0.0625, 5.0)
        let bound = asin(tolerance / halfWidth) * (1 + 1e-9)
        for k in 1...7 {
            let style = StrokeStyle(lineWidth: 2 * halfWidth, strokeStart: Double(k) / 8 - 0.125, strokeEnd: Double(k) / 8)
            let line = Stroker.polylines(circle, style: style, tolerance: tolerance)[0]
            let n = line.points.count
            for (end, inward) in [(line.points[n - 1], line.points[n - 2]), (line.points[0], line.points[1])] {
                let chord = end - inward
                let radial = end - p(60, 60)
                #expect(chord.norm > 1e-3, "cut \(k)/8")
                // Perpendicular to the radius, within the bound (the oval's curves are within
                // 3e-4 of a circle, and their tangents within 1e-3 of its).
                #expect(abs(.pi / 2 - angle(chord, radial)) <= bound + 1e-3, "cut \(k)/8")
            }
        }
    }

    /// The parameter of the curve point nearest `q`: a scan, then bisection-free refinement by
    /// ternary search round the best sample.
    func nearestParameter(_ segment: PathSegment, _ q: Point) -> Double {
        let n = 20_000
        var best = 0
        var bestDistance = Double.infinity
        for i in 0...n {
            let d = (segment.point(at: Double(i) / Double(n)) - q).norm
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        var (lo, hi) = (Double(Swift.max(0, best - 1)) / Double(n), Double(Swift.min(n, best + 1)) / Double(n))
        for _ in 0..<100 {
            let (a, b) = (lo + (hi - lo) / 3, hi - (hi - lo) / 3)
            if (segment.point(at: a) - q).norm < (segment.point(at: b) - q).norm { hi = b } else { lo = a }
        }
        return (lo + hi) / 2
    }
}
