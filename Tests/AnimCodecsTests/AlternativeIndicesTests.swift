@testable import AnimCodecs
import AnimRaster
import AnimTestRandom
import Testing

/// ``AlternativeIndices`` and its ``PaletteLookup`` against plain searches of the palette.
struct AlternativeIndicesTests {
    /// The lowest index other than `skipped` whose colour is `c`, by looking at every entry.
    static func firstIndex(of c: UInt32, in palette: [RGB8], skipping skipped: Int?) -> Int? {
        palette.indices.first { $0 != skipped && palette[$0].packed == c }
    }

    /// A palette of `count` colours drawn from `pool` (so some repeat).
    static func palette(_ count: Int, from pool: [UInt32], _ rng: inout SplitMix64) -> [RGB8] {
        (0..<count).map { _ in RGB8(packed: pool[rng.below(pool.count)]) }
    }

    @Test func theLookupFindsTheLowestIndexOfEachColourAndNothingElse() {
        var rng = SplitMix64(seed: 12)
        for round in 0..<60 {
            // Few distinct colours in some rounds (many repeats), all 24-bit colours in others.
            let pool = (0..<(round % 3 == 0 ? 40 : 5000)).map { _ in UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF }
            let palette = Self.palette(1 + rng.below(256), from: pool, &rng)
            let skipped: Int? = round % 2 == 0 ? rng.below(palette.count) : nil
            let lookup = PaletteLookup(palette, skipping: skipped)
            var queries = palette.map(\.packed) + pool.prefix(200)
            for _ in 0..<300 { queries.append(UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF) }
            for c in queries {
                #expect(lookup.index(of: c) == Self.firstIndex(of: c, in: palette, skipping: skipped), "round \(round), \(c)")
            }
        }
    }

    @Test func eachPixelGetsTheOtherIndexThatShowsTheSame() {
        var rng = SplitMix64(seed: 31)
        let (width, height) = (90, 70), rect = PixelRect(x: 7, y: 5, width: 61, height: 48)
        let pool = (0..<300).map { _ in UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF }
        for round in 0..<20 {
            let palette = Self.palette(255, from: pool, &rng) + [.black]
            let t = 255
            // The screen: clear, a palette colour or another colour; the frame: its own indices.
            let shown: [UInt32] = (0..<(width * height)).map { _ in
                switch rng.below(4) {
                case 0: OpaqueColors.transparent
                case 1, 2: palette[rng.below(255)].packed
                default: pool[rng.below(pool.count)]
                }
            }
            let indices = (0..<(rect.width * rect.height)).map { _ in UInt8(rng.below(4) == 0 ? t : rng.below(256)) }
            let image = IndexedImage(width: rect.width, height: rect.height, palette: palette, indices: indices, transparentIndex: t)
            var expected = indices
            for y in 0..<rect.height {
                for x in 0..<rect.width {
                    let under = shown[(rect.y + y) * width + rect.x + x], own = Int(indices[y * rect.width + x])
                    guard under != OpaqueColors.transparent else { continue }
                    if own == t, let k = Self.firstIndex(of: under, in: palette, skipping: t) {
                        expected[y * rect.width + x] = UInt8(k)
                    } else if own != t && palette[own].packed == under {
                        expected[y * rect.width + x] = UInt8(t)
                    }
                }
            }
            let changes = zip(expected, indices).filter { $0 != $1 }.count
            #expect(changes > 300, "round \(round)")
            for threads in [1, 2, 3] {
                let same = AlternativeIndices.of(image, over: shown, width: width, at: rect, threads: threads) == expected
                #expect(same, "round \(round), \(threads) threads")
            }
        }
    }
}
