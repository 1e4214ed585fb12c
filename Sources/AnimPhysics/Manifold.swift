/// Which features touch at a contact point, for matching points between steps (warm starting).
struct ContactFeature: Hashable, Sendable {
    var indexA: Int
    var indexB: Int
    var typeA: Kind
    var typeB: Kind

    enum Kind: Hashable, Sendable { case vertex, face }

    var flipped: ContactFeature { ContactFeature(indexA: indexB, indexB: indexA, typeA: typeB, typeB: typeA) }
}

/// A contact point in the incident body's frame, with the impulses the solver found for it.
struct ManifoldPoint: Hashable, Sendable {
    var localPoint: Vec2
    var feature: ContactFeature
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
}

/// Box2D's local manifold: a reference face on body A or B (normal and a point on it in that body's
/// frame) and up to two clipped points of the other body's incident edge, in that body's frame. Kept
/// local so the position solver can re-measure the separation as the bodies move.
struct Manifold: Hashable, Sendable {
    /// A face of A or of B, or two circles (localPoint: A's centre, the point: B's centre).
    enum Reference: Hashable, Sendable { case faceA, faceB, circles }
    var reference: Reference = .faceA
    var localNormal: Vec2 = .zero
    var localPoint: Vec2 = .zero
    var points: UpToTwo<ManifoldPoint> = []

    /// The normal from A to B in world space and, per point, the point midway between the two
    /// surfaces and the separation (negative when overlapping).
    func world(_ xfA: Placement, _ radiusA: Double, _ xfB: Placement, _ radiusB: Double)
        -> (normal: Vec2, points: UpToTwo<(point: Vec2, separation: Double)>) {
        switch reference {
        case .circles:
            let pA = xfA.apply(localPoint), pB = xfB.apply(points[0].localPoint)
            let d = pB - pA
            let normal = d.lengthSquared > 1e-24 ? d.normalized : Vec2(1, 0)
            let cA = pA + radiusA * normal, cB = pB - radiusB * normal
            return (normal, [(0.5 * (cA + cB), dot(d, normal) - radiusA - radiusB)])
        case .faceA:
            let normal = xfA.q.apply(localNormal)
            let plane = xfA.apply(localPoint)
            let out = points.mapInline { p -> (point: Vec2, separation: Double) in
                let clip = xfB.apply(p.localPoint)
                let d = dot(clip - plane, normal)
                let cA = clip + (radiusA - d) * normal
                let cB = clip - radiusB * normal
                return (0.5 * (cA + cB), d - radiusA - radiusB)
            }
            return (normal, out)
        case .faceB:
            let normal = xfB.q.apply(localNormal)
            let plane = xfB.apply(localPoint)
            let out = points.mapInline { p -> (point: Vec2, separation: Double) in
                let clip = xfA.apply(p.localPoint)
                let d = dot(clip - plane, normal)
                let cB = clip + (radiusB - d) * normal
                let cA = clip - radiusA * normal
                return (0.5 * (cA + cB), d - radiusA - radiusB)
            }
            return (-normal, out)
        }
    }

    /// Point i for the position solver: the normal from A to B, the point on the incident body's
    /// surface and the separation, measured at the given placements.
    func positionPoint(_ i: Int, _ xfA: Placement, _ radiusA: Double, _ xfB: Placement, _ radiusB: Double)
        -> (normal: Vec2, point: Vec2, separation: Double) {
        if reference == .circles {
            let pA = xfA.apply(localPoint), pB = xfB.apply(points[i].localPoint)
            let normal = (pB - pA).lengthSquared > 1e-24 ? (pB - pA).normalized : Vec2(1, 0)
            return (normal, 0.5 * (pA + pB), dot(pB - pA, normal) - radiusA - radiusB)
        }
        let (xfRef, xfInc, sign) = reference == .faceA ? (xfA, xfB, 1.0) : (xfB, xfA, -1.0)
        let normal = xfRef.q.apply(localNormal)
        let clip = xfInc.apply(points[i].localPoint)
        let separation = dot(clip - xfRef.apply(localPoint), normal) - radiusA - radiusB
        return (sign * normal, clip, separation)
    }
}
