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
    public func strokePolylines(tolerance: Double) -> [StrokePolyline] {
        let tolerance = tolerance >= 1e-6 ? tolerance : 1e-6
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
                var chords: [Point] = []
                Self.appendFlattened(element, from: start, tolerance: tolerance, to: &chords)
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
