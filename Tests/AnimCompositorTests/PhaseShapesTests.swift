@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimTestRandom
import Glibc
import Testing

/// A plain layer's body and border ring drawn at its sub-pixel phase (``PhaseShapes``): the same
/// masks moved by whole pixels wherever the layer moves by whole pixels, the same whether kept or
/// drawn afresh, and within a level of the outline projected through the whole device map.
struct PhaseShapesTests: CompositorFixture {
    let canvas = PixelRect(minX: 0, minY: 0, maxX: 400, maxY: 300)

    func card(_ rng: inout SplitMix64) -> LayerProperties {
        layer(Rect(x: 0, y: 0, width: Double(30 + rng.below(90)) + 0.25, height: Double(20 + rng.below(60))), .red) {
            $0.cornerRadius = Double(rng.below(24))
            $0.borderWidth = rng.pick([0, 1.5, 3, 8])
            $0.borderColor = .white
            $0.shadowOpacity = 0.4
            $0.shadowRadius = 8
            $0.shadowOffset = Size(width: 0, height: 6)
        }
    }

    /// An affine device map: a rotation and scale (or none) and a translation to `origin`.
    func map(_ rng: inout SplitMix64, origin: Point) -> Homography {
        let angle = rng.pick([0, 0, 0.3, -1.1]), s = rng.pick([1, 1, 2, 0.75])
        return Homography(s * cos(angle), s * sin(angle), 0, -s * sin(angle), s * cos(angle), 0, origin.x, origin.y, 1)
    }

    func key(_ layer: LayerProperties, _ map: Homography) throws -> ShadowKey {
        try #require(ShadowKey(layer: layer, hasVisibleChildren: false, map: map, alpha: 1))
    }

    static func same(_ a: CoverageMask?, _ b: CoverageMask?) -> Bool {
        a?.bounds == b?.bounds && a?.coverage == b?.coverage
    }

    @Test func wholePixelMovesMoveTheMasksExactly() throws {
        var rng = SplitMix64(seed: 0x9A5E)
        let shapes = PhaseShapes()
        for round in 0..<200 {
            let layer = card(&rng)
            let origin = Point(x: 60 + Double(rng.below(25600)) / 256 + Double(rng.below(1000)) / 7919,
                               y: 50 + Double(rng.below(12800)) / 256 + Double(rng.below(1000)) / 6421)
            let m = map(&rng, origin: origin)
            let dx = rng.below(150) - 40, dy = rng.below(100) - 40
            var moved = m
            (moved.g, moved.h) = (m.g + Double(dx), m.h + Double(dy))
            // A canvas the layer never leaves, so that neither mask is clipped.
            let large = PixelRect(minX: -1000, minY: -1000, maxX: 2000, maxY: 2000)
            let a = shapes.shapes(try key(layer, m), layer: layer, map: m, scale: 1, canvas: large)
            let b = shapes.shapes(try key(layer, moved), layer: layer, map: moved, scale: 1, canvas: large)
            let body = Self.same(a.body?.translated(x: dx, y: dy), b.body)
            let border = Self.same(a.border?.translated(x: dx, y: dy), b.border)
            #expect(body && border, "round \(round): moved by (\(dx), \(dy))")
            #expect((a.border == nil) == !(layer.borderWidth > 0))
        }
    }

    @Test func keptMasksAreTheMasksDrawnAfresh() throws {
        var rng = SplitMix64(seed: 0x4EE9)
        let kept = PhaseShapes()
        for round in 0..<100 {
            let layer = card(&rng)
            // Some wholly inside the canvas (kept), some across its edge (drawn each time).
            let origin = Point(x: Double(rng.below(420)) - 10 + Double(rng.below(256)) / 256,
                               y: Double(rng.below(320)) - 10 + Double(rng.below(3)) / 3)
            let m = map(&rng, origin: origin)
            let k = try key(layer, m)
            let first = kept.shapes(k, layer: layer, map: m, scale: 1, canvas: canvas)
            let again = kept.shapes(k, layer: layer, map: m, scale: 1, canvas: canvas)
            let fresh = PhaseShapes().shapes(k, layer: layer, map: m, scale: 1, canvas: canvas)
            #expect(Self.same(first.body, again.body) && Self.same(first.border, again.border), "round \(round)")
            #expect(Self.same(first.body, fresh.body) && Self.same(first.border, fresh.border), "round \(round)")
            if let body = first.body {
                #expect(body.bounds.intersection(canvas) == body.bounds, "round \(round): clipped to the canvas")
            }
        }
    }

    @Test func thePhaseOutlineIsTheWholeMapsWithinALevel() throws {
        var rng = SplitMix64(seed: 0x0717)
        var identical = 0
        for _ in 0..<100 {
            let layer = card(&rng)
            let origin = Point(x: 80 + Double(rng.below(20000)) / 97, y: 60 + Double(rng.below(10000)) / 89)
            let m = map(&rng, origin: origin)
            let phase = PhaseShapes().shapes(try key(layer, m), layer: layer, map: m, scale: 1, canvas: canvas)
            let corners = try #require(Projection.corners(of: layer.bounds, m))
            let whole = LayerShape(layer: layer, map: m, scale: Projection.pixelScale(of: layer.bounds, projected: corners),
                                   needsMask: true, canvas: canvas)
            let a = try #require(phase.body), b = try #require(whole.mask)
            #expect(a.bounds == b.bounds)
            if a.bounds == b.bounds {
                let worst = zip(a.coverage, b.coverage).map { abs(Int($0) - Int($1)) }.max() ?? 0
                #expect(worst <= 1)
                if worst == 0 { identical += 1 }
            }
        }
        #expect(identical >= 90, "almost always the same bytes")
    }
}
