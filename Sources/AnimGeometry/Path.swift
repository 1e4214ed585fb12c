/// A vector path with CGPath's model: a list of elements forming subpaths, in a layer's coordinate
/// space (UIKit: y grows downward).
///
/// A `move` starts a subpath; `line`, `quad` and `cubic` draw from the current point; `close` draws
/// back to the subpath's start, which becomes the current point (a drawing element after `close`
/// continues from there, as in CGPath). Drawing elements that come before any `move` have no current
/// point: CGPath ignores them, and so do the builder methods, `segments` and `flattened(tolerance:)`.
public struct Path: Hashable, Sendable {
    /// One element of a path (CGPathElement).
    public enum Element: Hashable, Sendable {
        /// Starts a new subpath at the point (CGPathMoveToPoint).
        case move(Point)
        /// A straight line to the point.
        case line(Point)
        /// A quadratic Bézier: control point, then end point.
        case quad(Point, Point)
        /// A cubic Bézier: first control point, second control point, then end point.
        case cubic(Point, Point, Point)
        /// A straight line back to the start of the current subpath.
        case close

        /// The point the element ends at (nil for `close`, which ends at the subpath start).
        public var endPoint: Point? {
            switch self {
            case let .move(p), let .line(p), let .quad(_, p), let .cubic(_, _, p): return p
            case .close: return nil
            }
        }

        /// True for `move`.
        public var isMove: Bool {
            if case .move = self { return true }
            return false
        }

        /// Every point the element names, control points included, in order.
        public var points: [Point] {
            switch self {
            case let .move(p), let .line(p): return [p]
            case let .quad(c, p): return [c, p]
            case let .cubic(c1, c2, p): return [c1, c2, p]
            case .close: return []
            }
        }
    }

    /// The elements in drawing order.
    public var elements: [Element]

    /// A path with the given elements (empty by default).
    public init(elements: [Element] = []) {
        self.elements = elements
    }

    /// True when the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// Where the next drawing element starts (CGPathGetCurrentPoint): the end of the last element,
    /// the subpath start after `close`, nil for an empty path or one with no `move` yet.
    public var currentPoint: Point? {
        // Elements before the first move are ignored, so a path without a move has no current point.
        guard elements.contains(where: \.isMove), let last = elements.last else { return nil }
        if let end = last.endPoint { return end }
        // After `close`: the start of the last subpath.
        for case let .move(p) in elements.reversed() { return p }
        return nil
    }

    // MARK: Building (CGMutablePath / UIBezierPath)

    /// True once a `move` has been added (cheap: builder-made paths start with one).
    private var hasCurrentPoint: Bool { elements.contains(where: \.isMove) }

    /// Starts a new subpath at `point` (UIBezierPath.move(to:)).
    public mutating func move(to point: Point) {
        elements.append(.move(point))
    }

    /// A straight line from the current point (UIBezierPath.addLine(to:)). Ignored without a current point.
    public mutating func line(to point: Point) {
        guard hasCurrentPoint else { return }
        elements.append(.line(point))
    }

    /// A quadratic Bézier from the current point (UIBezierPath.addQuadCurve(to:controlPoint:)).
    /// Ignored without a current point.
    public mutating func quad(to point: Point, control: Point) {
        guard hasCurrentPoint else { return }
        elements.append(.quad(control, point))
    }

    /// A cubic Bézier from the current point (UIBezierPath.addCurve(to:controlPoint1:controlPoint2:)).
    /// Ignored without a current point.
    public mutating func cubic(to point: Point, control1: Point, control2: Point) {
        guard hasCurrentPoint else { return }
        elements.append(.cubic(control1, control2, point))
    }

    /// Closes the current subpath (UIBezierPath.close()). Ignored without a current point.
    public mutating func close() {
        guard hasCurrentPoint else { return }
        elements.append(.close)
    }

    /// A circular arc, like UIBezierPath.addArc(withCenter:radius:startAngle:endAngle:clockwise:):
    /// a line from the current point to the arc's start (none when the current point is already
    /// there; a move when there is no current point),
    /// then cubic Béziers of at most 90° each, with handles k·r along the tangents,
    /// k = 4/3·tan(θ/4) for a piece of θ radians.
    ///
    /// Angles are in radians from the +x axis; the point at angle a is center + r·(cos a, sin a) in
    /// y-down coordinates, so `clockwise` (increasing angle) is clockwise on screen. The sweep
    /// follows UIKit: (end − start) reduced into [0, 2π) when clockwise, the mirror image when not,
    /// and a full circle when |end − start| ≥ 2π. A zero sweep adds only the line or move to the start.
    public mutating func addArc(center: Point, radius: Double, startAngle: Double, endAngle: Double, clockwise: Bool) {
        let start = Self.pointOnCircle(center, radius, startAngle)
        if let current = currentPoint {
            if current != start { elements.append(.line(start)) }
        } else {
            move(to: start)
        }
        let sweep = Self.arcSweep(from: startAngle, to: endAngle, clockwise: clockwise)
        elements += Self.arcCubics(center: center, radius: radius, startAngle: startAngle,
                                   sweep: sweep, endAngle: endAngle)
    }

    // MARK: Bounds

    /// The smallest rectangle holding every point of every element, Bézier control points included
    /// (CGPath.boundingBox, the control-point hull: it can be larger than the drawn curve).
    /// `Rect.zero` for a path with no points (where CGPath returns CGRect.null).
    public var bounds: Rect {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for element in elements {
            for p in element.points {
                minX = Swift.min(minX, p.x)
                minY = Swift.min(minY, p.y)
                maxX = Swift.max(maxX, p.x)
                maxY = Swift.max(maxY, p.y)
            }
        }
        guard minX <= maxX, minY <= maxY else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

// MARK: - Arc geometry shared by addArc and the factories

extension Path {
    /// center + r·(cos a, sin a).
    static func pointOnCircle(_ center: Point, _ radius: Double, _ angle: Double) -> Point {
        Point(x: center.x + radius * cosine(angle), y: center.y + radius * sine(angle))
    }

    /// UIKit's sweep for an arc from `start` to `end`: positive (increasing angle) when clockwise.
    static func arcSweep(from start: Double, to end: Double, clockwise: Bool) -> Double {
        let twoPi = 2 * Double.pi
        let delta = end - start
        guard delta.isFinite else { return 0 }
        if abs(delta) >= twoPi { return clockwise ? twoPi : -twoPi }
        var forward = delta.truncatingRemainder(dividingBy: twoPi)
        if forward < 0 { forward += twoPi }
        if clockwise { return forward }
        return forward == 0 ? 0 : forward - twoPi
    }

    /// The cubic pieces (≤ 90° each) of an arc starting at `startAngle` and sweeping `sweep`
    /// radians. The last piece ends exactly at the start point for a full circle, otherwise at
    /// the point at `endAngle` (equal to startAngle + sweep modulo 2π).
    static func arcCubics(center: Point, radius: Double, startAngle: Double, sweep: Double,
                          endAngle: Double) -> [Element] {
        guard sweep != 0 else { return [] }
        let quarter = Double.pi / 2
        let count = Swift.max(1, Int((abs(sweep) / quarter - 1e-9).rounded(.up)))
        let step = sweep / Double(count)
        let k = 4.0 / 3.0 * tangent(step / 4) * radius
        let isFullCircle = abs(sweep) >= 2 * Double.pi
        var out: [Element] = []
        out.reserveCapacity(count)
        var a0 = startAngle
        var p0 = pointOnCircle(center, radius, a0)
        let first = p0
        for i in 1...count {
            let a1 = startAngle + step * Double(i)
            var p1 = pointOnCircle(center, radius, a1)
            if i == count { p1 = isFullCircle ? first : pointOnCircle(center, radius, endAngle) }
            let c1 = p0 + Point(x: -sine(a0), y: cosine(a0)) * k
            let c2 = p1 - Point(x: -sine(a1), y: cosine(a1)) * k
            out.append(.cubic(c1, c2, p1))
            (a0, p0) = (a1, p1)
        }
        return out
    }

    /// tan via the sine and cosine wrappers of Trigonometry.swift.
    static func tangent(_ x: Double) -> Double { sine(x) / cosine(x) }
}

// MARK: - Walking subpaths

/// The current point and subpath start while walking a path's elements, with CGPath's rules.
struct SubpathCursor {
    /// Where the next drawing element starts; nil before the first move.
    var current: Point?
    /// Where the current subpath started (the target of `close`).
    var subpathStart: Point?

    /// Moves past `element`. Drawing elements without a current point are ignored.
    mutating func advance(over element: Path.Element) {
        switch element {
        case let .move(p):
            current = p
            subpathStart = p
        case .line, .quad, .cubic:
            if current != nil { current = element.endPoint }
        case .close:
            if current != nil { current = subpathStart }
        }
    }
}
