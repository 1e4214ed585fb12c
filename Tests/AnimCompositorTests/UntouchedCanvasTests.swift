@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimTestRandom
import Testing

/// Shadows drawn over canvas pixels nothing has touched yet are written from a table or a kept
/// picture (``DrawnRows``), not blended: frames of overlapping shadowed layers, with backgrounds,
/// borders, gradients and translucency, must be byte-identical with that off.
struct UntouchedCanvasTests: CompositorFixture {
    func scene(_ rng: inout SplitMix64) -> LayerTree {
        var tree = LayerTree()
        for k in 0..<(2 + rng.below(7)) {
            let frame = Rect(x: Double(rng.below(1600)) / 10 - 20, y: Double(rng.below(1600)) / 10 - 20,
                             width: Double(20 + rng.below(80)), height: Double(20 + rng.below(80)))
            let alpha = rng.pick([1.0, 1.0, 0.8, 0.35])
            let color = Color(red: Double(rng.below(256)) / 255, green: Double(rng.below(256)) / 255,
                              blue: Double(rng.below(256)) / 255, alpha: alpha)
            let parent = tree.append(id: "tile-\(k)", properties: layer(frame, rng.below(6) == 0 ? nil : color) {
                $0.cornerRadius = Double(rng.below(20))
                $0.borderWidth = rng.pick([0, 0, 2, 3.5])
                $0.borderColor = .white
                $0.shadowOpacity = rng.pick([0.4, 0.8, 1])
                $0.shadowRadius = rng.pick([4, 6, 8, 12, 2])
                $0.shadowOffset = Size(width: Double(rng.below(9)) - 4, height: Double(rng.below(13)) - 2)
                $0.opacity = rng.pick([1, 1, 0.7])
            }, parent: nil)
            if rng.below(5) == 0 {
                tree.append(id: "inner-\(k)", properties: layer(Rect(x: 4, y: 4, width: 12, height: 12), .black), parent: parent)
            }
        }
        return tree
    }

    @Test func shadowsOverUntouchedPixelsMatchBlendedOnes() throws {
        var rng = SplitMix64(seed: 0x7A1E)
        for round in 0..<60 {
            let background = rng.pick([Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1), Color.clear,
                                       Color(red: 0.1, green: 0.3, blue: 0.2, alpha: 0.5)])
            var on = Compositor(canvas: CanvasSpec(width: 160, height: 140, scale: rng.pick([1, 2]), background: background))
            var off = on
            on.tracksUntouched = true
            off.tracksUntouched = false
            let tree = scene(&rng)
            // Three times: the moved shadows are kept on the second sighting, their pictures on the third.
            for pass in 0..<3 {
                let a = try #require(on.render(tree)), b = try #require(off.render(tree))
                let same = a.pixels == b.pixels
                #expect(same, "round \(round), pass \(pass)")
                if !same { return }
            }
        }
    }
}
