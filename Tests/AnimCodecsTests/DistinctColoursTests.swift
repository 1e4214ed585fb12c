@testable import AnimCodecs
import AnimTestRandom
import Testing

/// ``DistinctColours`` counts in a table that starts small and doubles as colours arrive: the
/// counts must be a plain count's, and a frame must be refused exactly when it has more colours
/// than the limit, wherever the table grows and wherever the limit falls.
struct DistinctColoursTests {
    /// `count` pixels drawn from `distinct` colours (each present), in runs of 1–6, with transparent marks.
    static func pixels(distinct: Int, count: Int, seed: UInt64) -> [UInt32] {
        var rng = SplitMix64(seed: seed)
        let palette = (0..<distinct).map { k in UInt32(truncatingIfNeeded: k &* 0x9E_3779) & 0xFF_FFFF }
        #expect(Set(palette).count == distinct)
        var out = palette  // every colour at least once
        while out.count < count {
            let c = rng.below(9) == 0 ? OpaqueColors.transparent : palette[rng.below(distinct)]
            out.append(contentsOf: repeatElement(c, count: 1 + rng.below(6)))
        }
        for i in out.indices.reversed() { out.swapAt(i, rng.below(i + 1)) }
        return out
    }

    /// The colours and counts by a dictionary, sorted by colour.
    static func reference(_ pixels: [UInt32]) -> [(colour: UInt32, count: Int)] {
        var counts: [UInt32: Int] = [:]
        for c in pixels where c != OpaqueColors.transparent { counts[c, default: 0] += 1 }
        return counts.keys.sorted().map { ($0, counts[$0]!) }
    }

    @Test(arguments: [1, 255, 256, 257, 1025, 4096, 16_384])
    func countsAreAPlainCountsAndTheLimitIsExact(distinct: Int) {
        let pixels = Self.pixels(distinct: distinct, count: max(3 * distinct, 20_000), seed: UInt64(distinct))
        let expected = Self.reference(pixels)
        #expect(expected.count == distinct)
        let width = 100  // rows of 100 pixels, so that several threads cut them into bands
        let rows = pixels.count / width
        let framed = Array(pixels[..<(rows * width)])
        let framedExpected = Self.reference(framed)
        for threads in [1, 2, 4] {
            let input = threads == 1 ? pixels : framed, truth = threads == 1 ? expected : framedExpected
            for limit in [truth.count - 1, truth.count, truth.count + 1, 16_384] where limit >= 1 {
                let counted = DistinctColours.count(input, limit: limit, width: threads == 1 ? 0 : width, threads: threads)
                if truth.count > limit {
                    #expect(counted == nil, "\(distinct) colours, limit \(limit), \(threads) threads")
                } else {
                    let same = counted.map { $0.map(\.colour) == truth.map(\.colour) && $0.map(\.count) == truth.map(\.count) }
                    #expect(same == true, "\(distinct) colours, limit \(limit), \(threads) threads")
                }
            }
        }
    }
}
