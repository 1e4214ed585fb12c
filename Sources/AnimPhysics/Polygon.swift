/// A convex polygon with a skin (Box2D's polygon radius) in its body's frame: a box, or a
/// two-vertex segment (a boundary) whose normals face both ways.
struct Polygon: Hashable, Sendable {
    var vertices: [Vec2]
    var normals: [Vec2]
    var radius: Double = PhysicsSettings.polygonRadius

    /// A box centred on the body's origin, wound so that `cross(edge, 1)` faces out.
    static func box(halfWidth hx: Double, halfHeight hy: Double) -> Polygon {
        Polygon(vertices: [Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy)],
                normals: [Vec2(0, -1), Vec2(1, 0), Vec2(0, 1), Vec2(-1, 0)])
    }

    /// A segment from a to b (Box2D 2.1's edge as a polygon).
    static func segment(_ a: Vec2, _ b: Vec2) -> Polygon {
        let n = cross(b - a, 1).normalized
        return Polygon(vertices: [a, b], normals: [n, -n])
    }

    /// The bounding box in world space for a placement, including the skin.
    func bounds(_ xf: Placement) -> (lower: Vec2, upper: Vec2) {
        var lower = xf.apply(vertices[0]), upper = lower
        for v in vertices.dropFirst() {
            let w = xf.apply(v)
            lower = Vec2(min(lower.x, w.x), min(lower.y, w.y))
            upper = Vec2(max(upper.x, w.x), max(upper.y, w.y))
        }
        return (lower - Vec2(radius, radius), upper + Vec2(radius, radius))
    }
}
