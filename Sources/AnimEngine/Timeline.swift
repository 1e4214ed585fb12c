import AnimLayers
import AnimPhysics

/// What happens at one scene time (the `timeline` of a scene file, plus the layers' own
/// `animations`, which are added at t = 0).
public enum Action: Hashable, Sendable {
    /// Model changes with no animation, per layer index.
    case set([(layer: Int, changes: [LayerSetting])])
    /// `addAnimation(_:forKey:)` on a layer.
    case addAnimation(layer: Int, Animation)
    /// `removeAnimation(forKey:)` on a layer.
    case removeAnimation(layer: Int, key: String)
    /// Technical Q&A QA1673's pause: speed 0, timeOffset = the layer's local time now.
    case pause(layer: Int)
    /// QA1673's resume: speed 1, timeOffset 0, beginTime = time since the pause.
    case resume(layer: Int)
    /// UIView.animate: model changes now, animations as UIKit creates them, completion later.
    case animate(UIViewAnimation)
    /// UIView.animateKeyframes.
    case animateKeyframes(UIViewKeyframeAnimation)
    /// removeFromSuperlayer / removeFromSuperview.
    case removeFromSuperlayer(layer: Int)
    /// CATransition, UIView.transition(with:) or UIView.transition(from:to:).
    case transition(ViewTransition)
    /// addSubview / insertSubview(_:belowSubview:): on top of `parent`'s sublayers, or below `below`.
    case addSublayer(layer: Int, parent: Int, below: Int?)
    /// A percent-driven interactive transition takes over its layers' time.
    case interactive(InteractiveTransition)
    /// A cancelled interactive transition has played back: its layers get the properties saved when it
    /// started, and lose the animations added since.
    case restoreAfterCancel(id: Int)
    /// UIKit Dynamics: behaviours added to (or replacing those of) a reference view's animator.
    case dynamics(DynamicsAction)

    public static func == (a: Action, b: Action) -> Bool {
        switch (a, b) {
        case let (.set(x), .set(y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.layer == $1.layer && $0.changes == $1.changes }
        case let (.addAnimation(l1, a1), .addAnimation(l2, a2)): l1 == l2 && a1 == a2
        case let (.removeAnimation(l1, k1), .removeAnimation(l2, k2)): l1 == l2 && k1 == k2
        case let (.pause(l1), .pause(l2)), let (.resume(l1), .resume(l2)): l1 == l2
        case let (.animate(a1), .animate(a2)): a1 == a2
        case let (.animateKeyframes(a1), .animateKeyframes(a2)): a1 == a2
        case let (.removeFromSuperlayer(l1), .removeFromSuperlayer(l2)): l1 == l2
        case let (.transition(v1), .transition(v2)): v1 == v2
        case let (.addSublayer(l1, p1, b1), .addSublayer(l2, p2, b2)): l1 == l2 && p1 == p2 && b1 == b2
        case let (.interactive(i1), .interactive(i2)): i1 == i2
        case let (.restoreAfterCancel(a), .restoreAfterCancel(b)): a == b
        case let (.dynamics(d1), .dynamics(d2)): d1 == d2
        default: false
        }
    }

    public func hash(into h: inout Hasher) {
        switch self {
        case let .set(x):
            h.combine(0)
            for e in x { h.combine(e.layer); h.combine(e.changes) }
        case let .addAnimation(l, a): h.combine(1); h.combine(l); h.combine(a)
        case let .removeAnimation(l, k): h.combine(2); h.combine(l); h.combine(k)
        case let .pause(l): h.combine(3); h.combine(l)
        case let .resume(l): h.combine(4); h.combine(l)
        case let .animate(a): h.combine(5); h.combine(a)
        case let .removeFromSuperlayer(l): h.combine(6); h.combine(l)
        case let .animateKeyframes(a): h.combine(7); h.combine(a)
        case let .transition(v): h.combine(8); h.combine(v)
        case let .addSublayer(l, p, b): h.combine(9); h.combine(l); h.combine(p); h.combine(b)
        case let .interactive(i): h.combine(10); h.combine(i)
        case let .restoreAfterCancel(id): h.combine(11); h.combine(id)
        case let .dynamics(d): h.combine(12); h.combine(d)
        }
    }
}

/// An action at a scene time.
public struct TimedAction: Hashable, Sendable {
    public var time: Double
    public var action: Action

    public init(time: Double, action: Action) {
        self.time = time
        self.action = action
    }
}

/// The model layer tree and everything that happens to it: a pure function from scene time to
/// the presentation tree that is drawn.
public struct Timeline: Hashable, Sendable {
    public var model: LayerTree
    /// Actions in the order they apply: by time, ties in file order (the array is kept sorted).
    public internal(set) var actions: [TimedAction]

    /// A timeline whose `dynamics` simulations may take any time (for scenes made in code; scene
    /// files are limited, ``init(model:actions:dynamicsEnd:dynamicsBudget:)``).
    /// - Parameter dynamicsEnd: the scene time up to which `dynamics` actions are simulated.
    public init(model: LayerTree, actions: [TimedAction], dynamicsEnd: Double = 60) {
        do {
            try self.init(model: model, actions: actions, dynamicsEnd: dynamicsEnd, dynamicsBudget: .unlimited)
        } catch {
            preconditionFailure("an unlimited budget never runs out")
        }
    }

    /// A timeline whose `dynamics` simulations stop once their work, counted over the whole
    /// scene, passes a limit of `dynamicsBudget`: the error names the index in `actions` of the
    /// action that was running.
    public init(model: LayerTree, actions: [TimedAction], dynamicsEnd: Double,
                dynamicsBudget: WorkBudget) throws(DynamicsWorkExceeded) {
        self.model = model
        // A stable sort: equal times keep their file order; completions are scheduled in.
        let (expanded, origins) = CompletionScheduler.expandTracingOrigins(actions, model: model)
        self.actions = expanded
        var budget = dynamicsBudget
        do {
            try DynamicsSimulation.run(&self, until: dynamicsEnd, budget: &budget)
        } catch {
            var e = error
            e.action = origins[error.action]
            throw e
        }
    }
}
