import AnimGeometry
import Testing

/// Path building, UIBezierPath factories (y down), segments and flattening.
struct PathTests {
    // MARK: Helpers

    func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// Shoelace sum over a closed polyline: positive when clockwise on screen (y down).
    func signedArea(_ points: [Point]) -> Double {
        var sum = 0.0
        for i in 0..<points.count {
            let (a, b) = (points[i], points[(i + 1) % points.count])
            sum += a.x * b.y - b.x * a.y
        }
        return sum / 2
    }

    /// The end points of the path's elements, in order (nil for close).
    func endPoints(_ path: Path) -> [Point?] { path.elements.map(\.endPoint) }

    func point(atAngle a: Double, center: Point, radius: Double) -> Point {
        Point(x: center.x + radius * cosine(a), y: center.y + radius * sine(a))
    }

    // MARK: Factories

    @Test func rectStartsTopLeftAndRunsClockwise() {
        let path = Path.rect(Rect(x: 10, y: 20, width: 30, height: 40))
        #expect(path.elements == [
            .move(Point(x: 10, y: 20)), .line(Point(x: 40, y: 20)), .line(Point(x: 40, y: 60)),
            .line(Point(x: 10, y: 60)), .close,
        ])
        #expect(signedArea(path.flattened(tolerance: 0.1)[0]) == 1200)
        // A negative size is standardized first.
        #expect(Path.rect(Rect(x: 40, y: 60, width: -30, height: -40)) == path)
    }

    @Test func ovalStartsAtTheRightAndRunsClockwise() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 60)
        let path = Path.oval(in: rect)
        #expect(path.elements.count == 6)
        #expect(path.elements.first == .move(Point(x: 100, y: 30)))
        #expect(endPoints(path) == [Point(x: 100, y: 30), Point(x: 50, y: 60), Point(x: 0, y: 30),
                                    Point(x: 50, y: 0), Point(x: 100, y: 30), nil])
        guard case let .cubic(c1, c2, _) = path.elements[1] else {
            Issue.record("expected a cubic")
            return
        }
        let k = 0.5522847498307936
        #expect(close(c1, Point(x: 100, y: 30 + 30 * k)))
        #expect(close(c2, Point(x: 50 + 50 * k, y: 60)))
        let polyline = path.flattened(tolerance: 0.01)[0]
        #expect(signedArea(polyline) > 0)
        #expect(abs(signedArea(polyline) - Double.pi * 50 * 30) < 5)
        #expect(path.bounds == rect)
    }

    @Test func roundedRectStartsAfterTheTopLeftCorner() {
        let path = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10)
        #expect(path.elements.first == .move(Point(x: 10, y: 0)))
        #expect(endPoints(path) == [
            Point(x: 10, y: 0), Point(x: 90, y: 0), Point(x: 100, y: 10), Point(x: 100, y: 40),
            Point(x: 90, y: 50), Point(x: 10, y: 50), Point(x: 0, y: 40), Point(x: 0, y: 10),
            Point(x: 10, y: 0), nil,
        ])
        guard case let .cubic(c1, c2, _) = path.elements[2] else {
            Issue.record("expected a cubic corner")
            return
        }
        let k = 0.5522847498307936
        #expect(close(c1, Point(x: 90 + 10 * k, y: 0)))
        #expect(close(c2, Point(x: 100, y: 10 - 10 * k)))
        #expect(signedArea(path.flattened(tolerance: 0.01)[0]) > 0)
    }

    @Test func roundedRectClampsTheRadiusAndDropsEmptyEdges() {
        let path = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 100)
        // r = 10: the vertical edges have zero length and are left out.
        #expect(endPoints(path) == [
            Point(x: 10, y: 0), Point(x: 30, y: 0), Point(x: 40, y: 10), Point(x: 30, y: 20),
            Point(x: 10, y: 20), Point(x: 0, y: 10), Point(x: 10, y: 0), nil,
        ])
        let rect = Rect(x: 1, y: 2, width: 3, height: 4)
        #expect(Path.roundedRect(rect, cornerRadius: 0) == Path.rect(rect))
        #expect(Path.roundedRect(rect, cornerRadius: -5) == Path.rect(rect))
    }

    // MARK: Arcs

    @Test func clockwiseArcGoesDownFromThreeOClock() {
        let c = Point(x: 50, y: 50)
        let path = Path.arc(center: c, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        #expect(path.elements.count == 2)
        #expect(path.elements[0] == .move(Point(x: 60, y: 50)))
        let segment = path.segments[0]
        #expect(close(segment.end, Point(x: 50, y: 60)))
        // The midpoint of a k = 4/3·tan(θ/4) arc lies on the circle, here at the bottom right.
        #expect(close(segment.point(at: 0.5), point(atAngle: Double.pi / 4, center: c, radius: 10), 1e-12))
        // Tangent at the start points down (clockwise on screen).
        let d = segment.derivative(at: 0)
        #expect(abs(d.x) < 1e-12 && d.y > 0)
    }

    @Test func counterClockwiseArcTakesTheLongWayRound() {
        let c = Point(x: 0, y: 0)
        let path = Path.arc(center: c, radius: 10, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
        // Sweep −3π/2: three quarter pieces through the top (−π/2) and the left (π).
        #expect(path.elements.count == 4)
        let ends = path.segments.map(\.end)
        #expect(close(ends[0], Point(x: 0, y: -10)))
        #expect(close(ends[1], Point(x: -10, y: 0)))
        #expect(close(ends[2], Point(x: 0, y: 10)))
        #expect(path.segments[0].derivative(at: 0).y < 0)
    }

    @Test func arcSweepFollowsUIKitWhenEndIsBeforeStart() {
        let c = Point(x: 0, y: 0)
        // Clockwise from π/2 to 0: (0 − π/2) reduced into [0, 2π) is 3π/2.
        let long = Path.arc(center: c, radius: 1, startAngle: Double.pi / 2, endAngle: 0, clockwise: true)
        #expect(long.segments.count == 3)
        #expect(close(long.segments[0].end, Point(x: -1, y: 0)))
        #expect(close(long.segments[2].end, Point(x: 1, y: 0)))
        // Counter-clockwise from π to π/2: a quarter through 3π/4.
        let short = Path.arc(center: c, radius: 1, startAngle: Double.pi, endAngle: Double.pi / 2, clockwise: false)
        #expect(short.segments.count == 1)
        #expect(close(short.segments[0].point(at: 0.5), point(atAngle: 0.75 * Double.pi, center: c, radius: 1), 1e-12))
    }

    @Test func fullAndEmptyArcs() {
        let c = Point(x: 5, y: 5)
        for (start, end, clockwise) in [(0.0, 2 * Double.pi, true), (0.0, 7.0, true), (1.0, -9.0, false), (0.0, 2 * Double.pi, false)] {
            let path = Path.arc(center: c, radius: 2, startAngle: start, endAngle: end, clockwise: clockwise)
            #expect(path.segments.count == 4)
            #expect(path.segments.last?.end == point(atAngle: start, center: c, radius: 2))
            let total = path.segments.reduce(0) { $0 + $1.length }
            #expect(abs(total - 8 * quarterArcLength) < 1e-9)
        }
        let empty = Path.arc(center: c, radius: 2, startAngle: 1, endAngle: 1, clockwise: false)
        #expect(empty.elements == [.move(point(atAngle: 1, center: c, radius: 2))])
    }

    @Test func addArcLinesFromTheCurrentPoint() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addArc(center: Point(x: 20, y: 0), radius: 10, startAngle: Double.pi, endAngle: 0, clockwise: true)
        guard case let .line(start) = path.elements[1] else {
            Issue.record("expected a line to the arc's start")
            return
        }
        #expect(close(start, Point(x: 10, y: 0), 1e-12))
        #expect(path.elements.count == 4)
        // Already at the start: no line.
        var joined = Path()
        joined.move(to: Point(x: 10, y: 0))
        joined.addArc(center: Point(x: 0, y: 0), radius: 10, startAngle: 0, endAngle: 1, clockwise: true)
        #expect(joined.elements.count == 2)
    }

    // MARK: Building and bounds

    @Test func buildersNeedACurrentPoint() {
        var path = Path()
        path.line(to: Point(x: 1, y: 1))
        path.close()
        #expect(path.isEmpty && path.currentPoint == nil)
        path.move(to: Point(x: 1, y: 2))
        path.line(to: Point(x: 3, y: 4))
        path.quad(to: Point(x: 5, y: 6), control: Point(x: 0, y: 9))
        path.cubic(to: Point(x: 7, y: 8), control1: Point(x: -1, y: 0), control2: Point(x: 2, y: 2))
        #expect(path.currentPoint == Point(x: 7, y: 8))
        path.close()
        #expect(path.currentPoint == Point(x: 1, y: 2))
        #expect(path.elements == [
            .move(Point(x: 1, y: 2)), .line(Point(x: 3, y: 4)), .quad(Point(x: 0, y: 9), Point(x: 5, y: 6)),
            .cubic(Point(x: -1, y: 0), Point(x: 2, y: 2), Point(x: 7, y: 8)), .close,
        ])
        // The control-point hull.
        #expect(path.bounds == Rect(x: -1, y: 0, width: 8, height: 9))
        #expect(Path().bounds == .zero)
    }

    // MARK: Segments

    @Test func lineLengthIsExact() {
        let s = PathSegment(start: Point(x: 1, y: 1), curve: .line(Point(x: 4, y: 5)))
        #expect(s.length == 5)
        #expect(s.point(at: 0.5) == Point(x: 2.5, y: 3))
        #expect(s.parameter(atLength: 2.5) == 0.5)
        #expect(s.parameter(atLength: -1) == 0 && s.parameter(atLength: 9) == 1)
    }

    /// The arc length of the unit quarter-circle cubic (k = 4/3·tan(π/8)), by 30-digit quadrature
    /// (mpmath): 1.4e-4 longer than π/2 because the cubic bulges outward by up to 2.7e-4·r.
    let quarterArcLength = 1.5710166980738557

    @Test func quarterCircleLength() {
        for r in [1.0, 10, 250] {
            let path = Path.arc(center: Point(x: 3, y: 4), radius: r, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
            let length = path.segments[0].length
            #expect(abs(length - Double.pi * r / 2) < 1.5e-4 * Double.pi * r / 2)
            #expect(abs(length - quarterArcLength * r) < 1e-11 * r)
        }
    }

    @Test func lengthsAcrossACusp() {
        // B′(½) = 0: the speed has a kink there (reference values by 30-digit quadrature).
        let cusp = PathSegment(start: .zero, curve: .cubic(Point(x: 10, y: 10), Point(x: 0, y: 10), Point(x: 10, y: 0)))
        #expect(abs(cusp.length - 18.284271247461901) < 1e-10)
        #expect(abs(cusp.length(from: 0, to: 0.501) - 9.1421656237609505) < 1e-10)
        #expect(abs(cusp.length(from: 0, to: 0.5041121238931787) - 9.1426429191962389) < 1e-10)
        #expect(abs(cusp.length(from: 0.9, to: 0.2) + cusp.length(from: 0.2, to: 0.9)) < 1e-12)
        let wavy = PathSegment(start: .zero, curve: .cubic(Point(x: 0, y: 100), Point(x: 100, y: -50), Point(x: 80, y: 80)))
        #expect(abs(wavy.length - 161.02988258000430) < 1e-9)
    }

    @Test func straightCubicLengthIsTheChord() {
        let a = Point(x: 2, y: 3), d = Point(x: 3, y: 4)
        let cubic = PathSegment(start: a, curve: .cubic(a + d * 0.05, a + d * 0.9, a + d))
        #expect(abs(cubic.length - 5) < 1e-9 * 5)
        let quad = PathSegment(start: a, curve: .quad(a + d * 0.2, a + d * 2))
        #expect(abs(quad.length - 10) < 1e-9 * 10)
        // Control points on the end points: zero speed at both ends.
        let flat = PathSegment(start: .zero, curve: .cubic(.zero, Point(x: 10, y: 0), Point(x: 10, y: 0)))
        #expect(abs(flat.length - 10) < 1e-9 * 10)
    }

    @Test func parameterAtLengthInvertsTheLength() {
        let segments = [
            PathSegment(start: Point(x: 0, y: 0), curve: .cubic(Point(x: 0, y: 100), Point(x: 100, y: -50), Point(x: 80, y: 80))),
            PathSegment(start: Point(x: 0, y: 0), curve: .quad(Point(x: 50, y: 200), Point(x: 100, y: 0))),
            // A cusp: zero speed inside the curve.
            PathSegment(start: Point(x: 0, y: 0), curve: .cubic(Point(x: 10, y: 10), Point(x: 0, y: 10), Point(x: 10, y: 0))),
        ]
        for segment in segments {
            for i in 0...20 {
                let s = Double(i) / 20
                let l = segment.length(from: 0, to: s)
                #expect(abs(segment.parameter(atLength: l) - s) < 1e-9, "s = \(s)")
                let target = segment.length * Double(i) / 20
                let back = segment.length(from: 0, to: segment.parameter(atLength: target))
                #expect(abs(back - target) < 1e-9 * segment.length)
            }
        }
        let degenerate = PathSegment(start: Point(x: 1, y: 1), curve: .quad(Point(x: 1, y: 1), Point(x: 1, y: 1)))
        #expect(degenerate.length == 0 && degenerate.parameter(atLength: 1) == 0)
    }

    @Test func derivativeAvoidsZeroAtDegenerateEnds() {
        let s = PathSegment(start: .zero, curve: .cubic(.zero, Point(x: 10, y: 0), Point(x: 10, y: 10)))
        #expect(s.derivative(at: 0) == Point(x: 10, y: 0))
        let t = PathSegment(start: .zero, curve: .cubic(Point(x: 0, y: 5), Point(x: 10, y: 10), Point(x: 10, y: 10)))
        #expect(t.derivative(at: 1) == Point(x: 10, y: 5))
        let both = PathSegment(start: .zero, curve: .cubic(.zero, Point(x: 4, y: 3), Point(x: 4, y: 3)))
        #expect(both.derivative(at: 0) == Point(x: 4, y: 3) && both.derivative(at: 1) == Point(x: 4, y: 3))
        let point = PathSegment(start: .zero, curve: .line(.zero))
        #expect(point.derivative(at: 0.5) == .zero)
        // An ordinary derivative: B'(0) = 3(c1 − p0).
        let plain = PathSegment(start: .zero, curve: .cubic(Point(x: 1, y: 0), Point(x: 2, y: 1), Point(x: 3, y: 3)))
        #expect(plain.derivative(at: 0) == Point(x: 3, y: 0))
    }

    @Test func closeSegmentsAndMoves() {
        let rect = Path.rect(Rect(x: 0, y: 0, width: 4, height: 3)).segments
        #expect(rect.count == 4)
        #expect(rect.map(\.length) == [4, 3, 4, 3])
        #expect(rect.map(\.closesSubpath) == [false, false, false, true])
        #expect(rect[3].end == .zero)
        // Closing where the subpath started adds no segment; a zero-length line element is kept.
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.line(to: Point(x: 5, y: 0))
        path.line(to: Point(x: 5, y: 0))
        path.line(to: Point(x: 0, y: 0))
        path.close()
        // A line after close starts at the subpath start; a move only moves.
        path.line(to: Point(x: 0, y: 7))
        path.move(to: Point(x: 100, y: 100))
        path.move(to: Point(x: 200, y: 200))
        path.line(to: Point(x: 200, y: 210))
        let segments = path.segments
        #expect(segments.map(\.start) == [Point(x: 0, y: 0), Point(x: 5, y: 0), Point(x: 5, y: 0), Point(x: 0, y: 0),
                                          Point(x: 200, y: 200)])
        #expect(segments.map(\.length) == [5, 0, 5, 7, 10])
        #expect(Path.oval(in: Rect(x: 0, y: 0, width: 10, height: 10)).segments.count == 4)
    }

    // MARK: Flattening

    @Test func flatteningStaysWithinTolerance() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.cubic(to: Point(x: 300, y: 0), control1: Point(x: 0, y: 400), control2: Point(x: 300, y: -300))
        path.quad(to: Point(x: 0, y: 200), control: Point(x: 500, y: 500))
        for tolerance in [1.0, 0.25, 0.01] {
            let polylines = path.flattened(tolerance: tolerance)
            #expect(polylines.count == 1)
            let line = polylines[0]
            #expect(line.first == Point(x: 0, y: 0) && line.last == Point(x: 0, y: 200))
            for segment in path.segments {
                for i in 0...400 {
                    let p = segment.point(at: Double(i) / 400)
                    #expect(distanceToPolyline(p, line) <= tolerance)
                }
            }
        }
        #expect(path.flattened(tolerance: 0.01)[0].count > path.flattened(tolerance: 1)[0].count)
        #expect(path.flattened(tolerance: 0.1) == path.flattened(tolerance: 0.1))
    }

    @Test func flatteningSubpaths() {
        var path = Path.rect(Rect(x: 0, y: 0, width: 2, height: 2))
        path.move(to: Point(x: 9, y: 9))  // a lone move draws nothing
        path.move(to: Point(x: 5, y: 5))
        path.line(to: Point(x: 6, y: 5))
        let polylines = path.flattened(tolerance: 0.1)
        #expect(polylines == [
            [Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 2, y: 2), Point(x: 0, y: 2), Point(x: 0, y: 0)],
            [Point(x: 5, y: 5), Point(x: 6, y: 5)],
        ])
    }

    func distanceToPolyline(_ p: Point, _ line: [Point]) -> Double {
        var best = Double.infinity
        for i in 0..<(line.count - 1) {
            let (a, b) = (line[i], line[i + 1])
            let ab = b - a, ap = p - a
            let len2 = ab.x * ab.x + ab.y * ab.y
            let t = len2 == 0 ? 0 : Swift.max(0, Swift.min(1, (ap.x * ab.x + ap.y * ab.y) / len2))
            best = Swift.min(best, distance(p, a + ab * t))
        }
        return best
    }
}
