import AnimLayers
import AnimTiming

extension Timeline {
    /// The presentation tree at scene time `t`: the model with every action at or before `t`
    /// applied, then each layer's animations applied in the order they were added
    /// (core-animation-semantics.md §2.4), each at the layer's local time (its own and its
    /// ancestors' beginTime/speed/timeOffset, §2.2 step 1). Depends on nothing but `t`.
    public func presentation(at t: Double) -> LayerTree {
        presentation(at: t, actionCount: actions.count)
    }

    /// The presentation tree at `t` with only the first `actionCount` actions: a transition's
    /// snapshot is this tree at the transition's start, without the transition's own action.
    func presentation(at t: Double, actionCount: Int, replays: ReplayCache? = nil) -> LayerTree {
        var snapshots: [Int: LayerTree] = [:]
        return presentation(at: t, actionCount: actionCount, snapshots: &snapshots, replays: replays)
    }

    /// `snapshots`: the old trees of transitions already built, by the index of their action. A
    /// transition's old tree holds the transitions in flight when it started, whose old trees hold
    /// theirs: built once each, n transitions in flight at once cost n trees, not 2ⁿ.
    /// `replays`: the replays of this timeline's first actions kept from earlier calls.
    private func presentation(at t: Double, actionCount: Int, snapshots: inout [Int: LayerTree],
                              replays: ReplayCache?) -> LayerTree {
        var state: Replay
        var next = 0
        if let replays {
            // The leading actions at or before t up to the first `dynamics` one (whose effect
            // depends on t) replay the same way at every such t: replayed once, kept.
            next = replays.replayablePrefix(of: self, at: t, actionCount: actionCount)
            state = replays.replay(next) { replay(Replay(model: model), 0..<next, at: t) }
        } else {
            state = Replay(model: model)
        }
        state = replay(state, next..<actionCount, at: t)
        Self.startPendingDrives(&state)
        var tree = state.tree
        let modelTree = state.tree
        let attached = state.attached
        let localTimes = modelTree.localTimes(at: t)
        for index in tree.nodes.indices where !attached[index].isEmpty {
            // Applied in place: the tree's node starts as the model's (about a kilobyte of
            // properties, copied twice a layer a frame when applied to a copy and written back).
            let base = modelTree.nodes[index].properties
            for animation in attached[index] {
                animation.apply(atParentTime: localTimes[index], model: base, into: &tree.nodes[index].properties)
            }
        }
        ReplicatorExpansion.expand(&tree, modelTree: modelTree, attached: attached, localTimes: localTimes)
        tree.transitions = state.started.compactMap {
            transition($0, localTime: localTimes[$0.layer], snapshots: &snapshots, replays: replays)
        }
        return tree
    }

    /// `state` with the actions of `range` that happen at or before `t` applied, in order.
    private func replay(_ state: Replay, _ range: Range<Int>, at t: Double) -> Replay {
        var state = state
        for i in range where actions[i].time <= t {
            let timed = actions[i]
            if let pending = state.pendingDrives.first, timed.time > pending.time { Self.startPendingDrives(&state) }
            if case let .dynamics(d) = timed.action {
                d.track?.apply(at: t, to: &state.tree)  // UIKit writes the model centre and transform
            } else if case let .transition(v) = timed.action {
                guard let layer = ViewTransitionLowering.apply(v, at: timed.time, tree: &state.tree, attached: &state.attached) else { continue }
                // One transition per layer (CATransition's key is always "transition").
                state.started.removeAll { $0.layer == layer }
                state.started.append(StartedTransition(actionIndex: i, sceneTime: timed.time, layer: layer,
                                                       begin: state.tree.localTime(of: layer, at: timed.time), transition: v))
            } else if case let .interactive(drive) = timed.action {
                state.saved[drive.id] = drive.layers.map { ($0, state.tree.nodes[$0].properties) }
                state.pendingDrives.append((drive, timed.time))
            } else if case let .restoreAfterCancel(id) = timed.action {
                for (layer, properties) in state.saved[id] ?? [] {
                    state.tree.nodes[layer].properties = properties
                    state.attached[layer].removeAll()
                }
            } else {
                Self.apply(timed, to: &state.tree, attached: &state.attached)
            }
        }
        return state
    }

    /// Starts the interactive transitions waiting for the actions at their scene time to run.
    private static func startPendingDrives(_ state: inout Replay) {
        for (drive, time) in state.pendingDrives { Self.drive(drive, at: time, tree: &state.tree) }
        state.pendingDrives.removeAll()
    }

    /// Hands the layers' time to the interactive transition, from their local times now.
    private static func drive(_ drive: InteractiveTransition, at t: Double, tree: inout LayerTree) {
        for layer in drive.layers {
            let parent = tree.nodes[layer].parent.map { tree.localTime(of: $0, at: t) } ?? t
            let scrub = drive.scrub(local: tree.localTime(of: layer, at: t), parent: parent)
            tree.nodes[layer].properties.timing = LayerTiming()
            tree.nodes[layer].properties.timing.scrub = scrub
        }
    }

    /// A started transition as drawn at a layer local time, or nil once it has ended (the end is
    /// exclusive, like an animation's).
    private func transition(_ s: StartedTransition, localTime: Double, snapshots: inout [Int: LayerTree],
                            replays: ReplayCache?) -> LayerTransition? {
        var fraction = (localTime - s.begin) / s.transition.duration
        if fraction >= 1 && s.transition.holdsAtEnd { fraction = 1 }
        guard fraction >= 0, fraction < 1 || s.transition.holdsAtEnd, let effect = s.transition.effect else { return nil }
        // The tree at the transition's start depends only on its action's index (its time is the action's).
        let tree = snapshots[s.actionIndex] ?? presentation(at: s.sceneTime, actionCount: s.actionIndex, snapshots: &snapshots, replays: replays)
        snapshots[s.actionIndex] = tree
        // Only this layer's subtree is drawn from the old tree, so it keeps only the transitions in
        // flight there (a held partial curl under its un-curl), and theirs keep none: a snapshot
        // holding transitions whose snapshots held theirs, each drawn with both its trees, made n
        // transitions in flight at once cost 2ⁿ trees and draws (docs/transitions.md).
        var old = tree
        old.transitions = tree.transitions.filter { tree.isInSubtree($0.layer, of: s.layer) }.map {
            var inner = $0
            inner.old.transitions = []
            return inner
        }
        return LayerTransition(layer: s.layer, effect: effect,
                               progress: s.transition.progress(atFraction: fraction), old: old)
    }

    /// Applies an action that needs nothing but the tree and the layers' animations (not a
    /// transition, an interactive drive, a cancel's restore or dynamics); also the completion
    /// scheduler's walk (``CompletionScheduler``), which must see what the replay sees.
    static func apply(_ timed: TimedAction, to tree: inout LayerTree, attached: inout [AttachedAnimations]) {
        switch timed.action {
        case let .set(entries):
            for entry in entries { entry.changes.apply(to: &tree.nodes[entry.layer].properties) }
        case let .addAnimation(layer, animation):
            var a = animation
            // beginTime 0 means "now" in the layer's local time (§2.2 step 2).
            if a.timing.beginTime == 0 { a.timing.beginTime = tree.localTime(of: layer, at: timed.time) }
            attached[layer].add(a)
        case let .removeAnimation(layer, key):
            attached[layer].remove(key: key)
        case let .pause(layer):
            LayerClock.pause(&tree, layer: layer, at: timed.time)
        case let .resume(layer):
            LayerClock.resume(&tree, layer: layer, at: timed.time)
        case let .animate(a):
            UIViewLowering.apply(a, at: timed.time, tree: &tree, attached: &attached)
        case let .animateKeyframes(k):
            UIViewKeyframeLowering.apply(k, at: timed.time, tree: &tree, attached: &attached)
        case let .removeFromSuperlayer(layer):
            tree.removeFromSuperlayer(layer)
        case let .addSublayer(layer, parent, below):
            let position = below.flatMap { tree.nodes[parent].children.firstIndex(of: $0) } ?? tree.nodes[parent].children.count
            tree.insert(layer, into: parent, at: position)
        case .transition, .interactive, .restoreAfterCancel, .dynamics:
            break  // run by presentation(at:actionCount:), which keeps their state or needs t
        }
    }
}

extension Animation {
    /// Applies the animation's value at parent time `t` on top of what earlier animations produced.
    /// `model` is the layer's model properties (the base of from/to/by resolution).
    /// - Parameter inGroup: children of a group end inclusively and ignore removedOnCompletion.
    func apply(atParentTime t: Double, model: LayerProperties, into props: inout LayerProperties, inGroup: Bool = false) {
        guard let state = timing.state(atParentTime: t, removedOnCompletion: removedOnCompletion && !inGroup,
                                       endInclusive: inGroup) else { return }
        let progress = timingFunction?.value(at: state.fraction) ?? state.fraction
        switch content {
        case let .basic(b):
            let value = b.value(progress: progress, cycle: state.cycle, base: b.keyPath.get(model))
            Self.write(value, at: b.keyPath, additive: b.isAdditive, into: &props)
        case let .spring(s):
            // The spring runs in seconds of basic local time; the timing function is ignored (§1.3).
            let p = s.spring.progress(at: state.fraction * timing.effectiveDuration)
            let value = s.basic.value(progress: p, cycle: state.cycle, base: s.basic.keyPath.get(model))
            Self.write(value, at: s.basic.keyPath, additive: s.basic.isAdditive, into: &props)
        case let .keyframe(k):
            let value = k.value(progress: progress, cycle: state.cycle)
            Self.write(value, at: k.keyPath, additive: k.isAdditive, into: &props)
        case let .path(p):
            p.apply(progress: progress, cycle: state.cycle, into: &props)
        case let .group(g):
            let groupTime = progress * timing.effectiveDuration
            for var child in g.animations {
                // A child left at duration 0 runs over the group's duration (§2.3).
                if child.timing.duration <= 0 { child.timing.duration = timing.effectiveDuration }
                child.apply(atParentTime: groupTime, model: model, into: &props, inGroup: true)
            }
        }
    }

    /// Writes an animated value: replacing what is there, or added to it when additive.
    static func write(_ value: AnimatableValue, at path: LayerKeyPath, additive: Bool, into props: inout LayerProperties) {
        let result = additive ? path.get(props).adding(value) : value
        path.set(result, into: &props)
    }
}
