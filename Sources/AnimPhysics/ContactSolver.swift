/// Sequential impulses on contacts (Box2D's contact solver): restitution with a velocity threshold,
/// Coulomb friction clamped by the normal impulse, warm starting, and a split position pass.
struct ContactSolver {
    var constraints: [VelocityConstraint] = []

    /// `placements` are the bodies' current ones (``Body/placement``).
    init(contacts: [Contact], bodies: [Body], placements: [Placement]) {
        for (index, c) in contacts.enumerated() {
            let A = bodies[c.a].motion, B = bodies[c.b].motion
            let world = c.manifold.world(placements[c.a], A.radius, placements[c.b], B.radius)
            let n = world.normal, tangent = cross(n, 1)
            var points = UpToTwo<VelocityPoint>()
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
    /// The constraint's fields are read one by one, not the constraint copied whole (a local copy
    /// of it once made every stored impulse copy its points, when they were an array).
    mutating func solveVelocities(_ bodies: inout [Body]) {
        for ci in constraints.indices {
            let a = constraints[ci].a, b = constraints[ci].b, n = constraints[ci].normal, tangent = cross(n, 1)
            let friction = constraints[ci].friction, count = constraints[ci].points.count
            for pi in 0..<count {
                let p = constraints[ci].points[pi]
                let vt = dot(Self.relativeVelocity(bodies, a, b, p), tangent)
                let maxFriction = friction * p.normalImpulse
                let newTangent = min(max(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction)
                Self.apply((newTangent - p.tangentImpulse) * tangent, a, p.rA, b, p.rB, &bodies)
                constraints[ci].points[pi].tangentImpulse = newTangent
            }
            if constraints[ci].block != nil {
                solveBlock(ci, &bodies)
                continue
            }
            for pi in 0..<count {
                let p = constraints[ci].points[pi]
                let vn = dot(Self.relativeVelocity(bodies, a, b, p), n)
                let newNormal = max(p.normalImpulse - p.normalMass * (vn - p.velocityBias), 0)
                Self.apply((newNormal - p.normalImpulse) * n, a, p.rA, b, p.rB, &bodies)
                constraints[ci].points[pi].normalImpulse = newNormal
            }
        }
    }

    /// The 2×2 normal mass of a two-point contact; an ill-conditioned one keeps its first point only.
    static func prepareBlock(_ vc: inout VelocityConstraint, _ A: BodyMotion, _ B: BodyMotion) {
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
    /// solved by trying its four cases in turn (both active, only the first, only the second, none).
    private mutating func solveBlock(_ ci: Int, _ bodies: inout [Body]) {
        guard let k = constraints[ci].block else { return }
        let ia = constraints[ci].a, ib = constraints[ci].b, n = constraints[ci].normal
        let p1 = constraints[ci].points[0], p2 = constraints[ci].points[1]
        let a = (p1.normalImpulse, p2.normalImpulse)
        let vn1 = dot(Self.relativeVelocity(bodies, ia, ib, p1), n), vn2 = dot(Self.relativeVelocity(bodies, ia, ib, p2), n)
        let b = (vn1 - p1.velocityBias - (k.k11 * a.0 + k.k12 * a.1), vn2 - p2.velocityBias - (k.k12 * a.0 + k.k22 * a.1))
        guard let x = Self.blockImpulses(k, b, p1.normalMass, p2.normalMass) else { return }
        Self.apply((x.0 - a.0) * n, ia, p1.rA, ib, p1.rB, &bodies)
        Self.apply((x.1 - a.1) * n, ia, p2.rA, ib, p2.rB, &bodies)
        constraints[ci].points[0].normalImpulse = x.0
        constraints[ci].points[1].normalImpulse = x.1
    }

    /// The first of the block's four cases whose impulses are valid, or nil when none is.
    private static func blockImpulses(_ k: BlockMass, _ b: (Double, Double), _ mass1: Double, _ mass2: Double) -> (Double, Double)? {
        let inv = k.inverse
        let both = (-(inv.a * b.0 + inv.b * b.1), -(inv.b * b.0 + inv.d * b.1))
        if both.0 >= 0 && both.1 >= 0 { return both }
        let x1 = -mass1 * b.0
        if x1 >= 0 && k.k12 * x1 + b.1 >= 0 { return (x1, 0) }
        let x2 = -mass2 * b.1
        if x2 >= 0 && k.k12 * x2 + b.0 >= 0 { return (0, x2) }
        return b.0 >= 0 && b.1 >= 0 ? (0, 0) : nil
    }

    /// The velocity of body b relative to body a at a contact point: read field by field (a copy of
    /// a whole body would retain its shape).
    private static func relativeVelocity(_ bodies: [Body], _ a: Int, _ b: Int, _ p: VelocityPoint) -> Vec2 {
        bodies[b].velocity + cross(bodies[b].angularVelocity, p.rB) - bodies[a].velocity - cross(bodies[a].angularVelocity, p.rA)
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
        for c in contacts.indices {
            let (a, b) = (contacts[c].a, contacts[c].b)
            for i in contacts[c].manifold.points.indices {
                let A = bodies[a].motion, B = bodies[b].motion
                let (normal, point, separation) = contacts[c].manifold.positionPoint(i, A.placement, A.radius, B.placement, B.radius)
                minSeparation = min(minSeparation, separation)
                let C = min(max(PhysicsSettings.baumgarte * (separation + PhysicsSettings.linearSlop),
                                -PhysicsSettings.maxLinearCorrection), 0)
                let rA = point - A.position, rB = point - B.position
                let rnA = cross(rA, normal), rnB = cross(rB, normal)
                let K = A.invMass + B.invMass + A.invInertia * rnA * rnA + B.invInertia * rnB * rnB
                let impulse = K > 0 ? -C / K : 0
                let P = impulse * normal
                bodies[a].position -= A.invMass * P
                bodies[a].angle -= A.invInertia * cross(rA, P)
                bodies[b].position += B.invMass * P
                bodies[b].angle += B.invInertia * cross(rB, P)
            }
        }
        return minSeparation >= -3 * PhysicsSettings.linearSlop
    }
}
