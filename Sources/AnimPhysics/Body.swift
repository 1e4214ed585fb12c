/// A rigid body of the world: a dynamic box (a UIKit dynamic item) or a static shape (a boundary,
/// the anchor of an attachment or snap).
public struct Body: Hashable, Sendable {
    var shape: Shape
    /// Centre of mass (the box's centre) in metres, and the angle in radians.
    var position: Vec2
    var angle: Double
    var velocity: Vec2 = .zero
    var angularVelocity: Double = 0
    var invMass = 0.0
    var invInertia = 0.0
    var friction = 0.2
    var restitution = 0.2
    /// Resistance and angular resistance (Box2D's damping).
    var linearDamping = 0.0
    var angularDamping = 0.0
    /// The acceleration of gravity this body feels (zero when it is in no gravity behaviour).
    var gravity: Vec2 = .zero
    /// Force and torque applied on every step (continuous pushes).
    var force: Vec2 = .zero
    var torque = 0.0
    /// The smallest half extent, for the no-tunnelling sub-steps.
    var minHalfExtent = 0.0
    var sleepTime = 0.0

    var isDynamic: Bool { invMass > 0 }
    var placement: Placement { Placement(position, angle) }
    /// How far the body may travel in a step of length h (at the speed it reaches by the step's
    /// end), as a multiple of the travel one sub-step allows (``World/substeps(_:)``).
    func travelRatio(_ h: Double) -> Double {
        let speed = velocity.length + (gravity + invMass * force).length * h
        let travel = speed * h + abs(angularVelocity) * h * shape.reach
        return travel / (PhysicsSettings.travelFraction * minHalfExtent)
    }

    /// What the contact solver reads of the body, without its shape: a copy of a whole body
    /// retains the shape's arrays, which cost more than the solver's arithmetic.
    var motion: BodyMotion {
        BodyMotion(position: position, angle: angle, velocity: velocity, angularVelocity: angularVelocity,
                   invMass: invMass, invInertia: invInertia, radius: shape.radius)
    }

    /// A static body (infinite mass) with a polygon in world space.
    static func fixed(_ polygon: Polygon) -> Body {
        Body(shape: .polygon(polygon), position: .zero, angle: 0)
    }

    /// A dynamic item's body: its bounds as a box, or for `ellipse` bounds the inscribed ellipse: a
    /// circle when the bounds are square (mass π·r²·density, inertia m·r²/2), otherwise a 24-sided
    /// polygon (mass π·a·b·density, inertia m(a² + b²)/4).
    static func item(_ type: CollisionBoundsType, width w: Double, height h: Double, at position: Vec2, angle: Double,
                     density: Double, allowsRotation: Bool) -> Body {
        var b = box(width: w, height: h, at: position, angle: angle, density: density, allowsRotation: allowsRotation)
        guard type == .ellipse else { return b }
        let (a, c) = (w / 2, h / 2)
        b.shape = abs(a - c) < 1e-9 ? .circle(radius: a) : .polygon(.ellipse(semiAxisX: a, semiAxisY: c))
        let mass = density * Double.pi * a * c
        b.invMass = mass > 0 ? 1 / mass : 0
        let inertia = mass * (a * a + c * c) / 4
        b.invInertia = allowsRotation && inertia > 0 ? 1 / inertia : 0
        return b
    }

    /// A dynamic box of size w × h metres with a density in kg/m² (UIKit's density 1 over
    /// 100×100 pt is 1 kg); `allowsRotation` false gives it infinite inertia.
    static func box(width w: Double, height h: Double, at position: Vec2, angle: Double,
                    density: Double, allowsRotation: Bool) -> Body {
        var b = Body(shape: .polygon(.box(halfWidth: w / 2, halfHeight: h / 2)), position: position, angle: angle)
        let mass = density * w * h
        b.invMass = mass > 0 ? 1 / mass : 0
        let inertia = mass * (w * w + h * h) / 12
        b.invInertia = allowsRotation && inertia > 0 ? 1 / inertia : 0
        b.minHalfExtent = min(w, h) / 2
        return b
    }
}

/// A body's placement, velocities, inverse mass and inertia and its shape's skin radius, as the
/// contact solver reads them (``Body/motion``).
struct BodyMotion {
    let position: Vec2
    let angle: Double
    let velocity: Vec2
    let angularVelocity: Double
    let invMass: Double
    let invInertia: Double
    /// The shape's ``Shape/radius``.
    let radius: Double

    var placement: Placement { Placement(position, angle) }
}
