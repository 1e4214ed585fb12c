import AnimGeometry

/// Mapping layer-space outlines to device pixels through a homography, clipping away every part
/// that lies behind the eye (w ≤ ε) before the perspective divide, so nothing is drawn inverted,
/// and every part farther than a guard band of ±10⁶ px from the canvas origin, in homogeneous
/// coordinates too, so an outline that nears the eye keeps straight edges: divided first, its
/// points would land ~10¹⁴ px away and the rasterizer's clamp of each coordinate would bend them.
enum Projection {
    static let minimumW = 1e-6
    /// Half the side of the guard band, in device pixels (a canvas is at most 16,384 px a side).
    static let guardBand = 1e6

    /// The outline mapped to device space, or nil when none of it is in front of the eye.
    /// A rectangle's four corners mapped to the canvas (clipped like any outline).
    static func corners(of rect: Rect, _ h: Homography) -> [Point]? {
        project(RoundedRect.contour(rect, radius: 0, segmentsPerQuarter: 1), h)
    }

    static func project(_ contour: [Point], _ h: Homography) -> [Point]? {
        // Wholly in front (every layer without perspective): one pass, one array.
        var out: [Point] = []
        out.reserveCapacity(contour.count)
        for p in contour {
            let q = h.apply(p)
            guard q.w >= minimumW, abs(q.x) <= guardBand * q.w, abs(q.y) <= guardBand * q.w else { return projectClipped(contour, h) }
            out.append(Point(x: q.x / q.w, y: q.y / q.w))
        }
        return out
    }

    /// `project` of an outline that reaches behind the eye or past the guard band.
    private static func projectClipped(_ contour: [Point], _ h: Homography) -> [Point]? {
        var poly = clip(contour.map { h.apply($0) }) { $0.w - minimumW }
        for side: (Double, Double) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
            poly = clip(poly) { guardBand * $0.w - side.0 * $0.x - side.1 * $0.y }
        }
        guard poly.count >= 3 else { return nil }
        return poly.map { Point(x: $0.x / $0.w, y: $0.y / $0.w) }
    }

    /// Sutherland–Hodgman against one plane of homogeneous space: keeps where `inside` ≥ 0.
    private static func clip(_ poly: [(x: Double, y: Double, w: Double)],
                             inside: ((x: Double, y: Double, w: Double)) -> Double) -> [(x: Double, y: Double, w: Double)] {
        var out: [(x: Double, y: Double, w: Double)] = []
        guard var previous = poly.last else { return out }
        var pValue = inside(previous)
        for current in poly {
            let cValue = inside(current)
            if (pValue >= 0) != (cValue >= 0) {
                let t = pValue / (pValue - cValue)
                out.append((previous.x + (current.x - previous.x) * t, previous.y + (current.y - previous.y) * t,
                            previous.w + (current.w - previous.w) * t))
            }
            if cValue >= 0 { out.append(current) }
            (previous, pValue) = (current, cValue)
        }
        return out
    }

    /// Twice the signed area (shoelace); positive for clockwise-on-screen outlines (y down).
    static func signedArea(_ poly: [Point]) -> Double {
        guard var previous = poly.last else { return 0 }
        var sum = 0.0
        for p in poly {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum
    }

    /// An estimate of how many pixels one layer point spans, for choosing curve tolerance, from the
    /// layer's bounds corners already projected to the canvas.
    static func pixelScale(of rect: Rect, projected: [Point]) -> Double {
        let r = rect.standardized
        var longest = 0.0
        for i in 0..<projected.count {
            let a = projected[i], b = projected[(i + 1) % projected.count]
            longest = max(longest, ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot())
        }
        let side = max(r.width, r.height)
        guard side > 0, longest.isFinite else { return 1 }
        return min(64, max(longest / side, 0.01))
    }
}
