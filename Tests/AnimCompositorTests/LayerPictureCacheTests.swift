@testable import AnimCompositor
import AnimGeometry
import AnimRaster
import AnimTestRandom
import Testing

/// Kept pictures of a layer's shadow, background and border: made on the second sighting, found
/// again wherever the same stored masks are moved by whole pixels, and never handed to masks with
/// other coverage.
struct LayerPictureCacheTests {
    static func mask(_ rng: inout SplitMix64, at x: Int, _ y: Int, _ w: Int, _ h: Int) -> CoverageMask {
        CoverageMask(bounds: PixelRect(minX: x, minY: y, maxX: x + w, maxY: y + h),
                     coverage: (0..<(w * h)).map { _ in rng.pick([0, 255, rng.byte()]) })
    }

    static func moved(_ fills: [SolidFill], _ dx: Int, _ dy: Int) -> [SolidFill] {
        func move(_ m: CoverageMask) -> CoverageMask { m.translated(x: dx, y: dy) }
        return fills.map { SolidFill(move($0.mask), color: $0.color, under: $0.under.map(move)) }
    }

    func layer(_ rng: inout SplitMix64) -> [SolidFill] {
        let body = Self.mask(&rng, at: 10, 12, 30, 20)
        return [SolidFill(Self.mask(&rng, at: 4, 8, 44, 34), color: PixelRGBA8(r: 0, g: 0, b: 0, a: 102), under: body),
                SolidFill(body, color: PixelRGBA8(r: 200, g: 40, b: 10, a: 255)),
                SolidFill(Self.mask(&rng, at: 10, 12, 30, 20), color: PixelRGBA8(r: 255, g: 255, b: 255, a: 255))]
    }

    @Test func aPictureIsMadeOnTheSecondSightingAndFoundWhereverTheMasksMove() throws {
        var rng = SplitMix64(seed: 0x9C7)
        let cache = LayerPictureCache()
        let fills = layer(&rng), initial = PixelRGBA8(r: 242, g: 242, b: 247, a: 255)
        #expect(cache.picture(of: fills, over: initial) == nil, "first sighting: nothing made")
        let made = try #require(cache.picture(of: fills, over: initial))
        let expected = try #require(LayerPicture(fills, over: initial))
        #expect(made.bounds == expected.bounds && made.bytes == expected.bytes)
        // The same stored masks 37 px right and 5 px up: the kept picture, moved with them.
        let moved = Self.moved(fills, 37, -5)
        let found = try #require(cache.picture(of: moved, over: initial))
        let there = try #require(LayerPicture(moved, over: initial))
        #expect(found.bounds == there.bounds && found.bytes == there.bytes)
        // Another initial colour is another picture.
        #expect(cache.picture(of: fills, over: .transparent) == nil)
    }

    @Test func aPictureThatWouldNotBeKeptIsNotMade() throws {
        var rng = SplitMix64(seed: 0x5A11)
        let fills = layer(&rng), initial = PixelRGBA8(r: 255, g: 255, b: 255, a: 255)
        // 44 × 34 px of picture: 6,240 bytes with the entry's overhead.
        let small = LayerPictureCache(capacity: 4 * 6_000)
        #expect(small.picture(of: fills, over: initial) == nil)
        #expect(small.picture(of: fills, over: initial) == nil, "above a quarter of the budget: never made")
        let roomy = LayerPictureCache(capacity: 4 * 6_240)
        #expect(roomy.picture(of: fills, over: initial) == nil)
        #expect(roomy.picture(of: fills, over: initial) != nil, "a quarter of the budget: made and kept")
        #expect(roomy.picture(of: Self.moved(fills, 3, 4), over: initial) != nil, "kept: found moved")
        // Room for three more; a fifth layer finds the budget full and gets no picture.
        for k in 0..<4 {
            let other = layer(&rng)
            #expect(roomy.picture(of: other, over: initial) == nil)
            let made = roomy.picture(of: other, over: initial) != nil
            #expect(made == (k < 3), "layer \(k + 2) of 5")
        }
    }

    @Test func masksWithOtherCoverageNeverGetAnotherLayersPicture() throws {
        var rng = SplitMix64(seed: 0x51DE)
        let cache = LayerPictureCache()
        let initial = PixelRGBA8(r: 255, g: 255, b: 255, a: 255)
        for _ in 0..<40 {
            // Fresh masks each time (new storage, new bytes, the same bounds and colours): each is
            // either not drawn from a picture or drawn from its own.
            let fills = layer(&rng)
            for _ in 0..<2 {
                guard let picture = cache.picture(of: fills, over: initial) else { continue }
                let own = try #require(LayerPicture(fills, over: initial))
                #expect(picture.bytes == own.bytes)
            }
        }
    }
}
