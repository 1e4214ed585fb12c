@testable import AnimRaster
import AnimTestRandom
import Testing

/// `Texture` samples bilinearly through a pointer, with a shortcut on texel centres; both must give
/// what the bilinear rule written out plainly gives, transparent texels outside the image included.
struct TextureTests {
    @Test func samplesAsThePlainBilinearRule() {
        var random = SplitMix64(seed: 0x7E47)
        var bitmap = Bitmap(width: 7, height: 5)!
        for y in 0..<5 {
            for x in 0..<7 {
                let a = random.byte()
                bitmap[x, y] = PixelRGBA8(r: UInt8(random.below(Int(a) + 1)), g: UInt8(random.below(Int(a) + 1)),
                                          b: UInt8(random.below(Int(a) + 1)), a: a)
            }
        }
        // Texel centres, quarter and odd positions, the border's fade and points outside.
        var points: [(Double, Double)] = []
        for j in -4...24 { for i in -4...32 { points.append((Double(i) / 4, Double(j) / 4)) } }
        for _ in 0..<200 { points.append((Double(random.below(8001)) / 1000 - 0.5, Double(random.below(6001)) / 1000 - 0.5)) }
        Texture.with(bitmap) { texture in
            for (u, v) in points {
                #expect(texture.sample(u, v) == Self.plain(bitmap, u, v), "(\(u), \(v))")
            }
            #expect(texture.sample(2.5, 3.5) == Self.texel(bitmap, 2, 3))
        }
    }

    /// `Warp.pixel` rounds without libm's `round`: it must give `rounded()` clamped to 0…255, and
    /// 0 for infinities and NaN, as it did with it.
    @Test func roundsAsRounded() {
        func plain(_ v: Double) -> UInt8 { v.isFinite ? UInt8(min(255, max(0, v.rounded()))) : 0 }
        var values: [Double] = [-1, -0.5, -0.0, 0, 0.49999999999999994, 0.5, 1.5, 2.5, 127.5, 254.4, 254.5,
                                254.99999999999997, 255, 255.5, 256, 1e300, -1e300, .infinity, -.infinity, .nan,
                                .leastNonzeroMagnitude, 0.5.nextDown, 0.5.nextUp, 254.5.nextDown]
        var random = SplitMix64(seed: 0x20D)
        for _ in 0..<2000 { values.append(Double(random.below(270_001)) / 1000 - 5) }
        for v in values {
            let p = Warp.pixel(SIMD4(v, v, v, 255))
            #expect(p.r == plain(v) && p.a == 255, "\(v)")
        }
    }

    static func texel(_ b: Bitmap, _ x: Int, _ y: Int) -> SIMD4<Double> {
        guard x >= 0, y >= 0, x < b.width, y < b.height else { return SIMD4(repeating: 0) }
        let p = b[x, y]
        return SIMD4(Double(p.r), Double(p.g), Double(p.b), Double(p.a))
    }

    static func plain(_ b: Bitmap, _ u: Double, _ v: Double) -> SIMD4<Double> {
        let x = u - 0.5, y = v - 0.5
        guard x > -1, y > -1, x < Double(b.width), y < Double(b.height) else { return SIMD4(repeating: 0) }
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        let top = texel(b, x0, y0) * (1 - fx) + texel(b, x0 + 1, y0) * fx
        let bottom = texel(b, x0, y0 + 1) * (1 - fx) + texel(b, x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
