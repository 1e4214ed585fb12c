import AnimGeometry

/// A 2-D vector in metres (or metres per second), y down like UIKit's coordinates.
public struct Vec2: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Vec2(0, 0)

    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    public static func -= (a: inout Vec2, b: Vec2) { a = a - b }

    public var length: Double { (x * x + y * y).squareRoot() }
    public var lengthSquared: Double { x * x + y * y }

    /// The unit vector, or zero for a (nearly) zero vector.
    public var normalized: Vec2 {
        let l = length
        return l < 1e-12 ? .zero : Vec2(x / l, y / l)
    }
}

@inline(__always) func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
/// The 2-D cross product (a scalar: the z of the 3-D one).
@inline(__always) func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// a × s (s along z): a turned a quarter against the angle direction, scaled.
@inline(__always) func cross(_ a: Vec2, _ s: Double) -> Vec2 { Vec2(s * a.y, -s * a.x) }
/// s × a (s along z): the velocity of a point at offset a under angular velocity s.
@inline(__always) func cross(_ s: Double, _ a: Vec2) -> Vec2 { Vec2(-s * a.y, s * a.x) }

/// A rotation by an angle (positive = clockwise on screen, as UIKit's transforms).
struct Rotation: Hashable, Sendable {
    var s: Double
    var c: Double

    init(_ angle: Double) {
        s = sine(angle)
        c = cosine(angle)
    }

    func apply(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    func inverse(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
}

/// A rigid placement: rotate, then translate.
struct Placement: Hashable, Sendable {
    var p: Vec2
    var q: Rotation

    init(_ p: Vec2, _ angle: Double) {
        self.p = p
        q = Rotation(angle)
    }

    func apply(_ v: Vec2) -> Vec2 { q.apply(v) + p }
    func inverse(_ v: Vec2) -> Vec2 { q.inverse(v - p) }
}
