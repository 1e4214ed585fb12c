import AnimRender
import AnimScene
import AnimTestRandom
import Testing

/// Seeded random scenes built from the animation engine's vocabulary (keyframes with every mode,
/// paths, springs, groups, transform key paths, layer timing, UIView animate and keyframes with
/// completions), with ordinary and extreme numbers: each loads or fails with located errors, and
/// every frame renders at the canvas size. Never a crash or a hang.
struct RandomAnimationSceneTests {
    static let numbers = ["0", "1", "-1", "0.5", "2", "-250", "1e-300", "1e308", "-1e308", "1e15", "3.14159", "0.1"]

    func n(_ r: inout SplitMix64) -> String { r.pick(Self.numbers) }

    func animation(_ r: inout SplitMix64, depth: Int) -> String {
        let mode = r.pick(["linear", "discrete", "paced", "cubic", "cubicPaced"])
        let choices: [(inout SplitMix64) -> String] = [
            { "{\"type\": \"keyframe\", \"keyPath\": \"position.x\", \"values\": [\(self.n(&$0)), \(self.n(&$0)), \(self.n(&$0))], \"calculationMode\": \"\(mode)\", \"tensionValues\": [\(self.n(&$0)), 0, 0], \"duration\": \(self.n(&$0)), \"repeatCount\": \(self.n(&$0))}" },
            { "{\"type\": \"keyframe\", \"keyPath\": \"position\", \"path\": \"M \(self.n(&$0)) \(self.n(&$0)) Q \(self.n(&$0)) \(self.n(&$0)) \(self.n(&$0)) 5 A \(self.n(&$0)) 3 0 1 1 \(self.n(&$0)) 4\", \"calculationMode\": \"\(mode)\", \"rotationMode\": \"auto\"}" },
            { "{\"type\": \"keyframe\", \"keyPath\": \"position\", \"path\": {\"ovalIn\": [\(self.n(&$0)), 0, \(self.n(&$0)), \(self.n(&$0))]}, \"calculationMode\": \"\(mode)\", \"speed\": \(self.n(&$0))}" },
            { "{\"type\": \"spring\", \"keyPath\": \"\($0.pick(["opacity", "transform.scale", "bounds.size.width"]))\", \"toValue\": \(self.n(&$0)), \"mass\": \(self.n(&$0)), \"stiffness\": \(self.n(&$0)), \"damping\": \(self.n(&$0)), \"initialVelocity\": \(self.n(&$0)), \"allowsOverdamping\": \($0.below(2) == 0)}" },
            { "{\"keyPath\": \"\($0.pick(["transform", "transform.rotation.y", "transform.translation", "sublayerTransform.scale.x"]))\", \"toValue\": \($0.pick(["1e308", "[1, 2]", "[{\"rotate\": 1e15}, {\"scale\": 0}]", "0"])), \"additive\": \($0.below(2) == 0), \"timeOffset\": \(self.n(&$0))}" },
            { r in depth > 1 ? "{\"keyPath\": \"opacity\", \"toValue\": 0}" :
                "{\"type\": \"group\", \"duration\": \(self.n(&r)), \"autoreverses\": true, \"animations\": [\(self.animation(&r, depth: depth + 1)), \(self.animation(&r, depth: depth + 1))]}" },
        ]
        return r.pick(choices)(&r)
    }

    func layer(_ r: inout SplitMix64, id: Int) -> String {
        var keys = ["\"id\": \"l\(id)\"", "\"frame\": [2, 2, 20, 14]", "\"backgroundColor\": \"red\""]
        if r.below(3) == 0 { keys.append("\"speed\": \(n(&r)), \"timeOffset\": \(n(&r))") }
        keys.append("\"animations\": [" + (0..<(1 + r.below(3))).map { _ in animation(&r, depth: 0) }.joined(separator: ", ") + "]")
        return "{" + keys.joined(separator: ", ") + "}"
    }

    func action(_ r: inout SplitMix64, layers: Int) -> String {
        let id = "l\(r.below(layers))"
        switch r.below(3) {
        case 0:
            return "{\"at\": \(r.pick(["0", "0.3", "1e-300"])), \"animate\": {\"duration\": \(n(&r)), \"delay\": \(r.pick(["0", "0.2", "1e15"])), \"options\": [\"\(r.pick(["repeat", "autoreverse", "beginFromCurrentState", "curveEaseIn"]))\"], \"spring\": {\"damping\": \(r.pick(["0.1", "1", "1e-300", "50"])), \"initialVelocity\": \(n(&r))}, \"changes\": {\"\(id)\": {\"center\": [\(n(&r)), 3], \"alpha\": \(n(&r))}}, \"completion\": [{\"if\": \"finished\", \"removeFromSuperlayer\": {\"layer\": \"\(id)\"}}]}}"
        case 1:
            return "{\"at\": 0.1, \"animateKeyframes\": {\"duration\": \(n(&r)), \"options\": \"calculationMode\(r.pick(["Linear", "Cubic", "Paced", "Discrete", "CubicPaced"]))\", \"keyframes\": [{\"relativeStartTime\": 0, \"relativeDuration\": 0.5, \"changes\": {\"\(id)\": {\"alpha\": \(n(&r))}}}, {\"relativeStartTime\": 0.5, \"relativeDuration\": 0.5, \"changes\": {\"\(id)\": {\"bounds\": [0, 0, \(n(&r)), 4]}}}]}}"
        default:
            return "{\"at\": \(r.pick(["0.2", "0.5"])), \"\(r.pick(["pause", "resume"]))\": {\"layer\": \"\(id)\"}}"
        }
    }

    @Test(arguments: [1126, 7, 90210] as [UInt64])
    func randomAnimationScenesLoadOrFailCleanlyAndRender(seed: UInt64) {
        var r = SplitMix64(seed: seed)
        var rendered = 0, refused = 0
        for i in 0..<250 {
            let count = 1 + r.below(3)
            let layers = (0..<count).map { layer(&r, id: $0) }
            let actions = (0..<r.below(4)).map { _ in action(&r, layers: count) }
            let json = "{\"canvas\": {\"width\": 24, \"height\": 16, \"fps\": 10, \"duration\": 1}, \"layers\": [" + layers.joined(separator: ", ")
                + "], \"timeline\": [" + actions.joined(separator: ", ") + "]}"
            do {
                let scene = try SceneLoader.decode(Array(json.utf8), file: "random-\(i).json")
                let renderer = Renderer(scene: scene)
                for frame in [0, 4, 9] {
                    let b = renderer.renderFrame(frame)
                    #expect(b.width == 24 && b.height == 16)
                }
                rendered += 1
            } catch {
                #expect(!error.errors.isEmpty)
                #expect(error.errors.allSatisfy { $0.location != nil }, "\(error)")
                refused += 1
            }
        }
        #expect(rendered > 20 && refused > 20, "rendered \(rendered), refused \(refused)")
    }
}
