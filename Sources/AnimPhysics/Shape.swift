/// A body's collision shape in its own frame: a convex polygon with a skin, or a circle about the
/// body's centre.
enum Shape: Hashable, Sendable {
    case polygon(Polygon)
    case circle(radius: Double)

    /// The distance the shape reaches beyond its core (a polygon's skin, a circle's radius).
    var radius: Double {
        switch self {
        case let .polygon(p): p.radius
        case let .circle(r): r
        }
    }

    /// The farthest point of the core from the centre (for the sub-step estimate of turning).
    var reach: Double {
        switch self {
        case let .polygon(p): p.vertices.reduce(0) { max($0, $1.length) }
        case .circle: 0
        }
    }

    /// The bounding box in world space for a placement.
    func bounds(_ xf: Placement) -> (lower: Vec2, upper: Vec2) {
        switch self {
        case let .polygon(p): return p.bounds(xf)
        case let .circle(r): return (xf.p - Vec2(r, r), xf.p + Vec2(r, r))
        }
    }

    /// The contact manifold between two shapes (nil when apart), and whether the bodies had to be
    /// swapped (Box2D's polygon–circle routine wants the polygon first).
    static func manifold(_ a: Shape, _ xfA: Placement, _ b: Shape, _ xfB: Placement) -> (manifold: Manifold, swapped: Bool)? {
        switch (a, b) {
        case let (.polygon(pa), .polygon(pb)):
            return PolygonCollision.manifold(pa, xfA, pb, xfB).map { ($0, false) }
        case let (.polygon(p), .circle(r)):
            return CircleCollision.polygonCircle(p, xfA, r, xfB).map { ($0, false) }
        case let (.circle(r), .polygon(p)):
            return CircleCollision.polygonCircle(p, xfB, r, xfA).map { ($0, true) }
        case let (.circle(ra), .circle(rb)):
            return CircleCollision.circles(ra, xfA, rb, xfB).map { ($0, false) }
        }
    }
}
