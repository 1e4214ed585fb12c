import AnimGeometry

/// UIDynamicAnimator for one reference view: the behaviours, the items they name, and the world
/// built from them. Changing the behaviours rebuilds the world, keeping the bodies (position,
/// angle and velocity) of items that stay; `step()` advances the fixed step.
public struct DynamicAnimator: Hashable, Sendable {
    public let referenceBounds: Rect
    public private(set) var behaviors: [DynamicBehavior] = []
    /// The places in `behaviors` of those that shape the world: all but instantaneous pushes, which
    /// act once, when added (they stay only to keep their items in the animator).
    var shaping: [Int] = []
    /// What a world build goes over in those behaviours (``DynamicBehavior/buildSize``), in all.
    var shapingSize = 0
    /// The items in the animator, in the order first named; body i of the world is item i.
    public private(set) var items: [Int] = []
    /// Each item's place in `items`.
    private var places: [Int: Int] = [:]
    var sizes: [Size] = []
    var boundsTypes: [CollisionBoundsType] = []
    public private(set) var world = World()

    public init(referenceBounds: Rect) {
        self.referenceBounds = referenceBounds
    }

    public var isAsleep: Bool { world.isAsleep }

    /// removeAllBehaviors (optionally), then addBehavior for each of `added`. `initial` gives the
    /// state of an item entering the animator. Instantaneous pushes among `added` act now.
    /// The lists grow in place and the world is built from the behaviours that shape it, so an
    /// update costs what its items and those behaviours do, not what every push added before does
    /// (n pushes, one per update, cost n² when each update went over all of them).
    public mutating func update(removingAll: Bool, adding added: [DynamicBehavior], initial: (Int) -> DynamicItem) {
        let old = Kept(places: places, bodies: world.bodies, sizes: sizes, boundsTypes: boundsTypes)
        if removingAll { (behaviors, shaping, shapingSize, items, places) = ([], [], 0, [], [:]) }
        // `items` are those the kept behaviours name, in the order first named; the added ones follow.
        for b in added {
            for id in b.items where places[id] == nil {
                places[id] = items.count
                items.append(id)
            }
        }
        let bodies = makeBodies(keeping: old, initial: initial)
        var builder = WorldBuilder(items: items, bodyOfItem: places, sizes: sizes, boundsTypes: boundsTypes, bodies: bodies,
                                   referenceBounds: referenceBounds)
        let firstAdded = behaviors.count
        for b in added {
            if !b.actsOnce {
                shaping.append(behaviors.count)
                shapingSize += b.buildSize
            }
            behaviors.append(builder.resolvingLength(b))
        }
        world = builder.build(shaping.map { ($0, behaviors[$0]) }, firstAdded: firstAdded)
        for case let .push(p) in added where p.mode == .instantaneous { applyImpulse(p) }
    }

    /// ``update(removingAll:adding:initial:)``, counting the world's build in `budget`: its items and
    /// what it goes over in the behaviours that shape it, an eighth of an item-step each (with
    /// many such behaviours, each update goes over all of them).
    public mutating func update(removingAll: Bool, adding added: [DynamicBehavior], budget: inout WorkBudget,
                                initial: (Int) -> DynamicItem) throws(WorkLimitExceeded) {
        update(removingAll: removingAll, adding: added, initial: initial)
        try budget.spend(parts: (items.count + shapingSize) * WorkBudget.Cost.buildMember)
    }

    /// The animator's items before an update: their places, bodies, sizes and bounds types.
    private struct Kept {
        var places: [Int: Int]
        var bodies: [Body]
        var sizes: [Size]
        var boundsTypes: [CollisionBoundsType]
    }

    /// The bodies of `items`: those of `old` as they are, new ones from `initial`; sets `sizes` and
    /// `boundsTypes` to match.
    private mutating func makeBodies(keeping old: Kept, initial: (Int) -> DynamicItem) -> [Body] {
        var bodies: [Body] = []
        sizes = []
        boundsTypes = []
        for id in items {
            if let k = old.places[id] {
                bodies.append(old.bodies[k])
                sizes.append(old.sizes[k])
                boundsTypes.append(old.boundsTypes[k])
            } else {
                let item = initial(id)
                // A body needs mass: an empty item collides as a 1×1 pt box.
                let size = Size(width: max(abs(item.size.width), 1), height: max(abs(item.size.height), 1))
                bodies.append(Body.item(item.collisionBoundsType, width: size.width / Self.scale, height: size.height / Self.scale,
                                        at: Self.metres(item.center), angle: item.angle, density: 1, allowsRotation: true))
                sizes.append(size)
                boundsTypes.append(item.collisionBoundsType)
            }
        }
        return bodies
    }

    public mutating func step() {
        world.step()
    }

    /// ``step()``, counting the world's work in `budget` (``World/step(_:budget:)``).
    public mutating func step(budget: inout WorkBudget) throws(WorkLimitExceeded) {
        try world.step(budget: &budget)
    }

    /// An item's centre (points, reference coordinates) and angle, if it is in the animator.
    public func pose(of item: Int) -> (center: Point, angle: Double)? {
        places[item].map(pose(atIndex:))
    }

    /// The pose of `items[k]`.
    public func pose(atIndex k: Int) -> (center: Point, angle: Double) {
        let b = world.bodies[k]
        return (Point(x: b.position.x * Self.scale, y: b.position.y * Self.scale), b.angle)
    }

    /// An item's velocity in points per second and angular velocity in radians per second.
    public func velocity(of item: Int) -> (linear: Point, angular: Double)? {
        guard let i = places[item] else { return nil }
        let b = world.bodies[i]
        return (Point(x: b.velocity.x * Self.scale, y: b.velocity.y * Self.scale), b.angularVelocity)
    }

    private mutating func applyImpulse(_ p: PushBehavior) {
        let P = p.magnitude * Vec2(cosine(p.angle), sine(p.angle))
        for id in p.items {
            guard let i = places[id] else { continue }
            let r = Rotation(world.bodies[i].angle).apply(Self.metres(p.offset))
            world.bodies[i].velocity += world.bodies[i].invMass * P
            world.bodies[i].angularVelocity += world.bodies[i].invInertia * cross(r, P)
        }
        world.wake()
    }

    static let scale = PhysicsSettings.pointsPerMetre
    static func metres(_ p: Point) -> Vec2 { Vec2(p.x / scale, p.y / scale) }
}

extension DynamicBehavior {
    /// An instantaneous push: it acts once, when added, and shapes no world after.
    var actsOnce: Bool {
        if case let .push(p) = self { p.mode == .instantaneous } else { false }
    }

    /// What a world build goes over in this behaviour: its items, and a collision behaviour's
    /// boundary points (the view's bounds are four).
    var buildSize: Int {
        guard case let .collision(c) = self else { return items.count }
        return c.items.count + c.boundaries.reduce(c.translatesReferenceBoundsIntoBoundary ? 4 : 0) { $0 + $1.count }
    }
}
