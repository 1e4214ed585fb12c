import AnimGeometry
import Testing
import AnimPhysics

/// The animator across behaviour changes.
struct AnimatorTests {
    let items = [box: DynamicItem(center: Point(x: 60, y: 60), size: Size(width: 40, height: 40)),
                 other: DynamicItem(center: Point(x: 300, y: 60), size: Size(width: 40, height: 40))]

    /// Only a new snap gets the zero-length first step: a snap kept while another behaviour is added
    /// does not jolt its item.
    @Test func keptSnapDoesNotJolt() {
        var a = animator(items, [.snap(SnapBehavior(item: box, point: Point(x: 200, y: 200)))])
        let settled = a.run(600)
        a.update(removingAll: false, adding: [.gravity(GravityBehavior(items: [other]))]) { items[$0]! }
        let next = a.run(1)
        #expect(abs(next.center.x - settled.center.x) < 0.01 && abs(next.center.y - settled.center.y) < 0.01, "\(settled) → \(next)")
        #expect(a.pose(of: other)!.center.y > 60, "the added gravity acts")
    }

    /// Items that stay keep their velocity when behaviours change; removeAllBehaviors empties the animator.
    @Test func velocityCarriesOver() {
        var a = animator(items, [.gravity(GravityBehavior(items: [box])), noResistance([box])])
        _ = a.run(60)
        let v = a.velocity(of: box)!.linear.y
        a.update(removingAll: true, adding: [.itemBehavior(ItemBehavior(items: [box], resistance: 0))]) { items[$0]! }
        #expect(a.velocity(of: box)!.linear.y == v && a.items == [box])
        a.update(removingAll: true, adding: []) { items[$0]! }
        #expect(a.items.isEmpty && a.pose(of: box) == nil)
    }

    /// Gravity is the animator's: the last gravity behaviour's vector acts on every gravity item.
    @Test func lastGravityWins() {
        var a = animator(items, [.gravity(GravityBehavior(items: [box])),
                                 .gravity(GravityBehavior(items: [other], angle: 0, magnitude: 2)),
                                 noResistance([box, other])])
        _ = a.run(120)
        #expect(abs(a.velocity(of: box)!.linear.x - 2000) < 1e-9 && abs(a.velocity(of: other)!.linear.x - 2000) < 1e-9)
    }
}
