import AnimGeometry
import Foundation
@testable import AnimRaster
import AnimTestRandom
import Testing

/// `Blend.picture(of:image:opacity:)` draws an image fill into a bitmap the size of the mask's
/// bounds. Its bytes must be exactly those the fill writes over a transparent canvas there: the
/// shaders are evaluated at device positions, so moving the destination must not move the samples.
struct ImagePictureTests {
    /// An affine or projective map, axis-aligned or turned, from magnification to minification.
    static func map(_ rng: inout SplitMix64) -> Homography {
        switch rng.below(3) {
        case 0:
            return AffineImageRunsTests.map(&rng)
        case 1:
            let angle = Double(rng.below(628)) / 100, s = rng.pick([0.3, 0.9, 1.7, 4.0])
            let c = cos(angle) * s, n = sin(angle) * s
            return Homography(c, n, 0, -n, c, 0, Double(rng.below(60)) - 30, Double(rng.below(60)) - 30, 1)
        default:
            let p = Double(rng.below(200)) / 40_000 - 0.0025
            return Homography(0.8, 0.1, p, -0.05, 1.1, p / 2, 3, -2, 1)
        }
    }

    /// A mask inside a canvas of `width` × `height`, as the compositor clips draws to the canvas.
    static func mask(_ rng: inout SplitMix64, _ width: Int, _ height: Int) -> CoverageMask? {
        let whole = AffineImageRunsTests.mask(&rng, width, height)
        let bounds = whole.bounds.intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !bounds.isEmpty else { return nil }
        var coverage: [UInt8] = []
        for y in bounds.minY..<bounds.maxY {
            for x in bounds.minX..<bounds.maxX { coverage.append(whole[x, y]) }
        }
        return CoverageMask(bounds: bounds, coverage: coverage)
    }

    @Test func aPictureHoldsTheBytesTheFillWritesOverTransparentPixels() throws {
        var rng = SplitMix64(seed: 7)
        var projective = 0, offset = 0
        for round in 0..<300 {
            let image = try AffineImageRunsTests.image(&rng, 1 + rng.below(40), 1 + rng.below(30))
            let width = 1 + rng.below(80), height = 1 + rng.below(40)
            let map = Self.map(&rng)
            let paint = ImagePaint(image: image, deviceToImage: map, filter: rng.below(5) == 0 ? .nearest : .bilinear)
            guard let mask = Self.mask(&rng, width, height) else { continue }
            let opacity = rng.pick([255, 255, 1, 128, rng.byte()])
            var canvas = try #require(Bitmap(width: width, height: height))
            Blend.fill(mask, image: paint, opacity: opacity, into: &canvas)
            let picture = try #require(Blend.picture(of: mask, image: paint, opacity: opacity))
            let b = mask.bounds
            #expect(picture.width == b.width && picture.height == b.height)
            var first: (Int, Int)?
            for y in b.minY..<b.maxY {
                for x in b.minX..<b.maxX where first == nil && picture[x - b.minX, y - b.minY] != canvas[x, y] {
                    first = (x, y)
                }
            }
            #expect(first == nil, "round \(round): pixel \(first.map { "\($0)" } ?? ""), \(map), canvas \(width)×\(height)")
            if !map.isAffine { projective += 1 }
            if b.minX > 0 || b.minY > 0 { offset += 1 }
        }
        #expect(projective > 50 && offset > 100)
    }

    @Test func premultipliedMeansNoChannelAboveAlpha() throws {
        let ok = try #require(Bitmap(width: 3, height: 1, pixels: [0, 0, 0, 0, 10, 20, 30, 30, 255, 255, 255, 255]))
        #expect(ok.isPremultiplied)
        for channel in 0..<3 {
            for pixel in 0..<3 {
                var bytes = ok.pixels
                let alpha = bytes[pixel * 4 + 3]
                guard alpha < 255 else { continue }
                bytes[pixel * 4 + channel] = alpha + 1
                let bad = try #require(Bitmap(width: 3, height: 1, pixels: bytes))
                #expect(!bad.isPremultiplied, "channel \(channel) of pixel \(pixel)")
            }
        }
    }
}
