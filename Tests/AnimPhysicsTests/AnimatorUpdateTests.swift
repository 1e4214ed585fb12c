import AnimGeometry
import Testing
@testable import AnimPhysics

/// `update` grows the animator's lists in place and builds the world from the behaviours that shape
/// it (all but instantaneous pushes): adding behaviours one update at a time gives the animator
/// that adding them all at once does.
struct AnimatorUpdateTests {
    let items = [box: DynamicItem(center: Point(x: 60, y: 60), size: Size(width: 40, height: 40)),
                 other: DynamicItem(center: Point(x: 300, y: 60), size: Size(width: 40, height: 30), angle: 0.3),
                 3: DynamicItem(center: Point(x: 200, y: 200), size: Size(width: 20, height: 20), collisionBoundsType: .ellipse)]

    /// Every kind but snap (a snap kept from an earlier update is no longer new, by design), the
    /// instantaneous pushes last (a later item behaviour would rebuild their items' bodies).
    var behaviors: [DynamicBehavior] {
        [.gravity(GravityBehavior(items: [box, 3])),
         .collision(CollisionBehavior(items: [box, other, 3], translatesReferenceBoundsIntoBoundary: true,
                                      boundaries: [[Point(x: 0, y: 300), Point(x: 400, y: 350)]])),
         .itemBehavior(ItemBehavior(items: [other], elasticity: 0.6, density: 2)),
         .attachment(AttachmentBehavior(item: other, anchor: Point(x: 300, y: 0))),
         .push(PushBehavior(items: [3], mode: .continuous, angle: 1, magnitude: 0.5)),
         .gravity(GravityBehavior(items: [other], angle: 1.2, magnitude: 0.7)),
         .push(PushBehavior(items: [box], mode: .instantaneous, angle: 0.2, magnitude: 1)),
         .push(PushBehavior(items: [box, other], mode: .instantaneous, angle: 2, magnitude: 0.3, offset: Point(x: 5, y: 0)))]
    }

    @Test func oneAtATimeIsAllAtOnce() {
        var all = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        all.update(removingAll: false, adding: behaviors) { items[$0]! }
        var each = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        for b in behaviors { each.update(removingAll: false, adding: [b]) { items[$0]! } }
        #expect(each == all)
        _ = all.run(120)
        _ = each.run(120)
        #expect(each == all)
    }

    /// A continuous push naming an item twice pushes it once (the item once looked itself up in
    /// each push; now each push goes over its items).
    @Test func aPushNamingAnItemTwicePushesItOnce() {
        let twice = animator(items, [.push(PushBehavior(items: [box, other, box], mode: .continuous, magnitude: 1, offset: Point(x: 3, y: 1)))])
        let once = animator(items, [.push(PushBehavior(items: [box, other], mode: .continuous, magnitude: 1, offset: Point(x: 3, y: 1)))])
        #expect(twice.world.bodies == once.world.bodies)
        #expect(twice.world.bodies[0].force == Vec2(1, 0))
    }

    /// An update counts its world's build: the items and the members of the behaviours kept, an
    /// eighth of an item-step each. Eight updates adding a collision behaviour of three items go over
    /// 3 + 3k members at the k-th: 132 in all, 16.5 item-steps.
    @Test func anUpdateCountsTheWorldsBuild() throws {
        var a = DynamicAnimator(referenceBounds: Rect(x: 0, y: 0, width: 400, height: 400))
        var budget = WorkBudget.unlimited
        for _ in 0..<8 {
            try a.update(removingAll: false, adding: [.collision(CollisionBehavior(items: [box, other, 3]))], budget: &budget) { items[$0]! }
        }
        #expect(budget.spent == 16)
        var small = WorkBudget(limit: 1)
        #expect(throws: WorkLimitExceeded(reason: .total, limit: 1)) {
            try a.update(removingAll: false, adding: [], budget: &small) { items[$0]! }
        }
    }

    /// Instantaneous pushes stay in the list, keeping their items in the animator, but shape no
    /// world; removeAllBehaviors empties both lists.
    @Test func instantaneousPushesDoNotShapeTheWorld() {
        var a = animator(items, behaviors)
        #expect(a.behaviors.count == 8 && a.shaping == Array(0..<6))
        a.update(removingAll: true, adding: [.push(PushBehavior(items: [3], mode: .instantaneous, magnitude: 1))]) { items[$0]! }
        #expect(a.behaviors.count == 1 && a.shaping.isEmpty && a.items == [3])
        #expect(a.velocity(of: 3)!.linear.x > 0)
    }
}
