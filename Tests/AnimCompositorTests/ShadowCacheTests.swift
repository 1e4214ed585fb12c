@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimTestRandom
import Testing

/// The cached shadow of a plain layer (blurred once, moved by interpolation, drawn before the
/// layer) against the shadow blurred in place behind the layer's offscreen rendering.
struct ShadowCacheTests: CompositorFixture {
    /// A rounded, translucent card with a blurred, offset shadow at `origin`. With
    /// `emptySublayer` the card gets a sublayer that draws nothing, which sends it down the
    /// offscreen path (its shadow must then come from its whole rendering).
    func card(at origin: Point, sigma: Double, emptySublayer: Bool, border: Double = 0) -> LayerTree {
        var tree = LayerTree()
        let frame = Rect(x: origin.x, y: origin.y, width: 90, height: 70)
        let card = tree.append(id: "card", properties: layer(frame, Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8)) {
            $0.cornerRadius = 14
            $0.borderWidth = border
            $0.borderColor = .white
            $0.shadowOpacity = 0.6
            $0.shadowRadius = sigma
            $0.shadowOffset = Size(width: 2, height: 5)
        }, parent: nil)
        if emptySublayer {
            tree.append(id: "empty", properties: layer(Rect(x: 0, y: 0, width: 10, height: 10), nil), parent: card)
        }
        return tree
    }

    func largestDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        zip(a.pixels, b.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    @Test(arguments: [(Point(x: 40, y: 50), 4.0), (Point(x: 40.37, y: 50.81), 4.0),
                      (Point(x: 33.5, y: 61.25), 6.0), (Point(x: 51.123, y: 44.987), 12.0)])
    func theCachedShadowMatchesTheShadowBlurredInPlace(origin: Point, sigma: Double) throws {
        // Drawn in a different order (shadow, then the layer over it, instead of the shadow behind
        // the layer's offscreen rendering), the two round differently by a level here and there.
        let cached = try render(card(at: origin, sigma: sigma, emptySublayer: false))
        let inPlace = try render(card(at: origin, sigma: sigma, emptySublayer: true))
        let worst = largestDifference(cached, inPlace)
        #expect(worst <= 2, "largest difference \(worst)")
    }

    @Test func shadowsBelowTheMinimumSigmaAreBlurredInPlace() throws {
        let origin = Point(x: 40.37, y: 50.81)
        let sigma = ShadowKey.minimumSigma - 0.5
        #expect(try render(card(at: origin, sigma: sigma, emptySublayer: false)) == render(card(at: origin, sigma: sigma, emptySublayer: true)))
    }

    @Test(arguments: [(Point(x: 40.37, y: 50.81), 4.0), (Point(x: 40.5, y: 50.25), 5.0), (Point(x: 40.9, y: 50.1), 9.0)])
    func aBorderedCardsShadowFollowsItsOutline(origin: Point, sigma: Double) throws {
        // An opaque card with a border and a black shadow (opacity 1, no offset): below the card,
        // the shadow is the pixel average of ½·erfc((y − edge) / (σ√2)) of its bottom edge. (Blurred
        // in place behind the offscreen rendering, the edge pixel that background and border both
        // cover partly counts twice, c·(2 − c), and the shadow comes out up to 8 levels darker.)
        var tree = LayerTree()
        tree.append(id: "card", properties: layer(Rect(x: origin.x, y: origin.y, width: 90, height: 70), .white) {
            $0.borderWidth = 3
            $0.borderColor = .blue
            $0.shadowOpacity = 1
            $0.shadowRadius = sigma
            $0.shadowOffset = Size(width: 0, height: 0)
        }, parent: nil)
        let b = try render(tree)
        let edge = origin.y + 70
        var worst = 0.0
        for y in Int(edge.rounded(.up))..<Int(edge) + 12 {
            var expected = 0.0
            for k in 0..<64 {
                let py = Double(y) + (Double(k) + 0.5) / 64
                expected += 0.5 * complementaryErrorFunction((py - edge) / (sigma * 2.0.squareRoot())) / 64
            }
            worst = max(worst, abs(Double(b[85, y].a) - 255 * expected))
        }
        #expect(worst <= 1.5, "worst difference \(worst)/255 at σ = \(sigma)")
    }

    @Test func aLayerMovedByWholePixelsCastsTheSameShadowMoved() throws {
        let a = try render(card(at: Point(x: 40.3, y: 50.6), sigma: 5, emptySublayer: false, border: 3))
        let b = try render(card(at: Point(x: 47.3, y: 53.6), sigma: 5, emptySublayer: false, border: 3))
        for y in 0..<150 {
            for x in 0..<150 {
                #expect(a[x, y] == b[x + 7, y + 3], "(\(x), \(y))")
                if a[x, y] != b[x + 7, y + 3] { return }
            }
        }
    }

    @Test func theShadowFadesWithTheLayersOpacity() throws {
        var faded = card(at: Point(x: 40, y: 50), sigma: 4, emptySublayer: false)
        faded.nodes[0].properties.opacity = 0.5
        var reference = card(at: Point(x: 40, y: 50), sigma: 4, emptySublayer: true)
        reference.nodes[0].properties.opacity = 0.5
        // Not a group (its sublayer would make it one): each part fades on its own, as the card does.
        reference.nodes[0].properties.allowsGroupOpacity = false
        let worst = largestDifference(try render(faded), try render(reference))
        #expect(worst <= 2, "largest difference \(worst)")
    }
    /// The cache blurs a shadow whole, so it takes only shadows within 4096 × 4096 pixels
    /// (with the blur's reach); a layer scaled far beyond any canvas is drawn uncached.
    @Test func shadowsBeyondTheBudgetAreNotCached() throws {
        let layer = card(at: .zero, sigma: 6, emptySublayer: false).nodes[0].properties
        func key(scale k: Double) -> ShadowKey? {
            ShadowKey(layer: layer, hasVisibleChildren: false, map: Homography(k, 0, 0, 0, k, 0, 0, 0, 1), alpha: 1)
        }
        // 90 × 70 pt, σ = 6k px, offset (2k, 5k): the box is (90k + r) × (70k + r) with the
        // reach r = 2 · (⌈3.2σ + 7k⌉ + 3) = 52.4k + 6.
        #expect(ShadowKey.pixels([Point(x: 0, y: 0), Point(x: 2700, y: 2100)], sigma: 180, offset: Point(x: 60, y: 150))
                == 4278 * 3678)
        #expect(key(scale: 30) != nil, "4278 × 3678: 15.7 million pixels")
        #expect(key(scale: 32) == nil, "4564 × 3924: 17.9 million, over the 16.8 million of 4096²")
        #expect(key(scale: 1e9) == nil && key(scale: 1000) == nil)
        // A perspective next to the eye: the affine map's i = 1e-5 scales the layer by 100,000.
        #expect(ShadowKey(layer: layer, hasVisibleChildren: false, map: Homography(1, 0, 0, 0, 1, 0, 0, 0, 1e-5), alpha: 1) == nil)
    }

    /// The moved shadow kept by sub-pixel phase and hole (``ShadowCache/shadow(_:of:movedTo:clip:hole:)``)
    /// against interpolating the blurred mask at each position: the same bytes, at phases shared
    /// and not, with holes and with masks the canvas edge cuts.
    @Test func movedShadowsKeptByPhaseMatchInterpolationInPlace() throws {
        let tree = card(at: .zero, sigma: 6, emptySublayer: false, border: 2)
        let layer = tree.nodes[0].properties
        let map = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)
        let key = try #require(ShadowKey(layer: layer, hasVisibleChildren: false, map: map, alpha: 1))
        let blurred = try #require(ShadowCache.shared.shadow(key, of: layer))
        let clip = PixelRect(minX: 0, minY: 0, maxX: 400, maxY: 300)
        var rng = SplitMix64(seed: 77)
        for _ in 0..<200 {
            let phase = Point(x: Double(rng.pick([0, 1, 85, 128, 171, 255])) / 256, y: Double(rng.pick([0, 3, 85, 171])) / 256)
            let origin = Point(x: Double(rng.below(420)) - 30 + phase.x, y: Double(rng.below(330)) - 30 + phase.y)
            let hole = rng.below(3) == 0 ? PixelRect.empty : key.opaqueInterior(at: origin)
            let kept = ShadowCache.shared.shadow(key, of: layer, movedTo: origin, clip: clip, hole: hole)
            #expect(kept == blurred.shifted(by: origin, clip: clip, hole: hole), "at \(origin)")
        }
    }
}
