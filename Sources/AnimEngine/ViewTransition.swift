import AnimLayers
import AnimTiming

/// A transition as the timeline runs it: CATransition added to a layer (`caTransition`), or UIKit's
/// UIView.transition(with:) and transition(from:to:), which lower to a CATransition on the view or on
/// the common superview (core-animation-semantics.md §9.2). The changes apply at once; the layer's
/// rendering then shows `effect` between its snapshot from just before and its live rendering.
public struct ViewTransition: Hashable, Sendable {
    /// Which layer's rendering transitions.
    public enum Target: Hashable, Sendable {
        /// The view / layer itself.
        case layer(Int)
        /// The superlayer of this layer when the transition starts (transition(from:to:)).
        case superlayer(of: Int)
    }

    /// transition(from:to:): `from` leaves its superview and `to` takes its place, or, with
    /// showHideTransitionViews, `from` is hidden and `to` shown.
    public struct Swap: Hashable, Sendable {
        public var from: Int
        public var to: Int
        public var showsAndHides: Bool

        public init(from: Int, to: Int, showsAndHides: Bool) {
            self.from = from
            self.to = to
            self.showsAndHides = showsAndHides
        }
    }

    public var target: Target
    /// nil: UIViewAnimationOptionTransitionNone (the changes are made, nothing is drawn differently).
    public var effect: TransitionEffect?
    /// Seconds (a CATransition's duration 0 is resolved to 0.25 by the decoder).
    public var duration: Double
    /// nil: linear (CATransition's default); UIKit passes its curve option (easeInOut by default).
    public var timingFunction: TimingFunction?
    public var startProgress: Double
    public var endProgress: Double
    /// The model changes of the block, made at once (not animated) unless `animatesContent`.
    public var changes: [LayerChanges]
    public var swap: Swap?
    /// allowAnimatedContent: the block's changes also animate, with the transition's duration and curve.
    public var animatesContent: Bool
    public var completion: [CompletionAction]
    /// The effect stays at endProgress after the end until another transition replaces it
    /// (UIModalTransitionStylePartialCurl keeps the presenting view curled).
    public var holdsAtEnd = false

    public init(target: Target, effect: TransitionEffect?, duration: Double, timingFunction: TimingFunction? = nil,
                startProgress: Double = 0, endProgress: Double = 1, changes: [LayerChanges] = [], swap: Swap? = nil,
                animatesContent: Bool = false, completion: [CompletionAction] = []) {
        self.target = target
        self.effect = effect
        self.duration = duration
        self.timingFunction = timingFunction
        self.startProgress = startProgress
        self.endProgress = endProgress
        self.changes = changes
        self.swap = swap
        self.animatesContent = animatesContent
        self.completion = completion
    }

    /// When the transition ends and its completion runs.
    public func endTime(startingAt t: Double) -> Double { t + max(0, duration) }

    /// The progress shown at `fraction` ∈ [0, 1) of the duration: the timing function, then
    /// startProgress…endProgress.
    public func progress(atFraction fraction: Double) -> Double {
        let p = timingFunction?.value(at: fraction) ?? fraction
        return startProgress + p * (endProgress - startProgress)
    }
}

/// A transition started on the timeline and not yet drawn: where it is in the action list (its
/// snapshot is the tree before that action), the layer, and the layer's local time at the start.
struct StartedTransition: Sendable {
    var actionIndex: Int
    var sceneTime: Double
    var layer: Int
    var begin: Double
    var transition: ViewTransition
}

enum ViewTransitionLowering {
    /// Applies the transition's model changes and returns the layer whose rendering transitions
    /// (nil when transition(from:to:)'s `from` is in no superlayer then: nothing is shown, and `to`
    /// is not added, as UIKit has no superview to add it to).
    static func apply(_ v: ViewTransition, at t: Double, tree: inout LayerTree, attached: inout [AttachedAnimations]) -> Int? {
        var layer: Int?
        switch v.target {
        case let .layer(l): layer = l
        // The superlayer `child` is in now: not its mask owner, nor the one it was removed from.
        case let .superlayer(of: child): layer = tree.nodes[child].parent.flatMap { tree.nodes[$0].children.contains(child) ? $0 : nil }
        }
        if v.animatesContent && v.duration > 0 {
            let block = UIViewAnimation(duration: v.duration, curve: v.timingFunction ?? .linear, changes: v.changes)
            UIViewLowering.apply(block, at: t, tree: &tree, attached: &attached)
        } else {
            for entry in v.changes { entry.settings.apply(to: &tree.nodes[entry.layer].properties) }
        }
        if let swap = v.swap { perform(swap, in: &tree, container: layer) }
        return v.duration > 0 && v.effect != nil ? layer : nil
    }

    private static func perform(_ swap: ViewTransition.Swap, in tree: inout LayerTree, container: Int?) {
        if swap.showsAndHides {
            tree.nodes[swap.from].properties.isHidden = true
            tree.nodes[swap.to].properties.isHidden = false
            return
        }
        guard swap.from != swap.to else { return }
        if let container, let position = tree.nodes[container].children.firstIndex(of: swap.from) {
            tree.insert(swap.to, into: container, at: position)
        }
        tree.removeFromSuperlayer(swap.from)
    }
}
