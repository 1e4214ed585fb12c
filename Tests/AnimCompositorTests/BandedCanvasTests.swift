@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimTestRandom
import Testing

/// Frames drawn in bands of rows (``CanvasBands``) against the same frames drawn whole: shadowed,
/// bordered, translucent layers, groups (offscreens composited, more of them than the bands hold
/// at once) and clips, over the canvas's own background, at every band height from 1 row up.
struct BandedCanvasTests: CompositorFixture {
    func scene(_ rng: inout SplitMix64) -> LayerTree {
        var tree = UntouchedCanvasTests().scene(&rng)
        for k in 0..<(1 + rng.below(4)) {
            let frame = Rect(x: Double(rng.below(1200)) / 10, y: Double(rng.below(1000)) / 10, width: 40, height: 30)
            let group = tree.append(id: "group-\(k)", properties: layer(frame, Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.6)) {
                $0.opacity = 0.5
                $0.masksToBounds = rng.below(2) == 0
                $0.cornerRadius = 8
            }, parent: nil)
            tree.append(id: "child-\(k)", properties: layer(Rect(x: 10, y: -5, width: 40, height: 20), .black), parent: group)
        }
        return tree
    }

    @Test func bandsGiveTheBytesOfWholeDraws() throws {
        var rng = SplitMix64(seed: 0xBA4D)
        for round in 0..<40 {
            let background = rng.pick([Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1), Color.clear])
            var whole = Compositor(canvas: CanvasSpec(width: 160, height: 140, scale: rng.pick([1, 2]), background: background))
            var banded = whole
            whole.bandRows = 0
            banded.bandRows = rng.pick([1, 2, 5, 16, 33, 500])
            let tree = scene(&rng)
            // Three times: kept shadows, moved shadows and their pictures come in on later sightings.
            for pass in 0..<3 {
                let a = try #require(whole.render(tree)), b = try #require(banded.render(tree))
                #expect(a == b, "round \(round), pass \(pass), bands of \(banded.bandRows ?? 0) rows")
                if a != b { return }
            }
        }
    }

    @Test func onlyCanvasesBeyondTheCachesAreBanded() {
        #expect(CanvasBands.rows(width: 1280, bytes: 1280 * 720 * 4) == nil)
        #expect(CanvasBands.rows(width: 3840, bytes: 3840 * 2160 * 4) == 34)
    }
}
