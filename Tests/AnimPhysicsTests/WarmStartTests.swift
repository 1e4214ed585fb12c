import AnimGeometry
import Testing
@testable import AnimPhysics

/// Each sub-step's contacts start from the impulses the last one found for the same pair (Box2D's
/// warm starting), however many contacts a body has: here a box resting on a boundary of hundreds
/// of tiny segments, each touching it.
struct WarmStartTests {
    /// A 40 pt box dropped onto `segments` segments of 0.1 pt (a zigzag 1 pt deep), after `steps`.
    func restingBox(on segments: Int, steps: Int) -> World {
        let boundary = (0...segments).map { k in Point(x: 80 + Double(k) * 0.1, y: 150 + Double(k % 2)) }
        let boundaries = (0..<segments).map { [boundary[$0], boundary[$0 + 1]] }
        var a = animator([box: DynamicItem(center: Point(x: 100, y: 125), size: Size(width: 40, height: 40))],
                         [.gravity(GravityBehavior(items: [box])),
                          .collision(CollisionBehavior(items: [box], translatesReferenceBoundsIntoBoundary: true,
                                                       boundaries: boundaries))])
        for _ in 0..<steps { a.step() }
        return a.world
    }

    @Test func everyPairStartsFromItsLastImpulses() throws {
        let before = restingBox(on: 400, steps: 30)
        #expect(before.contacts.count > 300, "the box rests on the segments")
        var after = before
        var budget = WorkBudget.unlimited
        try after.collide(after.bodies.map(\.placement), budget: &budget)
        var matched = 0
        for c in after.contacts {
            guard let old = before.contacts.first(where: { $0.a == c.a && $0.b == c.b }) else { continue }
            for point in c.manifold.points {
                let same = try #require(old.manifold.points.first { $0.feature == point.feature })
                #expect(point.normalImpulse == same.normalImpulse)
                #expect(point.tangentImpulse == same.tangentImpulse)
                if same.normalImpulse != 0 { matched += 1 }
            }
        }
        #expect(matched > 300, "the old impulses were carried over, not started from 0")
        #expect(after.contactRanks == after.contacts.indices.map { k in
            after.collisions.rank(min(after.contacts[k].a, after.contacts[k].b), max(after.contacts[k].a, after.contacts[k].b))!
        })
        #expect(after.contactRanks == after.contactRanks.sorted())
    }
}
