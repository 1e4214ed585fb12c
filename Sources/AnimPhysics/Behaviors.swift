import AnimGeometry

/// A UIKit Dynamics behaviour, in UIKit's units (points, the reference view's coordinates, radians
/// clockwise on screen). Items are the caller's ids (the scene's layer indices).
public enum DynamicBehavior: Hashable, Sendable {
    case gravity(GravityBehavior)
    case collision(CollisionBehavior)
    case itemBehavior(ItemBehavior)
    case attachment(AttachmentBehavior)
    case snap(SnapBehavior)
    case push(PushBehavior)

    /// The items the behaviour adds to the animator, in order.
    public var items: [Int] {
        switch self {
        case let .gravity(g): g.items
        case let .collision(c): c.items
        case let .itemBehavior(i): i.items
        case let .attachment(a): a.toItem.map { [a.item, $0] } ?? [a.item]
        case let .snap(s): [s.item]
        case let .push(p): p.items
        }
    }
}

/// UIGravityBehavior: magnitude 1 = 1000 points/s², angle 0 = right, π/2 = down (the default).
public struct GravityBehavior: Hashable, Sendable {
    public var items: [Int]
    public var angle: Double
    public var magnitude: Double

    public init(items: [Int], angle: Double = Double.pi / 2, magnitude: Double = 1) {
        self.items = items
        self.angle = angle
        self.magnitude = magnitude
    }
}

/// UICollisionBehavior: which items collide with each other and with which boundaries.
public struct CollisionBehavior: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable, CaseIterable { case items, boundaries, everything }
    public var items: [Int]
    public var mode: Mode
    /// The reference view's bounds, inset by `insets` (top, left, bottom, right), as a boundary.
    public var translatesReferenceBoundsIntoBoundary: Bool
    public var insets: (top: Double, left: Double, bottom: Double, right: Double)
    /// Added boundaries: open polylines (a line segment is two points; paths arrive flattened).
    public var boundaries: [[Point]]

    public init(items: [Int], mode: Mode = .everything, translatesReferenceBoundsIntoBoundary: Bool = false,
                insets: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0), boundaries: [[Point]] = []) {
        self.items = items
        self.mode = mode
        self.translatesReferenceBoundsIntoBoundary = translatesReferenceBoundsIntoBoundary
        self.insets = insets
        self.boundaries = boundaries
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.items == b.items && a.mode == b.mode && a.translatesReferenceBoundsIntoBoundary == b.translatesReferenceBoundsIntoBoundary
            && [a.insets.top, a.insets.left, a.insets.bottom, a.insets.right] == [b.insets.top, b.insets.left, b.insets.bottom, b.insets.right]
            && a.boundaries == b.boundaries
    }

    public func hash(into h: inout Hasher) {
        h.combine(items); h.combine(mode); h.combine(translatesReferenceBoundsIntoBoundary)
        h.combine([insets.top, insets.left, insets.bottom, insets.right]); h.combine(boundaries)
    }
}

/// UIDynamicItemBehavior: material and motion properties; nil leaves a property as it was.
public struct ItemBehavior: Hashable, Sendable {
    public var items: [Int]
    public var elasticity: Double?
    public var friction: Double?
    public var density: Double?
    public var resistance: Double?
    public var angularResistance: Double?
    public var allowsRotation: Bool?

    public init(items: [Int], elasticity: Double? = nil, friction: Double? = nil, density: Double? = nil,
                resistance: Double? = nil, angularResistance: Double? = nil, allowsRotation: Bool? = nil) {
        self.items = items
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
    }
}

/// UIAttachmentBehavior: a point of an item (offset from its centre, in its own unrotated frame)
/// held at a distance from an anchor point or a point of another item; frequency 0 = rigid.
public struct AttachmentBehavior: Hashable, Sendable {
    public var item: Int
    public var offset: Point
    /// The anchor in reference coordinates (when `toItem` is nil).
    public var anchor: Point
    public var toItem: Int?
    public var toOffset: Point
    /// nil: the distance when the behaviour is added.
    public var length: Double?
    public var damping: Double
    public var frequency: Double

    public init(item: Int, offset: Point = .zero, anchor: Point = .zero, toItem: Int? = nil, toOffset: Point = .zero,
                length: Double? = nil, damping: Double = 0, frequency: Double = 0) {
        self.item = item
        self.offset = offset
        self.anchor = anchor
        self.toItem = toItem
        self.toOffset = toOffset
        self.length = length
        self.damping = damping
        self.frequency = frequency
    }
}

/// UISnapBehavior: springs the item to a point (and upright), damping 0…1.
public struct SnapBehavior: Hashable, Sendable {
    public var item: Int
    public var point: Point
    public var damping: Double

    public init(item: Int, point: Point, damping: Double = 0.5) {
        self.item = item
        self.point = point
        self.damping = damping
    }
}

/// UIPushBehavior: magnitude 1 accelerates a 100×100 item of density 1 at 100 points/s²
/// (continuous) or gives it 100 points/s at once (instantaneous). The force acts at `offset` from
/// the centre (targetOffsetFromCenter, the item's frame), which makes it turn.
public struct PushBehavior: Hashable, Sendable {
    public enum Mode: String, Hashable, Sendable, CaseIterable { case continuous, instantaneous }
    public var items: [Int]
    public var mode: Mode
    public var angle: Double
    public var magnitude: Double
    public var offset: Point

    public init(items: [Int], mode: Mode = .continuous, angle: Double = 0, magnitude: Double = 0, offset: Point = .zero) {
        self.items = items
        self.mode = mode
        self.angle = angle
        self.magnitude = magnitude
        self.offset = offset
    }
}

/// UIDynamicItem's collisionBoundsType: the bounds rectangle (the default) or the ellipse inscribed
/// in them.
public enum CollisionBoundsType: String, Hashable, Sendable, CaseIterable {
    case rectangle, ellipse
}

/// A dynamic item as the animator first sees it: centre and bounds size in points, angle in radians.
public struct DynamicItem: Hashable, Sendable {
    public var center: Point
    public var size: Size
    public var angle: Double
    public var collisionBoundsType: CollisionBoundsType

    public init(center: Point, size: Size, angle: Double = 0, collisionBoundsType: CollisionBoundsType = .rectangle) {
        self.center = center
        self.size = size
        self.angle = angle
        self.collisionBoundsType = collisionBoundsType
    }
}
