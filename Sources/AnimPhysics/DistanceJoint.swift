/// Keeps two body points at a distance: rigid (frequency 0), or a soft spring of the given
/// frequency (Hz) and damping ratio (Box2D's distance joint, soft constraint form).
struct DistanceJoint: Hashable, Sendable {
    var a: Int
    var b: Int
    /// The attachment points in each body's frame (relative to its centre).
    var localAnchorA: Vec2
    var localAnchorB: Vec2
    var length: Double
    var frequency: Double
    var dampingRatio: Double
    var impulse = 0.0
    /// A length that replaces `length` after the next step (a snap's springs, §10.2).
    var deferredLength: Double?

    // Per-step values.
    private var u = Vec2.zero
    private var rA = Vec2.zero
    private var rB = Vec2.zero
    private var mass = 0.0
    private var gamma = 0.0
    private var bias = 0.0

    init(a: Int, b: Int, localAnchorA: Vec2, localAnchorB: Vec2, length: Double, frequency: Double, dampingRatio: Double) {
        self.a = a
        self.b = b
        self.localAnchorA = localAnchorA
        self.localAnchorB = localAnchorB
        self.length = length
        self.frequency = frequency
        self.dampingRatio = dampingRatio
    }

    /// Prepares the step and applies the last step's impulse (warm starting).
    mutating func prepare(_ bodies: inout [Body], dt: Double) {
        let A = bodies[a], B = bodies[b]
        rA = Rotation(A.angle).apply(localAnchorA)
        rB = Rotation(B.angle).apply(localAnchorB)
        let d = B.position + rB - A.position - rA
        let current = d.length
        u = current > PhysicsSettings.linearSlop ? (1 / current) * d : .zero
        let crA = cross(rA, u), crB = cross(rB, u)
        var invMass = A.invMass + A.invInertia * crA * crA + B.invMass + B.invInertia * crB * crB
        mass = invMass != 0 ? 1 / invMass : 0
        gamma = 0
        bias = 0
        if frequency > 0 {
            let omega = 2 * Double.pi * frequency
            let damping = 2 * mass * dampingRatio * omega
            let k = mass * omega * omega
            let g = dt * (damping + dt * k)
            gamma = g != 0 ? 1 / g : 0
            bias = (current - length) * dt * k * gamma
            invMass += gamma
            mass = invMass != 0 ? 1 / invMass : 0
        }
        apply(impulse * u, &bodies)
    }

    mutating func solveVelocity(_ bodies: inout [Body]) {
        let A = bodies[a], B = bodies[b]
        let vpA = A.velocity + cross(A.angularVelocity, rA)
        let vpB = B.velocity + cross(B.angularVelocity, rB)
        let cdot = dot(u, vpB - vpA)
        let delta = -mass * (cdot + bias + gamma * impulse)
        impulse += delta
        apply(delta * u, &bodies)
    }

    /// Position correction for rigid joints; true when within the slop.
    func solvePosition(_ bodies: inout [Body]) -> Bool {
        if frequency > 0 { return true }
        let A = bodies[a], B = bodies[b]
        let rA = Rotation(A.angle).apply(localAnchorA), rB = Rotation(B.angle).apply(localAnchorB)
        let d = B.position + rB - A.position - rA
        let current = d.length
        let u = d.normalized
        let C = min(max(current - length, -PhysicsSettings.maxLinearCorrection), PhysicsSettings.maxLinearCorrection)
        let P = (-mass * C) * u
        bodies[a].position -= A.invMass * P
        bodies[a].angle -= A.invInertia * cross(rA, P)
        bodies[b].position += B.invMass * P
        bodies[b].angle += B.invInertia * cross(rB, P)
        return abs(C) < PhysicsSettings.linearSlop
    }

    private func apply(_ P: Vec2, _ bodies: inout [Body]) {
        ContactSolver.apply(P, a, rA, b, rB, &bodies)
    }
}
