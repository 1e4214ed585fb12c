@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimTestRandom
import Testing

/// A mask layer that draws only an opaque background clips the masked layer by its coverage
/// instead of being drawn into an offscreen (`Compositor.masksByCoverage`). Random masked layers,
/// with plain masks (turned, scaled, in perspective, rounded, partly off the canvas, off it
/// entirely) and masks that must still be drawn (translucent, faded, bordered, hidden, with
/// sublayers), give the same bytes both ways.
struct MaskCoverageTests: CompositorFixture {
    func scene(_ rng: inout SplitMix64) -> (LayerTree, plain: Bool) {
        var tree = LayerTree()
        tree.append(id: "backdrop", properties: layer(Rect(x: 10, y: 10, width: 140, height: 120), .white), parent: nil)
        let masked = tree.append(id: "masked", properties: layer(Rect(x: Double(rng.below(400)) / 10, y: Double(rng.below(300)) / 10,
                                                                      width: 110, height: 90),
                                                                 Color(red: 0.9, green: 0.3, blue: 0.1, alpha: rng.pick([1, 0.6]))) {
            $0.cornerRadius = rng.pick([0, 12])
            $0.opacity = rng.pick([1, 1, 0.7])
            if rng.below(3) == 0 { $0.transform = .rotation(Double(rng.below(628)) / 100, axis: 0, 0, 1) }
        }, parent: nil)
        tree.append(id: "child", properties: layer(Rect(x: 20, y: 15, width: 60, height: 50), Color(red: 0.1, green: 0.5, blue: 0.9, alpha: 0.8)),
                    parent: masked)
        var plain = true
        let mask = layer(Rect(x: Double(rng.below(1400)) / 10 - 30, y: Double(rng.below(1200)) / 10 - 30,
                              width: Double(10 + rng.below(100)), height: Double(10 + rng.below(80))),
                         rng.pick([Color.black, Color.red, Color(red: 0, green: 0, blue: 0, alpha: 0.5)])) {
            $0.cornerRadius = rng.pick([0, 5, 40])
            switch rng.below(6) {
            case 0: $0.transform = .rotation(Double(rng.below(628)) / 100, axis: 0, 0, 1)
            case 1: $0.transform = .scale(1.7, 0.6, 1)
            case 2: $0.transform = Transform3D.perspective(distance: 200).concatenating(.rotation(0.7, axis: 0, 1, 0))
            default: break
            }
            switch rng.below(8) {
            case 0: $0.opacity = 0.5
            case 1: $0.borderWidth = 3
            case 2: $0.isHidden = true
            case 3: $0.backgroundColor = nil
            default: break
            }
        }
        if mask.opacity != 1 || mask.borderWidth > 0 || mask.isHidden || (mask.backgroundColor?.alpha ?? 0) < 1 { plain = false }
        let maskIndex = tree.appendMask(id: "mask", properties: mask, owner: masked)
        if rng.below(6) == 0 {
            tree.append(id: "mask-child", properties: layer(Rect(x: 0, y: 0, width: 20, height: 20), .black), parent: maskIndex)
            plain = false
        }
        return (tree, plain)
    }

    @Test func clippingByCoverageGivesTheBytesOfADrawnMask() throws {
        var rng = SplitMix64(seed: 0x3A5C)
        var plainCount = 0
        for round in 0..<120 {
            let spec = CanvasSpec(width: 160, height: 140, scale: rng.pick([1, 2]), background: rng.pick([.white, .clear]))
            let byCoverage = Compositor(canvas: spec)
            var drawn = byCoverage
            drawn.masksByCoverage = false
            let (tree, plain) = scene(&rng)
            if plain { plainCount += 1 }
            let same = try #require(byCoverage.render(tree)) == (try #require(drawn.render(tree)))
            #expect(same, "round \(round)")
        }
        #expect(plainCount > 20 && plainCount < 100)
    }
}
