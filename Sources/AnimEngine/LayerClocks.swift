import AnimLayers

/// The layers' clocks as a layer tree sets them (each layer's `beginTime`, `speed` and
/// `timeOffset` and its superlayers', core-animation-semantics.md §2.2 step 1): a layer's local
/// time is a linear function of scene time, of slope the product of the speeds on its chain. Used
/// where an end on a layer's clock must be known in scene time before the timeline runs: when a
/// UIView animation's or a view transition's completion handler is called
/// (``CompletionScheduler``, on the tree as the actions before it left it), and when the scene's
/// last animation ends (the scene decoder's inferred duration, on the scene file's tree, so there
/// changes made by the timeline (`set`, `pause`, `resume`, moving a layer) are not followed).
public struct LayerClocks: Sendable {
    let tree: LayerTree

    public init(_ tree: LayerTree) {
        self.tree = tree
    }

    /// The local time of `layer` at scene time `t` (scene time itself for a layer the tree lacks).
    public func localTime(of layer: Int, at t: Double) -> Double {
        tree.nodes.indices.contains(layer) ? tree.localTime(of: layer, at: t) : t
    }

    /// How fast `layer`'s local time runs against scene time: the product of the speeds on its
    /// chain (1 for a layer the tree lacks).
    public func rate(of layer: Int) -> Double {
        guard tree.nodes.indices.contains(layer) else { return 1 }
        var rate = 1.0
        var cursor: Int? = layer
        while let c = cursor {
            rate *= tree.nodes[c].properties.timing.speed
            cursor = tree.nodes[c].parent
        }
        return rate
    }

    /// The scene time at which `layer`'s local time, `now` at scene time `t`, reaches `local`; nil
    /// when it never does after `t` (a stopped or backward clock, or a time already past).
    public func sceneTime(of layer: Int, reaching local: Double, from t: Double, now: Double) -> Double? {
        let rate = rate(of: layer)
        guard rate > 0, local >= now else { return nil }
        let time = t + (local - now) / rate
        return time.isFinite ? time : nil
    }

    /// A span from `t` to `end` in local time on each of `layers`' clocks, ended in scene time:
    /// the latest end among the layers whose clocks run forward (`end` itself when none is given
    /// or none runs forward, which the engine then never finishes; that end is kept, as before).
    public func stretched(_ end: Double, from t: Double, layers: [Int]) -> Double {
        guard end.isFinite else { return end }
        let rates = layers.map(rate(of:)).filter { $0 > 0 }
        guard let slowest = rates.min() else { return end }
        let time = t + (end - t) / slowest
        return time.isFinite ? time : end
    }

    /// When animations that span `t` to `end` on each of `layers`' clocks have all finished, in
    /// scene time, as UIKit calls a block's completion once every animation it added has stopped:
    /// the latest end, or infinity when a layer's clock is stopped or runs backward (its animation
    /// never finishes). `end` itself when no layer is given.
    public func finished(_ end: Double, from t: Double, layers: [Int]) -> Double {
        guard end.isFinite, end > t else { return end }
        var slowest: Double?
        for layer in layers {
            let rate = rate(of: layer)
            guard rate > 0 else { return .infinity }
            slowest = min(slowest ?? rate, rate)
        }
        guard let slowest else { return end }
        let time = t + (end - t) / slowest
        return time.isFinite ? time : .infinity
    }

    /// The layer whose clock a view transition runs on: the view's own, or, for
    /// transition(from:to:), its superlayer's in the model tree (the view's own when it has none).
    public func transitioning(_ target: ViewTransition.Target) -> Int {
        switch target {
        case let .layer(i): i
        case let .superlayer(of: i): tree.nodes.indices.contains(i) ? tree.nodes[i].parent ?? i : i
        }
    }
}
