import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// The run path of axis-aligned affine image fills (columns blended once per row) against the
/// per-pixel path: every byte must match, over random images, maps, opacities, masks and
/// destinations, with positions past the image's edges and mip levels.
struct AffineImageRunsTests {
    static func image(_ rng: inout SplitMix64, _ width: Int, _ height: Int) throws -> Bitmap {
        var pixels: [UInt8] = []
        for _ in 0..<(width * height) {
            let a = rng.pick([0, 255, 255, rng.byte()])
            for _ in 0..<3 { pixels.append(UInt8(UInt32(rng.byte()) * UInt32(a) / 255)) }
            pixels.append(a)
        }
        return try #require(Bitmap(width: width, height: height, pixels: pixels))
    }

    /// Coverage with runs of zeros, full and partial coverage, over an area that may overhang the canvas.
    static func mask(_ rng: inout SplitMix64, _ width: Int, _ height: Int) -> CoverageMask {
        let minX = rng.below(9) - 4, minY = rng.below(9) - 4
        let w = max(1, width + rng.below(9) - 4 - minX), h = max(1, height + rng.below(9) - 4 - minY)
        var coverage: [UInt8] = []
        while coverage.count < w * h {
            let value = rng.pick([0, 255, 255, rng.byte()])
            coverage += [UInt8](repeating: value, count: 1 + rng.below(rng.pick([3, 40, 400])))
        }
        return CoverageMask(bounds: PixelRect(minX: minX, minY: minY, maxX: minX + w, maxY: minY + h),
                            coverage: Array(coverage.prefix(w * h)))
    }

    /// x ↦ a·x + g, y ↦ e·y + h (over W = i), scales from strong magnification to minification
    /// past several mip levels, flips, and translations that run off every edge.
    static func map(_ rng: inout SplitMix64) -> Homography {
        func scale() -> Double {
            let s = rng.pick([1.0, 0.5, 0.875, 1.0 / 7, 2, 2.5, 3.3, 5.75, 9]) * (1 + Double(rng.below(100)) / 1000)
            return rng.below(4) == 0 ? -s : s
        }
        let a = scale(), e = scale(), i = rng.pick([1.0, 1.0, 2.0, 0.75])
        let g = Double(rng.below(4000)) / 100 - 20, h = Double(rng.below(4000)) / 100 - 20
        return Homography(a * i, 0, 0, 0, e * i, 0, g * i, h * i, i)
    }

    @Test func runsEqualPixelByPixel() throws {
        var rng = SplitMix64(seed: 42)
        var mipMaps = 0, clamped = 0
        for round in 0..<400 {
            let image = try Self.image(&rng, 1 + rng.below(40), 1 + rng.below(30))
            let width = round % 20 == 0 ? 300 + rng.below(300) : 1 + rng.below(70), height = 1 + rng.below(30)
            let map = Self.map(&rng)
            let paint = ImagePaint(image: image, deviceToImage: map)
            if paint.mipLevelCount > 1 { mipMaps += 1 }
            let corner = map.apply(Point(x: 0, y: 0)), far = map.apply(Point(x: Double(width), y: Double(height)))
            if min(corner.x, far.x) < 0 || max(corner.x, far.x) > Double(image.width) { clamped += 1 }
            let mask = Self.mask(&rng, width, height)
            let opacity = rng.pick([255, 255, 0, 1, 128, rng.byte()])
            var background: [UInt8] = []
            for _ in 0..<(width * height * 4) { background.append(rng.pick([0, 255, rng.byte()])) }
            var runs = try #require(Bitmap(width: width, height: height, pixels: background))
            var pixels = runs
            Blend.fill(mask, image: paint, opacity: opacity, into: &runs)
            Blend.fill(mask, image: paint, opacity: opacity, into: &pixels, runs: false)
            let differs = runs.pixels.indices.first { runs.pixels[$0] != pixels.pixels[$0] }
            #expect(differs == nil, "round \(round): byte \(differs ?? 0), \(map), image \(image.width)×\(image.height), canvas \(width)×\(height), opacity \(opacity)")
        }
        // The random cases reach what they are meant to.
        #expect(mipMaps > 100 && clamped > 200)
    }
}
