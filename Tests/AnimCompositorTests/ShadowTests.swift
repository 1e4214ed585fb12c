import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// Shadows measured: the edge profile against the Gaussian, offsets in the layer's space, clipping.
struct ShadowTests: CompositorFixture {
    /// A layer that casts only its shadow (no background): from `shadowPath` = its bounds.
    func shadowOnly(_ frame: Rect, configure: (inout LayerProperties) -> Void) -> LayerTree {
        var tree = LayerTree()
        tree.append(id: "s", properties: layer(frame, nil) {
            $0.shadowOpacity = 1
            $0.shadowPath = .rect(Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height))
            configure(&$0)
        }, parent: nil)
        return tree
    }

    /// The alpha-weighted centre of the picture.
    func centroid(_ b: Bitmap) -> Point {
        var sx = 0.0, sy = 0.0, s = 0.0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let a = Double(b[x, y].a)
                sx += a * (Double(x) + 0.5); sy += a * (Double(y) + 0.5); s += a
            }
        }
        return Point(x: sx / s, y: sy / s)
    }

    @Test(arguments: [1.0, 3.0, 6.0])
    func theEdgeProfileIsTheGaussian(sigma: Double) throws {
        // An opaque 100×100 layer at x 50…150 with a black shadow, no offset: left of the layer the
        // shadow's alpha is the pixel average of ½·erfc((50 − x) / (σ√2)).
        var tree = LayerTree()
        tree.append(id: "card", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), .white) {
            $0.shadowOpacity = 1
            $0.shadowRadius = sigma
            $0.shadowOffset = Size(width: 0, height: 0)
        }, parent: nil)
        let b = try render(tree)
        var worst = 0.0
        for x in 20..<50 {
            var expected = 0.0
            for k in 0..<64 {
                let px = Double(x) + (Double(k) + 0.5) / 64
                expected += 0.5 * complementaryErrorFunction((50 - px) / (sigma * 2.0.squareRoot())) / 64
            }
            worst = max(worst, abs(Double(b[x, 100].a) - 255 * expected))
        }
        #expect(worst <= 1.5, "worst difference \(worst)/255 at σ = \(sigma)")
    }

    @Test func theDefaultOffsetPutsTheShadowAbove() throws {
        let c = centroid(try render(shadowOnly(Rect(x: 60, y: 60, width: 80, height: 80)) { _ in }))
        #expect(abs(c.x - 100) < 0.02 && abs(c.y - 97) < 0.02, "\(c)")
    }

    @Test func theOffsetTurnsWithTheLayer() throws {
        let c = centroid(try render(shadowOnly(Rect(x: 60, y: 60, width: 80, height: 80)) {
            $0.shadowOffset = Size(width: 0, height: 10)
            $0.transform = .rotation(Double.pi / 2, axis: 0, 0, 1)
        }))
        // (0, 10) turned by 90° (y down, clockwise on screen) is (−10, 0).
        #expect(abs(c.x - 90) < 0.05 && abs(c.y - 100) < 0.05, "\(c)")
    }

    @Test func theShadowScalesWithTheLayer() throws {
        let plain = try render(shadowOnly(Rect(x: 80, y: 80, width: 40, height: 40)) { $0.shadowRadius = 4 })
        let scaled = try render(shadowOnly(Rect(x: 80, y: 80, width: 40, height: 40)) {
            $0.shadowRadius = 4
            $0.transform = .scale(2, 2, 1)
        })
        // Same total alpha × 4 (area), wider blur: the edge ramp of the scaled one is twice as long.
        #expect(abs(coveredArea(scaled) / coveredArea(plain) - 4) < 0.01)
        func rampWidth(_ b: Bitmap) -> Int { (0..<200).filter { b[$0, 100].a > 10 && b[$0, 100].a < 245 }.count }
        #expect(abs(rampWidth(scaled) - 2 * rampWidth(plain)) <= 2)
    }

    @Test func masksToBoundsClipsTheShadow() throws {
        var tree = LayerTree()
        tree.append(id: "card", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), .white) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 5
            $0.masksToBounds = true
        }, parent: nil)
        #expect(abs(coveredArea(try render(tree)) - 10_000) < 1e-6)
    }

    @Test func aShadowPathReplacesTheLayersAlpha() throws {
        var tree = LayerTree()
        tree.append(id: "card", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), .white) {
            $0.shadowOpacity = 1
            $0.shadowRadius = 0
            $0.shadowOffset = Size(width: 0, height: 0)
            $0.shadowPath = .rect(Rect(x: 0, y: 120, width: 100, height: 10))
        }, parent: nil)
        let b = try render(tree)
        // The path lies 20 pt below the card: a hard 100×10 black bar, nothing around the card.
        #expect(b[100, 175].a == 255 && b[100, 175].r == 0)
        #expect(b[45, 100].a == 0 && b[100, 45].a == 0)
    }

    /// A layer's opacity fades its shadow once, as it fades the rest of its rendering (§8): a
    /// shadow of opacity 1 under a layer at opacity 0.5 has alpha 0.5 however it is drawn (in
    /// place from the layer's alpha, from a shadowPath, cached by its shape, or with sublayers in
    /// a group), not 0.25. Session 63's audit found the layer's alpha, already faded, faded again.
    @Test(arguments: ["in place", "shadowPath", "cached", "group"])
    func opacityFadesTheShadowOnce(_ how: String) throws {
        var tree = LayerTree()
        let card = tree.append(id: "card", properties: layer(Rect(x: 20, y: 20, width: 60, height: 60), .white) {
            $0.opacity = 0.5
            $0.shadowOpacity = 1
            $0.shadowOffset = Size(width: 0, height: 100)
            $0.shadowRadius = how == "cached" ? 6 : 0
            if how == "shadowPath" { $0.shadowPath = .rect(Rect(x: 0, y: 0, width: 60, height: 60)) }
        }, parent: nil)
        if how == "group" { tree.append(id: "dot", properties: layer(Rect(x: 0, y: 0, width: 4, height: 4), .white), parent: card) }
        let p = try render(tree)[50, 150]
        // The shadow's middle, 25 px from its nearest edge (4σ for the cached one): black at 0.5.
        #expect(abs(Int(p.a) - 128) <= 1 && p.r == 0, "\(how): \(p)")
    }

    @Test func theShadowShowsThroughATranslucentLayer() throws {
        var tree = LayerTree()
        tree.append(id: "glass", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), Color(red: 1, green: 1, blue: 1, alpha: 0.5)) {
            $0.shadowOpacity = 1
            $0.shadowOffset = Size(width: 0, height: 0)
        }, parent: nil)
        let p = try render(tree)[100, 100]
        // Inside, the shadow's own alpha is 0.5 (the layer's alpha, blurred little), drawn behind:
        // 0.5 + 0.5 · 0.5 = 0.75 alpha, and darker than the white layer alone.
        #expect(abs(Int(p.a) - 191) <= 2 && p.r < 128 + 2, "\(p)")
    }
}
