import AnimGeometry

/// UIDynamicAnimator for one reference view: the behaviours, the items they name, and the world
/// built from them. Changing the behaviours rebuilds the world, keeping the bodies (position,
/// angle and velocity) of items that stay; `step()` advances the fixed step.
public struct DynamicAnimator: Hashable, Sendable {
    public let referenceBounds: Rect
    public private(set) var behaviors: [DynamicBehavior] = []
    /// The items in the animator, in the order first named; body i of the world is item i.
    public private(set) var items: [Int] = []
    var sizes: [Size] = []
    var boundsTypes: [CollisionBoundsType] = []
    public private(set) var world = World()

    public init(referenceBounds: Rect) {
        self.referenceBounds = referenceBounds
    }

    public var isAsleep: Bool { world.isAsleep }

    /// removeAllBehaviors (optionally), then addBehavior for each of `added`. `initial` gives the
    /// state of an item entering the animator. Instantaneous pushes among `added` act now.
    public mutating func update(removingAll: Bool, adding added: [DynamicBehavior], initial: (Int) -> DynamicItem) {
        let kept = removingAll ? [] : behaviors
        let oldBodies = Dictionary(uniqueKeysWithValues: zip(items, zip(world.bodies, zip(sizes, boundsTypes))))
        let all = kept + added
        var newItems: [Int] = []
        var named: Set<Int> = []
        for b in all { for id in b.items where named.insert(id).inserted { newItems.append(id) } }
        var bodies: [Body] = []
        sizes = []
        boundsTypes = []
        for id in newItems {
            if let (body, (size, type)) = oldBodies[id] {
                bodies.append(body)
                sizes.append(size)
                boundsTypes.append(type)
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
        items = newItems
        var builder = WorldBuilder(items: items, sizes: sizes, boundsTypes: boundsTypes, bodies: bodies, referenceBounds: referenceBounds)
        behaviors = kept + added.map { builder.resolvingLength($0) }
        world = builder.build(behaviors, firstAdded: kept.count)
        for case let .push(p) in added where p.mode == .instantaneous { applyImpulse(p) }
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
        items.firstIndex(of: item).map(pose(atIndex:))
    }

    /// The pose of `items[k]`.
    public func pose(atIndex k: Int) -> (center: Point, angle: Double) {
        let b = world.bodies[k]
        return (Point(x: b.position.x * Self.scale, y: b.position.y * Self.scale), b.angle)
    }

    /// An item's velocity in points per second and angular velocity in radians per second.
    public func velocity(of item: Int) -> (linear: Point, angular: Double)? {
        guard let i = items.firstIndex(of: item) else { return nil }
        let b = world.bodies[i]
        return (Point(x: b.velocity.x * Self.scale, y: b.velocity.y * Self.scale), b.angularVelocity)
    }

    private mutating func applyImpulse(_ p: PushBehavior) {
        let P = p.magnitude * Vec2(cosine(p.angle), sine(p.angle))
        for id in p.items {
            guard let i = items.firstIndex(of: id) else { continue }
            let r = Rotation(world.bodies[i].angle).apply(Self.metres(p.offset))
            world.bodies[i].velocity += world.bodies[i].invMass * P
            world.bodies[i].angularVelocity += world.bodies[i].invInertia * cross(r, P)
        }
        world.wake()
    }

    static let scale = PhysicsSettings.pointsPerMetre
    static func metres(_ p: Point) -> Vec2 { Vec2(p.x / scale, p.y / scale) }
}
