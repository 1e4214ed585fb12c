@testable import AnimRaster
import AnimTestRandom
import Testing

/// The mip chain's halvings against their definition: each texel of level k + 1 the rounded mean
/// (p₀ + p₁ + p₂ + p₃ + 2) >> 2 of a 2×2 block of level k per premultiplied channel, the last
/// column or row of an odd size averaged with itself.
struct MipChainTests {
    /// One halving straight from the definition, channel by channel.
    static func halved(_ texels: [UInt32], _ w: Int, _ h: Int) -> (texels: [UInt32], width: Int, height: Int) {
        let (dw, dh) = ((w + 1) / 2, (h + 1) / 2)
        var out: [UInt32] = []
        for y in 0..<dh {
            for x in 0..<dw {
                let xs = [2 * x, min(2 * x + 1, w - 1)], ys = [2 * y, min(2 * y + 1, h - 1)]
                var word: UInt32 = 0
                for channel in 0..<4 {
                    var sum: UInt32 = 2
                    for sy in ys { for sx in xs { sum += (texels[sy * w + sx] >> (8 * channel)) & 0xFF } }
                    word |= (sum >> 2) << (8 * channel)
                }
                out.append(word)
            }
        }
        return (out, dw, dh)
    }

    /// Random premultiplied words (every channel ≤ alpha).
    static func image(_ w: Int, _ h: Int, _ rng: inout SplitMix64) -> (Bitmap, [UInt32]) {
        var bytes: [UInt8] = []
        var words: [UInt32] = []
        for _ in 0..<(w * h) {
            // Extremes often, so every field reaches its largest sum.
            let a = rng.below(3) == 0 ? 255 : rng.byte()
            let rgb = (0..<3).map { _ in rng.below(3) == 0 ? a : UInt8(UInt32(rng.byte()) * UInt32(a) / 255) }
            bytes += rgb + [a]
            words.append(UInt32(rgb[0]) | UInt32(rgb[1]) << 8 | UInt32(rgb[2]) << 16 | UInt32(a) << 24)
        }
        return (Bitmap(width: w, height: h, pixels: bytes)!, words)
    }

    @Test func everyLevelIsTheDefinitionsMean() {
        var rng = SplitMix64(seed: 0x31A)
        // Even and odd sizes, narrower and wider than a vector step of four texels (eight columns).
        for (w, h) in [(1, 1), (2, 1), (1, 5), (3, 3), (7, 2), (8, 8), (9, 4), (15, 9), (16, 3), (17, 17), (40, 11), (63, 5)] {
            let (bitmap, words) = Self.image(w, h, &rng)
            let chain = MipChain.full(of: bitmap)
            var (expected, ew, eh) = (words, w, h)
            var levels = 0
            while ew > 1 || eh > 1 {
                (expected, ew, eh) = Self.halved(expected, ew, eh)
                let level = chain.levels[levels]
                #expect(level.width == ew && level.height == eh)
                let got = Array(chain.texels[level.offset..<(level.offset + ew * eh)])
                #expect(got == expected, "\(w)×\(h), level \(levels + 1)")
                levels += 1
            }
            #expect(chain.levels.count == levels, "\(w)×\(h)")
        }
    }

    @Test func fourBlocksAtOnceEqualOneAtATime() {
        var rng = SplitMix64(seed: 0x4B)
        for round in 0..<20_000 {
            // Every field at 0 or 255 in some rounds: the sums' extremes.
            func word() -> UInt64 { round % 4 == 0 ? (rng.below(2) == 0 ? 0 : ~0) : rng.next() }
            let top = SIMD4<UInt64>(word(), word(), word(), word())
            let bottom = SIMD4<UInt64>(word(), word(), word(), word())
            let four = MipChain.averageFours(top, bottom)
            for i in 0..<4 {
                func split(_ v: UInt64) -> (UInt32, UInt32) { (UInt32(truncatingIfNeeded: v), UInt32(truncatingIfNeeded: v >> 32)) }
                let (a, b) = split(top[i]), (c, d) = split(bottom[i])
                #expect(four[i] == MipChain.average(a, b, c, d), "round \(round), lane \(i)")
            }
        }
    }
}
