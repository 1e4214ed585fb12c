import AnimLayers

extension CompletionScheduler {
    /// The model as the actions so far have left it, and the completion handlers in flight. Each
    /// action is applied by the engine's own lowering into scratch animation lists, which say
    /// which animations it adds (and under which keys) before they are emptied again.
    struct Walk {
        private var tree: LayerTree
        private var scratch: [AttachedAnimations]
        private var completables: [Completable] = []
        /// The completables under each key they can be interrupted by; only looked up, never iterated.
        private var byKey: [InterruptKey: [Int]] = [:]

        /// A completion handler in flight.
        struct Completable {
            var completion: [CompletionAction]
            var end: Double
            var origin: Int
            var running = true

            /// The actions to run when it ends `finished` or not.
            func actions(finished: Bool) -> [Action] {
                completion.filter { $0.condition != (finished ? .interrupted : .finished) }.map(\.action)
            }
        }

        /// What one action did: the completions it interrupted (their actions, with the origin of
        /// each), and the completion it started, if any (its id and end in scene time).
        struct Step {
            var interrupted: [(origin: Int, actions: [Action])] = []
            var started: (id: Int, end: Double)?
        }

        init(model: LayerTree) {
            tree = model
            scratch = Array(repeating: AttachedAnimations(), count: model.nodes.count)
        }

        /// Applies `timed` (given action `origin`): interrupts the completions in flight it
        /// replaces or removes an animation of, then starts its own.
        mutating func step(_ timed: TimedAction, origin: Int) -> Step {
            let t = timed.time, action = timed.action
            // The view a transition runs on, before its swap takes `from` out of its superlayer.
            let transitioning = if case let .transition(v) = action { LayerClocks(tree).transitioning(v.target) } else { 0 }
            let (keys, added) = apply(timed)
            var step = Step()
            for key in keys {
                for id in byKey.removeValue(forKey: key) ?? [] where completables[id].running && t < completables[id].end {
                    completables[id].running = false
                    step.interrupted.append((completables[id].origin, completables[id].actions(finished: false)))
                }
            }
            let clocks = LayerClocks(tree)
            var end: Double
            if let block = CompletionScheduler.block(action) {
                guard !block.completion.isEmpty else { return step }
                // UIKit calls the completion at once when the block added no animation.
                end = block.duration > 0 && !added ? t
                    : clocks.finished(block.endTime(startingAt: t), from: t, layers: action.blockLayers)
                register(Completable(completion: block.completion, end: end, origin: origin),
                         under: keys.filter { if case .animation = $0 { true } else { false } }, &step)
            } else if case let .transition(v) = action, !v.completion.isEmpty {
                end = clocks.finished(v.endTime(startingAt: t), from: t, layers: [transitioning])
                register(Completable(completion: v.completion, end: end, origin: origin),
                         under: v.duration > 0 ? [.transition(v.target)] : [], &step)
            }
            return step
        }

        /// The actions of completion `id` when it finishes (none if it was interrupted).
        mutating func finish(_ id: Int) -> [Action] {
            guard completables[id].running else { return [] }
            completables[id].running = false
            return completables[id].actions(finished: true)
        }

        private mutating func register(_ c: Completable, under keys: [InterruptKey], _ step: inout Step) {
            let id = completables.count
            completables.append(c)
            for key in keys { byKey[key, default: []].append(id) }
            step.started = (id, c.end)
        }

        /// Applies the action to the model; returns the keys it interrupts under (the keyed
        /// animations it adds, the key it removes, the view it transitions) and whether it added
        /// any animation.
        private mutating func apply(_ timed: TimedAction) -> (keys: [InterruptKey], added: Bool) {
            var keys: [InterruptKey] = []
            var touched: [Int] = []
            switch timed.action {
            case .animate, .animateKeyframes:
                touched = timed.action.blockLayers
                Timeline.apply(timed, to: &tree, attached: &scratch)
            case let .addAnimation(layer, _):
                touched = [layer]
                Timeline.apply(timed, to: &tree, attached: &scratch)
            case let .removeAnimation(layer, key):
                keys.append(.animation(layer: layer, key: key))
            case let .transition(v):
                touched = v.changes.map(\.layer)
                _ = ViewTransitionLowering.apply(v, at: timed.time, tree: &tree, attached: &scratch)
                if v.duration > 0 { keys.append(.transition(v.target)) }
            case .interactive, .restoreAfterCancel, .dynamics:
                break  // no model change a completion depends on
            default:
                Timeline.apply(timed, to: &tree, attached: &scratch)
            }
            var added = false
            // Sorted, not a Set's order: the interrupted completions run in the order of their keys.
            for layer in Array(Set(touched)).sorted() where scratch.indices.contains(layer) {
                for animation in scratch[layer] {
                    added = true
                    if let key = animation.key { keys.append(.animation(layer: layer, key: key)) }
                }
                scratch[layer].removeAll()
            }
            return (keys, added)
        }
    }
}
