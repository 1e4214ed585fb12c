@testable import AnimCodecs
import AnimRaster
import AnimTestRandom
import Foundation
import Testing

/// Near indices (``NearIndices``) and the LZW choice among a pixel's own, exact-alternative and
/// near index (``LZWEncoder/choose(_:alternatives:near:minCodeSize:)``), decoded by giflib.
struct GIFNearIndexTests {
    /// Squared RGB distance.
    static func error(_ a: UInt32, _ b: UInt32) -> Int { NearIndices.distance(a, b) }

    /// `frames` tiles (``GIFQualityTests/tiles()``) sliding down one pixel a frame while fading by 2 %
    /// a frame towards the background, like the benchmark grid.
    static func fadingTiles(_ count: Int) -> [Bitmap] {
        let tiles = GIFQualityTests.tiles(), bg = GIFQualityTests.background
        return (0..<count).map { k in
            let f = 1 - 0.02 * Double(k)
            return Bitmap.make(width: tiles.width, height: tiles.height) { x, y in
                let p = tiles[x, max(0, y - k)]
                func mix(_ c: UInt8, _ b: UInt8) -> UInt8 {
                    let v: Double = Double(c) * f + Double(b) * (1 - f)
                    return UInt8(v.rounded())
                }
                return PixelRGBA8(r: mix(p.r, bg.r), g: mix(p.g, bg.g), b: mix(p.b, bg.b), a: 255)
            }
        }
    }

    @Test func theChoiceTakesOnlyOfferedIndicesAndDecodesToThemThroughGiflib() throws {
        var rng = SplitMix64(seed: 21)
        let palette: [RGB8] = (0..<16).map { (k: Int) -> RGB8 in
            let r = UInt8(k * 16), g = UInt8(255 - k * 16), b = UInt8(k * 7)
            return RGB8(r: r, g: g, b: b)
        }
        let (w, h) = (96, 64)
        // Runs of a few indices with noise; every pixel offers a random alternative and near index.
        var indices = [UInt8](repeating: 0, count: w * h), alternatives = indices, near = indices
        for i in indices.indices {
            indices[i] = UInt8((i / 7) % 5)
            if rng.next() % 4 == 0 { indices[i] = UInt8(rng.next() % 16) }
            alternatives[i] = rng.next() % 3 == 0 ? UInt8(rng.next() % 16) : indices[i]
            near[i] = rng.next() % 2 == 0 ? UInt8(rng.next() % 16) : indices[i]
        }
        let chosen = LZWEncoder.choose(indices, alternatives: alternatives, near: near, minCodeSize: 4)
        #expect(chosen == LZWEncoder.choose(indices, alternatives: alternatives, near: near, minCodeSize: 4))
        #expect(chosen.indices.allSatisfy { [indices[$0], alternatives[$0], near[$0]].contains(chosen[$0]) })
        #expect(chosen.indices.contains { chosen[$0] == near[$0] && near[$0] != indices[$0] && near[$0] != alternatives[$0] })
        // The chosen indices compress to fewer bytes than the pixels' own indices.
        let withChoice = LZWEncoder.encode(chosen, alternatives: nil, minCodeSize: 4)
        let without = LZWEncoder.encode(indices, alternatives: nil, minCodeSize: 4)
        #expect(withChoice.count < without.count, "\(withChoice.count) vs \(without.count) bytes")
        var encoder = try GIFEncoder(width: w, height: h, loopCount: nil)
        try encoder.add(IndexedImage(width: w, height: h, palette: palette, indices: chosen, transparentIndex: nil),
                        delayCentiseconds: 4)
        let decoded = try #require(try GIFDecoder.decode(try encoder.finish()).frames.first).image
        for y in 0..<h {
            for x in 0..<w {
                let c = palette[Int(chosen[y * w + x])], p = decoded[x, y]
                #expect(RGB8(r: p.r, g: p.g, b: p.b) == c)
            }
        }
    }

    @Test func nearIndicesStayWithinTheirBoundAndExactFramesGetNone() {
        let image = GIFQualityTests.tiles()
        let colors = OpaqueColors.packed(image, reserveTransparent: false, matte: .black)
        let indexed = Quantizer.quantize(colors: colors, width: image.width, height: image.height, maxColors: 256,
                                         reserveTransparent: false, dither: OrderedDither(strength: 0.7))
        let clear = [UInt32](repeating: OpaqueColors.transparent, count: colors.count)
        let rect = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        for bound in [1, 2, 5] {
            let near = NearIndices.of(indexed, source: colors, shown: clear, width: image.width, at: rect,
                                      alternatives: nil, bound: bound)
            guard let n = near else {
                Issue.record("bound \(bound): no near indices")
                continue
            }
            var moved = 0
            for i in colors.indices where n[i] != indexed.indices[i] {
                moved += 1
                let own = Self.error(indexed.palette[Int(indexed.indices[i])].packed, colors[i])
                #expect(Self.error(indexed.palette[Int(n[i])].packed, colors[i]) <= own + bound)
            }
            #expect(moved > 0, "bound \(bound): some pixel has a near index")
        }
        #expect(NearIndices.of(indexed, source: colors, shown: clear, width: image.width, at: rect,
                               alternatives: nil, bound: 0) == nil)
        // A frame the palette holds exactly has no near indices, whatever the bound.
        let few = colors.map { $0 & 0xC0C0C0 }
        let exact = Quantizer.quantize(colors: few, width: image.width, height: image.height, maxColors: 256,
                                       reserveTransparent: false)
        #expect(NearIndices.of(exact, source: few, shown: clear, width: image.width, at: rect, alternatives: nil, bound: 9) == nil)
    }

    @Test func fadingTilesDecodeThroughGiflibCloseToTheSourceAndDeterministic() throws {
        let frames = Self.fadingTiles(8)
        func encode(_ quality: Int) throws -> [UInt8] {
            var encoder = try GIFAnimationEncoder(width: frames[0].width, height: frames[0].height, loopCount: 0,
                                                  options: GIFOptions(quality: quality))
            for f in frames { try encoder.add(f, delay: 2) }
            return try encoder.finish()
        }
        let near = try encode(85), again = try encode(85)
        #expect(near == again, "identical bytes from identical frames")
        #expect(GIFQuality.nearError(85) == 1 && GIFQuality.nearError(95) == 0 && GIFQuality.nearError(100) == 0)
        let decoded = try GIFDecoder.decode(near).frames.map(\.image)
        #expect(decoded.count == frames.count)
        // Measured 57.5 dB (quality 85, near error 1) against the source frames.
        let psnrs = zip(frames, decoded).map { GIFQualityTests.psnr($0, $1) }
        let mean = psnrs.reduce(0, +) / Double(psnrs.count)
        #expect(mean > 56.5, "mean \(mean) dB, per frame \(psnrs)")
        // A static area (the background row at the top, never covered) never changes.
        for image in decoded {
            for x in 0..<image.width { #expect(image[x, 0] == frames[0][x, 0]) }
        }
    }
}
