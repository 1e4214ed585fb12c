/// One rounded corner as Bézier pieces in the corner's own frame: the corner at the origin, u back
/// along the edge that arrives at the corner, v along the edge that leaves it. The curve runs from
/// (extent, 0) to (0, extent) and is tangent to both edges there.
///
/// `points` holds twelve points in units of the extent, in a fixed structure: a cubic (points 0–3),
/// a line (3–4), a cubic (4–7), a line (7–8) and a cubic (8–11). Both corner shapes use it, so they
/// can be blended point by point.
struct CornerProfile: Hashable, Sendable {
    /// The twelve points, from (1, 0) to (0, 1).
    let points: [Point]
    /// How far the curve reaches along each edge, in points.
    let extent: Double

    /// cornerCurveExpansionFactor: a continuous corner of radius r reaches 1.52866483·r along each edge.
    static let expansion = 1.52866483

    /// The continuous corner (core-animation-semantics.md §8, PaintCode's reverse engineering of
    /// iOS 13), scaled to reach 1 along each edge.
    static let squircle: [Point] = [
        (1.52866483, 0), (1.08849323, 0), (0.86840689, 0), (0.66993427, 0.06549600),
        (0.63149399, 0.07491100), (0.37282392, 0.16905899), (0.16905899, 0.37282392), (0.07491100, 0.63149399),
        (0.06549600, 0.66993427), (0, 0.86840689), (0, 1.08849323), (0, 1.52866483),
    ].map { Point(x: $0.0 / expansion, y: $0.1 / expansion) }

    /// The circular quarter of radius 1 (centre (1, 1)) in the same structure: three 30° cubics
    /// (handles 4/3·tan(7.5°), radial error 4·10⁻⁷) joined by lines of zero length.
    static let circle: [Point] = {
        let h = 4.0 / 3.0 * (sine(Double.pi / 24) / cosine(Double.pi / 24))
        func point(_ a: Double) -> Point { Point(x: 1 - sine(a), y: 1 - cosine(a)) }
        func tangent(_ a: Double) -> Point { Point(x: -cosine(a), y: sine(a)) }
        var out: [Point] = []
        for k in 0..<3 {
            let a0 = Double(k) * Double.pi / 6, a1 = Double(k + 1) * Double.pi / 6
            out += [point(a0), point(a0) + tangent(a0) * h, point(a1) - tangent(a1) * h, point(a1)]
        }
        // Exact end points, so that the edges meet the curve without a sliver.
        out[0] = Point(x: 1, y: 0)
        out[11] = Point(x: 0, y: 1)
        return out
    }()

    /// The continuous corner of `radius` points when each edge offers `room` points (half the
    /// rectangle's shorter side; `radius` ≤ `room`, as `RoundedRect.effectiveRadius` ensures).
    ///
    /// While 1.52866483·radius ≤ room this is the iOS 13 curve. Beyond that Core Animation's
    /// behaviour is not documented (it "blends toward a capsule"); here the corner keeps reaching
    /// exactly `room` along the edges and its points move linearly from the continuous curve at
    /// radius room/1.52866483 to the circular quarter of radius `room` at radius = room, so the
    /// outline changes continuously with the radius, stays tangent to the edges, and at the largest
    /// radius is the same capsule (or circle) a circular corner gives.
    static func continuous(radius: Double, room: Double) -> CornerProfile {
        let limit = room / expansion
        guard radius > limit else { return CornerProfile(points: squircle, extent: expansion * radius) }
        let t = min(1, (radius - limit) / (room - limit))
        let points = zip(squircle, circle).map { s, c in s * (1 - t) + c * t }
        return CornerProfile(points: points, extent: room)
    }
}
