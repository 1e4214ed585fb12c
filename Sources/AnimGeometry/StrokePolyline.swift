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

    /// The total length, the closing segment included.
    public var length: Double {
        var total = 0.0
        for i in 0..<segmentCount { total += (segmentEnd(i) - points[i]).norm }
        return total
    }

    /// Appends a vertex unless it repeats the last one; a repeated corner keeps the corner mark.
    mutating func append(_ p: Point, smooth: Bool) {
        if let last = points.last, last == p {
            if !smooth { isSmooth[isSmooth.count - 1] = false }
            return
        }
        points.append(p)
        isSmooth.append(smooth)
    }

    /// The polyline as an open one that ends where it started (a closed polyline's closing vertex
    /// repeated); an open polyline is returned unchanged.
    var opened: StrokePolyline {
        guard isClosed, points.count >= 2 else { return StrokePolyline(points: points, isSmooth: isSmooth, direction: direction) }
        return StrokePolyline(points: points + [points[0]], isSmooth: isSmooth + [false], direction: direction)
    }
}

extension Path {
    /// The subpaths flattened for stroking, chords within `tolerance` of the curves (Wang's bound,
    /// as `flattened(tolerance:)`). A lone move draws nothing; a subpath whose drawing elements
    /// all have zero length is one vertex (its caps are drawn facing the direction of its first
    /// control point, +x when there is none). A drawing element after `close` starts a new subpath
    /// at the closed one's start, as in CGPath.
    ///
    /// With a `halfWidth`, curves get more chords where needed so that no chord's direction is
    /// more than asin(tolerance / halfWidth) from the curve's tangent at its ends: the caps and
    /// the cut ends of dashes and of strokeStart/strokeEnd, which face the chord's direction, then
    /// stay within `tolerance` of the true perpendicular at the pen's reach.
    public func strokePolylines(tolerance: Double, halfWidth: Double = 0) -> [StrokePolyline] {
        let tolerance = tolerance >= 1e-6 ? tolerance : 1e-6
        let maxTurn = halfWidth > tolerance ? 2 * arcTangent2(tolerance, (halfWidth * halfWidth - tolerance * tolerance).squareRoot())
            : Double.pi
        var out: [StrokePolyline] = []
        var line: StrokePolyline?
        var direction: Point?
        var cursor = SubpathCursor()
        func finish(closed: Bool) {
            guard var l = line else { return }
            if closed, l.points.count >= 2, l.points.last == l.points.first {
                l.points.removeLast()
                l.isSmooth.removeLast()
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
                let chords = Self.strokeChords(element, from: start, tolerance: tolerance, maxTurn: maxTurn)
                for (k, p) in chords.enumerated() { line?.append(p, smooth: k < chords.count - 1) }
            case .close:
                guard let start = cursor.current else { break }
                if line == nil { line = StrokePolyline(points: [start]) }
                if let first = cursor.subpathStart { line?.append(first, smooth: false) }
                finish(closed: true)
            }
            cursor.advance(over: element)
        }
        finish(closed: false)
        return out
    }
}

extension Path {
    /// The chord end points of a drawing element: Wang's count, multiplied when two consecutive
    /// chords turn by more than `maxTurn` radians (at most 4096 chords).
    static func strokeChords(_ element: Element, from start: Point, tolerance: Double, maxTurn: Double) -> [Point] {
        var chords: [Point] = []
        appendFlattened(element, from: start, tolerance: tolerance, to: &chords)
        let curve: PathSegment.Curve
        switch element {
        case let .quad(c, p): curve = .quad(c, p)
        case let .cubic(c1, c2, p): curve = .cubic(c1, c2, p)
        default: return chords
        }
        guard chords.count >= 2, maxTurn < Double.pi else { return chords }
        var turn = 0.0
        var previous = start
        var direction: Point?
        for p in chords {
            let d = p - previous
            if d != .zero {
                if let q = direction { turn = Swift.max(turn, abs(arcTangent2(q.x * d.y - q.y * d.x, q.x * d.x + q.y * d.y))) }
                direction = d
            }
            previous = p
        }
        guard turn > maxTurn else { return chords }
        let n = Swift.min(4096.0, Double(chords.count) * (turn / maxTurn).rounded(.up))
        let count = Int(n)
        guard count > chords.count else { return chords }
        return (1...count).map { curve.point(from: start, at: Double($0) / Double(count)) }
    }
}
