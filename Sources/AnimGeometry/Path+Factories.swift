/// UIBezierPath's convenience initialisers, with their start points and directions (y down).
extension Path {
    /// UIBezierPath(rect:) / CGPathAddRect: a move to the top-left corner of the standardized rect,
    /// lines clockwise on screen (top-right, bottom-right, bottom-left), then close.
    public static func rect(_ rect: Rect) -> Path {
        let r = rect.standardized
        return Path(elements: [
            .move(Point(x: r.minX, y: r.minY)),
            .line(Point(x: r.maxX, y: r.minY)),
            .line(Point(x: r.maxX, y: r.maxY)),
            .line(Point(x: r.minX, y: r.maxY)),
            .close,
        ])
    }

    /// UIBezierPath(ovalIn:) / CGPathAddEllipseInRect: the ellipse inscribed in the standardized
    /// rect, starting at its rightmost point (maxX, midY) and running clockwise on screen (through
    /// the bottom, the left and the top) as four cubic quarter arcs with handles 4/3·tan(π/8)
    /// (≈ 0.5523) of the semi-axes, closed.
    public static func oval(in rect: Rect) -> Path {
        let r = rect.standardized
        let (rx, ry) = (r.width / 2, r.height / 2)
        let (cx, cy) = (r.minX + rx, r.minY + ry)
        let k = 4.0 / 3.0 * tangent(Double.pi / 8)
        let (hx, hy) = (k * rx, k * ry)
        let right = Point(x: r.maxX, y: cy), bottom = Point(x: cx, y: r.maxY)
        let left = Point(x: r.minX, y: cy), top = Point(x: cx, y: r.minY)
        return Path(elements: [
            .move(right),
            .cubic(Point(x: r.maxX, y: cy + hy), Point(x: cx + hx, y: r.maxY), bottom),
            .cubic(Point(x: cx - hx, y: r.maxY), Point(x: r.minX, y: cy + hy), left),
            .cubic(Point(x: r.minX, y: cy - hy), Point(x: cx - hx, y: r.minY), top),
            .cubic(Point(x: cx + hx, y: r.minY), Point(x: r.maxX, y: cy - hy), right),
            .close,
        ])
    }

    /// UIBezierPath(roundedRect:cornerRadius:) on the standardized rect: starts at
    /// (minX + r, minY) and runs clockwise on screen, each corner a circular quarter arc (cubic).
    /// The radius is clamped to half the shorter side; a radius ≤ 0 (or NaN) gives `rect(_:)`.
    /// Straight edges of zero length (a radius of exactly half a side) are left out.
    ///
    /// Since iOS 7 UIBezierPath draws these corners as *continuous* curves (a "squircle" that
    /// starts about 1.53·r from the corner); they are approximated by circular arcs here for now.
    public static func roundedRect(_ rect: Rect, cornerRadius: Double) -> Path {
        let b = rect.standardized
        guard cornerRadius > 0 else { return Path.rect(b) }
        let r = Swift.min(cornerRadius, b.width / 2, b.height / 2)
        guard r > 0 else { return Path.rect(b) }
        let hasTopEdge = r < b.width / 2, hasSideEdge = r < b.height / 2
        // Where the straight edges end; when an edge has zero length both ends are the same number.
        let x0 = b.minX + r, x1 = hasTopEdge ? b.maxX - r : x0
        let y0 = b.minY + r, y1 = hasSideEdge ? b.maxY - r : y0
        var current = Point(x: x0, y: b.minY)
        var elements: [Element] = [.move(current)]
        func edge(to p: Point, _ present: Bool) {
            guard present else { return }
            elements.append(.line(p))
            current = p
        }
        func corner(_ c: Point, to p: Point) {
            elements.append(quarterArc(from: current, corner: c, to: p))
            current = p
        }
        edge(to: Point(x: x1, y: b.minY), hasTopEdge)
        corner(Point(x: b.maxX, y: b.minY), to: Point(x: b.maxX, y: y0))
        edge(to: Point(x: b.maxX, y: y1), hasSideEdge)
        corner(Point(x: b.maxX, y: b.maxY), to: Point(x: x1, y: b.maxY))
        edge(to: Point(x: x0, y: b.maxY), hasTopEdge)
        corner(Point(x: b.minX, y: b.maxY), to: Point(x: b.minX, y: y1))
        edge(to: Point(x: b.minX, y: y0), hasSideEdge)
        corner(Point(x: b.minX, y: b.minY), to: Point(x: x0, y: b.minY))
        elements.append(.close)
        return Path(elements: elements)
    }

    /// The circular quarter arc from `a` to `b` that is tangent to the corner lines at `corner`
    /// (|corner − a| = |corner − b| = r): handles k·r toward the corner, k = 4/3·tan(π/8).
    static func quarterArc(from a: Point, corner: Point, to b: Point) -> Element {
        let k = 4.0 / 3.0 * tangent(Double.pi / 8)
        return .cubic(a + (corner - a) * k, b + (corner - b) * k, b)
    }

    /// UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:): a move to the start point, then
    /// the arc as cubic pieces of at most 90°, open. Angle 0 is the +x axis (3 o'clock); the point at
    /// angle a is center + r·(cos a, sin a) in y-down coordinates, so `clockwise` (increasing angle) is
    /// clockwise on screen. The sweep is (end − start) reduced into [0, 2π) when clockwise, the mirror
    /// image when not, and a full circle when |end − start| ≥ 2π (see `addArc`).
    public static func arc(center: Point, radius: Double, startAngle: Double, endAngle: Double,
                           clockwise: Bool) -> Path {
        var path = Path()
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
        return path
    }
}
