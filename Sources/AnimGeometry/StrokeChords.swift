/// Where the chords of a stroke polyline came from, so that the stroke's ends can face the curve.
///
/// What faces a chord's direction (a cap, a cut end of a dash or of strokeStart/strokeEnd, a miter
/// or bevel where path elements meet) is only right when the curve turns little across that chord:
/// within asin(tolerance / halfWidth), the direction is within the tolerance at the pen's reach.
/// Splitting every chord to that bound would give a wide pen thousands of chords round a cusp,
/// each shorter than the pen's reach across its corner, and the outline thousands of long edges
/// crossing one another (seconds a frame). So chords are split only next to such ends: at the ends
/// of each curve when it is flattened, and at the cut ends once the dashes and the trim are known
/// (`StrokePolyline.refiningEnds`). Elsewhere Wang's chords suffice: their vertices are joined
/// round, and the polyline within the tolerance of the curve, swept by the pen, is within the
/// tolerance of the curve's stroke.

/// A curve of the path, as a stroke polyline's spans refer to it.
struct StrokeCurve: Hashable, Sendable {
    let start: Point
    let curve: PathSegment.Curve

    func point(_ s: Double) -> Point { curve.point(from: start, at: s) }

    /// The direction of travel at s: the derivative, or where it vanishes (coincident control
    /// points) the chord across a millionth of the parameter round s.
    func direction(_ s: Double) -> Point {
        let d = curve.derivative(from: start, at: s)
        guard d == .zero else { return d }
        return point(Swift.min(1, s + 1e-6)) - point(Swift.max(0, s - 1e-6))
    }

    /// The unit direction of travel at s, nil where the curve is a point.
    func unitDirection(_ s: Double) -> Point? {
        let d = direction(s)
        let n = d.norm
        return n > 0 && n.isFinite ? d * (1 / n) : nil
    }

    /// How far the tangent turns from s0 through the middle to s1 (π where it is undefined).
    func turn(_ s0: Double, _ s1: Double) -> Double {
        let (u, m, v) = (direction(s0), direction((s0 + s1) / 2), direction(s1))
        return Self.angle(u, m) + Self.angle(m, v)
    }

    static func angle(_ a: Point, _ b: Point) -> Double {
        guard a != .zero, b != .zero else { return Double.pi }
        return abs(arcTangent2(a.x * b.y - a.y * b.x, a.x * b.x + a.y * b.y))
    }

    /// The arc length from s0 to s1 by 8-point Gauss–Legendre: a chord's stretch of the curve is
    /// within the flattening tolerance of a line, its speed smooth, and the rule all but exact.
    func length(from s0: Double, to s1: Double) -> Double {
        s0 == s1 ? 0 : GaussLegendre.integrate({ curve.derivative(from: start, at: $0).norm }, s0, s1)
    }

    /// The parameter in s0…s1 where the arc length from s0 reaches `distance` (0 ≤ distance ≤
    /// `whole`, the length from s0 to s1): Newton's method on the length, kept inside a bracket
    /// that bisection narrows when a step would leave it.
    func parameter(atDistance distance: Double, from s0: Double, to s1: Double, whole: Double) -> Double {
        guard distance > 0 else { return s0 }
        guard distance < whole else { return s1 }
        var (lo, hi) = (s0, s1)
        var s = s0 + (s1 - s0) * (distance / whole)
        for _ in 0..<24 {
            let error = length(from: s0, to: s) - distance
            if abs(error) <= whole * 1e-13 { return s }
            if error > 0 { hi = s } else { lo = s }
            let speed = curve.derivative(from: start, at: s).norm
            var next = speed > 0 ? s - error / speed : (lo + hi) / 2
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if abs(next - s) <= 1e-15 * Swift.max(1, abs(s)) || hi - lo <= 1e-15 { return next }
            s = next
        }
        return s
    }

    /// Appends the chords from s0 to s1 (their end points and parameters, s0's excluded), each
    /// split in halves while the curve turns by more than `maxTurn` across it and it has an end at
    /// `low` or `high`: so the chords get shorter geometrically toward those ends only. Nothing is
    /// split finer than 1/4096 of the curve (a cusp's tangent flips however close one gets).
    func appendChords(from s0: Double, to s1: Double, maxTurn: Double, splittingAt low: Double, _ high: Double,
                      to out: inout [(Point, Double)]) {
        if s0 == low || s1 == high, s1 - s0 > 1.0 / 4096, turn(s0, s1) > maxTurn {
            let mid = (s0 + s1) / 2
            appendChords(from: s0, to: mid, maxTurn: maxTurn, splittingAt: low, high, to: &out)
            appendChords(from: mid, to: s1, maxTurn: maxTurn, splittingAt: low, high, to: &out)
        } else {
            out.append((point(s1), s1))
        }
    }
}

/// Where a segment of a stroke polyline lies on the path: the index of its curve in the
/// polyline's `curves` (−1 for a straight segment) and the parameters of its two ends.
struct ChordSpan: Hashable, Sendable {
    var curve: Int
    var s0: Double
    var s1: Double

    static let straight = ChordSpan(curve: -1, s0: 0, s1: 1)

    var isCurved: Bool { curve >= 0 }
}

extension StrokePolyline {
    /// The largest turn of the curve across a chord whose direction something faces: the direction
    /// is then within the tolerance at the pen's reach (π when the pen is within the tolerance).
    static func maxTurn(tolerance: Double, halfWidth: Double) -> Double {
        halfWidth > tolerance ? arcTangent2(tolerance, (halfWidth * halfWidth - tolerance * tolerance).squareRoot()) : Double.pi
    }

    /// Segment i's span, nil when the polyline does not know where its segments came from.
    func span(_ i: Int) -> ChordSpan? { i < spans.count ? spans[i] : nil }

    /// The length of segment i: along its curve when it is a chord of one (so that dashes and
    /// strokeStart/strokeEnd are laid along the curve itself, not along the chords, which fall
    /// short of it), else straight.
    func segmentLength(_ i: Int) -> Double {
        guard let span = span(i), span.isCurved else { return (segmentEnd(i) - points[i]).norm }
        return curves[span.curve].length(from: span.s0, to: span.s1)
    }

    /// The point `distance` along segment i (of length `length`, `segmentLength(i)`) and its curve
    /// parameter (nil when unknown): on the curve for a chord of one, else on the segment. Within a
    /// billionth of the length of an end it is that end: a cut a rounding error past a vertex
    /// (strokeEnd 0.5 of a circle made of four curves) would leave a segment a few ulps long, whose
    /// direction, and so the cap facing it, is noise.
    func point(onSegment i: Int, atDistance distance: Double, of length: Double) -> (Point, Double?) {
        let (a, b) = (points[i], segmentEnd(i))
        let snap = 1e-9 * length
        let t = length > 0 ? (distance <= snap ? 0 : distance >= length - snap ? 1 : distance / length) : 0
        guard let span = span(i) else { return (t >= 1 ? b : a + (b - a) * t, nil) }
        if t <= 0 { return (a, span.s0) }
        if t >= 1 { return (b, span.s1) }
        guard span.isCurved else { return (a + (b - a) * t, span.s0 + (span.s1 - span.s0) * t) }
        let curve = curves[span.curve]
        let s = curve.parameter(atDistance: distance, from: span.s0, to: span.s1, whole: length)
        return (curve.point(s), s)
    }

    /// The unit direction a dot cut from segment i at curve parameter s faces: the curve's
    /// tangent there, else the segment's direction `fallback`.
    func facing(onSegment i: Int, parameter s: Double?, fallback: Point) -> Point {
        guard let span = span(i), span.isCurved, let s else { return fallback }
        return curves[span.curve].unitDirection(s) ?? fallback
    }

    /// The part of segment i's span from parameter `from` to `to` (nil ends keep the span's own).
    func span(_ i: Int, from: Double?, to: Double?) -> ChordSpan? {
        guard var span = span(i) else { return nil }
        if let from { span.s0 = from }
        if let to { span.s1 = to }
        return span
    }

    /// An open polyline whose curved first and last segments are split toward its two ends until
    /// the curve turns by at most `maxTurn` across the end chords: so its caps face the curve's
    /// tangent (its end points are on the curve already: cuts are placed there). Returned
    /// unchanged, not rebuilt, when no end needs splitting (the ends of whole curves were split
    /// when they were flattened), and for closed, straight-ended or span-less polylines.
    func refiningEnds(maxTurn: Double) -> StrokePolyline {
        guard !isClosed, maxTurn < Double.pi, points.count >= 2, spans.count == segmentCount else { return self }
        let last = segmentCount - 1
        let head = chords(ofSegment: 0, maxTurn: maxTurn, towardStart: true, towardEnd: last == 0)
        let tail = last > 0 ? chords(ofSegment: last, maxTurn: maxTurn, towardStart: false, towardEnd: true) : nil
        guard (head?.count ?? 1) > 1 || (tail?.count ?? 1) > 1 else { return self }
        var out = StrokePolyline(points: [points[0]], isSmooth: [isSmooth[0]], direction: direction)
        out.curves = curves
        for i in 0...last {
            let span = spans[i]
            guard let split = i == 0 ? head : i == last ? tail : nil, split.count > 1 else {
                out.append(points[i + 1], smooth: isSmooth[i + 1], span: span)
                continue
            }
            var s = span.s0
            for (k, (p, t)) in split.enumerated() {
                let end = k == split.count - 1
                out.append(end ? points[i + 1] : p, smooth: end ? isSmooth[i + 1] : true,
                           span: ChordSpan(curve: span.curve, s0: s, s1: t))
                s = t
            }
        }
        return out
    }

    /// Curved segment i's chords split toward its start and/or end (nil for a straight one).
    private func chords(ofSegment i: Int, maxTurn: Double, towardStart: Bool, towardEnd: Bool) -> [(Point, Double)]? {
        let span = spans[i]
        guard span.isCurved else { return nil }
        var out: [(Point, Double)] = []
        curves[span.curve].appendChords(from: span.s0, to: span.s1, maxTurn: maxTurn,
                                        splittingAt: towardStart ? span.s0 : .nan, towardEnd ? span.s1 : .nan, to: &out)
        return out
    }
}
