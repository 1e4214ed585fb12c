/// Contact manifolds between two convex polygons with skins: the separating-axis test for the
/// reference face, then the incident edge clipped to the reference face's side planes (Box2D's
/// method; written afresh from its published description).
enum PolygonCollision {
    static func manifold(_ a: Polygon, _ xfA: Placement, _ b: Polygon, _ xfB: Placement) -> Manifold? {
        let totalRadius = a.radius + b.radius
        let (edgeA, separationA) = maxSeparation(a, xfA, b, xfB)
        if separationA > totalRadius { return nil }
        let (edgeB, separationB) = maxSeparation(b, xfB, a, xfA)
        if separationB > totalRadius { return nil }

        // Prefer A's face unless B's is clearly better (keeps the choice stable from step to step).
        let useB = separationB > 0.98 * separationA + 0.001
        let (poly1, xf1, edge1, poly2, xf2) = useB ? (b, xfB, edgeB, a, xfA) : (a, xfA, edgeA, b, xfB)
        let incident = incidentEdge(poly1, xf1, edge1, poly2, xf2)

        let count1 = poly1.vertices.count
        let local11 = poly1.vertices[edge1], local12 = poly1.vertices[(edge1 + 1) % count1]
        let localTangent = (local12 - local11).normalized
        let localNormal = cross(localTangent, 1)
        let planePoint = 0.5 * (local11 + local12)
        let tangent = xf1.q.apply(localTangent)
        let normal = cross(tangent, 1)
        let v11 = xf1.apply(local11), v12 = xf1.apply(local12)
        let frontOffset = dot(normal, v11)
        let sideOffset1 = -dot(tangent, v11) + totalRadius
        let sideOffset2 = dot(tangent, v12) + totalRadius

        let clip1 = clip(incident, -tangent, sideOffset1, vertexIndex: edge1)
        guard clip1.count == 2 else { return nil }
        let clip2 = clip(clip1, tangent, sideOffset2, vertexIndex: (edge1 + 1) % count1)
        guard clip2.count == 2 else { return nil }

        var m = Manifold(reference: useB ? .faceB : .faceA, localNormal: localNormal, localPoint: planePoint)
        for c in clip2 where dot(normal, c.v) - frontOffset <= totalRadius {
            m.points.append(ManifoldPoint(localPoint: xf2.inverse(c.v), feature: useB ? c.id.flipped : c.id))
        }
        return m.points.isEmpty ? nil : m
    }

    /// The face of `p1` along which `p2` is farthest out (largest separation), by trying every face.
    static func maxSeparation(_ p1: Polygon, _ xf1: Placement, _ p2: Polygon, _ xf2: Placement) -> (edge: Int, separation: Double) {
        var best = (edge: 0, separation: -Double.infinity)
        for i in p1.vertices.indices {
            let n = xf1.q.apply(p1.normals[i])
            let v1 = xf1.apply(p1.vertices[i])
            var s = Double.infinity
            for v in p2.vertices { s = min(s, dot(n, xf2.apply(v) - v1)) }
            if s > best.separation { best = (i, s) }
        }
        return best
    }

    struct ClipVertex {
        var v: Vec2
        var id: ContactFeature
    }

    /// The edge of `p2` most anti-parallel to `p1`'s reference face, in world space.
    static func incidentEdge(_ p1: Polygon, _ xf1: Placement, _ edge1: Int, _ p2: Polygon, _ xf2: Placement) -> UpToTwo<ClipVertex> {
        let normal1 = xf2.q.inverse(xf1.q.apply(p1.normals[edge1]))
        var index = 0, minDot = Double.infinity
        for i in p2.normals.indices {
            let d = dot(normal1, p2.normals[i])
            if d < minDot { (minDot, index) = (d, i) }
        }
        let i2 = (index + 1) % p2.vertices.count
        return [ClipVertex(v: xf2.apply(p2.vertices[index]), id: ContactFeature(indexA: edge1, indexB: index, typeA: .face, typeB: .vertex)),
                ClipVertex(v: xf2.apply(p2.vertices[i2]), id: ContactFeature(indexA: edge1, indexB: i2, typeA: .face, typeB: .vertex))]
    }

    /// Sutherland–Hodgman clipping of a segment against the half plane dot(normal, v) ≤ offset.
    static func clip(_ input: UpToTwo<ClipVertex>, _ normal: Vec2, _ offset: Double, vertexIndex: Int) -> UpToTwo<ClipVertex> {
        var out = UpToTwo<ClipVertex>()
        let d0 = dot(normal, input[0].v) - offset, d1 = dot(normal, input[1].v) - offset
        if d0 <= 0 { out.append(input[0]) }
        if d1 <= 0 { out.append(input[1]) }
        if d0 * d1 < 0 {
            let t = d0 / (d0 - d1)
            let v = input[0].v + t * (input[1].v - input[0].v)
            out.append(ClipVertex(v: v, id: ContactFeature(indexA: vertexIndex, indexB: input[0].id.indexB, typeA: .vertex, typeB: .face)))
        }
        return out
    }
}
