@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimTestRandom
import Testing

/// Plain layers (background, border, blurred shadow, no sublayers) drawn again at a sub-pixel
/// phase they had before come from ``PlainLayerCache`` (after their pictures are made on a second
/// sighting); the frames must be those drawn without it: the first render moved by whole pixels.
struct PlainLayerCacheTests: CompositorFixture {
    func tree(_ layers: [LayerProperties]) -> LayerTree {
        var tree = LayerTree()
        for (i, p) in layers.enumerated() { tree.append(id: "tile-\(i)", properties: p, parent: nil) }
        return tree
    }

    func tile(_ rng: inout SplitMix64, at origin: Point) -> LayerProperties {
        layer(Rect(x: origin.x, y: origin.y, width: Double(30 + rng.below(40)), height: Double(24 + rng.below(30))),
              Color(red: Double(rng.below(256)) / 255, green: 0.4, blue: 0.7, alpha: rng.pick([1, 1, 0.6]))) {
            $0.cornerRadius = Double(rng.below(14))
            $0.borderWidth = rng.pick([0, 2, 3.5])
            $0.borderColor = .white
            $0.shadowOpacity = 0.5
            $0.shadowRadius = Double(4 + rng.below(6))
            $0.shadowOffset = Size(width: Double(rng.below(5)) - 2, height: Double(rng.below(7)))
        }
    }

    /// `b`'s pixels moved by (dx, dy), the uncovered ones left as in `b`.
    static func moved(_ b: Bitmap, _ dx: Int, _ dy: Int) -> Bitmap {
        var out = b
        for y in 0..<b.height where y - dy >= 0 && y - dy < b.height {
            for x in 0..<b.width where x - dx >= 0 && x - dx < b.width {
                let s = ((y - dy) * b.width + (x - dx)) * 4, d = (y * b.width + x) * 4
                for c in 0..<4 { out.pixels[d + c] = b.pixels[s + c] }
            }
        }
        return out
    }

    @Test func framesFromKeptLayersAreTheFirstFramesMoved() throws {
        var rng = SplitMix64(seed: 0x7113)
        for round in 0..<12 {
            let spec = CanvasSpec(width: 320, height: 240, scale: 1, background: Color(red: 0.95, green: 0.95, blue: 0.97, alpha: 1))
            var compositor = Compositor(canvas: spec)
            compositor.bandRows = rng.pick([0, 7, 40])
            // Tiles at fractional places in a row, apart, well inside the canvas.
            let fraction = Point(x: Double(rng.below(256)) / 256 + 0.001 * Double(rng.below(7)), y: Double(rng.below(3)) / 3)
            var layers: [LayerProperties] = []
            for k in 0..<3 { layers.append(tile(&rng, at: Point(x: 40 + Double(k) * 80 + fraction.x, y: 60 + fraction.y))) }
            let first = try #require(compositor.render(tree(layers)))
            let (dx, dy) = (rng.below(30) - 15, rng.below(30) - 15)
            let shifted = layers.map { p -> LayerProperties in
                var q = p
                q.position = Point(x: p.position.x + Double(dx), y: p.position.y + Double(dy))
                return q
            }
            let expected = Self.moved(first, dx, dy)
            // The second sighting makes the pictures; the third and fourth take the kept layers.
            for pass in 0..<4 {
                let frame = try #require(compositor.render(tree(pass % 2 == 0 ? shifted : layers)))
                let same = frame == (pass % 2 == 0 ? expected : first)
                #expect(same, "round \(round), pass \(pass), moved by (\(dx), \(dy))")
                if !same { return }
            }
        }
    }

    @Test func aKeptLayerIsNotTakenWhereItWouldLeaveTheCanvas() throws {
        let entry = PlainLayerCache.Entry(
            fills: [SolidFill(CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 4, maxY: 3), coverage: [UInt8](repeating: 200, count: 12)),
                              color: PixelRGBA8(r: 0, g: 0, b: 0, a: 100))],
            picture: try #require(LayerPicture([SolidFill(CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 4, maxY: 3),
                                                                              coverage: [UInt8](repeating: 200, count: 12)),
                                                          color: PixelRGBA8(r: 0, g: 0, b: 0, a: 100))], over: .transparent)))
        let canvas = PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10)
        #expect(entry.placed(x: 6, y: 7, inside: canvas)?.picture.bounds == PixelRect(minX: 6, minY: 7, maxX: 10, maxY: 10))
        #expect(entry.placed(x: 7, y: 0, inside: canvas) == nil)
        #expect(entry.placed(x: -1, y: 2, inside: canvas) == nil)
        #expect(entry.placed(x: 2, y: 2, inside: canvas)?.fills[0].mask.bounds == PixelRect(minX: 2, minY: 2, maxX: 6, maxY: 5))
    }
}
