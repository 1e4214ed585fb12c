import AnimGeometry
import Foundation
import Testing
import AnimPhysics

/// Items with collisionBoundsType ellipse: circles for square bounds.
struct CircleTests {
    func ball(_ center: Point, diameter: Double = 40) -> DynamicItem {
        DynamicItem(center: center, size: Size(width: diameter, height: diameter), collisionBoundsType: .ellipse)
    }

    /// Mass is density × the disc's area: 1 N·s on a 100-pt ball (π/4 kg) gives 400/π pt/s.
    @Test func discMass() {
        let a = animator([box: ball(Point(x: 200, y: 200), diameter: 100)],
                         [.push(PushBehavior(items: [box], mode: .instantaneous, magnitude: 1))])
        #expect(abs(a.velocity(of: box)!.linear.x - 400 / Double.pi) < 1e-9)
    }

    /// On a 20° slope with friction 0.2 a ball rolls without slipping: it accelerates at
    /// g·sin θ / (1 + I/(m·d²)) with d the distance from its centre to the contact point (Box2D's
    /// contact point sits between the surfaces, 0.25 pt inside the radius), i.e. ≈ (2/3)·g·sin θ,
    /// and turns at ω·d = v; a box of the same size slides at g·(sin θ − 0.2·cos θ). Tolerance 0.5 %.
    @Test func ballRollsBoxSlides() {
        let theta = 20 * Double.pi / 180, r = 20.0
        let slope = [Point(x: 0, y: 100), Point(x: 600, y: 100 + 600 * tan(theta))]
        func run(_ type: CollisionBoundsType) -> (acceleration: Double, spinRatio: Double) {
            let start = Point(x: 50 - r * sin(theta), y: 100 + 50 * tan(theta) - r * cos(theta) - 2)
            var a = animator([box: DynamicItem(center: start, size: Size(width: 2 * r, height: 2 * r), angle: theta, collisionBoundsType: type)],
                             [.gravity(GravityBehavior(items: [box])), .collision(CollisionBehavior(items: [box], boundaries: [slope])),
                              noResistance([box])])
            _ = a.run(60)
            let v0 = a.velocity(of: box)!
            _ = a.run(60)
            let v1 = a.velocity(of: box)!
            let speed = { (v: Point) in (v.x * v.x + v.y * v.y).squareRoot() }
            return ((speed(v1.linear) - speed(v0.linear)) / 0.5, v1.angular * r / speed(v1.linear))
        }
        let rolling = run(.ellipse), sliding = run(.rectangle)
        let d = r - 0.25, rollingExpected = 1000 * sin(theta) / (1 + 0.5 * (r / d) * (r / d))
        #expect(abs(rolling.acceleration / rollingExpected - 1) < 0.005, "rolling \(rolling.acceleration) vs \(rollingExpected)")
        #expect(abs(rolling.spinRatio - r / d) < 0.005, "ω·r/v \(rolling.spinRatio)")
        let slidingExpected = 1000 * (sin(theta) - 0.2 * cos(theta))
        #expect(abs(sliding.acceleration / slidingExpected - 1) < 0.005 && abs(sliding.spinRatio) < 1e-9, "sliding \(sliding)")
    }

    /// Equal balls, elasticity 1, head on above the 100 pt/s restitution threshold: they swap velocities.
    @Test func elasticHeadOnSwap() {
        var a = animator([box: ball(Point(x: 100, y: 200)), other: ball(Point(x: 300, y: 200))],
                         [.push(PushBehavior(items: [box], mode: .instantaneous, magnitude: 0.2)),
                          .collision(CollisionBehavior(items: [box, other])),
                          .itemBehavior(ItemBehavior(items: [box, other], elasticity: 1, resistance: 0))])
        let v = a.velocity(of: box)!.linear.x
        _ = a.run(240)
        #expect(abs(a.velocity(of: box)!.linear.x) < 1e-6 && abs(a.velocity(of: other)!.linear.x - v) < 1e-6)
    }

    /// A ball landing on a box's corner is pushed off to the side it overhangs.
    @Test func ballOffBoxCorner() {
        var a = animator([box: ball(Point(x: 235, y: 100)),
                          other: DynamicItem(center: Point(x: 200, y: 375), size: Size(width: 50, height: 50))],
                         [.gravity(GravityBehavior(items: [box])), .collision(CollisionBehavior(items: [box, other], translatesReferenceBoundsIntoBoundary: true))])
        _ = a.run(120)
        #expect(a.pose(of: box)!.center.x > 250, "\(a.pose(of: box)!.center)")
    }

    /// A non-square ellipse is a 24-sided polygon with the ellipse's mass (π·a·b·density).
    @Test func ellipseMass() {
        let a = animator([box: DynamicItem(center: Point(x: 200, y: 200), size: Size(width: 200, height: 100), collisionBoundsType: .ellipse)],
                         [.push(PushBehavior(items: [box], mode: .instantaneous, magnitude: 1))])
        #expect(abs(a.velocity(of: box)!.linear.x - 200 / Double.pi) < 1e-9)
    }
}
