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

/// The contacts of the last step by their ordered body pair (a, b), for warm starting: a chain per
/// first body through the list, in two integer arrays (no hashing; a step has at most one contact
/// per pair, and a body few contacts).
struct ContactChains {
    /// Per body, the first contact whose `a` it is, or −1.
    private var head: [Int]
    /// Per contact, the next one with the same `a`, or −1.
    private var next: [Int]
    private let seconds: [Int]

    init(_ contacts: [Contact], bodies: Int) {
        head = [Int](repeating: -1, count: bodies)
        next = [Int](repeating: -1, count: contacts.count)
        seconds = contacts.map(\.b)
        // Forward, each in front of its chain: a (never seen) second contact of one pair would be
        // found first, as a dictionary filled in order keeps the last.
        for k in contacts.indices where contacts[k].a < bodies {
            next[k] = head[contacts[k].a]
            head[contacts[k].a] = k
        }
    }

    /// The index of the contact of (a, b), or nil.
    func find(_ a: Int, _ b: Int) -> Int? {
        var k = a < head.count ? head[a] : -1
        while k >= 0 {
            if seconds[k] == b { return k }
            k = next[k]
        }
        return nil
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
