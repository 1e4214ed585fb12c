/// The pieces of one stroke and their outline, built polyline by polyline (see `Stroker`).
struct Pen {
    let halfWidth: Double
    let style: StrokeStyle
    let tolerance: Double
    /// The polygons built so far: contours (`outline(_:)`) or pieces (`pieces(_:)`), all wound
    /// the same way (positive shoelace area for a piece, and along each side of the stroke).
    var polygons: [[Point]] = []

    /// nil for a width that draws nothing (zero, negative or not finite).
    init?(style: StrokeStyle, tolerance: Double) {
        halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite else { return nil }
        self.style = style
        self.tolerance = tolerance >= 1e-6 ? tolerance : 1e-6
    }

    /// One segment of a polyline: its ends, unit direction, pen normal and length.
    struct Segment {
        let a, b, d, n: Point
        let length: Double
    }

    /// The left-hand normal of a unit direction, scaled to the half width (y down: it points to
    /// the right of travel on screen).
    func normal(_ d: Point) -> Point { Point(x: -d.y * halfWidth, y: d.x * halfWidth) }

    func segments(_ line: StrokePolyline) -> [Segment] {
        (0..<line.segmentCount).map { i in
            let a = line.points[i], b = line.segmentEnd(i)
            let length = (b - a).norm
            let d = (b - a) * (1 / length)
            return Segment(a: a, b: b, d: d, n: normal(d), length: length)
        }
    }

    /// The corners of a polyline of two or more vertices, in order: every vertex of a closed one
    /// (the first's incoming segment is the closing one), the inner vertices of an open one. The
    /// first corner of a closed polyline takes no shortcut: there the kites could close a ring
    /// round a point and take every cover it has (see `corner`).
    func corners(_ line: StrokePolyline, _ segments: [Segment]) -> [Corner] {
        let (n, count) = (line.points.count, segments.count)
        let joined = line.isClosed ? 0..<n : 1..<(n - 1)
        return joined.map { j in
            corner(segments[(j - 1 + count) % count], segments[j % count], smooth: line.isSmooth[j], shortcut: !(line.isClosed && j == 0))
        }
    }

    /// The corner where `incoming` meets `outgoing`: its wedge on the outer side, and the shortcut
    /// across its inner side when one is safe.
    ///
    /// The shortcut: on the inner side the contour passes through the vertex p, by the two inner
    /// offsets q₀ = p + n₀ and q₁ = p + n₁ (sides flipped to the inside). Cutting from the inner
    /// edge of the incoming segment straight to that of the outgoing one, at their crossing c,
    /// takes the loop c → q₀ → p → q₁ out of the chain: one less winding over that kite. For a
    /// turn of α the kite reaches back r·max(tan(α/2), sin α) along each segment from p (c at
    /// r·tan(α/2), q₁ at r·sin α), so when both segments are at least that long it lies inside
    /// both rectangles, which cover it twice. A point in k such kites (each in the rectangles of
    /// its two segments) lies in at least k + 1 rectangles, since k distinct pairs of neighbours
    /// on a path name at least k + 1 segments: its winding number stays at least one, and the
    /// non-zero set is the same. On a closed polyline the pairs go round a cycle and name only k,
    /// hence no shortcut at its first corner.
    func corner(_ incoming: Segment, _ outgoing: Segment, smooth: Bool, shortcut: Bool) -> Corner {
        let (d0, d1, p) = (incoming.d, outgoing.d, incoming.b)
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        // The outer side is the one the path turns away from.
        let side: Double = cross > 0 ? -1 : 1
        let a = p + incoming.n * side, b = p + outgoing.n * side
        var inner: Point?
        let tanHalf = abs(cross) / (1 + dot)
        if shortcut, 1 + dot > 0, tanHalf.isFinite {
            let reach = halfWidth * Swift.max(tanHalf, abs(cross))
            if reach <= incoming.length, reach <= outgoing.length {
                inner = p - incoming.n * side - d0 * (halfWidth * tanHalf)
            }
        }
        let outer = cross == 0 && dot > 0 ? [a, b] : wedge(at: p, a, b, d0, dot: dot, round: smooth)
        return Corner(point: p, nIn: incoming.n, nOut: outgoing.n, outerSide: side, outer: outer,
                      hasWedge: !(cross == 0 && dot > 0), inner: inner)
    }

    /// The outer side of the wedge at `p` from `a` to `b` (both included): straight for a bevel,
    /// round the arc, or by the miter's tip.
    func wedge(at p: Point, _ a: Point, _ b: Point, _ d0: Point, dot: Double, round: Bool) -> [Point] {
        switch round ? .round : style.lineJoin {
        case .bevel:
            return [a, b]
        case .round:
            // A half turn goes round the front of the corner (the side d0 points to).
            let u = a - p
            return arc(center: p, from: u, to: b - p, turningPositive: -u.y * d0.x + u.x * d0.y > 0)
        case .miter:
            // Miter length / line width = 1 / sin(φ/2) = 1 / cos(α/2) for a turn of α (φ = π − α).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            let limit = style.miterLimit.isNaN ? 10 : style.miterLimit
            guard cosHalf > 0, 1 / cosHalf <= limit else { return [a, b] }
            let bisector = (a - p) + (b - p)
            return [a, p + bisector * (1 / bisector.norm) * (halfWidth / cosHalf), b]
        }
    }

    /// The points a cap adds between p + n and p − n (n = `normal(d)`), for a stroke leaving its
    /// end point `p` in unit direction `d` (pointing away from the line).
    func cap(at p: Point, facing d: Point) -> [Point] {
        let n = normal(d)
        switch style.lineCap {
        case .butt:
            return []
        case .square:
            let e = d * halfWidth
            return [p + n + e, p - n + e]
        case .round:
            return Array(arc(center: p, from: n, to: n * -1, turningPositive: false).dropFirst().dropLast())
        }
    }

    /// A zero-length subpath or dash: a disc for round caps, a square facing `d` for square caps,
    /// nothing for butt caps (as CG).
    mutating func dot(at p: Point, facing d: Point) {
        let n = normal(d), e = d * halfWidth
        switch style.lineCap {
        case .butt: return
        case .square: add([p + n + e, p + n - e, p - n - e, p - n + e])
        case .round:
            var disc = arc(center: p, from: n, to: n * -1, turningPositive: false)
            disc += arc(center: p, from: n * -1, to: n, turningPositive: false).dropFirst().dropLast()
            add(disc)
        }
    }

    /// Appends a convex piece wound with positive shoelace area (nothing for a degenerate one).
    mutating func add(_ polygon: [Point]) {
        guard polygon.count >= 3 else { return }
        var area = 0.0
        var previous = polygon[polygon.count - 1]
        for p in polygon {
            area += previous.x * p.y - p.x * previous.y
            previous = p
        }
        guard area != 0, area.isFinite else { return }
        polygons.append(area > 0 ? polygon : polygon.reversed())
    }

    /// Points on the circle of radius |u| about `center` from center + u to center + v (|v| = |u|),
    /// both included, turning by the smaller angle between them, or by exactly π for opposite
    /// vectors in the direction `turningPositive` says (positive: from +x toward +y). Chords stay
    /// within `tolerance` of the circle, and straddle it: the inner vertices sit at r·2/(1 + cos(θ/2))
    /// for chords of θ, so the chords' midpoints fall as far inside the circle as the vertices lie
    /// outside, and a round cap or join covers the disc's area instead of always a little less.
    func arc(center: Point, from u: Point, to v: Point, turningPositive: Bool) -> [Point] {
        let r = u.norm
        let cross = u.x * v.y - u.y * v.x, dot = u.x * v.x + u.y * v.y
        var sweep = arcTangent2(cross, dot)
        if cross == 0 && dot < 0 { sweep = turningPositive ? Double.pi : -Double.pi }
        let steps = Self.arcSteps(radius: r, sweep: sweep, tolerance: tolerance)
        var out = [center + u]
        let start = arcTangent2(u.y, u.x)
        let outer = ArcChords.innerRadius(r, steps: steps, step: abs(sweep) / Double(steps))
        for k in stride(from: 1, to: steps, by: 1) {
            let angle = start + sweep * Double(k) / Double(steps)
            out.append(Point(x: center.x + outer * cosine(angle), y: center.y + outer * sine(angle)))
        }
        out.append(center + v)
        return out
    }

    /// Chords for an arc of `sweep` radians whose sagitta r(1 − cos(θ/2)) stays within `tolerance`.
    static func arcSteps(radius r: Double, sweep: Double, tolerance: Double) -> Int {
        let c = 1 - tolerance / r
        let step = c <= 0 ? Double.pi / 2 : Swift.min(Double.pi / 2, 2 * arcTangent2((1 - c * c).squareRoot(), c))
        let n = (abs(sweep) / step).rounded(.up)
        guard n.isFinite else { return 1 }
        guard n < 1024 else { return 1024 }  // compared before converting: n may exceed Int's range
        return Swift.max(1, Int(n))
    }
}

/// A join of two segments at `point`, as the stroke's two sides pass it.
struct Corner {
    let point: Point
    /// The pen normals of the incoming and outgoing segments.
    let nIn, nOut: Point
    /// +1 when the side point + n is outside the turn, −1 when point − n is.
    let outerSide: Double
    /// The outer side's points from point + nIn·outerSide to point + nOut·outerSide, both
    /// included: the wedge piece without its vertex `point`.
    let outer: [Point]
    /// False where the segments go on straight (no wedge).
    let hasWedge: Bool
    /// Where the two inner edges cross, when the contour may cut the corner there (`Pen.corner`).
    let inner: Point?

    /// The wedge piece: the vertex and the outer side.
    var wedge: [Point] { [point] + outer }

    /// Appends the points the contour passes on side `s` (+1: point + n, travelled forward; −1:
    /// point − n, travelled backward): round the outer side, else across the shortcut or through
    /// the vertex.
    func appendSide(_ s: Double, to contour: inout [Point]) {
        if s == outerSide {
            if s > 0 { contour += outer } else { contour += outer.reversed() }
        } else if let inner {
            contour.append(inner)
        } else if s > 0 {
            contour += [point + nIn, point, point + nOut]
        } else {
            contour += [point - nOut, point, point - nIn]
        }
    }
}
