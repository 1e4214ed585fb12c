import AnimRender
import AnimScene
import AnimTestRandom
import Testing

/// Seeded random scenes, valid and invalid, with ordinary and extreme numbers: loading either
/// succeeds or reports located errors, and every frame renders at the canvas size. Never a crash.
struct RandomSceneTests {
    static let numbers = ["0", "1", "-1", "0.5", "37.25", "-250", "1e-300", "1e308", "-1e308", "1e15", "3.14159"]

    func number(_ r: inout SplitMix64) -> String { r.pick(Self.numbers) }
    func list(_ r: inout SplitMix64, _ n: Int) -> String { "[" + (0..<n).map { _ in number(&r) }.joined(separator: ", ") + "]" }

    func layer(_ r: inout SplitMix64, id: Int, depth: Int) -> String {
        var keys = ["\"id\": \"l\(id)\""]
        let choices: [(inout SplitMix64) -> String] = [
            { "\"bounds\": \(self.list(&$0, 4))" }, { "\"position\": \(self.list(&$0, 2))" },
            { "\"anchorPoint\": \(self.list(&$0, 2))" }, { "\"zPosition\": \(self.number(&$0))" },
            { "\"opacity\": \(self.number(&$0))" }, { "\"cornerRadius\": \(self.number(&$0))" },
            { "\"borderWidth\": \(self.number(&$0))" }, { "\"backgroundColor\": \"\($0.pick(["red", "#00FF0080", "clear", "blue"]))\"" },
            { "\"masksToBounds\": \($0.below(2) == 0)" }, { "\"allowsGroupOpacity\": \($0.below(2) == 0)" },
            { "\"doubleSided\": \($0.below(2) == 0)" }, { "\"frame\": \(self.list(&$0, 4))" },
            { "\"transform\": [{\"rotate\": \(self.number(&$0)), \"axis\": [0, 1, 0]}, {\"scale\": \(self.number(&$0))}]" },
            { "\"sublayerTransform\": [{\"perspective\": \($0.pick(["500", "1e-300", "1e308", "0.5"]))}]" },
            { "\"animations\": [{\"keyPath\": \"\($0.pick(["position", "opacity", "bounds.size.width", "backgroundColor", "positon"]))\", \"toValue\": \(self.list(&$0, 2)), \"duration\": \(self.number(&$0)), \"speed\": \(self.number(&$0)), \"repeatCount\": \(self.number(&$0)), \"autoreverses\": true, \"fillMode\": \"both\"}]" },
            { "\"animations\": [{\"keyPath\": \"position.x\", \"byValue\": \(self.number(&$0)), \"duration\": \(self.number(&$0)), \"timeOffset\": \(self.number(&$0)), \"cumulative\": true, \"repeatCount\": \"infinity\", \"timingFunction\": [0.5, \(self.number(&$0)), 0.5, 1]}]" },
        ]
        for _ in 0..<r.below(6) { keys.append(r.pick(choices)(&r)) }
        if depth < 3 && r.below(3) == 0 {
            let children = (0..<r.below(3)).map { layer(&r, id: id * 10 + $0 + 1, depth: depth + 1) }
            keys.append("\"sublayers\": [" + children.joined(separator: ", ") + "]")
        }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    @Test func randomScenesLoadOrFailCleanlyAndRender() {
        var r = SplitMix64(seed: 2026)
        var rendered = 0, refused = 0
        for n in 0..<300 {
            let layers = (0..<(1 + r.below(3))).map { layer(&r, id: n * 100 + $0, depth: 0) }
            let json = "{\"canvas\": {\"width\": 32, \"height\": 24, \"fps\": 10, \"duration\": 1}, \"layers\": [" + layers.joined(separator: ", ") + "]}"
            do {
                let scene = try SceneLoader.decode(Array(json.utf8), file: "random-\(n).json")
                let renderer = Renderer(scene: scene)
                for frame in [0, 5, 9] {
                    let b = renderer.renderFrame(frame)
                    #expect(b.width == 32 && b.height == 24)
                }
                rendered += 1
            } catch {
                #expect(!error.errors.isEmpty)
                #expect(error.errors.allSatisfy { $0.location != nil }, "\(error)")
                refused += 1
            }
        }
        // Both paths must actually be exercised.
        #expect(rendered > 50 && refused > 20, "rendered \(rendered), refused \(refused)")
    }
}
