import AnimGeometry
import AnimLayers
import AnimPhysics

/// The `dynamics` verb: UIDynamicAnimator on a reference view. Optionally removeAllBehaviors, then
/// addBehavior for each behaviour. Behaviours of one reference view accumulate over its actions, as
/// on one animator. The motion is simulated once, when the Timeline is built (`track`), and frames
/// sample it, so a frame is still a pure function of t.
public struct DynamicsAction: Hashable, Sendable {
    /// The reference view (layer index); its bounds are the coordinate space and the boundary.
    public var referenceView: Int
    public var removeAllBehaviors: Bool
    public var behaviors: [DynamicBehavior]
    /// Items' collisionBoundsType (by layer index), for items entering the animator; others are
    /// rectangles.
    public var collisionBoundsTypes: [Int: CollisionBoundsType]
    /// The simulated poses from this action to the next one on the same reference view (or the
    /// end of the simulation); nil until the Timeline simulates it.
    public internal(set) var track: DynamicsTrack?

    public init(referenceView: Int, removeAllBehaviors: Bool = false, behaviors: [DynamicBehavior],
                collisionBoundsTypes: [Int: CollisionBoundsType] = [:]) {
        self.referenceView = referenceView
        self.removeAllBehaviors = removeAllBehaviors
        self.behaviors = behaviors
        self.collisionBoundsTypes = collisionBoundsTypes
    }
}

/// Item poses at every fixed step of a stretch of simulation, sampled at the last step at or
/// before a time (no interpolation, so any frame rate sees the same poses at the same times).
public struct DynamicsTrack: Hashable, Sendable {
    /// Scene time of step 0 (the action's time) and the step length.
    public var start: Double
    public var step: Double
    /// The items (layer indices) in the animator during this stretch.
    public var items: [Int]
    /// Per step, per item: centre x, centre y (points, reference coordinates), angle (radians).
    var poses: [Double] = []

    public var stepCount: Int { items.isEmpty ? 0 : poses.count / (3 * items.count) }

    /// Appends the animator's poses; its items are this track's, in the same order.
    mutating func record(_ animator: DynamicAnimator) {
        precondition(animator.items == items, "a track records the animator it was made for")
        for k in items.indices {
            let pose = animator.pose(atIndex: k)
            poses.append(pose.center.x)
            poses.append(pose.center.y)
            poses.append(pose.angle)
        }
    }

    /// The step shown at scene time t: the last one at or before t, held after the last.
    public func stepIndex(at t: Double) -> Int {
        let k = ((t - start) / step + 1e-9).rounded(.down)
        return Int(min(max(k, 0), Double(max(stepCount - 1, 0))))
    }

    /// An item's centre and angle at scene time t.
    public func pose(of item: Int, at t: Double) -> (center: Point, angle: Double)? {
        guard let j = items.firstIndex(of: item), stepCount > 0 else { return nil }
        return pose(atIndex: j, step: stepIndex(at: t))
    }

    private func pose(atIndex j: Int, step: Int) -> (center: Point, angle: Double) {
        let base = 3 * (step * items.count + j)
        return (Point(x: poses[base], y: poses[base + 1]), poses[base + 2])
    }

    /// What UIKit writes on each tick: the item's centre, and its transform replaced by a pure
    /// rotation (any scale is lost, as on iOS).
    func apply(at t: Double, to tree: inout LayerTree) {
        guard stepCount > 0 else { return }
        let step = stepIndex(at: t)
        for (j, item) in items.enumerated() {
            let pose = pose(atIndex: j, step: step)
            tree.nodes[item].properties.position = pose.center
            tree.nodes[item].properties.transform = .rotation(pose.angle, axis: 0, 0, 1)
        }
    }
}
