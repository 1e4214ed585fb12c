import AnimGeometry
import AnimLayers
import AnimPhysics

/// Simulates every `dynamics` action once, when the Timeline is built: per reference view, one
/// animator runs from its first action to `end`, its behaviours changing at each of its actions;
/// each action gets the track of the stretch up to the next one. Items enter the animator as the
/// presentation tree shows them at that moment (so earlier animations and tracks count).
public enum DynamicsSimulation {
    /// At most this many steps per stretch (10 minutes at 120 Hz).
    static let maxSteps = 72_000
    /// At most this many item-steps (items in an animator × its steps, over every stretch) per
    /// scene: each costs up to about 5 µs and 24 bytes of track, so 10 million are about a minute
    /// and 240 MB at worst. Checked when the scene loads (`itemSteps`).
    public static let maxItemSteps = 10_000_000

    /// The item-steps the animators of `actions` (dynamics actions with their times, in timeline
    /// order) will simulate at most, up to `end`: per reference view, each stretch's items (those
    /// named since the last removeAllBehaviors) times its steps; with the index of the action at
    /// which the running total first passes `maxItemSteps`, if it does.
    public static func itemSteps(_ actions: [(time: Double, action: DynamicsAction)], until end: Double) -> (total: Double, over: Int?) {
        var total = 0.0, over: Int?
        var items: [Int: Set<Int>] = [:]
        for (k, (time, action)) in actions.enumerated() {
            let view = action.referenceView
            if action.removeAllBehaviors { items[view] = [] }
            for b in action.behaviors { items[view, default: []].formUnion(b.items) }
            let next = actions[(k + 1)...].first { $0.action.referenceView == view }?.time
            let stop = stretchEnd(next: next, end: end, start: time)
            total += Double(items[view]?.count ?? 0) * Double(steps(from: time, to: stop))
            if over == nil, total > Double(maxItemSteps) { over = k }
        }
        return (total, over)
    }

    /// What the animators of a scene may do, counted as they run (``WorkBudget``): at most 40
    /// million item-steps of work, sub-steps, box pairs, contacts, joints and world builds included
    /// (the count above sees neither sub-steps nor contacts), and at most a million pairs of
    /// overlapping items in one sub-step (each a contact held in memory). About half a minute and
    /// 600 MB at worst (docs/dynamics.md, "Budget").
    public static let budget = WorkBudget(limit: 40_000_000, maxOverlaps: 1_000_000)

    /// Runs the animators, one reference view after the other, counting their work in `budget`;
    /// throws at the action whose stretch was running when the total passed the limit.
    static func run(_ timeline: inout Timeline, until end: Double, budget: inout WorkBudget) throws(DynamicsWorkExceeded) {
        var views: [Int] = []
        for case let .dynamics(d) in timeline.actions.map(\.action) where !views.contains(d.referenceView) {
            views.append(d.referenceView)
        }
        for view in views { try run(timeline: &timeline, referenceView: view, until: end, budget: &budget) }
    }

    private static func run(timeline: inout Timeline, referenceView view: Int, until end: Double,
                            budget: inout WorkBudget) throws(DynamicsWorkExceeded) {
        let events = timeline.actions.indices.filter {
            if case let .dynamics(d) = timeline.actions[$0].action { d.referenceView == view } else { false }
        }
        var animator: DynamicAnimator?
        for (k, index) in events.enumerated() {
            guard case var .dynamics(action) = timeline.actions[index].action else { continue }
            let start = timeline.actions[index].time
            let stop = stretchEnd(next: k + 1 < events.count ? timeline.actions[events[k + 1]].time : nil, end: end, start: start)
            do {
                // Taken, not copied: its lists grow in place.
                var a = try updated(animator.take(), by: action, at: index, view: view, in: timeline, budget: &budget)
                action.track = try track(&a, from: start, steps: Self.steps(from: start, to: stop), budget: &budget)
                animator = a
            } catch {
                throw DynamicsWorkExceeded(action: index, time: start, cause: error)
            }
            timeline.actions[index].action = .dynamics(action)
        }
    }

    /// `animator` (nil before the view's first action) after the action at `index` changes its
    /// behaviours (the world's build counted in `budget`). The presentation tree at the action gives
    /// a new animator's reference bounds and the items entering it; it is built only when one of
    /// those is needed, not for an action whose items are all in the animator already (it walks
    /// every earlier action: built at every action, n actions on the same items cost n² walks).
    private static func updated(_ animator: consuming DynamicAnimator?, by action: DynamicsAction, at index: Int, view: Int,
                                in timeline: Timeline, budget: inout WorkBudget) throws(WorkLimitExceeded) -> DynamicAnimator {
        var tree: LayerTree?
        func presentation() -> LayerTree {
            let t = tree ?? timeline.presentation(at: timeline.actions[index].time, actionCount: index)
            tree = t
            return t
        }
        var a = animator.take() ?? DynamicAnimator(referenceBounds: presentation().nodes[view].properties.bounds)
        try a.update(removingAll: action.removeAllBehaviors, adding: action.behaviors, budget: &budget) {
            item(presentation(), $0, action.collisionBoundsTypes[$0] ?? .rectangle)
        }
        return a
    }

    /// The track of a stretch from `start`: the animator's poses now and after each step, up to
    /// `steps` of them or until it sleeps (the animator pauses; the last pose holds).
    private static func track(_ a: inout DynamicAnimator, from start: Double, steps: Int,
                              budget: inout WorkBudget) throws(WorkLimitExceeded) -> DynamicsTrack {
        var track = DynamicsTrack(start: start, step: PhysicsSettings.step, items: a.items)
        track.record(a)
        for _ in 0..<steps {
            try a.step(budget: &budget)
            track.record(a)
            if a.isAsleep { break }
        }
        return track
    }

    /// Where a stretch starting at `start` stops: at the view's next action, but never after the
    /// scene's `end` (an action after the end must not make the one before it simulate frames no one
    /// sees), and never before `start`.
    static func stretchEnd(next: Double?, end: Double, start: Double) -> Double {
        max(start, min(next ?? .infinity, end))
    }

    /// Whole physics steps from `start` to `stop`: 0…maxSteps, also for spans too long or
    /// negative to convert to Int.
    public static func steps(from start: Double, to stop: Double) -> Int {
        let span = ((stop - start) / PhysicsSettings.step + 1e-9).rounded(.down)
        guard span > 0 else { return 0 }
        return span < Double(maxSteps) ? Int(span) : maxSteps
    }

    /// An item as the animator first sees it: centre = position, bounds size, and the rotation
    /// of its transform.
    static func item(_ tree: LayerTree, _ index: Int, _ type: CollisionBoundsType) -> DynamicItem {
        let p = tree.nodes[index].properties
        return DynamicItem(center: p.position, size: p.bounds.standardized.size, angle: arcTangent2(p.transform.m12, p.transform.m11),
                           collisionBoundsType: type)
    }
}

/// A scene's dynamics simulations passed a limit of their budget (``DynamicsSimulation/budget``).
public struct DynamicsWorkExceeded: Error, Hashable, Sendable {
    /// The index of the `dynamics` action whose stretch was running: in the timeline's actions
    /// while simulating, in the actions given to ``Timeline/init(model:actions:dynamicsEnd:dynamicsBudget:)``
    /// once thrown from it (there, an action run by a completion handler is traced to the action
    /// whose handler it is).
    public var action: Int
    /// The scene time at which that action starts.
    public var time: Double
    /// Which limit was passed.
    public var cause: WorkLimitExceeded
}
