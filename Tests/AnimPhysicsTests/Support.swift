import AnimGeometry
import AnimPhysics

/// Item ids used by the tests.
let box = 1, other = 2

/// An animator over a 400×400 reference view with the given items and behaviours.
func animator(_ items: [Int: DynamicItem], _ behaviors: [DynamicBehavior], bounds: Rect = Rect(x: 0, y: 0, width: 400, height: 400)) -> DynamicAnimator {
    var a = DynamicAnimator(referenceBounds: bounds)
    a.update(removingAll: false, adding: behaviors) { items[$0]! }
    return a
}

/// No resistance on the listed items (the reference vectors' "resistances 0").
func noResistance(_ items: [Int]) -> DynamicBehavior {
    .itemBehavior(ItemBehavior(items: items, resistance: 0, angularResistance: 0))
}

extension DynamicAnimator {
    /// Steps n times and returns the item's pose.
    mutating func run(_ n: Int, item: Int = box) -> (center: Point, angle: Double) {
        for _ in 0..<n { step() }
        return pose(of: item)!
    }
}

/// Host frames of §10.2: frame k at 1/60 s is 2k − 1 steps of 1/120 s after the start.
func steps(frame k: Int) -> Int { 2 * k - 1 }
