/// Manifolds involving circles (Box2D's circle–circle and polygon–circle routines, written afresh):
/// one point, the circle's centre, kept in the circle body's frame.
enum CircleCollision {
    static let centre = ContactFeature(indexA: 0, indexB: 0, typeA: .vertex, typeB: .vertex)

    static func circles(_ ra: Double, _ xfA: Placement, _ rb: Double, _ xfB: Placement) -> Manifold? {
        let d = xfB.p - xfA.p, total = ra + rb
        guard d.lengthSquared <= total * total else { return nil }
        return Manifold(reference: .circles, localNormal: .zero, localPoint: .zero,
                        points: [ManifoldPoint(localPoint: .zero, feature: centre)])
    }

    /// A polygon (A) and a circle (B): the face the centre is farthest out of, or the nearest vertex
    /// when the centre lies beyond that face's ends.
    static func polygonCircle(_ p: Polygon, _ xfA: Placement, _ r: Double, _ xfB: Placement) -> Manifold? {
        let c = xfA.inverse(xfB.p), total = p.radius + r
        var index = 0, separation = -Double.infinity
        for i in p.vertices.indices {
            let s = dot(p.normals[i], c - p.vertices[i])
            if s > total { return nil }
            if s > separation { (separation, index) = (s, i) }
        }
        let v1 = p.vertices[index], v2 = p.vertices[(index + 1) % p.vertices.count]
        let point: UpToTwo = [ManifoldPoint(localPoint: .zero, feature: centre)]
        if separation < 1e-12 {
            return Manifold(reference: .faceA, localNormal: p.normals[index], localPoint: 0.5 * (v1 + v2), points: point)
        }
        if dot(c - v1, v2 - v1) <= 0 { return vertex(v1, c, total, point) }
        if dot(c - v2, v1 - v2) <= 0 { return vertex(v2, c, total, point) }
        let mid = 0.5 * (v1 + v2)
        guard dot(c - mid, p.normals[index]) <= total else { return nil }
        return Manifold(reference: .faceA, localNormal: p.normals[index], localPoint: mid, points: point)
    }

    private static func vertex(_ v: Vec2, _ c: Vec2, _ total: Double, _ point: UpToTwo<ManifoldPoint>) -> Manifold? {
        guard (c - v).lengthSquared <= total * total else { return nil }
        return Manifold(reference: .faceA, localNormal: (c - v).normalized, localPoint: v, points: point)
    }
}
