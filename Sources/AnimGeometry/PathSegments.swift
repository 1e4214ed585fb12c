/// One drawing element of a path with its start point: what a keyframe path animation moves along
/// (core-animation-semantics.md §4.3: every element except a move is one keyframe segment).
///
/// The Bézier parameter s runs over [0, 1]; `length` is the arc length, computed once at
/// initialisation by adaptive Gauss–Legendre quadrature (deterministic, ~1e-12 relative).
public struct PathSegment: Hashable, Sendable {
    /// The geometry after the start point.
    public enum Curve: Hashable, Sendable {
        /// A straight line to the end point.
        case line(Point)
        /// A quadratic Bézier: control point, end point.
        case quad(Point, Point)
        /// A cubic Bézier: first control point, second control point, end point.
        case cubic(Point, Point, Point)
    }

    /// Where the segment starts (the current point before its element).
    public let start: Point
    /// The control and end points after `start`.
    public let curve: Curve
    /// True for the line a `close` element draws back to the subpath start.
    public let closesSubpath: Bool
    /// The arc length.
    public let length: Double

    /// A segment from `start` along `curve` (its length is computed here, once).
    public init(start: Point, curve: Curve, closesSubpath: Bool = false) {
        self.start = start
        self.curve = curve
        self.closesSubpath = closesSubpath
        self.length = Self.arcLength(start, curve, from: 0, to: 1)
    }

    /// Where the segment ends.
    public var end: Point {
        switch curve {
        case let .line(p), let .quad(_, p), let .cubic(_, _, p): return p
        }
    }

    /// The Bézier control points, start and end included (2, 3 or 4 points).
    public var controlPoints: [Point] {
        switch curve {
        case let .line(p): return [start, p]
        case let .quad(c, p): return [start, c, p]
        case let .cubic(c1, c2, p): return [start, c1, c2, p]
        }
    }

    /// The point at Bézier parameter s (exactly `start` at 0 and `end` at 1).
    public func point(at s: Double) -> Point {
        curve.point(from: start, at: s)
    }

    /// The tangent dB/ds at parameter s. Where it vanishes (a control point on an end point, or a
    /// cusp) this returns a non-zero vector in the direction of travel instead: at s = 0 toward the
    /// first control point distinct from the start, at s = 1 from the last one distinct from the
    /// end, inside the curve along the next non-vanishing derivative. Only a segment whose points
    /// all coincide gives zero.
    public func derivative(at s: Double) -> Point {
        let d = curve.derivative(from: start, at: s)
        return d == .zero ? fallbackDirection(at: s) : d
    }

    /// The arc length from parameter s0 to s1 (negative when s1 < s0).
    public func length(from s0: Double, to s1: Double) -> Double {
        if s0 == 0, s1 == 1 { return length }
        return Self.arcLength(start, curve, from: s0, to: s1)
    }

    /// The parameter s at which the arc length from the start equals `l` (inverse arc length,
    /// to ~1e-12 of the length): Newton's method on the length with a bisection safeguard.
    /// `l` is clamped to [0, length]; a zero-length segment gives 0.
    public func parameter(atLength l: Double) -> Double {
        guard length > 0, l > 0 else { return 0 }
        guard l < length else { return 1 }
        if case .line = curve { return l / length }
        var (lo, hi) = (0.0, 1.0)
        var s = l / length
        var lengthToS = length(from: 0, to: s)
        for _ in 0..<100 {
            let f = lengthToS - l
            if abs(f) <= 1e-13 * length || hi - lo <= 1e-16 { break }
            if f < 0 { lo = s } else { hi = s }
            let speed = curve.derivative(from: start, at: s).norm
            var next = s - f / speed
            if !(speed > 0) || !(next > lo && next < hi) { next = (lo + hi) / 2 }
            lengthToS += length(from: s, to: next)
            s = next
        }
        return s
    }

    private func fallbackDirection(at s: Double) -> Point {
        let points = controlPoints
        if s <= 0 { return points.first { $0 != start }.map { $0 - start } ?? .zero }
        if s >= 1 { return points.last { $0 != end }.map { end - $0 } ?? .zero }
        let second = curve.secondDerivative(from: start, at: s)
        if second != .zero { return second }
        guard case let .cubic(c1, c2, p) = curve else { return .zero }
        return p - c2 * 3 + c1 * 3 - start
    }
}

// MARK: - Bézier evaluation

extension PathSegment.Curve {
    /// B(s) in Bernstein form (exact end points at s = 0 and 1).
    func point(from p0: Point, at s: Double) -> Point {
        let t = 1 - s
        switch self {
        case let .line(p1):
            return p0 * t + p1 * s
        case let .quad(c, p1):
            return p0 * (t * t) + c * (2 * t * s) + p1 * (s * s)
        case let .cubic(c1, c2, p1):
            return p0 * (t * t * t) + c1 * (3 * t * t * s) + c2 * (3 * t * s * s) + p1 * (s * s * s)
        }
    }

    /// B′(s).
    func derivative(from p0: Point, at s: Double) -> Point {
        let t = 1 - s
        switch self {
        case let .line(p1):
            return p1 - p0
        case let .quad(c, p1):
            return ((c - p0) * t + (p1 - c) * s) * 2
        case let .cubic(c1, c2, p1):
            return ((c1 - p0) * (t * t) + (c2 - c1) * (2 * t * s) + (p1 - c2) * (s * s)) * 3
        }
    }

    /// B″(s).
    func secondDerivative(from p0: Point, at s: Double) -> Point {
        switch self {
        case .line:
            return .zero
        case let .quad(c, p1):
            return (p1 - c * 2 + p0) * 2
        case let .cubic(c1, c2, p1):
            return ((c2 - c1 * 2 + p0) * (1 - s) + (p1 - c2 * 2 + c1) * s) * 6
        }
    }
}

extension Point {
    /// The Euclidean length of the vector.
    public var norm: Double { (x * x + y * y).squareRoot() }
}

// MARK: - Arc length

extension PathSegment {
    /// The arc length from s0 to s1: exact for lines; otherwise adaptive Gauss–Legendre on the
    /// pieces between the speed's local minima, so that a cusp (zero speed, where the speed has a
    /// kink) is always at the end of a piece and each piece's integrand is smooth.
    static func arcLength(_ start: Point, _ curve: Curve, from s0: Double, to s1: Double) -> Double {
        if s0 == s1 { return 0 }
        if s1 < s0 { return -arcLength(start, curve, from: s1, to: s0) }
        if case let .line(end) = curve { return (end - start).norm * (s1 - s0) }
        let speed = { (s: Double) in curve.derivative(from: start, at: s).norm }
        let scale = Swift.max(controlPolygonLength(start, curve), Double.leastNormalMagnitude)
        let cuts = [s0] + SpeedMinima(start, curve).locations(in: s0, s1) + [s1]
        var total = 0.0
        for i in 0..<(cuts.count - 1) where cuts[i] < cuts[i + 1] {
            let (a, b) = (cuts[i], cuts[i + 1])
            let tolerance = 1e-13 * scale * (b - a)
            total += GaussLegendre.adaptive(speed, a, b, whole: GaussLegendre.integrate(speed, a, b),
                                            tolerance: tolerance, depth: 50)
        }
        return total
    }

    /// The length of the control polygon (an upper bound of the arc length).
    static func controlPolygonLength(_ start: Point, _ curve: Curve) -> Double {
        var total = 0.0, previous = start
        let points: [Point]
        switch curve {
        case let .line(p): points = [p]
        case let .quad(c, p): points = [c, p]
        case let .cubic(c1, c2, p): points = [c1, c2, p]
        }
        for p in points {
            total += (p - previous).norm
            previous = p
        }
        return total
    }
}

/// Where |B′|² has local minima: the roots of g(s) = B′(s)·B″(s) (up to positive factors) at which
/// g goes from negative to positive. With B′ ∝ A s² + B s + C, g is the cubic
/// 2|A|² s³ + 3 A·B s² + (|B|² + 2 A·C) s + B·C.
struct SpeedMinima {
    /// g's coefficients, constant term first.
    let g: [Double]

    init(_ start: Point, _ curve: PathSegment.Curve) {
        let (a, b, c): (Point, Point, Point)
        switch curve {
        case .line:
            (a, b, c) = (.zero, .zero, .zero)
        case let .quad(q, p):
            (a, b, c) = (.zero, (p - q) - (q - start), q - start)
        case let .cubic(c1, c2, p):
            let (u, v, w) = (c1 - start, c2 - c1, p - c2)
            (a, b, c) = (u - v * 2 + w, (v - u) * 2, u)
        }
        func dot(_ p: Point, _ q: Point) -> Double { p.x * q.x + p.y * q.y }
        g = [dot(b, c), dot(b, b) + 2 * dot(a, c), 3 * dot(a, b), 2 * dot(a, a)]
    }

    func value(_ s: Double) -> Double { ((g[3] * s + g[2]) * s + g[1]) * s + g[0] }

    /// The minima strictly inside (s0, s1), in increasing order.
    func locations(in s0: Double, _ s1: Double) -> [Double] {
        // g′ = 3 g3 s² + 2 g2 s + g1: its roots split [s0, s1] into pieces where g is monotone.
        let turns = quadraticRoots(3 * g[3], 2 * g[2], g[1]).filter { $0 > s0 && $0 < s1 }
        let bounds = [s0] + turns + [s1]
        var out: [Double] = []
        for i in 0..<(bounds.count - 1) {
            var (lo, hi) = (bounds[i], bounds[i + 1])
            guard value(lo) < 0, value(hi) > 0 else { continue }
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if mid <= lo || mid >= hi { break }
                if value(mid) < 0 { lo = mid } else { hi = mid }
            }
            if lo > s0, lo < s1 { out.append(lo) }
        }
        return out
    }

    /// The real roots of a s² + b s + c (a linear or constant polynomial when a = 0), ascending.
    func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> [Double] {
        if a == 0 { return b == 0 ? [] : [-c / b] }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
        let roots = q == 0 ? [0.0] : [q / a, c / q]
        return roots.sorted()
    }
}

/// 8-point Gauss–Legendre quadrature with adaptive bisection.
public enum GaussLegendre {
    /// Nodes in (−1, 1) and their weights, found once by Newton's method on P₈.
    static let rule: [(node: Double, weight: Double)] = {
        let n = 8
        var out: [(node: Double, weight: Double)] = []
        for i in 1...n {
            var x = cosine(Double.pi * (Double(i) - 0.25) / (Double(n) + 0.5))
            for _ in 0..<100 {
                let (p, dp) = legendre(n, x)
                let dx = p / dp
                x -= dx
                if abs(dx) < 1e-17 { break }
            }
            let derivative = legendre(n, x).derivative
            out.append((x, 2 / ((1 - x * x) * derivative * derivative)))
        }
        return out
    }()

    /// Pₙ(x) and Pₙ′(x) by the three-term recurrence.
    static func legendre(_ n: Int, _ x: Double) -> (value: Double, derivative: Double) {
        var (p0, p1) = (1.0, x)
        for k in stride(from: 2, through: n, by: 1) {
            (p0, p1) = (p1, ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k))
        }
        return (p1, Double(n) * (x * p1 - p0) / (x * x - 1))
    }

    /// ∫ f over [a, b] with the fixed rule.
    public static func integrate(_ f: (Double) -> Double, _ a: Double, _ b: Double) -> Double {
        let half = (b - a) / 2, mid = (a + b) / 2
        var sum = 0.0
        for (node, weight) in rule { sum += weight * f(mid + half * node) }
        return sum * half
    }

    /// Bisects until the two halves agree with the whole to `tolerance` (halved at each level).
    public static func adaptive(_ f: (Double) -> Double, _ a: Double, _ b: Double, whole: Double,
                         tolerance: Double, depth: Int) -> Double {
        let mid = (a + b) / 2
        let left = integrate(f, a, mid), right = integrate(f, mid, b)
        let both = left + right
        // The first two levels always split (a guard against halves agreeing with a poor whole by chance).
        let converged = depth < 49 && abs(both - whole) <= tolerance
        if depth <= 0 || converged || !both.isFinite { return both }
        return adaptive(f, a, mid, whole: left, tolerance: tolerance / 2, depth: depth - 1)
            + adaptive(f, mid, b, whole: right, tolerance: tolerance / 2, depth: depth - 1)
    }
}

// MARK: - Paths as segments and polylines

extension Path {
    /// The drawing elements as segments, in order: one per line, quad and cubic, and one line per
    /// `close` whose current point is not already the subpath start (a zero-length closing line is
    /// dropped; a zero-length `line` element is kept). Moves only set where the next segment
    /// starts; elements before the first move are ignored.
    public var segments: [PathSegment] {
        var out: [PathSegment] = []
        var cursor = SubpathCursor()
        for element in elements {
            if let start = cursor.current {
                switch element {
                case .move: break
                case let .line(p): out.append(PathSegment(start: start, curve: .line(p)))
                case let .quad(c, p): out.append(PathSegment(start: start, curve: .quad(c, p)))
                case let .cubic(c1, c2, p): out.append(PathSegment(start: start, curve: .cubic(c1, c2, p)))
                case .close:
                    if let first = cursor.subpathStart, first != start {
                        out.append(PathSegment(start: start, curve: .line(first), closesSubpath: true))
                    }
                }
            }
            cursor.advance(over: element)
        }
        return out
    }
}

extension Path {
    /// The path as polylines, one per subpath that draws something, for filling and stroking.
    ///
    /// Each polyline starts at its subpath's start; curves are replaced by chords at uniformly
    /// spaced parameters, their number fixed by Wang's flatness bound so that no point of the curve
    /// is farther than `tolerance` from the polyline: n = ⌈√(d(d−1)·M / (8·tolerance))⌉ for a degree-d
    /// Bézier whose largest second difference of control points is M (at most 4096 chords per
    /// curve). A closed subpath's polyline ends with a copy of its first point (so an open subpath
    /// that returns to its start looks the same); a lone move gives no polyline. A tolerance below
    /// 1e-6 (or NaN) is treated as 1e-6. The curves of one path share at most `ChordBudget.limit`
    /// chords (past it each gets fewer, see `ChordBudget`). The result depends only on the path and
    /// the tolerance.
    public func flattened(tolerance: Double) -> [[Point]] {
        let tolerance = tolerance >= 1e-6 ? tolerance : 1e-6
        // Flattened as the curves ask, and again within the budget only when they ask for more.
        return flattened(tolerance: tolerance, budget: nil)
            ?? flattened(tolerance: tolerance, budget: chordBudget(tolerance: tolerance)) ?? []
    }

    /// The polylines with each curve's chords as `budget` gives them; for a nil budget as the
    /// curves ask, and nil once they ask for more than `ChordBudget.limit` together.
    private func flattened(tolerance: Double, budget: ChordBudget?) -> [[Point]]? {
        var requested = 0
        var out: [[Point]] = []
        var line: [Point] = []
        var cursor = SubpathCursor()
        func finish() {
            if line.count >= 2 { out.append(line) }
            line = []
        }
        for element in elements {
            switch element {
            case let .move(p):
                finish()
                line = [p]
            case .line, .quad, .cubic:
                guard let start = cursor.current else { break }
                if line.isEmpty { line = [start] }
                requested += Self.appendFlattened(element, from: start, tolerance: tolerance, budget: budget ?? .ample, to: &line)
                if budget == nil, requested > ChordBudget.limit { return nil }
            case .close:
                // A second close in a row has nothing left to close.
                guard cursor.current != nil, let first = cursor.subpathStart, !line.isEmpty else { break }
                line.append(first)
                finish()
            }
            cursor.advance(over: element)
        }
        finish()
        return out
    }

    /// Appends the chord end points of a drawing element (not its start): a line's end, or the
    /// chords `budget` gives a curve for Wang's count within `tolerance`. Returns that count (0
    /// for a line).
    @discardableResult
    static func appendFlattened(_ element: Element, from start: Point, tolerance: Double, budget: ChordBudget,
                                to line: inout [Point]) -> Int {
        let curve: PathSegment.Curve
        switch element {
        case let .line(p):
            line.append(p)
            return 0
        case let .quad(c, p): curve = .quad(c, p)
        case let .cubic(c1, c2, p): curve = .cubic(c1, c2, p)
        case .move, .close: return 0
        }
        guard let wang = wangChords(element, from: start, tolerance: tolerance) else { return 0 }
        let chords = budget.chords(wang)
        for i in 1...chords {
            line.append(curve.point(from: start, at: Double(i) / Double(chords)))
        }
        return wang
    }

    /// Wang's formula: chords of equal parameter step keeping a degree-d Bézier within `tolerance`.
    static func chordCount(degree: Int, secondDifference m: Double, tolerance: Double) -> Int {
        let d = Double(degree)
        let n = (d * (d - 1) * m / (8 * tolerance)).squareRoot().rounded(.up)
        // Compared before converting: a far control point makes n finite but beyond Int's range.
        guard n < 4096 else { return 4096 }  // also NaN and ∞
        return Swift.max(1, Int(n))
    }
}
