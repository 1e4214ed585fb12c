/// Rounded-rectangle outlines with a `CornerStyle`: masked corners and continuous curves.
extension RoundedRect {
    /// Closed polygon, clockwise on screen from the top-left corner region, flattened so the
    /// error is under `tolerance` pixels when one point spans `pixelsPerPoint` pixels.
    ///
    /// Corners not in `style.corners` are square (one vertex). Rounded corners use the radius
    /// clamped to half the shorter side (`effectiveRadius`, the same for both curves); a continuous
    /// corner whose 1.52866483·r reach does not fit blends toward the circular one, see
    /// `CornerProfile.continuous`. Circular corners are chords of the exact arc
    /// (`segmentsPerQuarter`), cubics are cut into chords by Wang's bound; no two consecutive
    /// vertices are equal and the first is not repeated at the end. A radius of 0 (or no rounded
    /// corner) gives the four corners. Non-finite rectangles give no points; a NaN or non-positive
    /// `pixelsPerPoint` counts as 1 and a NaN or non-positive `tolerance` as 0.125.
    public static func contour(_ rect: Rect, style: CornerStyle, pixelsPerPoint: Double, tolerance: Double = 0.125) -> [Point] {
        contour(rect, style: style, inset: 0, pixelsPerPoint: pixelsPerPoint, tolerance: tolerance)
    }

    /// The same, inset by `inset` points with the inner radius max(0, r − inset) (for borders), r
    /// being the outer rectangle's effective radius; continuous stays continuous (its reach and
    /// blend are worked out again for the inner rectangle). No points when the inset leaves a
    /// negative width or height, or is not finite.
    public static func contour(_ rect: Rect, style: CornerStyle, inset: Double, pixelsPerPoint: Double,
                               tolerance: Double = 0.125) -> [Point] {
        let outer = rect.standardized
        let r = Rect(x: outer.minX + inset, y: outer.minY + inset,
                     width: outer.width - 2 * inset, height: outer.height - 2 * inset)
        guard r.size.width >= 0, r.size.height >= 0,
              [r.origin.x, r.origin.y, r.size.width, r.size.height, r.maxX, r.maxY].allSatisfy(\.isFinite) else { return [] }
        let radius = max(0, effectiveRadius(style.radius, in: outer) - inset)
        let frames = CornerFrame.clockwise(r)
        guard radius > 0, frames.contains(where: { style.corners.contains($0.mask) }) else { return frames.map(\.corner) }
        let tolerance = pointTolerance(tolerance, pixelsPerPoint: pixelsPerPoint)
        var out: [Point] = []
        for frame in frames {
            guard style.corners.contains(frame.mask) else {
                out.append(frame.corner)
                continue
            }
            switch style.curve {
            case .circular:
                appendCircular(frame, radius: radius, tolerance: tolerance, to: &out)
            case .continuous:
                let profile = CornerProfile.continuous(radius: radius, room: min(r.width, r.height) / 2)
                appendProfile(profile, frame, tolerance: tolerance, to: &out)
            }
        }
        return withoutRepeats(out)
    }

    /// The flattening tolerance in points.
    static func pointTolerance(_ tolerance: Double, pixelsPerPoint: Double) -> Double {
        let pixels = tolerance > 0 ? tolerance : 0.125
        let scale = pixelsPerPoint > 0 ? pixelsPerPoint : 1
        return pixels / scale
    }

    /// The quarter circle as `segmentsPerQuarter` chords, from the incoming edge: the ends on the
    /// straight edges, the vertices between at the radius where the chords cover the quarter
    /// disc's area exactly (``ArcChords/innerRadius(_:steps:step:)``, as round caps do), so the
    /// corner neither loses area (an inscribed polygon is 4.5 % short on a 3 px radius) nor gains it.
    static func appendCircular(_ frame: CornerFrame, radius: Double, tolerance: Double, to out: inout [Point]) {
        let n = segmentsPerQuarter(radiusPixels: radius, tolerance: tolerance)
        let outer = ArcChords.innerRadius(radius, steps: n, step: Double.pi / 2 / Double(n))
        for k in 0...n {
            let a = Double.pi / 2 * Double(k) / Double(n)
            let local = Point(x: radius - outer * sine(a), y: radius - outer * cosine(a))
            out.append(frame.place(k == 0 ? Point(x: radius, y: 0) : k == n ? Point(x: 0, y: radius) : local))
        }
    }

    /// The profile's pieces placed in the frame: cubics as chords by Wang's bound, lines as they are.
    static func appendProfile(_ profile: CornerProfile, _ frame: CornerFrame, tolerance: Double, to out: inout [Point]) {
        let p = profile.points.map { frame.place($0 * profile.extent) }
        out.append(p[0])
        for start in [0, 4, 8] {
            if start > 0 { out.append(p[start]) }
            Path.appendFlattened(.cubic(p[start + 1], p[start + 2], p[start + 3]), from: p[start],
                                 tolerance: tolerance, budget: .ample, to: &out)
        }
    }

    /// The polygon without consecutive equal vertices (zero-length edges and lines) and without a
    /// closing copy of the first vertex.
    static func withoutRepeats(_ points: [Point]) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(points.count)
        for p in points where out.last != p { out.append(p) }
        while out.count > 1, out.last == out.first { out.removeLast() }
        return out
    }
}

/// A corner of a rectangle and its frame for `CornerProfile`: `back` points from the corner along
/// the edge the clockwise outline arrives on (toward where it came from), `forward` along the edge
/// it leaves on.
struct CornerFrame {
    let corner: Point
    let back: Point
    let forward: Point
    let mask: CornerMask

    /// The point at (u, v) in the frame.
    func place(_ p: Point) -> Point {
        corner + back * p.x + forward * p.y
    }

    /// Top-left, top-right, bottom-right, bottom-left: clockwise on screen (y down).
    static func clockwise(_ r: Rect) -> [CornerFrame] {
        let (right, down, left, up) = (Point(x: 1, y: 0), Point(x: 0, y: 1), Point(x: -1, y: 0), Point(x: 0, y: -1))
        return [
            CornerFrame(corner: Point(x: r.minX, y: r.minY), back: down, forward: right, mask: .minXMinY),
            CornerFrame(corner: Point(x: r.maxX, y: r.minY), back: left, forward: down, mask: .maxXMinY),
            CornerFrame(corner: Point(x: r.maxX, y: r.maxY), back: up, forward: left, mask: .maxXMaxY),
            CornerFrame(corner: Point(x: r.minX, y: r.maxY), back: right, forward: up, mask: .minXMaxY),
        ]
    }
}
