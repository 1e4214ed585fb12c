import AnimGeometry

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

    /// An ellipse with semi-axes a and b as a polygon of `count` sides (a multiple of 4) whose edges
    /// touch the ellipse at their midpoints, with flat sides at the top, bottom, left and right.
    static func ellipse(semiAxisX a: Double, semiAxisY b: Double, count: Int = 24) -> Polygon {
        let n = Double(count), scale = 1 / cosine(Double.pi / n)
        let vertices = (0..<count).map { k -> Vec2 in
            let angle = 2 * Double.pi * (Double(k) + 0.5) / n
            return Vec2(scale * a * cosine(angle), scale * b * sine(angle))
        }
        let normals = vertices.indices.map { cross(vertices[($0 + 1) % count] - vertices[$0], 1).normalized }
        return Polygon(vertices: vertices, normals: normals)
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
