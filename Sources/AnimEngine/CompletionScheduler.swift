import AnimLayers

/// Puts the completion handlers of `animate` actions on the timeline: at the animation's end when
/// it finishes, or right after the action that interrupts it (a later `animate` changing one of its
/// non-additive properties on the same layer before it ends, or removing its animation), as UIKit
/// calls `completion(finished)`. Completions may themselves animate, so they are scheduled as the
/// timeline is walked in order. Actions keep file order at equal times; completions follow them.
enum CompletionScheduler {
    /// The actions with the completions scheduled in, and per output action the index in `actions`
    /// of the action it comes from (itself, or the action whose completion handler, or whose
    /// completion's handler, it is).
    static func expandTracingOrigins(_ actions: [TimedAction]) -> (actions: [TimedAction], origins: [Int]) {
        var pending = PendingActions(actions)
        var output: [TimedAction] = [], origins: [Int] = []
        while let (item, origin) = pending.pop() {
            output.append(item)
            origins.append(origin)
            guard let a = Completable(item.action, at: item.time), !a.completion.isEmpty else { continue }
            // Every pending action comes after this one: the first that interrupts it before its end.
            let interruption = pending.firstInterruption(of: a.interruptedUnder, before: a.end)
            let (time, finished) = interruption.map { ($0, false) } ?? (a.end, true)
            guard time.isFinite else { continue }
            // Pushed completions order after every action given in the file and every earlier one,
            // so a completion follows the action that interrupted it.
            for completion in a.completion where completion.condition != (finished ? .interrupted : .finished) {
                pending.push(completion.action, at: time, origin: origin)
            }
        }
        return (output, origins)
    }

    /// An action with a completion handler: when it ends, and the keys of what interrupts it
    /// (`interruptKeys(of:)`).
    struct Completable {
        var completion: [CompletionAction]
        var end: Double
        var interruptedUnder: [InterruptKey]

        init?(_ action: Action, at t: Double) {
            if let a = CompletionScheduler.block(action) {
                completion = a.completion
                end = a.endTime(startingAt: t)
                interruptedUnder = CompletionScheduler.animatedProperties(a).map { .property($0) }
            } else if case let .transition(v) = action {
                // A later transition on the same view replaces this one (finished = false).
                completion = v.completion
                end = v.endTime(startingAt: t)
                interruptedUnder = [.transition(v.target)]
            } else {
                return nil
            }
        }
    }

    /// What an action interrupts: a property on a layer, or the transitions on a view.
    enum InterruptKey: Hashable {
        case property(PropertyOnLayer)
        case transition(ViewTransition.Target)
    }

    /// The keys under which `action` interrupts an earlier one before it ends: an `animate` or
    /// `animateKeyframes` block of nonzero duration, the non-additive properties it animates (a
    /// block animating any of them is interrupted); `removeAnimation`, its layer's property of that
    /// key; a transition of nonzero duration, its view (a transition on the same view is replaced).
    static func interruptKeys(of action: Action) -> [InterruptKey] {
        switch action {
        case .animate, .animateKeyframes:
            guard let b = block(action), b.duration > 0 else { return [] }
            return animatedProperties(b).map { .property($0) }
        case let .removeAnimation(layer, key):
            return LayerProperty(rawValue: key).map { [.property(PropertyOnLayer(layer: layer, property: $0))] } ?? []
        case let .transition(w):
            return w.duration > 0 ? [.transition(w.target)] : []
        default:
            return []
        }
    }

    /// The animations block of an `animate` or `animateKeyframes` action.
    static func block(_ action: Action) -> UIViewAnimation? {
        switch action {
        case let .animate(a): a
        case let .animateKeyframes(k): k.flattened
        default: nil
        }
    }

    /// The non-additive properties an animation block animates, per layer.
    static func animatedProperties(_ a: UIViewAnimation) -> Set<PropertyOnLayer> {
        var out: Set<PropertyOnLayer> = []
        for entry in a.changes {
            for setting in entry.settings {
                if let property = animatedProperty(setting), !UIViewLowering.additive.contains(property) {
                    out.insert(PropertyOnLayer(layer: entry.layer, property: property))
                }
            }
        }
        return out
    }

    /// The property a setting animates inside a block: a key path's, or a gradient's stops, which
    /// are set as styles but animate like any property (UIViewLowering compares every property).
    private static func animatedProperty(_ setting: LayerSetting) -> LayerProperty? {
        switch setting {
        case let .value(path, _): path.property
        case .gradientColors: .colors
        case .gradientLocations: .locations
        default: nil
        }
    }

    struct PropertyOnLayer: Hashable {
        var layer: Int
        var property: LayerProperty
    }
}
