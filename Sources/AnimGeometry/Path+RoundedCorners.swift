/// The radius of each corner of a rectangle, clockwise from the top-left (y down).
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same radius at every corner.
    public init(all r: Double) {
        self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r)
    }

    /// Negative and NaN radii as 0, then every radius scaled by one factor (at most 1) so that
    /// the two radii along each side fit in it (CSS's rule for border-radius). With equal radii this
    /// is UIKit's clamp to half the shorter side.
    func fitted(to width: Double, _ height: Double) -> CornerRadii {
        func clean(_ v: Double) -> Double { v > 0 ? v : 0 }
        var r = CornerRadii(topLeft: clean(topLeft), topRight: clean(topRight),
                            bottomRight: clean(bottomRight), bottomLeft: clean(bottomLeft))
        var f = 1.0
        for (side, a, b) in [(width, r.topLeft, r.topRight), (width, r.bottomLeft, r.bottomRight),
                             (height, r.topLeft, r.bottomLeft), (height, r.topRight, r.bottomRight)] where a + b > side {
            f = Swift.min(f, side / (a + b))
        }
        if f < 1 {
            r = CornerRadii(topLeft: r.topLeft * f, topRight: r.topRight * f,
                            bottomRight: r.bottomRight * f, bottomLeft: r.bottomLeft * f)
        }
        return r
    }
}

extension Path {
    /// A rectangle with its own radius at each corner, like
    /// UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:) generalised to four radii: starts at
    /// (minX + topLeft, minY) and runs clockwise on screen, each rounded corner a circular quarter
    /// arc (one cubic), a corner of radius 0 a sharp turn; closed. Radii are fitted to the sides by
    /// `CornerRadii.fitted`; zero-length edges are left out. All radii 0 gives `rect(_:)`.
    public static func roundedRect(_ rect: Rect, cornerRadii: CornerRadii) -> Path {
        let b = rect.standardized
        let r = cornerRadii.fitted(to: b.width, b.height)
        guard r.topLeft > 0 || r.topRight > 0 || r.bottomRight > 0 || r.bottomLeft > 0 else { return Path.rect(b) }
        var current = Point(x: b.minX + r.topLeft, y: b.minY)
        var elements: [Element] = [.move(current)]
        func line(to p: Point) {
            guard p != current else { return }
            elements.append(.line(p))
            current = p
        }
        func corner(_ c: Point, radius: Double, from a: Point, to e: Point) {
            line(to: a)
            guard radius > 0 else { return }
            elements.append(quarterArc(from: a, corner: c, to: e))
            current = e
        }
        corner(Point(x: b.maxX, y: b.minY), radius: r.topRight,
               from: Point(x: b.maxX - r.topRight, y: b.minY), to: Point(x: b.maxX, y: b.minY + r.topRight))
        corner(Point(x: b.maxX, y: b.maxY), radius: r.bottomRight,
               from: Point(x: b.maxX, y: b.maxY - r.bottomRight), to: Point(x: b.maxX - r.bottomRight, y: b.maxY))
        corner(Point(x: b.minX, y: b.maxY), radius: r.bottomLeft,
               from: Point(x: b.minX + r.bottomLeft, y: b.maxY), to: Point(x: b.minX, y: b.maxY - r.bottomLeft))
        corner(Point(x: b.minX, y: b.minY), radius: r.topLeft,
               from: Point(x: b.minX, y: b.minY + r.topLeft), to: Point(x: b.minX + r.topLeft, y: b.minY))
        elements.append(.close)
        return Path(elements: elements)
    }
}
