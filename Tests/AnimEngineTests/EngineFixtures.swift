import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// Small builders for engine tests: a one-layer (or nested) tree and animations on it.
enum Fixture {
    static func tree(layers: Int = 1, nested: Bool = false) -> LayerTree {
        var tree = LayerTree()
        var parent: Int? = nil
        for i in 0..<layers {
            var p = LayerProperties()
            p.bounds = Rect(x: 0, y: 0, width: 100, height: 50)
            p.position = Point(x: 10, y: 20)
            let index = tree.append(id: "l\(i)", properties: p, parent: nested ? parent : nil)
            parent = index
        }
        return tree
    }

    static func basic(_ path: String, from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil,
                      additive: Bool = false, cumulative: Bool = false, configure: (inout Animation) -> Void = { _ in }) -> Animation {
        let b = BasicAnimation(keyPath: LayerKeyPath(path)!, fromValue: from, toValue: to, byValue: by,
                               isAdditive: additive, isCumulative: cumulative)
        var a = Animation(content: .basic(b))
        a.timing.duration = 1
        configure(&a)
        return a
    }

    /// The timeline with `animations` added to layer `layer` at t = 0 (and any extra actions).
    static func timeline(_ animations: [Animation], tree: LayerTree = tree(), layer: Int = 0,
                         extra: [TimedAction] = []) -> Timeline {
        Timeline(model: tree, actions: animations.map { TimedAction(time: 0, action: .addAnimation(layer: layer, $0)) } + extra)
    }

    static func value(_ timeline: Timeline, _ path: String, at t: Double, layer: Int = 0) -> AnimatableValue {
        LayerKeyPath(path)!.get(timeline.presentation(at: t).nodes[layer].properties)
    }

    static func number(_ timeline: Timeline, _ path: String, at t: Double, layer: Int = 0) -> Double {
        guard case let .number(v) = value(timeline, path, at: t, layer: layer) else { return .nan }
        return v
    }
}
