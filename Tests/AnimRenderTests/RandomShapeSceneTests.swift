import AnimRender
import AnimScene
import AnimTestRandom
import Testing

/// Seeded random shape layers with ordinary and extreme numbers in their paths, widths, dashes,
/// trims and animations: loading succeeds or reports located errors, and every frame renders.
struct RandomShapeSceneTests {
    static let numbers = ["0", "1", "-1", "0.5", "12.25", "-30", "1e-300", "1e308", "-1e308", "1e15", "3.14159"]

    func number(_ r: inout SplitMix64) -> String { r.pick(Self.numbers) }
    func point(_ r: inout SplitMix64) -> String { "\(number(&r)) \(number(&r))" }

    func path(_ r: inout SplitMix64) -> String {
        var data = "M \(point(&r))"
        for _ in 0..<(1 + r.below(5)) {
            switch r.below(5) {
            case 0: data += " L \(point(&r))"
            case 1: data += " Q \(point(&r)) \(point(&r))"
            case 2: data += " C \(point(&r)) \(point(&r)) \(point(&r))"
            case 3: data += " A \(number(&r)) \(number(&r)) 0 1 0 \(point(&r))"
            default: data += " Z"
            }
        }
        return r.below(6) == 0 ? "{\"ovalIn\": [\(number(&r)), 0, 20, \(number(&r))]}" : "\"\(data)\""
    }

    func layer(_ r: inout SplitMix64, id: Int) -> String {
        var keys = ["\"id\": \"s\(id)\"", "\"type\": \"shape\"", "\"path\": \(path(&r))"]
        let choices: [(inout SplitMix64) -> String] = [
            { "\"lineWidth\": \(self.number(&$0))" }, { "\"strokeColor\": \"\($0.pick(["red", "#00FF0080", "clear"]))\"" },
            { "\"fillColor\": \($0.pick(["null", "\"blue\"", "\"#FF000040\""]))" },
            { "\"fillRule\": \"\($0.pick(["nonZero", "evenOdd", "evenodd"]))\"" },
            { "\"lineCap\": \"\($0.pick(["butt", "round", "square"]))\"" },
            { "\"lineJoin\": \"\($0.pick(["miter", "round", "bevel"]))\"" },
            { "\"miterLimit\": \(self.number(&$0))" },
            { "\"lineDashPattern\": [\(self.number(&$0)), \(self.number(&$0))]" },
            { "\"lineDashPhase\": \(self.number(&$0))" },
            { "\"strokeStart\": \(self.number(&$0))" }, { "\"strokeEnd\": \(self.number(&$0))" },
            { "\"transform\": [{\"rotate\": \(self.number(&$0)), \"axis\": [0, 1, 0]}, {\"scale\": \(self.number(&$0))}]" },
            { "\"animations\": [{\"keyPath\": \"\($0.pick(["strokeEnd", "lineWidth", "lineDashPhase", "miterLimit"]))\", \"fromValue\": \(self.number(&$0)), \"toValue\": \(self.number(&$0)), \"duration\": 1}]" },
            { "\"animations\": [{\"keyPath\": \"path\", \"toValue\": \(self.path(&$0)), \"duration\": 1, \"autoreverses\": true}]" },
        ]
        for _ in 0..<(1 + r.below(6)) { keys.append(r.pick(choices)(&r)) }
        return "{" + keys.joined(separator: ", ") + "}"
    }

    @Test func randomShapeScenesLoadOrFailCleanlyAndRender() {
        var r = SplitMix64(seed: 55)
        var rendered = 0, refused = 0
        for n in 0..<200 {
            let layers = (0..<(1 + r.below(3))).map { layer(&r, id: n * 10 + $0) }
            let json = "{\"canvas\": {\"width\": 40, \"height\": 30, \"fps\": 10, \"duration\": 1}, \"layers\": [" + layers.joined(separator: ", ") + "]}"
            do {
                let scene = try SceneLoader.decode(Array(json.utf8), file: "shape-\(n).json")
                let renderer = Renderer(scene: scene)
                for frame in [0, 3, 9] {
                    let b = renderer.renderFrame(frame)
                    #expect(b.width == 40 && b.height == 30)
                }
                rendered += 1
            } catch {
                #expect(!error.errors.isEmpty)
                #expect(error.errors.allSatisfy { $0.location != nil }, "\(error)")
                refused += 1
            }
        }
        #expect(rendered > 50 && refused > 10, "rendered \(rendered), refused \(refused)")
    }
}
