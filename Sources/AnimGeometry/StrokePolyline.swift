/// One subpath flattened for stroking: its vertices, which of them are corners, and whether it is
/// closed. Unlike `Path.flattened(tolerance:)` (for filling) it keeps what a stroke needs: a
/// closed subpath is joined at its start instead of capped, and the vertices inside a flattened
/// curve are marked smooth, so that the stroker joins them round (the stroke of the curve itself)
/// rather than with the layer's lineJoin, which applies only where path elements meet.
public struct StrokePolyline: Hashable, Sendable {
    /// The vertices, no two consecutive ones equal; a closed polyline does not repeat its first
    /// vertex at the end. A single vertex is a zero-length subpath or dash (drawn as its caps).
    public var points: [Point]
    /// Per vertex: true inside a flattened curve, false where path elements meet.
    public var isSmooth: [Bool]
    /// True when the last vertex is joined back to the first.
    public var isClosed: Bool
    /// For a single vertex: the direction its caps face (unit length; +x when unknown).
    public var direction: Point
    /// Per segment, when known (empty otherwise): the curve it is a chord of and where, so that
    /// the ends cut from it can face the curve (see StrokeChords.swift).
    var spans: [ChordSpan] = []
    /// The curves `spans` refer to.
    var curves: [StrokeCurve] = []

    public init(points: [Point], isSmooth: [Bool]? = nil, isClosed: Bool = false,
                direction: Point = Point(x: 1, y: 0)) {
        self.points = points
        self.isSmooth = isSmooth ?? [Bool](repeating: false, count: points.count)
        self.isClosed = isClosed
        self.direction = direction
    }

    /// The number of segments (the closing one included).
    public var segmentCount: Int {
        guard points.count >= 2 else { return 0 }
        return isClosed ? points.count : points.count - 1
    }

    /// The end of segment i (the first vertex for a closed polyline's last segment).
    func segmentEnd(_ i: Int) -> Point { points[(i + 1) % points.count] }

    /// The total length, the closing segment included (along the curves where the segments are
    /// known chords of them).
    public var length: Double {
        var total = 0.0
        for i in 0..<segmentCount { total += segmentLength(i) }
        return total
    }

    /// Appends a vertex unless it repeats the last one; a repeated corner keeps the corner mark.
    /// `span` says where the new segment lies on the path (given for all segments or none).
    mutating func append(_ p: Point, smooth: Bool, span: ChordSpan? = nil) {
        if let last = points.last, last == p {
            if !smooth { isSmooth[isSmooth.count - 1] = false }
            return
        }
        points.append(p)
        isSmooth.append(smooth)
        if let span, points.count >= 2 { spans.append(span) }
    }

    /// The polyline as an open one that ends where it started (a closed polyline's closing vertex
    /// repeated); an open polyline is returned unchanged.
    var opened: StrokePolyline {
        var open = self
        open.isClosed = false
        guard isClosed, points.count >= 2 else { return open }
        open.points.append(points[0])
        open.isSmooth.append(false)
        return open
    }
}

extension Path {
    /// The subpaths flattened for stroking, chords within half the `tolerance` of the curves
    /// (Wang's bound, as `flattened(tolerance:)`; the stroke's edges follow the centre line, and a
    /// sixteenth of a pixel rather than an eighth brings them nearer to cairo's, docs/shapes.md). A lone move draws nothing; a subpath whose drawing elements
    /// all have zero length is one vertex (its caps are drawn facing the direction of its first
    /// control point, +x when there is none). A drawing element after `close` starts a new subpath
    /// at the closed one's start, as in CGPath.
    ///
    /// With a `halfWidth`, each curve's chords are split toward its two ends until the curve turns
    /// by at most asin(tolerance / halfWidth) across the end chords, so that the caps and joins
    /// facing them are within `tolerance` at the pen's reach; and each segment records the curve
    /// it is a chord of, so that the ends dashes and strokeStart/strokeEnd cut can be treated the
    /// same way (`refiningEnds(maxTurn:)`). See StrokeChords.swift for why the chords between stay
    /// as Wang's bound has them.
    ///
    /// The curves share at most `ChordBudget.limit` chords (for half the tolerance), as for filling.
    /// A path past it has the ends of its curves left as the budget's chords have them, unsplit,
    /// so that the limit holds here too (`refiningEnds` still splits the two end chords of each
    /// polyline it is given, at most 12 more chords each).
    public func strokePolylines(tolerance: Double, halfWidth: Double = 0) -> [StrokePolyline] {
        let tolerance = tolerance >= 1e-6 ? tolerance : 1e-6
        // As the curves ask, and again within the budget only when they ask for more.
        return strokePolylines(tolerance: tolerance, halfWidth: halfWidth, budget: nil)
            ?? strokePolylines(tolerance: tolerance, halfWidth: halfWidth, budget: chordBudget(tolerance: tolerance / 2)) ?? []
    }

    /// The stroke polylines with each curve's chords as `budget` (for half the tolerance) gives
    /// them; for a nil budget as the curves ask, and nil once they ask for more than
    /// `ChordBudget.limit` together.
    private func strokePolylines(tolerance: Double, halfWidth: Double, budget: ChordBudget?) -> [StrokePolyline]? {
        let overBudget = budget.map { !$0.isWithinLimit } ?? false
        let maxTurn = overBudget ? Double.pi : StrokePolyline.maxTurn(tolerance: tolerance, halfWidth: halfWidth)
        var requested = 0
        var out: [StrokePolyline] = []
        var line: StrokePolyline?
        var direction: Point?
        var cursor = SubpathCursor()
        func finish(closed: Bool) {
            guard var l = line else { return }
            if closed, l.points.count >= 2, l.points.last == l.points.first {
                l.points.removeLast()
                l.isSmooth.removeLast()
            } else if closed, l.points.count >= 2 {
                l.spans.append(.straight)
            }
            l.isClosed = closed && l.points.count >= 2
            if l.points.count == 1, let d = direction, d.norm > 0 { l.direction = d * (1 / d.norm) }
            out.append(l)
            line = nil
            direction = nil
        }
        for element in elements {
            switch element {
            case .move:
                finish(closed: false)
            case .line, .quad, .cubic:
                guard let start = cursor.current else { break }
                if line == nil { line = StrokePolyline(points: [start]) }
                if direction == nil || direction == .zero { direction = element.points.first { $0 != start }.map { $0 - start } }
                let (chords, curve, asked) = Self.strokeChords(element, from: start, tolerance: tolerance, maxTurn: maxTurn,
                                                               budget: budget ?? .ample)
                requested += asked
                if budget == nil, requested > ChordBudget.limit { return nil }
                var index = -1
                if let curve {
                    index = line?.curves.count ?? 0
                    line?.curves.append(curve)
                }
                var s = 0.0
                for (k, (p, t)) in chords.enumerated() {
                    line?.append(p, smooth: k < chords.count - 1, span: ChordSpan(curve: index, s0: s, s1: t))
                    s = t
                }
            case .close:
                guard let start = cursor.current else { break }
                if line == nil { line = StrokePolyline(points: [start]) }
                if let first = cursor.subpathStart { line?.append(first, smooth: false, span: .straight) }
                finish(closed: true)
            }
            cursor.advance(over: element)
        }
        finish(closed: false)
        return out
    }
}

extension Path {
    /// The chords of a drawing element (their end points and curve parameters, not the start):
    /// Wang's chords, those at the two ends of a curve split toward them until the curve turns by
    /// at most `maxTurn` across them; the curve, nil for a line; and Wang's count for the curve (0
    /// for a line). `budget` is the path's for half the `tolerance`.
    static func strokeChords(_ element: Element, from start: Point, tolerance: Double, maxTurn: Double,
                             budget: ChordBudget) -> ([(Point, Double)], StrokeCurve?, Int) {
        var points: [Point] = []
        let asked = appendFlattened(element, from: start, tolerance: tolerance / 2, budget: budget, to: &points)
        let curve: StrokeCurve
        switch element {
        case let .quad(c, p): curve = StrokeCurve(start: start, curve: .quad(c, p))
        case let .cubic(c1, c2, p): curve = StrokeCurve(start: start, curve: .cubic(c1, c2, p))
        default: return (points.map { ($0, 1) }, nil, 0)
        }
        let n = points.count
        guard maxTurn < Double.pi else { return (points.enumerated().map { ($1, Double($0 + 1) / Double(n)) }, curve, asked) }
        var chords: [(Point, Double)] = []
        chords.reserveCapacity(n + 16)
        for i in 0..<n {
            curve.appendChords(from: Double(i) / Double(n), to: Double(i + 1) / Double(n), maxTurn: maxTurn,
                               splittingAt: 0, 1, to: &chords)
        }
        return (chords, curve, asked)
    }
}
