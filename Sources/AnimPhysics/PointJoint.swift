/// Pins a point of one body to a point of another (Box2D's revolute joint without motor or limit):
/// what an attachment becomes when its anchor is within 1 pt of the item's point (§10.2).
struct PointJoint: Hashable, Sendable {
    var a: Int
    var b: Int
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    var impulse = Vec2.zero

    private var rA = Vec2.zero
    private var rB = Vec2.zero

    init(a: Int, b: Int, localAnchorA: Vec2, localAnchorB: Vec2) {
        self.a = a
        self.b = b
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
    }

    mutating func prepare(_ bodies: inout [Body]) {
        rA = Rotation(bodies[a].angle).apply(localAnchorA)
        rB = Rotation(bodies[b].angle).apply(localAnchorB)
        ContactSolver.apply(impulse, a, rA, b, rB, &bodies)
    }

    mutating func solveVelocity(_ bodies: inout [Body]) {
        let A = bodies[a], B = bodies[b]
        let cdot = B.velocity + cross(B.angularVelocity, rB) - A.velocity - cross(A.angularVelocity, rA)
        let delta = -solve(mass(A, B, rA, rB), cdot)
        impulse += delta
        ContactSolver.apply(delta, a, rA, b, rB, &bodies)
    }

    func solvePosition(_ bodies: inout [Body]) -> Bool {
        let A = bodies[a], B = bodies[b]
        let rA = Rotation(A.angle).apply(localAnchorA), rB = Rotation(B.angle).apply(localAnchorB)
        let C = B.position + rB - A.position - rA
        let P = -solve(mass(A, B, rA, rB), C)
        bodies[a].position -= A.invMass * P
        bodies[a].angle -= A.invInertia * cross(rA, P)
        bodies[b].position += B.invMass * P
        bodies[b].angle += B.invInertia * cross(rB, P)
        return C.length <= PhysicsSettings.linearSlop
    }

    /// The 2×2 point-to-point mass matrix K.
    private func mass(_ A: Body, _ B: Body, _ rA: Vec2, _ rB: Vec2) -> (Double, Double, Double) {
        let m = A.invMass + B.invMass, iA = A.invInertia, iB = B.invInertia
        return (m + iA * rA.y * rA.y + iB * rB.y * rB.y, -iA * rA.x * rA.y - iB * rB.x * rB.y,
                m + iA * rA.x * rA.x + iB * rB.x * rB.x)
    }

    /// K⁻¹·v for a symmetric K = [k11 k12; k12 k22].
    private func solve(_ k: (Double, Double, Double), _ v: Vec2) -> Vec2 {
        let det = k.0 * k.2 - k.1 * k.1
        let inv = det != 0 ? 1 / det : 0
        return Vec2(inv * (k.2 * v.x - k.1 * v.y), inv * (k.0 * v.y - k.1 * v.x))
    }
}
