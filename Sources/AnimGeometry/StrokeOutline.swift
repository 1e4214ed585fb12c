/// The two ways a `Pen` strokes a polyline: as the convex pieces themselves, and as their outline,
/// the chain sum of the pieces with the inner shortcuts (see `Stroker`).
extension Pen {
    /// One rectangle per segment, one wedge per corner, one piece per cap.
    mutating func pieces(_ line: StrokePolyline) {
        guard line.points.count >= 2 else {
            if let p = line.points.first { dot(at: p, facing: line.direction) }
            return
        }
        let segments = segments(line)
        for s in segments { add([s.a + s.n, s.b + s.n, s.b - s.n, s.a - s.n]) }
        for c in corners(line, segments) where c.hasWedge { add(c.wedge) }
        if !line.isClosed, let first = segments.first, let last = segments.last {
            add([last.b + last.n] + cap(at: last.b, facing: last.d) + [last.b - last.n])
            add([first.a - first.n] + cap(at: first.a, facing: first.d * -1) + [first.a + first.n])
        }
    }

    /// The outline: along the + side (p + n) forward, round the end cap, along the − side backward
    /// and round the start cap; a closed polyline has no caps and its two sides are two contours.
    /// Each is appended reversed, so that it winds as the pieces do.
    mutating func outline(_ line: StrokePolyline) {
        guard line.points.count >= 2 else {
            if let p = line.points.first { dot(at: p, facing: line.direction) }
            return
        }
        let segments = segments(line)
        let corners = corners(line, segments)
        var plus: [Point] = []
        plus.reserveCapacity(2 * segments.count + 8)
        if line.isClosed {
            var minus: [Point] = []
            minus.reserveCapacity(2 * segments.count + 8)
            for c in corners { c.appendSide(1, to: &plus) }
            for c in corners.reversed() { c.appendSide(-1, to: &minus) }
            append(plus)
            append(minus)
            return
        }
        let (first, last) = (segments[0], segments[segments.count - 1])
        plus.append(first.a + first.n)
        for c in corners { c.appendSide(1, to: &plus) }
        plus.append(last.b + last.n)
        plus += cap(at: last.b, facing: last.d)
        plus.append(last.b - last.n)
        for c in corners.reversed() { c.appendSide(-1, to: &plus) }
        plus.append(first.a - first.n)
        plus += cap(at: first.a, facing: first.d * -1)
        append(plus)
    }

    private mutating func append(_ contour: [Point]) {
        if contour.count >= 3 { polygons.append(contour.reversed()) }
    }
}
