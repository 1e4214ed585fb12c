/// Turns flattened subpaths into the outline of their stroke, as polygons to be filled with the
/// non-zero rule.
///
/// The outline is a union of simple convex pieces, each wound the same way (clockwise on screen):
/// one rectangle per segment, one wedge per join on the outer side of the corner (bevel triangle,
/// miter quadrilateral or round sector), one piece per cap. Filled non-zero, overlapping pieces
/// merge into exactly the set of points the stroke covers, whatever the geometry: short segments,
/// sharp turns, cusps and self-crossings need no special cases. Vertices inside a flattened curve
/// are joined round (the polyline's Minkowski sum with the pen, which stays within the flattening
/// tolerance of the curve's), the others with the style's lineJoin.
public enum Stroker {
    /// The stroke outline of `polylines` with `style`'s width, caps, joins and miter limit (dashes
    /// and strokeStart/End are applied beforehand, see `stroke(_:style:tolerance:)`). Round parts
    /// are flattened within `tolerance`.
    public static func outline(of polylines: [StrokePolyline], style: StrokeStyle, tolerance: Double) -> [[Point]] {
        let halfWidth = style.lineWidth / 2
        guard halfWidth > 0, halfWidth.isFinite else { return [] }
        var pen = Pen(halfWidth: halfWidth, style: style, tolerance: tolerance >= 1e-6 ? tolerance : 1e-6)
        for polyline in polylines { pen.stroke(polyline) }
        return pen.pieces
    }

    /// The whole stroke of a path: flattened within `tolerance`, trimmed to strokeStart…strokeEnd,
    /// dashed (the pattern starting at the trimmed start), then outlined.
    public static func stroke(_ path: Path, style: StrokeStyle, tolerance: Double) -> [[Point]] {
        let trimmed = path.strokePolylines(tolerance: tolerance, halfWidth: style.lineWidth / 2).trimmed(from: style.strokeStart, to: style.strokeEnd)
        let dashed = style.dashPattern.isEmpty ? trimmed
            : trimmed.flatMap { $0.dashed(pattern: style.dashPattern, phase: style.dashPhase) }
        return outline(of: dashed, style: style, tolerance: tolerance)
    }
}

/// The pieces of one stroke, built polyline by polyline.
struct Pen {
    let halfWidth: Double
    let style: StrokeStyle
    let tolerance: Double
    var pieces: [[Point]] = []

    init(halfWidth: Double, style: StrokeStyle, tolerance: Double) {
        self.halfWidth = halfWidth
        self.style = style
        self.tolerance = tolerance
    }

    mutating func stroke(_ line: StrokePolyline) {
        let n = line.points.count
        guard n >= 2 else {
            if let p = line.points.first { dot(at: p, facing: line.direction) }
            return
        }
        let count = line.segmentCount
        var directions: [Point] = []
        directions.reserveCapacity(count)
        for i in 0..<count {
            let a = line.points[i], b = line.segmentEnd(i)
            let d = (b - a) * (1 / (b - a).norm)
            directions.append(d)
            segment(a, b, d)
        }
        let joined = line.isClosed ? 0..<n : 1..<(n - 1)
        for j in joined {
            let incoming = directions[(j - 1 + count) % count], outgoing = directions[j % count]
            join(at: line.points[j], incoming, outgoing, round: line.isSmooth[j])
        }
        if !line.isClosed {
            cap(at: line.points[n - 1], facing: directions[count - 1])
            cap(at: line.points[0], facing: directions[0] * -1)
        }
    }

    /// The left-hand normal of a unit direction, scaled to the half width (y down: it points to
    /// the right of travel on screen).
    func normal(_ d: Point) -> Point { Point(x: -d.y * halfWidth, y: d.x * halfWidth) }

    mutating func add(_ polygon: [Point]) {
        guard polygon.count >= 3 else { return }
        var area = 0.0
        var previous = polygon[polygon.count - 1]
        for p in polygon {
            area += previous.x * p.y - p.x * previous.y
            previous = p
        }
        guard area != 0, area.isFinite else { return }
        pieces.append(area > 0 ? polygon : polygon.reversed())
    }

    mutating func segment(_ a: Point, _ b: Point, _ d: Point) {
        let n = normal(d)
        add([a + n, b + n, b - n, a - n])
    }

    /// The wedge on the outer side of the corner at `p` between unit directions `d0` and `d1`.
    mutating func join(at p: Point, _ d0: Point, _ d1: Point, round: Bool) {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if cross == 0 && dot > 0 { return }
        // The outer side is the one the path turns away from.
        let side: Double = cross > 0 ? -1 : 1
        let a = p + normal(d0) * side, b = p + normal(d1) * side
        switch round ? .round : style.lineJoin {
        case .bevel:
            add([p, a, b])
        case .round:
            // A half turn goes round the front of the corner (the side d0 points to).
            let u = a - p
            add([p] + arc(center: p, from: u, to: b - p, turningPositive: -u.y * d0.x + u.x * d0.y > 0))
        case .miter:
            // Miter length / line width = 1 / sin(φ/2) = 1 / cos(α/2) for a turn of α (φ = π − α).
            let cosHalf = ((1 + dot) / 2).squareRoot()
            let limit = style.miterLimit.isNaN ? 10 : style.miterLimit
            guard cosHalf > 0, 1 / cosHalf <= limit else {
                add([p, a, b])
                return
            }
            let bisector = (a - p) + (b - p)
            let tip = p + bisector * (1 / bisector.norm) * (halfWidth / cosHalf)
            add([p, a, tip, b])
        }
    }

    /// The cap at end point `p` of a stroke leaving it in unit direction `d` (pointing away from the line).
    mutating func cap(at p: Point, facing d: Point) {
        let n = normal(d)
        switch style.lineCap {
        case .butt:
            return
        case .square:
            let e = d * halfWidth
            add([p + n, p + n + e, p - n + e, p - n])
        case .round:
            add(arc(center: p, from: n, to: n * -1, turningPositive: false))
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
        let outer = r * 2 / (1 + cosine(sweep / Double(steps) / 2))
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
        return Swift.min(1024, Swift.max(1, Int(n)))
    }
}
