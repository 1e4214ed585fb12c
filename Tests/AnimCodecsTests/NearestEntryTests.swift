@testable import AnimCodecs
import AnimTestRandom
import Testing

/// ``NearestEntry`` gives exactly what comparing every entry gives (``VarianceCut/nearest(_:in:)``).
struct NearestEntryTests {
    @Test func sameAnswerAsComparingEveryEntryIncludingTies() {
        var rng = SplitMix64(seed: 41)
        for round in 0..<40 {
            // Coarse channels (multiples of 16 in some rounds) make equal distances, and repeated
            // entries make equal colours: the lowest index must still win.
            let step = round % 2 == 0 ? 1 : 16
            let count = 1 + rng.below(256)
            var palette = (0..<count).map { _ in
                Colour(r: rng.below(256 / step) * step, g: rng.below(256 / step) * step, b: rng.below(256 / step) * step)
            }
            if count > 4 { palette[count - 1] = palette[1] }
            let nearest = NearestEntry(palette)
            for _ in 0..<1000 {
                // In coarse rounds, queries halfway between entries' reds tie on red alone.
                let c = step == 1 ? Colour(r: rng.below(256), g: rng.below(256), b: rng.below(256))
                    : Colour(r: rng.below(32) * 8, g: rng.below(16) * 16, b: rng.below(16) * 16)
                #expect(nearest(c) == VarianceCut.nearest(c, in: palette), "round \(round), \(c)")
            }
            for (i, p) in palette.enumerated() { #expect(nearest(p) == VarianceCut.nearest(p, in: palette), "entry \(i)") }
        }
    }
}
