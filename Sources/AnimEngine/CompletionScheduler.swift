import AnimLayers

/// Puts the completion handlers of `animate` actions on the timeline: at the animation's end when
/// it finishes, or right after the action that interrupts it (a later `animate` changing one of its
/// non-additive properties on the same layer before it ends, or removing its animation), as UIKit
/// calls `completion(finished)`. Completions may themselves animate, so they are scheduled as the
/// timeline is walked in order. Actions keep file order at equal times; completions follow them.
enum CompletionScheduler {
    static func expand(_ actions: [TimedAction]) -> [TimedAction] {
        var pending = actions.enumerated().map { (time: $0.element.time, order: $0.offset, action: $0.element.action) }
        var nextOrder = actions.count
        var output: [TimedAction] = []
        while !pending.isEmpty {
            guard let i = pending.indices.min(by: { (pending[$0].time, pending[$0].order) < (pending[$1].time, pending[$1].order) }) else { break }
            let item = pending.remove(at: i)
            output.append(TimedAction(time: item.time, action: item.action))
            guard let a = Completable(item.action, at: item.time), !a.completion.isEmpty else { continue }
            let later = pending.filter { $0.time > item.time || ($0.time == item.time && $0.order > item.order) }
            let interruption = later.filter { $0.time < a.end && a.isInterrupted($0.action) }
                .min { ($0.time, $0.order) < ($1.time, $1.order) }
            let (time, finished) = interruption.map { ($0.time, false) } ?? (a.end, true)
            guard time.isFinite else { continue }
            // Inserted items order after every action given in the file and every earlier insertion,
            // so a completion follows the action that interrupted it.
            for completion in a.completion where completion.condition != (finished ? .interrupted : .finished) {
                pending.append((time, nextOrder, completion.action))
                nextOrder += 1
            }
        }
        return output
    }

    /// An action with a completion handler: when it ends, and what interrupts it.
    struct Completable {
        var completion: [CompletionAction]
        var end: Double
        var isInterrupted: (Action) -> Bool

        init?(_ action: Action, at t: Double) {
            if let a = CompletionScheduler.block(action) {
                completion = a.completion
                end = a.endTime(startingAt: t)
                isInterrupted = { CompletionScheduler.interrupts($0, a) }
            } else if case let .transition(v) = action {
                // A later transition on the same view replaces this one (finished = false).
                completion = v.completion
                end = v.endTime(startingAt: t)
                isInterrupted = { if case let .transition(w) = $0 { w.target == v.target && w.duration > 0 } else { false } }
            } else {
                return nil
            }
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

    static func interrupts(_ action: Action, _ a: UIViewAnimation) -> Bool {
        let mine = animatedProperties(a)
        switch action {
        case .animate, .animateKeyframes:
            guard let b = block(action) else { return false }
            return b.duration > 0 && !mine.isDisjoint(with: animatedProperties(b))
        case let .removeAnimation(layer, key):
            return mine.contains { $0.layer == layer && $0.property.rawValue == key }
        default: return false
        }
    }

    struct PropertyOnLayer: Hashable {
        var layer: Int
        var property: LayerProperty
    }
}
