/// lineDashPattern and lineDashPhase: splitting polylines into dashes.
extension StrokePolyline {
    /// The most dashes one stroke may produce; a pattern that would make more is drawn solid
    /// (a pattern of 0.001-point dashes along a long path is not worth a million polygons).
    public static let maximumDashes = 100_000

    /// The pattern as CG uses it: nil (solid) when it is empty, has a negative or non-finite
    /// length, or sums to zero; an odd-length pattern is repeated once (as SVG's
    /// stroke-dasharray), so [5] means 5 on, 5 off.
    static func effectivePattern(_ pattern: [Double]) -> [Double]? {
        guard !pattern.isEmpty, pattern.allSatisfy({ $0 >= 0 && $0.isFinite }) else { return nil }
        let even = pattern.count % 2 == 0 ? pattern : pattern + pattern
        let total = even.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        return even
    }

    /// The dashes of this polyline: the painted intervals of `pattern` laid along it from its
    /// start, shifted by `phase` (a positive phase moves the pattern backwards along the path, as
    /// in CG). A closed polyline is dashed as the open one that ends at its start. A painted
    /// interval of zero length is a single vertex (drawn as its caps, a dot with round caps).
    public func dashed(pattern: [Double], phase: Double) -> [StrokePolyline] {
        guard let pattern = Self.effectivePattern(pattern) else { return [self] }
        let line = opened
        let total = pattern.reduce(0, +)
        // Measured once: along curves a length is a quadrature per chord.
        let lengths = (0..<line.segmentCount).map(line.segmentLength)
        let length = lengths.reduce(0, +)
        guard length > 0 else { return [self] }
        guard length / total * Double(pattern.count) < Double(Self.maximumDashes) else { return [self] }
        var walker = DashWalker(pattern: pattern, phase: phase.isFinite ? phase : 0, total: total)
        var out: [StrokePolyline] = []
        var current: StrokePolyline? = walker.isOn ? line.dash(at: line.points[0], facing: direction) : nil
        for i in 0..<line.segmentCount {
            let a = line.points[i], b = line.segmentEnd(i)
            let segment = lengths[i]
            let chord = (b - a).norm
            guard segment > 0, chord > 0 else { continue }
            let unit = (b - a) * (1 / chord)
            var at = 0.0
            // Where the current dash entered segment i on its curve (nil: at its start).
            var entry: Double?
            while walker.remaining <= segment - at {
                at += walker.remaining
                let (p, s) = at >= segment ? (b, line.span(i)?.s1) : line.point(onSegment: i, atDistance: at, of: segment)
                if walker.isOn {
                    current?.append(p, smooth: false, span: line.span(i, from: entry, to: s))
                    if var dash = current {
                        dash.direction = line.facing(onSegment: i, parameter: s, fallback: unit)
                        out.append(dash)
                    }
                    current = nil
                } else {
                    current = line.dash(at: p, facing: line.facing(onSegment: i, parameter: s, fallback: unit))
                    entry = s
                }
                walker.advance()
                if at >= segment { break }
            }
            walker.remaining -= segment - at
            if walker.remaining < 0 { walker.remaining = 0 }
            if walker.isOn, at < segment {
                if current == nil {
                    let (p, s) = line.point(onSegment: i, atDistance: at, of: segment)
                    entry = s
                    current = line.dash(at: p, facing: unit)
                }
                current?.append(b, smooth: line.isSmooth[(i + 1) % line.isSmooth.count], span: line.span(i, from: entry, to: nil))
                current?.direction = unit
            }
        }
        if var dash = current {
            if dash.isSmooth.count > 0 { dash.isSmooth[dash.isSmooth.count - 1] = false }
            out.append(dash)
        }
        return out
    }

    /// A dash starting at `p`, facing `direction` until it grows, sharing this polyline's curves.
    private func dash(at p: Point, facing direction: Point) -> StrokePolyline {
        var dash = StrokePolyline(points: [p], direction: direction)
        dash.curves = curves
        return dash
    }
}

/// Where the walk along a dash pattern is: the interval index and how much of it is left.
struct DashWalker {
    let pattern: [Double]
    var index = 0
    var remaining: Double

    init(pattern: [Double], phase: Double, total: Double) {
        self.pattern = pattern
        var offset = phase.truncatingRemainder(dividingBy: total)
        if offset < 0 { offset += total }
        var i = 0
        while offset >= pattern[i] && offset > 0 {
            offset -= pattern[i]
            i = (i + 1) % pattern.count
        }
        index = i
        remaining = pattern[i] - offset
    }

    /// Painted intervals are the even ones.
    var isOn: Bool { index % 2 == 0 }

    mutating func advance() {
        index = (index + 1) % pattern.count
        remaining = pattern[index]
    }
}
