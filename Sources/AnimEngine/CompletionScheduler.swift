import AnimLayers

/// Puts the completion handlers of `animate`, `animateKeyframes` and view-transition actions on the
/// timeline, as UIKit calls `completion(finished)`:
/// - **finished** when the block's animations have ended, on the clocks of the layers it animates
///   (of the view a transition runs on) as the timeline has set them by then (``LayerClocks``): a
///   block on a layer at speed 0.5 completes after twice its duration, one on a stopped layer
///   never. A block of nonzero duration that adds no animation (every value it sets is the value
///   the layer already has) completes at once, as UIKit calls such a completion right away.
/// - **interrupted** right after the action that removes one of its animations before it ends: a
///   later block, keyframe block or `addAnimation` that adds an animation under the same key on the
///   same layer (a non-additive property's name; `animate` adds position, bounds, contentsRect and
///   contentsCenter additively, under no key, so they never replace one another), a
///   `removeAnimation` of that key, or a later transition of nonzero duration on the same view.
///
/// Which animations an action adds is found by running the engine's own lowering on the model as
/// the actions before it left it (``Walk``), so a block that sets a property to the value it has
/// adds nothing and interrupts nothing, as in UIKit. Completions may themselves animate, so they
/// are scheduled as the timeline is walked in order. Actions keep file order at equal times;
/// completions follow them.
enum CompletionScheduler {
    /// The actions with the completions scheduled in, and per output action the index in `actions`
    /// of the action it comes from (itself, or the action whose completion handler, or whose
    /// completion's handler, it is).
    static func expandTracingOrigins(_ actions: [TimedAction], model: LayerTree) -> (actions: [TimedAction], origins: [Int]) {
        var pending = PendingActions(actions)
        var walk = Walk(model: model)
        var output: [TimedAction] = [], origins: [Int] = []
        while let (item, origin) = pending.pop() {
            switch item {
            case let .finish(id, time):
                // Pushed completions order after every action given in the file and every earlier one.
                for action in walk.finish(id) { pending.push(action, at: time, origin: origin) }
            case let .action(timed):
                output.append(timed)
                origins.append(origin)
                let step = walk.step(timed, origin: origin)
                // Right after the action that interrupted them.
                for (from, actions) in step.interrupted {
                    for action in actions { pending.push(action, at: timed.time, origin: from) }
                }
                if let (id, end) = step.started, end.isFinite { pending.pushFinish(id, at: end, origin: origin) }
            }
        }
        return (output, origins)
    }

    /// What interrupts a completable: a keyed animation on a layer, or the transitions on a view.
    enum InterruptKey: Hashable {
        case animation(layer: Int, key: String)
        case transition(ViewTransition.Target)
    }

    /// The animations block of an `animate` or `animateKeyframes` action.
    static func block(_ action: Action) -> UIViewAnimation? {
        switch action {
        case let .animate(a): a
        case let .animateKeyframes(k): k.flattened
        default: nil
        }
    }
}

extension Action {
    /// The layers an `animate` or `animateKeyframes` block changes (every keyframe's), in order,
    /// repeats included: those whose clocks its animations run on. None for any other action.
    public var blockLayers: [Int] {
        switch self {
        case let .animate(a): a.changes.map(\.layer)
        case let .animateKeyframes(k): k.keyframes.flatMap { $0.changes.map(\.layer) }
        default: []
        }
    }
}
