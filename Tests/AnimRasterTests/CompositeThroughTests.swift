@testable import AnimRaster
import AnimTestRandom
import Testing

/// `Blend.composite(_:at:_:through:rows:into:)` against the three passes it stands for: the picture
/// composited into a transparent offscreen, the offscreen clipped by the mask (`Blend.clip`) and
/// composited at full opacity over its drawn area. Random premultiplied pictures and destinations
/// (opaque, translucent and clear pixels), masks with runs of 0, 255 and partial coverage that
/// overhang the picture and the canvas, pictures partly off the canvas, and bands of rows.
struct CompositeThroughTests {
    static func randomPixels(_ count: Int, _ rng: inout SplitMix64) -> [UInt8] {
        var pixels: [UInt8] = []
        for _ in 0..<count {
            let a = rng.pick([0, 255, 255, rng.byte()])
            for _ in 0..<3 { pixels.append(UInt8(UInt32(rng.byte()) * UInt32(a) / 255)) }
            pixels.append(a)
        }
        return pixels
    }

    static func randomMask(_ bounds: PixelRect, _ rng: inout SplitMix64) -> CoverageMask {
        var coverage: [UInt8] = []
        while coverage.count < bounds.width * bounds.height {
            let value = rng.pick([0, 255, 255, rng.byte()])
            coverage += repeatElement(value, count: 1 + rng.below(rng.pick([3, 12, 40])))
        }
        return CoverageMask(bounds: bounds, coverage: Array(coverage.prefix(bounds.width * bounds.height)))
    }

    @Test func oneStepGivesTheBytesOfTheOffscreenPasses() throws {
        var rng = SplitMix64(seed: 0x7A0)
        for round in 0..<400 {
            let width = 1 + rng.below(rng.pick([12, 50, 100])), height = 1 + rng.below(24)
            let canvas = try #require(Bitmap(width: width, height: height, pixels: Self.randomPixels(width * height, &rng)))
            let pw = 1 + rng.below(width + 8), ph = 1 + rng.below(height + 4)
            let picture = try #require(Bitmap(width: pw, height: ph, pixels: Self.randomPixels(pw * ph, &rng)))
            let x = rng.below(width + 8) - 6, y = rng.below(height + 6) - 4
            let mask = Self.randomMask(PixelRect(minX: rng.below(width + 8) - 5, minY: rng.below(height + 6) - 3,
                                                 maxX: width + rng.below(6) - 2, maxY: height + rng.below(6) - 2), &rng)
            guard !mask.bounds.isEmpty else { continue }
            let top = rng.below(height)
            let rows = rng.below(3) == 0 ? top..<(top + 1 + rng.below(height)) : PixelRect.allRows

            var offscreen = try #require(Bitmap(width: width, height: height, filledWith: PixelRGBA8(r: 0, g: 0, b: 0, a: 0)))
            Blend.composite(picture, at: x, y, rows: rows, into: &offscreen)
            let drawn = PixelRect(minX: x, minY: y, maxX: x + pw, maxY: y + ph)
            Blend.clip(&offscreen, to: mask, area: drawn)
            var expected = canvas
            let area = drawn.intersection(mask.bounds).clipped(toRows: rows)
            Blend.composite(offscreen, opacity: 255, area: area, into: &expected)

            var actual = canvas
            Blend.composite(picture, at: x, y, through: mask, rows: rows, into: &actual)
            #expect(actual == expected, "round \(round)")
        }
    }
}
