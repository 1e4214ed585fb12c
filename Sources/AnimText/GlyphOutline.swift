import AnimGeometry

/// Glyph outlines (font units, y up) placed in a layer's space (points, y down).
enum GlyphOutline {
    /// The outline's elements scaled by `scale`, flipped to y down and moved to `origin` (the pen
    /// position on the baseline).
    static func place(_ outline: Path, at origin: Point, scale: Double) -> [Path.Element] {
        func map(_ p: Point) -> Point { Point(x: origin.x + p.x * scale, y: origin.y - p.y * scale) }
        return outline.elements.map { element in
            switch element {
            case let .move(p): .move(map(p))
            case let .line(p): .line(map(p))
            case let .quad(c, p): .quad(map(c), map(p))
            case let .cubic(c1, c2, p): .cubic(map(c1), map(c2), map(p))
            case .close: .close
            }
        }
    }
}
