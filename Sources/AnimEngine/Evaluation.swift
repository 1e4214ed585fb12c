import AnimLayers
import AnimTiming

/// An animation attached to a layer, with its begin time resolved and the interval it is attached.
struct AttachedAnimation {
    var animation: Animation
    var addedAt: Double
}

extension Timeline {
    /// The presentation tree at scene time `t`: the model with every action at or before `t`
    /// applied, then each layer's animations applied in the order they were added
    /// (core-animation-semantics.md §2.4). Depends on nothing but `t`.
    public func presentation(at t: Double) -> LayerTree {
        var tree = model
        var attached = [[AttachedAnimation]](repeating: [], count: tree.nodes.count)
        for timed in actions where timed.time <= t {
            apply(timed, to: &tree, attached: &attached)
        }
        let modelTree = tree
        for index in tree.nodes.indices where !attached[index].isEmpty {
            let base = modelTree.nodes[index].properties
            var props = base
            for item in attached[index] {
                Self.applyAnimation(item.animation, at: t, model: base, into: &props)
            }
            tree.nodes[index].properties = props
        }
        return tree
    }

    private func apply(_ timed: TimedAction, to tree: inout LayerTree, attached: inout [[AttachedAnimation]]) {
        switch timed.action {
        case let .set(entries):
            for entry in entries { entry.changes.apply(to: &tree.nodes[entry.layer].properties) }
        case let .addAnimation(layer, animation):
            var a = animation
            if a.timing.beginTime == 0 { a.timing.beginTime = timed.time }
            if let key = a.key { attached[layer].removeAll { $0.animation.key == key } }
            attached[layer].append(AttachedAnimation(animation: a, addedAt: timed.time))
        case let .removeAnimation(layer, key):
            attached[layer].removeAll { $0.animation.key == key }
        }
    }

    /// Applies one animation's value at `t` on top of what earlier animations produced.
    static func applyAnimation(_ a: Animation, at t: Double, model: LayerProperties, into props: inout LayerProperties) {
        guard let state = a.timing.state(atParentTime: t, removedOnCompletion: a.removedOnCompletion) else { return }
        let progress = a.timingFunction?.value(at: state.fraction) ?? state.fraction
        switch a.content {
        case let .basic(b):
            let base = b.keyPath.get(model)
            let value = b.value(progress: progress, cycle: state.cycle, base: base)
            let result = b.isAdditive ? b.keyPath.get(props).adding(value) : value
            b.keyPath.set(result, into: &props)
        }
    }
}
