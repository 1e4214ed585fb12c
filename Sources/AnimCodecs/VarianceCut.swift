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

    /// The palette for `samples` (at least one) with at most `limit` entries.
    init(samples: [ColourSample], limit: Int) {
        var order = Array(samples.indices)
        var means = Self.cut(samples, &order, limit: limit)
        for _ in 0..<Self.refinementPasses {
            means = Self.refine(means, samples: samples)
        }
        means = Self.snap(means, samples: samples)
        let nearest = NearestEntry(means)
        assignment = samples.map { nearest($0.mean) }
        palette = means.map { RGB8(r: UInt8($0.r), g: UInt8($0.g), b: UInt8($0.b)) }
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
    private static func refine(_ means: [Colour], samples: [ColourSample]) -> [Colour] {
        var sums = [ColourSum](repeating: ColourSum(), count: means.count)
        let nearest = NearestEntry(means)
        for s in samples {
            sums[nearest(s.mean)].add(s.sum)
        }
        return zip(means, sums).map { old, sum in sum.weight > 0 ? sum.mean : old }
    }

    /// Each entry moved onto its heaviest sample's colour when that sample holds at least half of
    /// the entry's weight (lowest sample number on ties).
    private static func snap(_ means: [Colour], samples: [ColourSample]) -> [Colour] {
        var total = [Int](repeating: 0, count: means.count)
        var heaviest = [Int](repeating: -1, count: means.count)
        let nearest = NearestEntry(means)
        for (k, s) in samples.enumerated() {
            let i = nearest(s.mean)
            total[i] += s.sum.weight
            if heaviest[i] < 0 || s.sum.weight > samples[heaviest[i]].sum.weight { heaviest[i] = k }
        }
        return means.indices.map { i in
            let h = heaviest[i]
            return h >= 0 && samples[h].sum.weight * 2 >= total[i] ? samples[h].mean : means[i]
        }
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
        order[range].sort { a, b in
            let ca = samples[a].mean.channel(axis), cb = samples[b].mean.channel(axis)
            return ca != cb ? ca < cb : a < b
        }
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
