/// strokeStart and strokeEnd: the part of a flattened path between two fractions of its length.
extension Array where Element == StrokePolyline {
    /// The total length of every polyline.
    public var totalLength: Double { reduce(0) { $0 + $1.length } }

    /// The part between `start` and `end`, fractions of the total length of all subpaths together
    /// (CAShapeLayer's strokeStart and strokeEnd, clamped to 0…1). Subpaths kept whole stay as
    /// they are (a closed one stays closed); a cut one becomes open, its cut ends capped. Nothing
    /// is left when end ≤ start. A zero-length subpath (a dot) is kept when its position along
    /// the path lies in the range.
    public func trimmed(from start: Double, to end: Double) -> [StrokePolyline] {
        let s0 = start.isNaN ? 0 : Swift.min(1, Swift.max(0, start))
        let s1 = end.isNaN ? 1 : Swift.min(1, Swift.max(0, end))
        if s0 <= 0 && s1 >= 1 { return self }
        guard s1 > s0 else { return [] }
        // Measured once: along curves a length is a quadrature per chord.
        let lengths = map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0 else { return self }
        let (a, b) = (s0 * total, s1 * total)
        var out: [StrokePolyline] = []
        var offset = 0.0
        for (polyline, length) in zip(self, lengths) {
            defer { offset += length }
            let lo = Swift.max(a, offset), hi = Swift.min(b, offset + length)
            if length == 0 {
                if offset >= a && offset <= b { out.append(polyline) }
                continue
            }
            guard hi > lo else { continue }
            if lo <= offset && hi >= offset + length {
                out.append(polyline)
            } else {
                out.append(polyline.opened.slice(from: lo - offset, to: hi - offset))
            }
        }
        return out
    }
}

extension StrokePolyline {
    /// The open polyline between arc lengths `from` and `to` (0 ≤ from ≤ to ≤ length) of an open
    /// polyline: the interpolated ends and the vertices strictly between them. A zero-length slice
    /// is one vertex facing the direction of travel there.
    func slice(from: Double, to: Double) -> StrokePolyline {
        var out = StrokePolyline(points: [], isSmooth: [], direction: direction)
        out.curves = curves
        var walked = 0.0
        for i in 0..<segmentCount {
            let (a, b) = (self.points[i], segmentEnd(i))
            let length = segmentLength(i)
            let next = walked + length
            // Where the slice enters segment i on its curve (nil: at its start).
            var entry: Double?
            if out.points.isEmpty, from <= next || i == segmentCount - 1 {
                let (p, s) = point(onSegment: i, atDistance: from - walked, of: length)
                out.points.append(p)
                out.isSmooth.append(false)
                entry = s
                let chord = (b - a).norm
                if chord > 0 { out.direction = facing(onSegment: i, parameter: s, fallback: (b - a) * (1 / chord)) }
            }
            if !out.points.isEmpty {
                if to <= next || i == segmentCount - 1 {
                    let (p, s) = length > 0 ? point(onSegment: i, atDistance: to - walked, of: length) : (b, span(i)?.s1)
                    out.append(p, smooth: false, span: span(i, from: entry, to: s))
                    break
                }
                out.append(b, smooth: isSmooth[(i + 1) % isSmooth.count], span: span(i, from: entry, to: nil))
            }
            walked = next
        }
        return out
    }
}
