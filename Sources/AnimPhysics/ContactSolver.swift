/// Sequential impulses on contacts (Box2D's contact solver): restitution with a velocity threshold,
/// Coulomb friction clamped by the normal impulse, warm starting, and a split position pass.
struct ContactSolver {
    var constraints: [VelocityConstraint] = []

    init(contacts: [Contact], bodies: [Body]) {
        for (index, c) in contacts.enumerated() {
            let A = bodies[c.a], B = bodies[c.b]
            let world = c.manifold.world(A.placement, A.shape.radius, B.placement, B.shape.radius)
            let n = world.normal, tangent = cross(n, 1)
            var points: [VelocityPoint] = []
            for (i, wp) in world.points.enumerated() {
                let mp = c.manifold.points[i]
                let rA = wp.point - A.position, rB = wp.point - B.position
                let rnA = cross(rA, n), rnB = cross(rB, n)
                let kNormal = A.invMass + B.invMass + A.invInertia * rnA * rnA + B.invInertia * rnB * rnB
                let rtA = cross(rA, tangent), rtB = cross(rB, tangent)
                let kTangent = A.invMass + B.invMass + A.invInertia * rtA * rtA + B.invInertia * rtB * rtB
                let dv = B.velocity + cross(B.angularVelocity, rB) - A.velocity - cross(A.angularVelocity, rA)
                let vRel = dot(n, dv)
                let bias = vRel < -PhysicsSettings.velocityThreshold ? -c.restitution * vRel : 0
                points.append(VelocityPoint(rA: rA, rB: rB, normalImpulse: mp.normalImpulse, tangentImpulse: mp.tangentImpulse,
                                            normalMass: kNormal > 0 ? 1 / kNormal : 0,
                                            tangentMass: kTangent > 0 ? 1 / kTangent : 0, velocityBias: bias))
            }
            var vc = VelocityConstraint(contact: index, a: c.a, b: c.b, normal: n, points: points, friction: c.friction)
            if points.count == 2 { Self.prepareBlock(&vc, A, B) }
            constraints.append(vc)
        }
    }

    /// Applies last step's impulses as a starting guess.
    func warmStart(_ bodies: inout [Body]) {
        for vc in constraints {
            let tangent = cross(vc.normal, 1)
            for p in vc.points {
                let P = p.normalImpulse * vc.normal + p.tangentImpulse * tangent
                Self.apply(P, vc.a, p.rA, vc.b, p.rB, &bodies)
            }
        }
    }

    /// One pass over every contact: friction first (bounded by the current normal impulse), then
    /// the non-penetration impulse with the restitution bias, each accumulated and clamped.
    mutating func solveVelocities(_ bodies: inout [Body]) {
        for ci in constraints.indices {
            let vc = constraints[ci]
            let n = vc.normal, tangent = cross(n, 1)
            for pi in vc.points.indices {
                let p = constraints[ci].points[pi]
                let vt = dot(relativeVelocity(bodies, vc, p), tangent)
                let maxFriction = vc.friction * p.normalImpulse
                let newTangent = min(max(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction)
                Self.apply((newTangent - p.tangentImpulse) * tangent, vc.a, p.rA, vc.b, p.rB, &bodies)
                constraints[ci].points[pi].tangentImpulse = newTangent
            }
            if vc.block != nil {
                solveBlock(ci, &bodies)
                continue
            }
            for pi in vc.points.indices {
                let p = constraints[ci].points[pi]
                let vn = dot(relativeVelocity(bodies, vc, p), n)
                let newNormal = max(p.normalImpulse - p.normalMass * (vn - p.velocityBias), 0)
                Self.apply((newNormal - p.normalImpulse) * n, vc.a, p.rA, vc.b, p.rB, &bodies)
                constraints[ci].points[pi].normalImpulse = newNormal
            }
        }
    }

    /// The 2×2 normal mass of a two-point contact; an ill-conditioned one keeps its first point only.
    static func prepareBlock(_ vc: inout VelocityConstraint, _ A: Body, _ B: Body) {
        let n = vc.normal, p1 = vc.points[0], p2 = vc.points[1]
        let rn1A = cross(p1.rA, n), rn1B = cross(p1.rB, n), rn2A = cross(p2.rA, n), rn2B = cross(p2.rB, n)
        let m = A.invMass + B.invMass
        let k = BlockMass(k11: m + A.invInertia * rn1A * rn1A + B.invInertia * rn1B * rn1B,
                          k12: m + A.invInertia * rn1A * rn2A + B.invInertia * rn1B * rn2B,
                          k22: m + A.invInertia * rn2A * rn2A + B.invInertia * rn2B * rn2B)
        if k.k11 * k.k11 < 1000 * (k.k11 * k.k22 - k.k12 * k.k12) {
            vc.block = k
        } else {
            vc.points.removeLast()
        }
    }

    /// Both normal impulses of a two-point contact at once: the linear complementarity problem
    /// solved by trying its four cases (both active, only the first, only the second, none).
    private mutating func solveBlock(_ ci: Int, _ bodies: inout [Body]) {
        let vc = constraints[ci]
        guard let k = vc.block else { return }
        let n = vc.normal, p1 = vc.points[0], p2 = vc.points[1]
        let a = (p1.normalImpulse, p2.normalImpulse)
        let vn1 = dot(relativeVelocity(bodies, vc, p1), n), vn2 = dot(relativeVelocity(bodies, vc, p2), n)
        let b = (vn1 - p1.velocityBias - (k.k11 * a.0 + k.k12 * a.1), vn2 - p2.velocityBias - (k.k12 * a.0 + k.k22 * a.1))
        let inv = k.inverse
        let candidates: [(Double, Double, Bool)] = [
            { let x = (-(inv.a * b.0 + inv.b * b.1), -(inv.b * b.0 + inv.d * b.1)); return (x.0, x.1, x.0 >= 0 && x.1 >= 0) }(),
            { let x1 = -p1.normalMass * b.0; return (x1, 0, x1 >= 0 && k.k12 * x1 + b.1 >= 0) }(),
            { let x2 = -p2.normalMass * b.1; return (0, x2, x2 >= 0 && k.k12 * x2 + b.0 >= 0) }(),
            (0, 0, b.0 >= 0 && b.1 >= 0),
        ]
        guard let x = candidates.first(where: { $0.2 }) else { return }
        Self.apply((x.0 - a.0) * n, vc.a, p1.rA, vc.b, p1.rB, &bodies)
        Self.apply((x.1 - a.1) * n, vc.a, p2.rA, vc.b, p2.rB, &bodies)
        constraints[ci].points[0].normalImpulse = x.0
        constraints[ci].points[1].normalImpulse = x.1
    }

    private func relativeVelocity(_ bodies: [Body], _ vc: VelocityConstraint, _ p: VelocityPoint) -> Vec2 {
        let A = bodies[vc.a], B = bodies[vc.b]
        return B.velocity + cross(B.angularVelocity, p.rB) - A.velocity - cross(A.angularVelocity, p.rA)
    }

    /// Stores the accumulated impulses in the contacts' manifolds for the next step.
    func storeImpulses(_ contacts: inout [Contact]) {
        for vc in constraints {
            for (i, p) in vc.points.enumerated() {
                contacts[vc.contact].manifold.points[i].normalImpulse = p.normalImpulse
                contacts[vc.contact].manifold.points[i].tangentImpulse = p.tangentImpulse
            }
        }
    }

    static func apply(_ P: Vec2, _ a: Int, _ rA: Vec2, _ b: Int, _ rB: Vec2, _ bodies: inout [Body]) {
        bodies[a].velocity -= bodies[a].invMass * P
        bodies[a].angularVelocity -= bodies[a].invInertia * cross(rA, P)
        bodies[b].velocity += bodies[b].invMass * P
        bodies[b].angularVelocity += bodies[b].invInertia * cross(rB, P)
    }

    /// One pass of position correction (Baumgarte toward a slop of overlap, capped); true when no
    /// contact overlaps by more than three slops.
    static func solvePositions(_ contacts: [Contact], _ bodies: inout [Body]) -> Bool {
        var minSeparation = 0.0
        for c in contacts {
            for i in c.manifold.points.indices {
                let A = bodies[c.a], B = bodies[c.b]
                let (normal, point, separation) = c.manifold.positionPoint(i, A.placement, A.shape.radius, B.placement, B.shape.radius)
                minSeparation = min(minSeparation, separation)
                let C = min(max(PhysicsSettings.baumgarte * (separation + PhysicsSettings.linearSlop),
                                -PhysicsSettings.maxLinearCorrection), 0)
                let rA = point - A.position, rB = point - B.position
                let rnA = cross(rA, normal), rnB = cross(rB, normal)
                let K = A.invMass + B.invMass + A.invInertia * rnA * rnA + B.invInertia * rnB * rnB
                let impulse = K > 0 ? -C / K : 0
                let P = impulse * normal
                bodies[c.a].position -= A.invMass * P
                bodies[c.a].angle -= A.invInertia * cross(rA, P)
                bodies[c.b].position += B.invMass * P
                bodies[c.b].angle += B.invInertia * cross(rB, P)
            }
        }
        return minSeparation >= -3 * PhysicsSettings.linearSlop
    }
}
