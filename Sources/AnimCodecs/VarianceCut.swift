/// A palette for frames with many colours: Wu-style variance-minimising cuts, refined by a fixed
/// number of k-means passes, over weighted colour samples (exact colours, or histogram cells when a
/// frame has too many distinct colours; see ``ColourSamples``).
///
/// Cutting: the box with the largest squared error (lowest box number on ties) is split on the
/// channel with the largest variance (red, then green, then blue on ties), at the position that
/// minimises the two halves' summed squared error. Refining: each sample joins its nearest entry
/// (squared RGB distance, which is what PSNR measures; lowest index on ties) and each entry moves
/// to its samples' weighted mean. Last, an entry whose heaviest sample holds at least half of its
/// weight snaps to that sample's colour, so flat areas stay exact (and unchanged between frames).
/// Every step uses fixed orders, so the palette depends on the samples only.
struct VarianceCut {
    /// k-means passes after the cut.
    static let refinementPasses = 4

    /// At most `limit` colours.
    let palette: [RGB8]
    /// The palette index of each sample, in the samples' order.
    let assignment: [Int]

    /// What finding one sample's nearest entry costs, in pixels of a per-pixel pass: the passes over
    /// the samples run in bands (``RowBands``) once they weigh as much as a banded pixel pass.
    static let sampleWeight = 32

    /// The palette for `samples` (at least one) with at most `limit` entries. The passes that look
    /// up every sample's nearest entry run in bands of samples on up to `threads` threads; their
    /// integer sums and lowest-numbered maxima are merged in band order, so the palette is the same.
    init(samples: [ColourSample], limit: Int, threads: Int = 1) {
        var order = Array(samples.indices)
        var means = Self.cut(samples, &order, limit: limit)
        for _ in 0..<Self.refinementPasses {
            means = Self.refine(means, samples: samples, threads: threads)
        }
        means = Self.snap(means, samples: samples, threads: threads)
        assignment = Self.nearest(means, to: samples, threads: threads)
        palette = means.map { RGB8(r: UInt8($0.r), g: UInt8($0.g), b: UInt8($0.b)) }
    }

    /// Calls `body` with every band of sample numbers, in parallel when they weigh enough; `body`
    /// gets the band's number (bands are numbered in sample order) and its samples.
    private static func bands(of count: Int, threads: Int, _ body: @Sendable (_ band: Int, _ samples: Range<Int>) -> Void) {
        RowBands.run(rows: count, width: sampleWeight, threads: threads, body)
    }

    private static func bandCount(_ count: Int, threads: Int) -> Int {
        RowBands.count(rows: count, width: sampleWeight, threads: threads)
    }

    /// The nearest entry of `means` to each sample.
    private static func nearest(_ means: [Colour], to samples: [ColourSample], threads: Int) -> [Int] {
        let nearest = NearestEntry(means)
        guard bandCount(samples.count, threads: threads) > 1 else { return samples.map { nearest($0.mean) } }
        var out = [Int](repeating: 0, count: samples.count)
        let input = Unchecked(samples)
        out.withUnsafeMutableBufferPointer { out in
            let out = BandBuffer(out)
            bands(of: samples.count, threads: threads) { _, range in
                for k in range { out.base[k] = nearest(input.value[k].mean) }
            }
        }
        return out
    }

    /// Variance cuts of the samples (`order` permuted in place) into at most `limit` boxes; their means.
    private static func cut(_ samples: [ColourSample], _ order: inout [Int], limit: Int) -> [Colour] {
        guard !samples.isEmpty else { return [Colour(r: 0, g: 0, b: 0)] }
        var boxes = [CutBox(samples, order, order.startIndex..<order.endIndex)]
        while boxes.count < limit {
            var best = -1
            for (i, box) in boxes.enumerated() where box.range.count > 1 && box.error > 0 {
                if best < 0 || box.error > boxes[best].error { best = i }
            }
            guard best >= 0 else { break }
            let (left, right) = boxes[best].split(samples, &order)
            boxes[best] = left
            boxes.append(right)
        }
        return boxes.map(\.mean)
    }

    /// One k-means pass: each sample joins its nearest entry, each entry moves to its samples' mean.
    private static func refine(_ means: [Colour], samples: [ColourSample], threads: Int) -> [Colour] {
        let parts = perBand(samples.count, threads: threads, empty: [ColourSum](repeating: ColourSum(), count: means.count)) {
            sums, range in
            let nearest = NearestEntry(means)
            for k in range { sums[nearest(samples[k].mean)].add(samples[k].sum) }
        }
        var sums = parts[0]
        for part in parts.dropFirst() { for i in sums.indices { sums[i].add(part[i]) } }
        return zip(means, sums).map { old, sum in sum.weight > 0 ? sum.mean : old }
    }

    /// Each entry moved onto its heaviest sample's colour when that sample holds at least half of
    /// the entry's weight (lowest sample number on ties).
    private static func snap(_ means: [Colour], samples: [ColourSample], threads: Int) -> [Colour] {
        typealias Part = (total: [Int], heaviest: [Int])
        let parts: [Part] = perBand(samples.count, threads: threads,
                                    empty: (total: [Int](repeating: 0, count: means.count),
                                            heaviest: [Int](repeating: -1, count: means.count))) { part, range in
            let nearest = NearestEntry(means)
            for k in range {
                let i = nearest(samples[k].mean)
                part.total[i] += samples[k].sum.weight
                if part.heaviest[i] < 0 || samples[k].sum.weight > samples[part.heaviest[i]].sum.weight { part.heaviest[i] = k }
            }
        }
        // Bands in sample order, a later band's sample winning only when strictly heavier: the
        // lowest-numbered heaviest sample, as one pass finds it.
        var (total, heaviest) = parts[0]
        for part in parts.dropFirst() {
            for i in means.indices {
                total[i] += part.total[i]
                let h = part.heaviest[i]
                if h >= 0 && (heaviest[i] < 0 || samples[h].sum.weight > samples[heaviest[i]].sum.weight) { heaviest[i] = h }
            }
        }
        return means.indices.map { i in
            let h = heaviest[i]
            return h >= 0 && samples[h].sum.weight * 2 >= total[i] ? samples[h].mean : means[i]
        }
    }

    /// One `Part` per band of samples, each starting as `empty` and filled by `body` from its band.
    private static func perBand<Part>(_ count: Int, threads: Int, empty: Part,
                                      _ body: @Sendable (inout Part, Range<Int>) -> Void) -> [Part] {
        var parts = [Part](repeating: empty, count: bandCount(count, threads: threads))
        guard parts.count > 1 else {
            body(&parts[0], 0..<count)
            return parts
        }
        parts.withUnsafeMutableBufferPointer { parts in
            let out = BandBuffer(parts)
            bands(of: count, threads: threads) { k, range in body(&out.base[k], range) }
        }
        return parts
    }

    /// The index of the entry of `palette` nearest to `c`; the lowest index wins ties.
    static func nearest(_ c: Colour, in palette: [Colour]) -> Int {
        var best = 0, bestDistance = Int.max
        palette.withUnsafeBufferPointer { p in
            for i in 0..<p.count {
                let dr = c.r - p[i].r, dg = c.g - p[i].g, db = c.b - p[i].b
                let d = dr * dr + dg * dg + db * db
                if d < bestDistance {
                    best = i
                    bestDistance = d
                    if d == 0 { break }
                }
            }
        }
        return best
    }
}

/// A range of samples (through a permutation) being split by ``VarianceCut``.
private struct CutBox {
    let range: Range<Int>
    /// Summed squared distance of the box's pixels from its mean.
    let error: Double
    let mean: Colour

    init(_ samples: [ColourSample], _ order: [Int], _ range: Range<Int>) {
        var m = Moments()
        for k in order[range] { m.add(samples[k]) }
        self.range = range
        error = m.error
        mean = m.sum.mean
    }

    /// The two halves, each non-empty, cut on the channel of largest variance where their summed
    /// squared error is least.
    func split(_ samples: [ColourSample], _ order: inout [Int]) -> (CutBox, CutBox) {
        var whole = Moments()
        for k in order[range] { whole.add(samples[k]) }
        let axis = whole.widestChannel
        // By the channel, then the sample number: one integer per sample (the channel's 8 bits
        // above the number's 32) sorts without a comparison closure.
        var keys = order[range].map { UInt64(samples[$0].mean.channel(axis)) << 32 | UInt64($0) }
        keys.sort()
        for (i, key) in zip(range, keys) { order[i] = Int(truncatingIfNeeded: key & 0xFFFF_FFFF) }
        var left = Moments()
        var bestAt = range.lowerBound + 1, bestError = Double.infinity
        for i in range.lowerBound..<(range.upperBound - 1) {
            left.add(samples[order[i]])
            let e = left.error + whole.minus(left).error
            if e < bestError {
                bestError = e
                bestAt = i + 1
            }
        }
        return (CutBox(samples, order, range.lowerBound..<bestAt), CutBox(samples, order, bestAt..<range.upperBound))
    }
}

/// Weight, channel sums and summed squares of a set of samples.
private struct Moments {
    var sum = ColourSum()
    var squares = 0
    var rr = 0, gg = 0, bb = 0

    mutating func add(_ s: ColourSample) {
        sum.add(s.sum)
        let w = s.sum.weight, m = s.mean
        rr += w * m.r * m.r
        gg += w * m.g * m.g
        bb += w * m.b * m.b
    }

    func minus(_ o: Moments) -> Moments {
        var d = self
        d.sum = ColourSum(weight: sum.weight - o.sum.weight, r: sum.r - o.sum.r, g: sum.g - o.sum.g, b: sum.b - o.sum.b)
        d.rr -= o.rr
        d.gg -= o.gg
        d.bb -= o.bb
        return d
    }

    private func channelError(_ squares: Int, _ s: Int) -> Double {
        sum.weight > 0 ? Double(squares) - Double(s) * Double(s) / Double(sum.weight) : 0
    }

    var error: Double {
        channelError(rr, sum.r) + channelError(gg, sum.g) + channelError(bb, sum.b)
    }

    /// 0 red, 1 green, 2 blue: the channel with the largest squared error (red first on ties).
    var widestChannel: Int {
        let e = [channelError(rr, sum.r), channelError(gg, sum.g), channelError(bb, sum.b)]
        return e[1] > e[0] ? (e[2] > e[1] ? 2 : 1) : (e[2] > e[0] ? 2 : 0)
    }
}
