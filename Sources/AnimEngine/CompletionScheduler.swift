import AnimLayers

/// Puts the completion handlers of `animate` actions on the timeline: at the animation's end when
/// it finishes, or right after the action that interrupts it (a later `animate` changing one of its
/// non-additive properties on the same layer before it ends, or removing its animation), as UIKit
/// calls `completion(finished)`. The end is on the clock of the layers the block animates (of the
/// view a transition runs on), as the model tree sets it (``LayerClocks``): a block on a layer at
/// speed 0.5 calls its completion after twice its duration, and one on a stopped layer never does.
/// Completions may themselves animate, so they are scheduled as the timeline is walked in order.
/// Actions keep file order at equal times; completions follow them.
enum CompletionScheduler {
    /// The actions with the completions scheduled in, and per output action the index in `actions`
    /// of the action it comes from (itself, or the action whose completion handler, or whose
    /// completion's handler, it is).
    static func expandTracingOrigins(_ actions: [TimedAction], clocks: LayerClocks) -> (actions: [TimedAction], origins: [Int]) {
        var pending = PendingActions(actions)
        var output: [TimedAction] = [], origins: [Int] = []
        while let (item, origin) = pending.pop() {
            output.append(item)
            origins.append(origin)
            guard let a = Completable(item.action, at: item.time, clocks: clocks), !a.completion.isEmpty else { continue }
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

    /// An action with a completion handler: when it ends in scene time, and the keys of what
    /// interrupts it (`interruptKeys(of:)`).
    struct Completable {
        var completion: [CompletionAction]
        var end: Double
        var interruptedUnder: [InterruptKey]

        init?(_ action: Action, at t: Double, clocks: LayerClocks) {
            if let a = CompletionScheduler.block(action) {
                completion = a.completion
                end = clocks.finished(a.endTime(startingAt: t), from: t, layers: action.blockLayers)
                interruptedUnder = CompletionScheduler.keyedProperties(action).map { .property($0) }
            } else if case let .transition(v) = action {
                // A later transition on the same view replaces this one (finished = false).
                completion = v.completion
                end = clocks.finished(v.endTime(startingAt: t), from: t, layers: [clocks.transitioning(v.target)])
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
    /// `animateKeyframes` block of nonzero duration, the properties whose animations it adds under
    /// their names (``keyedProperties(_:)``: a block whose keyed animation of one of them is
    /// replaced is interrupted); `removeAnimation`, its layer's property of that key; a transition
    /// of nonzero duration, its view (a transition on the same view is replaced).
    static func interruptKeys(of action: Action) -> [InterruptKey] {
        switch action {
        case .animate, .animateKeyframes:
            guard let b = block(action), b.duration > 0 else { return [] }
            return keyedProperties(action).map { .property($0) }
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

    /// The properties, per layer, whose animations a block adds under the property's name, so that
    /// a later one replaces them: all those `animateKeyframes` animates (one keyframe animation
    /// each), the non-additive ones for `animate` (position, bounds, contentsRect and
    /// contentsCenter animate additively with no key, ``UIViewLowering``).
    static func keyedProperties(_ action: Action) -> Set<PropertyOnLayer> {
        guard let a = block(action) else { return [] }
        let keyframes = if case .animateKeyframes = action { true } else { false }
        var out: Set<PropertyOnLayer> = []
        for entry in a.changes {
            for setting in entry.settings {
                if let property = animatedProperty(setting), keyframes || !UIViewLowering.additive.contains(property) {
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
