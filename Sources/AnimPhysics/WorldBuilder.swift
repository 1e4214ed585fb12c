import AnimGeometry

/// Turns a list of behaviours into a world: item bodies with their materials, gravity and
/// continuous forces, boundary bodies, the colliding pairs, and joints for attachments and snaps.
struct WorldBuilder {
    let items: [Int]
    let sizes: [Size]
    let boundsTypes: [CollisionBoundsType]
    var bodies: [Body]
    let referenceBounds: Rect
    /// The body of each item (its index in `items`).
    let bodyOfItem: [Int: Int]

    init(items: [Int], bodyOfItem: [Int: Int], sizes: [Size], boundsTypes: [CollisionBoundsType], bodies: [Body], referenceBounds: Rect) {
        self.items = items
        self.bodyOfItem = bodyOfItem
        self.sizes = sizes
        self.boundsTypes = boundsTypes
        self.bodies = bodies
        self.referenceBounds = referenceBounds
    }

    /// Engine defaults measured on UIKit (§10.1: elasticity 0.2, friction 0.2, density 1,
    /// resistance 0.1, angularResistance 0.1, rotation allowed), overridden by item behaviours in order.
    struct Material {
        var elasticity = 0.2, friction = 0.2, density = 1.0, resistance = 0.1, angularResistance = 0.1
        var allowsRotation = true

        /// The values an item behaviour sets.
        mutating func apply(_ b: ItemBehavior) {
            if let v = b.elasticity { elasticity = v }
            if let v = b.friction { friction = v }
            if let v = b.density { density = v }
            if let v = b.resistance { resistance = v }
            if let v = b.angularResistance { angularResistance = v }
            if let v = b.allowsRotation { allowsRotation = v }
        }
    }

    /// A new attachment without a length gets the current distance between its two points.
    func resolvingLength(_ b: DynamicBehavior) -> DynamicBehavior {
        guard case var .attachment(a) = b, a.length == nil, let i = bodyOfItem[a.item] else { return b }
        let pA = bodies[i].placement.apply(DynamicAnimator.metres(a.offset))
        var pB = DynamicAnimator.metres(a.anchor)
        if let other = a.toItem, let j = bodyOfItem[other] {
            pB = bodies[j].placement.apply(DynamicAnimator.metres(a.toOffset))
        }
        a.length = (pB - pA).length * DynamicAnimator.scale
        return .attachment(a)
    }

    /// - Parameter behaviors: the animator's behaviours that shape the world (all but instantaneous
    ///   pushes), with their places in its list (which order the collisions).
    /// - Parameter firstAdded: the place of the first behaviour added just now (the others were
    ///   already in the animator).
    mutating func build(_ behaviors: [(index: Int, behavior: DynamicBehavior)], firstAdded: Int) -> World {
        let list = behaviors.map(\.behavior)
        applyMaterials(list)
        applyForces(list)
        var world = World()
        var collisions = CollisionPairs()
        var joints: [Joint] = []
        for (index, behavior) in behaviors {
            switch behavior {
            case let .collision(c):
                let members = c.items.compactMap { bodyOfItem[$0] }
                var segments: [Int] = []
                if c.mode != .items {
                    for segment in boundarySegments(c) {
                        bodies.append(.fixed(.segment(segment.0, segment.1)))
                        segments.append(bodies.count - 1)
                    }
                }
                collisions.add(behavior: index, members: members, itemsCollide: c.mode != .boundaries, segments: segments)
            case let .attachment(a):
                joints.append(attachmentJoint(a))
            case let .snap(s):
                joints += snapJoints(s, isNew: index >= firstAdded)
            default: break
            }
        }
        world.bodies = bodies
        world.collisions = collisions
        world.joints = joints
        return world
    }

    /// Each item's material, from the item behaviours naming it, in order; one pass over the
    /// behaviours' members (not one over the behaviours per item).
    private mutating func applyMaterials(_ behaviors: [DynamicBehavior]) {
        var materials = [Material](repeating: Material(), count: items.count)
        for case let .itemBehavior(b) in behaviors {
            for id in b.items { if let i = bodyOfItem[id] { materials[i].apply(b) } }
        }
        for (i, m) in materials.enumerated() {
            let old = bodies[i]
            var body = Body.item(boundsTypes[i], width: sizes[i].width / DynamicAnimator.scale, height: sizes[i].height / DynamicAnimator.scale,
                                 at: old.position, angle: old.angle, density: m.density, allowsRotation: m.allowsRotation)
            body.velocity = old.velocity
            body.angularVelocity = m.allowsRotation ? old.angularVelocity : 0
            body.restitution = m.elasticity
            body.friction = m.friction
            body.linearDamping = m.resistance
            body.angularDamping = m.angularResistance
            bodies[i] = body
        }
    }

    /// Gravity is the world's: the last gravity behaviour's vector, felt by the items of every
    /// gravity behaviour (§10.2). Continuous pushes add a force (newtons) and its torque, to each
    /// item once per push, in the behaviours' order.
    private mutating func applyForces(_ behaviors: [DynamicBehavior]) {
        var gravity: Vec2 = .zero
        for case let .gravity(g) in behaviors { gravity = (10 * g.magnitude) * Vec2(cosine(g.angle), sine(g.angle)) }
        for case let .gravity(g) in behaviors {
            for id in g.items { if let i = bodyOfItem[id] { bodies[i].gravity = gravity } }
        }
        for case let .push(p) in behaviors where p.mode == .continuous {
            let F = p.magnitude * Vec2(cosine(p.angle), sine(p.angle))
            var pushed: Set<Int> = []
            for id in p.items {
                guard let i = bodyOfItem[id], pushed.insert(i).inserted else { continue }
                bodies[i].force += F
                bodies[i].torque += cross(Rotation(bodies[i].angle).apply(DynamicAnimator.metres(p.offset)), F)
            }
        }
    }

    /// The boundary segments of a collision behaviour, in metres: the reference bounds (inset, then
    /// outset by 1 pt as UIKit does) and the added polylines.
    private func boundarySegments(_ c: CollisionBehavior) -> [(Vec2, Vec2)] {
        var out: [(Vec2, Vec2)] = []
        if c.translatesReferenceBoundsIntoBoundary {
            let r = referenceBounds.standardized
            let x0 = r.minX + c.insets.left - 1, x1 = r.maxX - c.insets.right + 1
            let y0 = r.minY + c.insets.top - 1, y1 = r.maxY - c.insets.bottom + 1
            let corners = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
            for k in 0..<4 { out.append((DynamicAnimator.metres(corners[k]), DynamicAnimator.metres(corners[(k + 1) % 4]))) }
        }
        for line in c.boundaries where line.count >= 2 {
            for k in 1..<line.count where line[k] != line[k - 1] {
                out.append((DynamicAnimator.metres(line[k - 1]), DynamicAnimator.metres(line[k])))
            }
        }
        return out
    }

    private mutating func anchorBody(at p: Vec2) -> Int {
        var b = Body.fixed(.segment(.zero, .zero))
        b.position = p
        bodies.append(b)
        return bodies.count - 1
    }

    private mutating func attachmentJoint(_ a: AttachmentBehavior) -> Joint {
        let i = bodyOfItem[a.item] ?? 0
        let (other, otherAnchor): (Int, Vec2)
        if let to = a.toItem, let j = bodyOfItem[to] {
            (other, otherAnchor) = (j, DynamicAnimator.metres(a.toOffset))
        } else {
            (other, otherAnchor) = (anchorBody(at: DynamicAnimator.metres(a.anchor)), .zero)
        }
        let length = a.length ?? 0
        // Within 1 pt the anchor pins the item's point: a revolute joint (§10.2).
        if length < 1 {
            return .point(PointJoint(a: i, b: other, localAnchorA: DynamicAnimator.metres(a.offset), localAnchorB: otherAnchor))
        }
        return .distance(DistanceJoint(a: i, b: other, localAnchorA: DynamicAnimator.metres(a.offset), localAnchorB: otherAnchor,
                                       length: length / DynamicAnimator.scale, frequency: a.frequency, dampingRatio: a.damping))
    }

    /// UISnapBehavior as four 4 Hz springs of rest length 50 pt (§10.2): from each corner of the
    /// item to a point 50 pt beyond where that corner is when the item sits upright on the snap point.
    /// A new snap's springs have length 0 for the first step: UIKit sets their length on the next
    /// main-queue turn, after the first step has run (§10.2).
    private mutating func snapJoints(_ s: SnapBehavior, isNew: Bool) -> [Joint] {
        guard let i = bodyOfItem[s.item] else { return [] }
        let anchor = anchorBody(at: DynamicAnimator.metres(s.point))
        let restLength = 0.5
        let half = (sizes[i].width / DynamicAnimator.scale / 2, sizes[i].height / DynamicAnimator.scale / 2)
        return Polygon.box(halfWidth: half.0, halfHeight: half.1).vertices.map { corner -> Joint in
            var joint = DistanceJoint(a: i, b: anchor, localAnchorA: corner, localAnchorB: corner + restLength * corner.normalized,
                                      length: restLength, frequency: 4, dampingRatio: s.damping)
            if isNew { (joint.length, joint.deferredLength) = (0, restLength) }
            return .distance(joint)
        }
    }
}
