@testable import AnimCodecs
import AnimTestRandom
import Testing

/// ``BoxCutter`` splits a box in time linear in its size (a counting sort by the channel and a
/// stable partition, moments carried over instead of summed again). The cuts must be exactly those
/// of the definition in ``VarianceCut``: each split box's samples sorted by the channel, then by
/// sample number, cut where the two halves' summed squared error is least.
struct VarianceCutTests {
    /// The definition, as plainly as it can be written: every box's samples re-sorted and re-summed.
    static func referenceCut(_ samples: [ColourSample], limit: Int) -> [Colour] {
        guard !samples.isEmpty else { return [Colour(r: 0, g: 0, b: 0)] }
        var boxes: [[Int]] = [Array(samples.indices)]
        while boxes.count < limit {
            let errors = boxes.map { ReferenceMoments($0, samples).error }
            var best = -1
            for (i, box) in boxes.enumerated() where box.count > 1 && errors[i] > 0 {
                if best < 0 || errors[i] > errors[best] { best = i }
            }
            guard best >= 0 else { break }
            let whole = ReferenceMoments(boxes[best], samples), axis = whole.widestChannel
            let sorted = boxes[best].sorted { a, b in
                let (ca, cb) = (samples[a].mean.channel(axis), samples[b].mean.channel(axis))
                return ca != cb ? ca < cb : a < b
            }
            var left = ReferenceMoments([], samples)
            var bestAt = 1, bestError = Double.infinity
            for at in 1..<sorted.count {
                left.add(samples[sorted[at - 1]])
                let e = left.error + whole.minus(left).error
                if e < bestError { (bestAt, bestError) = (at, e) }
            }
            boxes[best] = Array(sorted[..<bestAt])
            boxes.append(Array(sorted[bestAt...]))
        }
        return boxes.map { ReferenceMoments($0, samples).mean }
    }

    @Test(arguments: [false, true])
    func cutsAreTheDefinitionsCuts(coarse: Bool) {
        for (count, limit) in [(1, 255), (2, 255), (3, 2), (40, 255), (700, 255), (3000, 256), (3000, 15), (5000, 2)] {
            let samples = BandedPaletteTests.samples(count, coarse: coarse, seed: UInt64(count * 7 + limit))
            let cut = VarianceCut.cut(samples, limit: limit)
            let reference = Self.referenceCut(samples, limit: limit)
            #expect(cut.count == reference.count, "\(count) samples, limit \(limit)")
            #expect(cut == reference, "\(count) samples, limit \(limit)")
        }
    }

    /// Samples that agree on the cut channel in long runs (one red value for hundreds of them), so
    /// the cut falls inside a run of equal values and the sample numbers decide who goes left.
    @Test func cutsInsideRunsOfEqualChannelValuesFollowTheSampleNumbers() {
        var rng = SplitMix64(seed: 3)
        let samples = (0..<2000).map { k -> ColourSample in
            let c = Colour(r: [0, 128, 255][k % 3], g: rng.below(4) * 60, b: rng.below(256))
            let w = 1 + rng.below(5)
            return ColourSample(sum: ColourSum(weight: w, r: c.r * w, g: c.g * w, b: c.b * w), mean: c)
        }
        for limit in [2, 3, 7, 64, 255] {
            #expect(VarianceCut.cut(samples, limit: limit) == Self.referenceCut(samples, limit: limit), "limit \(limit)")
        }
    }
}

/// Weight, channel sums and summed squares of some samples, and the errors ``VarianceCut`` defines.
private struct ReferenceMoments {
    var w = 0, r = 0, g = 0, b = 0, rr = 0, gg = 0, bb = 0

    init(_ members: [Int], _ samples: [ColourSample]) {
        for k in members { add(samples[k]) }
    }

    mutating func add(_ s: ColourSample) {
        (w, r, g, b) = (w + s.sum.weight, r + s.sum.r, g + s.sum.g, b + s.sum.b)
        rr += s.sum.weight * s.mean.r * s.mean.r
        gg += s.sum.weight * s.mean.g * s.mean.g
        bb += s.sum.weight * s.mean.b * s.mean.b
    }

    func minus(_ o: ReferenceMoments) -> ReferenceMoments {
        var d = self
        (d.w, d.r, d.g, d.b, d.rr, d.gg, d.bb) = (w - o.w, r - o.r, g - o.g, b - o.b, rr - o.rr, gg - o.gg, bb - o.bb)
        return d
    }

    private func channelError(_ squares: Int, _ s: Int) -> Double {
        w > 0 ? Double(squares) - Double(s) * Double(s) / Double(w) : 0
    }

    private var errors: [Double] { [channelError(rr, r), channelError(gg, g), channelError(bb, b)] }

    var error: Double { errors[0] + errors[1] + errors[2] }

    var widestChannel: Int {
        let e = errors
        return e[1] > e[0] ? (e[2] > e[1] ? 2 : 1) : (e[2] > e[0] ? 2 : 0)
    }

    var mean: Colour { ColourSum(weight: w, r: r, g: g, b: b).mean }
}
