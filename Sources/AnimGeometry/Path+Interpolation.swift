/// Animating CAShapeLayer.path: a blend of two paths element by element.
extension Path {
    /// True when both paths have the same elements in the same order (moves, lines, quads, cubics
    /// and closes), whatever their points.
    public func hasSameStructure(as other: Path) -> Bool {
        guard elements.count == other.elements.count else { return false }
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case (.move, .move), (.line, .line), (.quad, .quad), (.cubic, .cubic), (.close, .close): continue
            default: return false
            }
        }
        return true
    }

    /// The path a fraction `t` of the way to `other` (t may leave 0…1): every point, control points
    /// included, blended linearly (Apple: "a linear blend of the on-line points; off-line points
    /// may be interpolated non-linearly", which this does not do). nil when the structures differ,
    /// where Core Animation's result is undefined.
    public func interpolated(to other: Path, by t: Double) -> Path? {
        guard hasSameStructure(as: other) else { return nil }
        func mix(_ p: Point, _ q: Point) -> Point { Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t) }
        var out: [Element] = []
        out.reserveCapacity(elements.count)
        for (a, b) in zip(elements, other.elements) {
            switch (a, b) {
            case let (.move(p), .move(q)): out.append(.move(mix(p, q)))
            case let (.line(p), .line(q)): out.append(.line(mix(p, q)))
            case let (.quad(c, p), .quad(d, q)): out.append(.quad(mix(c, d), mix(p, q)))
            case let (.cubic(c1, c2, p), .cubic(d1, d2, q)): out.append(.cubic(mix(c1, d1), mix(c2, d2), mix(p, q)))
            default: out.append(a)
            }
        }
        return Path(elements: out)
    }
}
