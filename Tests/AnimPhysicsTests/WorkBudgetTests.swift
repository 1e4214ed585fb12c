import AnimGeometry
import Testing
@testable import AnimPhysics

/// The solver's work, counted as it runs: deterministic, stopping a world mid-step (even mid-sweep)
/// once it passes the budget's limit, and changing nothing in a world that stays within it.
struct WorkBudgetTests {
    /// `count` items of `size` pt on a grid (or all on one spot), falling and colliding.
    func fallingAnimator(_ count: Int, size: Double = 10, piled: Bool = false) -> DynamicAnimator {
        let ids = Array(1...count)
        let items = Dictionary(uniqueKeysWithValues: ids.map { id in
            let center = piled ? Point(x: 200, y: 200) : Point(x: Double(20 + id % 15 * 25), y: Double(20 + id / 15 * 25))
            return (id, DynamicItem(center: center, size: Size(width: size, height: size)))
        })
        return animator(items, [.gravity(GravityBehavior(items: ids)),
                                .collision(CollisionBehavior(items: ids, translatesReferenceBoundsIntoBoundary: true))])
    }

    /// Steps until `steps` are done or the budget runs out; the steps done.
    func run(_ a: inout DynamicAnimator, _ steps: Int, _ budget: inout WorkBudget) -> Int {
        for k in 0..<steps {
            do { try a.step(budget: &budget) } catch { return k }
        }
        return steps
    }

    @Test func withinTheLimitTheWorldIsUnchanged() {
        var plain = fallingAnimator(40), counted = plain
        var budget = WorkBudget(limit: 10_000_000)
        _ = plain.run(240)
        #expect(run(&counted, 240, &budget) == 240)
        #expect(counted == plain)
        #expect(budget.spent >= 40 * 240, "at least one unit per item and step")
    }

    @Test func theCountIsAPureFunctionOfTheWorld() {
        var spent: [Int] = []
        for _ in 0..<2 {
            var a = fallingAnimator(40)
            var budget = WorkBudget.unlimited
            _ = run(&a, 240, &budget)
            spent.append(budget.spent)
        }
        #expect(spent[0] == spent[1])
    }

    /// Past the limit the world stops, a little past it (a piece of work is counted whole before
    /// it is done).
    @Test func passingTheLimitStops() {
        var a = fallingAnimator(40)
        var budget = WorkBudget(limit: 5_000)
        var stopped: WorkLimitExceeded?
        do {
            for _ in 0..<240 { try a.step(budget: &budget) }
        } catch {
            stopped = error
        }
        #expect(stopped == WorkLimitExceeded(reason: .total, limit: 5_000))
        #expect(budget.spent >= 5_000 && budget.spent < 6_000)
    }

    /// 2,000 boxes on one spot are two million overlapping pairs: the sweep stops after the box
    /// during which the count passed what `until` allows, having reported only the pairs counted.
    @Test func theSweepStopsMidway() {
        let boxes = Array(repeating: (lower: Vec2(0, 0), upper: Vec2(1, 1)), count: 2_000)
        var reported = 0
        let count = BroadPhase.overlaps(boxes, until: { $0.overlaps > 10_000 }) { _, _ in reported += 1 }
        #expect(count.overlaps > 10_000 && count.overlaps < 10_000 + 2_000)
        #expect(count.tests == count.overlaps && reported == count.overlaps)
    }

    /// A piled world's first step stops during the broad phase: at the total's limit, or at the
    /// pairs one sub-step may find, whichever comes first.
    @Test func aPileStopsInItsFirstSubstep() {
        var a = fallingAnimator(2_000, piled: true)
        var budget = WorkBudget(limit: 100_000)
        #expect(run(&a, 1, &budget) == 0)
        #expect(budget.spent < 100_000 + 2 * 2_004, "the bodies, and the pairs of one box")
        a = fallingAnimator(2_000, piled: true)
        budget = WorkBudget(limit: .max, maxOverlaps: 10_000)
        do {
            try a.step(budget: &budget)
            Issue.record("the step ran")
        } catch {
            #expect(error == WorkLimitExceeded(reason: .overlapsAtOnce, limit: 10_000))
        }
    }

    /// The count saturates instead of overflowing: an unlimited budget never runs out.
    @Test func anUnlimitedBudgetSaturates() throws {
        var budget = WorkBudget.unlimited
        try budget.spend(parts: .max)
        try budget.spend(parts: 1)
        #expect(budget.spent == .max / WorkBudget.Cost.itemStep)
        #expect(!budget.stops(BroadPhase.Count(tests: .max / 2, overlaps: 1)))
    }
}
