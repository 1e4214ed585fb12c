/// The physics world: bodies, the pairs that may collide, joints, and the contacts of the last
/// step. `step()` advances by the fixed step; everything iterates in array order, so a world is a
/// pure function of its inputs and the number of steps.
public struct World: Hashable, Sendable {
    var bodies: [Body] = []
    /// Which body pairs may collide, and their order (decided when behaviours are added).
    var collisions = CollisionPairs()
    var joints: [Joint] = []
    var contacts: [Contact] = []
    /// Each contact's pair's place in the collision order (`contacts` is in that order).
    var contactRanks: [CollisionPairs.Rank] = []
    /// True once every dynamic body has rested for `timeToSleep` (the animator pauses).
    public private(set) var isAsleep = false

    public init() {}

    /// Wakes the world (a behaviour changed).
    mutating func wake() {
        isAsleep = false
        for i in bodies.indices { bodies[i].sleepTime = 0 }
    }

    /// Advances one fixed step, split into equal sub-steps when a body that collides (or is joined
    /// to one that does) would otherwise move more than half its smallest half extent in one (no
    /// tunnelling through thin boundaries; ``substeps(_:)``).
    public mutating func step(_ h: Double = PhysicsSettings.step) {
        var budget = WorkBudget.unlimited
        // An unlimited budget never runs out.
        try? step(h, budget: &budget)
    }

    /// ``step(_:)``, counting its work in `budget`: it stops, mid-step, once that passes a limit.
    public mutating func step(_ h: Double = PhysicsSettings.step, budget: inout WorkBudget) throws(WorkLimitExceeded) {
        guard !isAsleep else { return }
        let n = substeps(h)
        for _ in 0..<n { try solve(dt: h / Double(n), budget: &budget) }
        for j in joints.indices { joints[j].commitDeferredLength() }
        updateSleep(h)
    }

    /// How many sub-steps the next step of length h takes: enough for the speed a body reaches by
    /// the step's end (its velocity now plus what gravity and its force add over the step). Only a
    /// body that collides with something can tunnel, or one joined to such a body (a joint can
    /// hand its speed over within the step). The others never split the step, so free flight and
    /// a snap or attachment that collides with nothing keep UIKit's fixed 1/120 s step however fast
    /// or small the item.
    public func substeps(_ h: Double) -> Int {
        var ratio = 1.0
        let splitting = bodiesThatSplitSteps()
        for i in bodies.indices where splitting[i] && bodies[i].isDynamic && bodies[i].minHalfExtent > 0 {
            ratio = max(ratio, bodies[i].travelRatio(h))
        }
        // An infinite speed (an absurd push or gravity) takes the most sub-steps, without converting ∞ to Int.
        return ratio < Double(PhysicsSettings.maxSubsteps) ? Int(ratio.rounded(.up)) : PhysicsSettings.maxSubsteps
    }

    /// Per body, whether its speed decides the sub-steps: it collides with something, or joints
    /// connect it (through any chain of bodies) to one that does.
    func bodiesThatSplitSteps() -> [Bool] {
        var splits = bodies.indices.map { collisions.collides($0) }
        guard !joints.isEmpty, splits.contains(true) else { return splits }
        // Joints are few (one per attachment or snap spring): relax until nothing changes.
        var changed = true
        while changed {
            changed = false
            for joint in joints {
                let (a, b) = joint.bodies
                guard a < splits.count, b < splits.count, splits[a] != splits[b] else { continue }
                splits[a] = true
                splits[b] = true
                changed = true
            }
        }
        return splits
    }

    /// One sub-step; its work is counted before it is done: the bodies, the broad phase as it
    /// goes, then the contacts and joints to solve.
    mutating func solve(dt: Double, budget: inout WorkBudget) throws(WorkLimitExceeded) {
        try budget.spend(parts: bodies.count * WorkBudget.Cost.body)
        // The placements (a sine and a cosine each) serve the contacts' set-up too: integrating
        // the velocities does not turn the bodies.
        let placements = bodies.map(\.placement)
        try collide(placements, budget: &budget)
        try budget.spend(parts: (contacts.count + joints.count) * WorkBudget.Cost.constraint)
        integrateVelocities(dt)
        var solver = ContactSolver(contacts: contacts, bodies: bodies, placements: placements)
        solver.warmStart(&bodies)
        for j in joints.indices { joints[j].prepare(&bodies, dt: dt) }
        for _ in 0..<PhysicsSettings.velocityIterations {
            for j in joints.indices { joints[j].solveVelocity(&bodies) }
            solver.solveVelocities(&bodies)
        }
        solver.storeImpulses(&contacts)
        integratePositions(dt)
        for _ in 0..<PhysicsSettings.positionIterations {
            let contactsOK = ContactSolver.solvePositions(contacts, &bodies)
            var jointsOK = true
            for j in joints where !j.solvePosition(&bodies) { jointsOK = false }
            if contactsOK && jointsOK { break }
        }
    }

    /// New manifolds for every pair that may collide and whose boxes overlap at `placements` (the
    /// bodies' current ones), warm-started from the last step's, in the pairs' order.
    mutating func collide(_ placements: [Placement], budget: inout WorkBudget) throws(WorkLimitExceeded) {
        let old = contacts, oldRanks = contactRanks
        let pairs = try overlappingPairs(placements, budget: &budget)
        contacts.removeAll(keepingCapacity: true)
        contactRanks.removeAll(keepingCapacity: true)
        // The last step's contacts and the new pairs are both in rank order, unique per pair, so
        // one walk along both finds each pair's old contact: no hashing, and nothing that walks one
        // body's contacts (an item on a boundary of tiny segments touches thousands).
        var p = 0
        let oldCount = min(old.count, oldRanks.count)
        for (rank, a, b) in pairs {
            // Fields read where they are: a copy of a whole body would retain its shape's arrays.
            guard let (m, swapped) = Shape.manifold(bodies[a].shape, placements[a], bodies[b].shape, placements[b]) else { continue }
            let (first, second) = swapped ? (b, a) : (a, b)
            var c = Contact(a: first, b: second, manifold: m, friction: (bodies[a].friction * bodies[b].friction).squareRoot(),
                            restitution: max(bodies[a].restitution, bodies[b].restitution))
            while p < oldCount && oldRanks[p] < rank { p += 1 }
            if p < oldCount && oldRanks[p] == rank && old[p].a == first && old[p].b == second { c.warmStart(from: old[p].manifold) }
            contacts.append(c)
            contactRanks.append(rank)
        }
    }

    /// The pairs (a < b) that may collide, with a dynamic body and overlapping boxes, in rank order.
    /// The broad phase's work is counted as it goes: it stops once that passes a limit.
    func overlappingPairs(_ placements: [Placement], budget: inout WorkBudget) throws(WorkLimitExceeded)
        -> [(rank: CollisionPairs.Rank, a: Int, b: Int)] {
        let boxes = bodies.indices.map { bodies[$0].shape.bounds(placements[$0]) }
        var found: [(rank: CollisionPairs.Rank, a: Int, b: Int)] = []
        let sweep = BroadPhase.overlaps(boxes, moving: bodies.indices.map { bodies[$0].isDynamic }, until: { budget.stops($0) }) { a, b in
            guard bodies[a].isDynamic || bodies[b].isDynamic, let rank = collisions.rank(a, b) else { return }
            found.append((rank, a, b))
        }
        try budget.spend(sweep: sweep)
        return found.sorted { $0.rank < $1.rank }
    }

    /// Gravity and forces, then resistance as v / (1 + h·c) (the host's form, §10.2).
    mutating func integrateVelocities(_ h: Double) {
        for i in bodies.indices where bodies[i].isDynamic { Self.integrateVelocity(&bodies[i], h) }
    }

    /// One body's step of ``integrateVelocities(_:)``, in place (a copy of the body would retain its shape).
    private static func integrateVelocity(_ b: inout Body, _ h: Double) {
        b.velocity += h * (b.gravity + b.invMass * b.force)
        b.angularVelocity += h * b.invInertia * b.torque
        b.velocity = (1 / (1 + h * b.linearDamping)) * b.velocity
        b.angularVelocity *= 1 / (1 + h * b.angularDamping)
    }

    /// Moves the bodies, capping a step's translation and rotation as Box2D does.
    mutating func integratePositions(_ h: Double) {
        for i in bodies.indices where bodies[i].isDynamic { Self.integratePosition(&bodies[i], h) }
    }

    /// One body's step of ``integratePositions(_:)``, in place.
    private static func integratePosition(_ b: inout Body, _ h: Double) {
        let translation = h * b.velocity
        if translation.lengthSquared > PhysicsSettings.maxTranslation * PhysicsSettings.maxTranslation {
            b.velocity = (PhysicsSettings.maxTranslation / translation.length) * b.velocity
        }
        let rotation = h * b.angularVelocity
        if rotation * rotation > PhysicsSettings.maxRotation * PhysicsSettings.maxRotation {
            b.angularVelocity *= PhysicsSettings.maxRotation / abs(rotation)
        }
        b.position += h * b.velocity
        b.angle += h * b.angularVelocity
    }

    mutating func updateSleep(_ h: Double) {
        var minSleep = Double.infinity
        let linTol = PhysicsSettings.linearSleepTolerance, angTol = PhysicsSettings.angularSleepTolerance
        for i in bodies.indices where bodies[i].isDynamic {
            let (v, w) = (bodies[i].velocity, bodies[i].angularVelocity)
            let moving = v.lengthSquared > linTol * linTol || w * w > angTol * angTol
            bodies[i].sleepTime = moving ? 0 : bodies[i].sleepTime + h
            minSleep = min(minSleep, bodies[i].sleepTime)
        }
        if minSleep.isFinite && minSleep >= PhysicsSettings.timeToSleep {
            isAsleep = true
            for i in bodies.indices {
                bodies[i].velocity = .zero
                bodies[i].angularVelocity = 0
            }
        }
    }
}
