/// Two bodies touching (or within their skins) this step, with the manifold and mixed material.
struct Contact: Hashable, Sendable {
    var a: Int
    var b: Int
    var manifold: Manifold
    /// Box2D's mixing: friction √(fA·fB), restitution max(eA, eB).
    var friction: Double
    var restitution: Double

    /// Carries the previous step's impulses over to points with the same features (warm starting).
    mutating func warmStart(from old: Manifold) {
        for i in manifold.points.indices {
            if let match = old.points.first(where: { $0.feature == manifold.points[i].feature }) {
                manifold.points[i].normalImpulse = match.normalImpulse
                manifold.points[i].tangentImpulse = match.tangentImpulse
            }
        }
    }
}

/// One contact point prepared for the velocity solver.
struct VelocityPoint {
    var rA: Vec2
    var rB: Vec2
    var normalImpulse: Double
    var tangentImpulse: Double
    var normalMass: Double
    var tangentMass: Double
    var velocityBias: Double
}

/// A contact prepared for the velocity solver: the world normal and the points.
struct VelocityConstraint {
    var contact: Int
    var a: Int
    var b: Int
    var normal: Vec2
    var points: UpToTwo<VelocityPoint>
    var friction: Double
    /// For two points: the 2×2 normal mass matrix K = [k11 k12; k12 k22] and its inverse, when
    /// well conditioned (Box2D's block solver); nil solves the points one by one.
    var block: BlockMass?
}

struct BlockMass {
    var k11: Double
    var k12: Double
    var k22: Double

    var inverse: (a: Double, b: Double, d: Double) {
        let det = k11 * k22 - k12 * k12
        let inv = det != 0 ? 1 / det : 0
        return (inv * k22, -inv * k12, inv * k11)
    }
}
