import AnimGeometry
import Foundation
import Testing
import AnimPhysics

/// Dynamics against closed-form physics, each with its stated tolerance.
struct AnalyticTests {
    let h = PhysicsSettings.step

    /// ½gt² with g = 1000 pt/s². Semi-implicit Euler leads the exact curve by ½·g·h·t (it is exactly
    /// ½·g·t·(t + h)), so the tolerance is that lead: 0.83 % of the distance at t = 1 s.
    @Test func freeFallDistance() {
        var a = animator([box: DynamicItem(center: Point(x: 150, y: 0), size: Size(width: 10, height: 10))],
                         [.gravity(GravityBehavior(items: [box])), noResistance([box])])
        var done = 0
        for seconds in [0.25, 0.5, 1.0, 2.0] {
            let n = Int((seconds / h).rounded())
            let y = a.run(n - done).center.y
            done = n
            let exact = 0.5 * 1000 * seconds * seconds
            #expect(y >= exact && y - exact <= 0.5 * 1000 * h * seconds + 1e-9, "t \(seconds): \(y) vs ½gt² \(exact)")
        }
    }

    /// Free flight keeps UIKit's fixed 1/120 s step however small and fast the item: with nothing
    /// to collide with it cannot tunnel, so the step is never split, and a 10 pt box falls exactly
    /// ½·g·t·(t + h) (semi-implicit Euler at h), 2,008.3 pt at 2 s. Sub-steps made it 2,004.7.
    @Test func freeFlightIsNeverSplit() {
        var a = animator([box: DynamicItem(center: Point(x: 150, y: 0), size: Size(width: 10, height: 10))],
                         [.gravity(GravityBehavior(items: [box])), noResistance([box])])
        for _ in 0..<240 {
            #expect(a.world.substeps(h) == 1)
            _ = a.run(1)
        }
        let t = 2.0, y = a.run(0).center.y
        #expect(abs(y - 0.5 * 1000 * t * (t + h)) < 1e-6, "\(y)")
    }

    /// Gravity's angle and magnitude: magnitude 2 at angle 0 is 2000 pt/s² to the right.
    @Test func gravityDirection() {
        var a = animator([box: DynamicItem(center: Point(x: 0, y: 0), size: Size(width: 10, height: 10))],
                         [.gravity(GravityBehavior(items: [box], angle: 0, magnitude: 2)), noResistance([box])])
        _ = a.run(120)
        let v = a.velocity(of: box)!.linear
        #expect(abs(v.x - 2000) < 1e-9 && abs(v.y) < 1e-9)
    }

    /// The rise after the first bounce over the fall before it, against e² (elasticity e; the
    /// boundary's own 0.2 mixes by max, so e ≥ 0.2 here). Tolerance 3 % of e²: the contact is
    /// found up to a step early or late (measured 0.2464 for 0.25, 0.6382 for 0.64, 1.0027 for 1).
    @Test(arguments: [0.5, 0.8, 1.0])
    func bounceHeight(e: Double) {
        var a = animator([box: DynamicItem(center: Point(x: 200, y: 50), size: Size(width: 20, height: 20))],
                         [.gravity(GravityBehavior(items: [box])),
                          .collision(CollisionBehavior(items: [box], translatesReferenceBoundsIntoBoundary: true)),
                          .itemBehavior(ItemBehavior(items: [box], elasticity: e, resistance: 0))])
        var lastVy = 0.0, bottom: Double?, top: Double?
        for _ in 0..<1200 where top == nil {
            let y = a.run(1).center.y, vy = a.velocity(of: box)!.linear.y
            if bottom == nil && lastVy > 0 && vy <= 0 { bottom = y }
            if bottom != nil && lastVy < 0 && vy >= 0 { top = y }
            lastVy = vy
        }
        let drop = bottom! - 50, rise = bottom! - top!
        #expect(abs(rise / drop - e * e) <= 0.03 * e * e, "rise \(rise) over drop \(drop)")
    }

    /// A small-amplitude pendulum (a point item on a rigid attachment): period 2π√(L/g). At 5° the
    /// exact period is longer by θ²/16 = 0.048 %; tolerance 0.1 % (measured +0.045 % at L = 100 and 200).
    @Test(arguments: [100.0, 200.0])
    func pendulumPeriod(length: Double) {
        let anchor = Point(x: 200, y: 50), amplitude = 5 * Double.pi / 180
        var a = animator([box: DynamicItem(center: Point(x: anchor.x + length * sin(amplitude), y: anchor.y + length * cos(amplitude)),
                                           size: Size(width: 10, height: 10))],
                         [.gravity(GravityBehavior(items: [box])), .attachment(AttachmentBehavior(item: box, anchor: anchor)), noResistance([box])])
        var crossings: [Double] = []
        var lastX = a.pose(of: box)!.center.x - anchor.x
        for s in 1...2400 {
            let x = a.run(1).center.x - anchor.x
            if lastX < 0 && x >= 0 { crossings.append((Double(s - 1) + -lastX / (x - lastX)) * h) }
            lastX = x
        }
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1)
        let exact = 2 * Double.pi * (length / 1000).squareRoot()
        #expect(crossings.count >= 5 && abs(period / exact - 1) < 0.001, "period \(period) vs \(exact)")
    }

    /// Push: magnitude 1 on a 100×100 item of density 1 is 100 pt/s²; density 4 quarters it.
    @Test func pushAcceleration() {
        for (density, expected) in [(1.0, 100.0), (4.0, 25.0)] {
            var a = animator([box: DynamicItem(center: Point(x: 0, y: 0), size: Size(width: 100, height: 100))],
                             [.push(PushBehavior(items: [box], angle: Double.pi / 2, magnitude: 1)),
                              .itemBehavior(ItemBehavior(items: [box], density: density, resistance: 0))])
            _ = a.run(240)
            #expect(abs(a.velocity(of: box)!.linear.y - 2 * expected) < 1e-9, "after 2 s: \(a.velocity(of: box)!.linear.y)")
        }
    }

    /// A snap settles on its point within 0.01 pt in 2 s; the angle returns from 0.3 rad to within
    /// 0.06 rad (the radial springs restore rotation only weakly, docs/dynamics.md).
    @Test func snapConverges() {
        var a = animator([box: DynamicItem(center: Point(x: 60, y: 300), size: Size(width: 80, height: 80), angle: 0.3)],
                         [.snap(SnapBehavior(item: box, point: Point(x: 250, y: 120), damping: 0.3))])
        for _ in 0..<4 {
            let p = a.run(240)
            #expect(abs(p.center.x - 250) < 0.01 && abs(p.center.y - 120) < 0.01, "\(p.center)")
            #expect(abs(p.angle) < 0.06, "angle \(p.angle)")
        }
    }

    /// A 20 pt box at 20 000 pt/s (167 pt per step) against a zero-thickness boundary: sub-steps keep
    /// it from passing, and it bounces back.
    @Test func noTunnelling() {
        var a = animator([box: DynamicItem(center: Point(x: 100, y: 200), size: Size(width: 20, height: 20))],
                         [.push(PushBehavior(items: [box], mode: .instantaneous, magnitude: 8)),
                          .collision(CollisionBehavior(items: [box], boundaries: [[Point(x: 300, y: 0), Point(x: 300, y: 400)]])),
                          noResistance([box])])
        #expect(abs(a.velocity(of: box)!.linear.x - 20000) < 1e-9)
        #expect(a.world.substeps(h) > 1, "the step is split")
        var maxX = 0.0
        for _ in 0..<60 { maxX = max(maxX, a.run(1).center.x) }
        #expect(maxX + 10 <= 301, "the box's edge reached \(maxX + 10)")
        #expect(a.velocity(of: box)!.linear.x < 0, "it bounced back")
    }

    /// A box that collides, tied by a rigid attachment to one that collides with nothing and is
    /// pushed to 20,000 pt/s: the joint hands the colliding box about half that speed within the
    /// step, so the pushed box's speed splits the step too (`bodiesThatSplitSteps`), and the
    /// colliding box meets the zero-thickness boundary 25 pt away instead of passing it.
    @Test func aJointToAFastBodySplitsTheStep() {
        var a = animator([box: DynamicItem(center: Point(x: 100, y: 200), size: Size(width: 20, height: 20)),
                          other: DynamicItem(center: Point(x: 140, y: 200), size: Size(width: 20, height: 20))],
                         [.push(PushBehavior(items: [other], mode: .instantaneous, magnitude: 8)),
                          .attachment(AttachmentBehavior(item: box, toItem: other)),
                          .collision(CollisionBehavior(items: [box], boundaries: [[Point(x: 135, y: 0), Point(x: 135, y: 400)]])),
                          noResistance([box, other])])
        #expect(a.world.substeps(h) > 1, "the pushed box is joined to a colliding one")
        var maxX = 0.0
        for _ in 0..<60 { maxX = max(maxX, a.run(1).center.x) }
        #expect(maxX + 10 <= 136, "the colliding box's edge reached \(maxX + 10)")
    }

    /// Gravity of 500 (500,000 pt/s²) adds 4,167 pt/s in one step to a box at rest: the sub-steps
    /// count the speed it reaches by the step's end, so it lands on the floor (sinking a few points
    /// into it at the impact, as Box2D's soft contacts do, then resting on it) instead of starting
    /// its first step too slow to split and leaving through it.
    @Test(arguments: [500.0, 1000.0])
    func strongGravityStaysInside(magnitude: Double) {
        var a = animator([box: DynamicItem(center: Point(x: 100, y: 40), size: Size(width: 40, height: 40))],
                         [.gravity(GravityBehavior(items: [box], magnitude: magnitude)),
                          .collision(CollisionBehavior(items: [box], translatesReferenceBoundsIntoBoundary: true))],
                         bounds: Rect(x: 0, y: 0, width: 200, height: 200))
        #expect(a.world.substeps(h) > 1, "the first step is split")
        var lowest = 0.0, last = 0.0
        for _ in 0..<120 {
            last = a.run(1).center.y
            lowest = max(lowest, last)
        }
        #expect(lowest < 201 - 10, "the box's centre reached \(lowest): it went through the floor")
        #expect(abs(last + 20 - 201) < 1.5, "the box rests on the floor (bottom at \(last + 20))")
    }

    /// A box landing with its right half over the end of a ledge turns clockwise (positive angle) and
    /// falls off; the same box landing on the ledge stays level within 0.001 rad (the contact points
    /// clipped at the segment's end are not symmetric about the centre; measured 9e-5 rad).
    @Test func offCentreCollisionRotates() {
        func drop(at x: Double) -> (center: Point, angle: Double) {
            var a = animator([box: DynamicItem(center: Point(x: x, y: 100), size: Size(width: 100, height: 40))],
                             [.gravity(GravityBehavior(items: [box])),
                              .collision(CollisionBehavior(items: [box], boundaries: [[Point(x: 0, y: 200), Point(x: 100, y: 200)]]))])
            return a.run(72)
        }
        let over = drop(at: 110), on = drop(at: 40)
        #expect(over.angle > 0.5, "angle \(over.angle)")
        #expect(abs(on.angle) < 0.001 && on.center.y < 200, "\(on)")
    }

    /// Items collide with each other: a box dropped on another rests on top of it.
    @Test func stackedBoxesRest() {
        var a = animator([box: DynamicItem(center: Point(x: 200, y: 375), size: Size(width: 50, height: 50)),
                          other: DynamicItem(center: Point(x: 200, y: 250), size: Size(width: 50, height: 50))],
                         [.gravity(GravityBehavior(items: [box, other])),
                          .collision(CollisionBehavior(items: [box, other], translatesReferenceBoundsIntoBoundary: true))])
        _ = a.run(360)
        let lower = a.pose(of: box)!.center, upper = a.pose(of: other)!.center
        #expect(abs(lower.y - upper.y - 50) < 3 && abs(upper.x - 200) < 0.5, "lower \(lower), upper \(upper)")
    }

    /// An attachment whose anchor is on the item's point pins it (a revolute joint): a rod swings
    /// about its top end, which stays within the slop (0.5 pt) of the anchor.
    @Test func pinnedAttachment() {
        let tilt = 0.6, anchor = Point(x: 200 - 80 * sin(tilt), y: 130 - 80 * cos(tilt))
        var a = animator([box: DynamicItem(center: Point(x: 200, y: 130), size: Size(width: 12, height: 160), angle: -tilt)],
                         [.gravity(GravityBehavior(items: [box])),
                          .attachment(AttachmentBehavior(item: box, offset: Point(x: 0, y: -80), anchor: anchor)), noResistance([box])])
        for _ in 0..<8 {
            let p = a.run(30)
            let top = Point(x: p.center.x + 80 * sin(p.angle), y: p.center.y - 80 * cos(p.angle))
            #expect(abs(top.x - anchor.x) < 0.5 && abs(top.y - anchor.y) < 0.5, "top \(top)")
        }
    }

    /// Two runs of the same world give bit-identical poses (no hidden state, array order only).
    @Test func deterministic() {
        func run() -> [Double] {
            var a = animator([box: DynamicItem(center: Point(x: 180, y: 100), size: Size(width: 50, height: 30), angle: 0.2),
                              other: DynamicItem(center: Point(x: 200, y: 300), size: Size(width: 60, height: 60))],
                             [.gravity(GravityBehavior(items: [box, other])),
                              .collision(CollisionBehavior(items: [box, other], translatesReferenceBoundsIntoBoundary: true))])
            return (0..<240).flatMap { _ in [a.run(1).center.x, a.pose(of: other)!.center.y] }
        }
        #expect(run() == run())
    }
}

/// Edge cases of items.
struct ItemEdgeCaseTests {
    /// An item with empty bounds still falls (it collides as a 1×1 pt box).
    @Test func emptyItemFalls() {
        var a = animator([box: DynamicItem(center: Point(x: 10, y: 10), size: Size(width: 0, height: 0))],
                         [.gravity(GravityBehavior(items: [box])), noResistance([box])])
        #expect(a.run(120).center.y > 500)
    }
}
