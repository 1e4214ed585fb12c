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
        var means = Self.cut(samples, limit: limit)
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

    /// Variance cuts of the samples into at most `limit` boxes; their means, in box order.
    static func cut(_ samples: [ColourSample], limit: Int) -> [Colour] {
        guard !samples.isEmpty else { return [Colour(r: 0, g: 0, b: 0)] }
        var cutter = BoxCutter(samples)
        var boxes = [cutter.whole]
        // Per box, its error when it can be split, else −∞: the box to split is the first largest.
        var candidates = [Self.candidacy(boxes[0])]
        while boxes.count < limit {
            var best = 0
            for i in candidates.indices where candidates[i] > candidates[best] { best = i }
            guard candidates[best] > -.infinity else { break }
            let (left, right) = cutter.split(boxes[best])
            boxes[best] = left
            boxes.append(right)
            candidates[best] = Self.candidacy(left)
            candidates.append(Self.candidacy(right))
        }
        return boxes.map(\.mean)
    }

    /// A box's error when it can be split (two samples or more, a positive error), else −∞.
    private static func candidacy(_ box: CutBox) -> Double {
        box.range.count > 1 && box.error > 0 ? box.error : -.infinity
    }

    /// One k-means pass: each sample joins its nearest entry, each entry moves to its samples' mean.
    private static func refine(_ means: [Colour], samples: [ColourSample], threads: Int) -> [Colour] {
        let nearest = NearestEntry(means)
        let parts = perBand(samples.count, threads: threads, empty: [ColourSum](repeating: ColourSum(), count: means.count)) {
            sums, range in
            for k in range { sums[nearest(samples[k].mean)].add(samples[k].sum) }
        }
        var sums = parts[0]
        for part in parts.dropFirst() { for i in sums.indices { sums[i].add(part[i]) } }
        return zip(means, sums).map { old, sum in sum.weight > 0 ? sum.mean : old }
    }

    /// Each entry moved onto its heaviest sample's colour when that sample holds at least half of
    /// the entry's weight (lowest sample number on ties).
    private static func snap(_ means: [Colour], samples: [ColourSample], threads: Int) -> [Colour] {
        let nearest = NearestEntry(means)
        typealias Part = (total: [Int], heaviest: [Int])
        let parts: [Part] = perBand(samples.count, threads: threads,
                                    empty: (total: [Int](repeating: 0, count: means.count),
                                            heaviest: [Int](repeating: -1, count: means.count))) { part, range in
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

/// A range of samples (through ``BoxCutter``'s permutation) being split by ``VarianceCut``.
struct CutBox {
    let range: Range<Int>
    /// The moments of its samples.
    fileprivate let moments: Moments
    /// Summed squared distance of the box's pixels from its mean.
    let error: Double

    fileprivate init(range: Range<Int>, moments: Moments) {
        self.range = range
        self.moments = moments
        error = moments.error
    }

    var mean: Colour { moments.sum.mean }
}

/// Splits boxes of samples as ``VarianceCut`` describes, in time linear in a box's size.
///
/// A box is the samples of a range of `order`, kept in ascending sample number. A split orders
/// them by the cut channel, then by sample number, with one counting sort by the channel (stable,
/// so the numbers stay ascending within a channel value); scans that order for the cut with the
/// least summed squared error, keeping the moments of the left part (the right one's are the
/// whole box's less them: integer sums, so exactly what summing its samples gives); then
/// partitions the range stably into the samples up to the cut and the rest, so both halves stay
/// in sample number order.
struct BoxCutter {
    private let samples: [ColourSample]
    /// The sample numbers; each box is one of its ranges, ascending.
    private var order: [Int]
    /// A box's samples in cut order, then the second half while partitioning.
    private var scratch: [Int]
    /// Counting-sort buckets: one per channel value, and one more.
    private var buckets = [Int](repeating: 0, count: 257)

    init(_ samples: [ColourSample]) {
        self.samples = samples
        order = Array(samples.indices)
        scratch = order
    }

    /// The box of every sample.
    var whole: CutBox {
        var m = Moments()
        for s in samples { m.add(s) }
        return CutBox(range: order.indices, moments: m)
    }

    /// The two halves of `box` (at least two samples), each non-empty, cut on the channel of
    /// largest variance where their summed squared error is least.
    mutating func split(_ box: CutBox) -> (CutBox, CutBox) {
        let axis = box.moments.widestChannel, range = box.range
        sortByChannel(range, axis)
        let (at, left) = leastErrorCut(range, box.moments)
        partition(range, at: at, axis)
        return (CutBox(range: range.lowerBound..<at, moments: left),
                CutBox(range: at..<range.upperBound, moments: box.moments.minus(left)))
    }

    /// Where `scratch[range]` (at least two samples, of moments `whole`) is cut with the least
    /// summed squared error (the first such place), and the moments of the samples before it.
    private func leastErrorCut(_ range: Range<Int>, _ whole: Moments) -> (at: Int, left: Moments) {
        samples.withUnsafeBufferPointer { samples in
            scratch.withUnsafeBufferPointer { scratch in
                var left = Moments(), bestLeft = Moments()
                var bestAt = range.lowerBound + 1, bestError = Double.infinity
                for i in range.lowerBound..<(range.upperBound - 1) {
                    left.add(samples[scratch[i]])
                    let e = left.error + whole.minus(left).error
                    if e < bestError {
                        bestError = e
                        bestAt = i + 1
                        bestLeft = left
                    }
                }
                return (bestAt, bestLeft)
            }
        }
    }

    /// `scratch[range]`: the samples of `order[range]` by their `axis` channel, then sample number.
    private mutating func sortByChannel(_ range: Range<Int>, _ axis: Int) {
        samples.withUnsafeBufferPointer { samples in
            order.withUnsafeBufferPointer { order in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    buckets.withUnsafeMutableBufferPointer { buckets in
                        // Only the channel values present are counted and summed; the buckets are
                        // left all zero, as they were found.
                        var low = 255, high = 0
                        for i in range {
                            let v = samples[order[i]].mean.channel(axis)
                            buckets[v + 1] += 1
                            low = min(low, v)
                            high = max(high, v)
                        }
                        buckets[low] = range.lowerBound
                        for v in stride(from: low + 1, through: high, by: 1) { buckets[v] += buckets[v - 1] }
                        for i in range {
                            let v = samples[order[i]].mean.channel(axis)
                            scratch[buckets[v]] = order[i]
                            buckets[v] += 1
                        }
                        for v in low...(high + 1) { buckets[v] = 0 }
                    }
                }
            }
        }
    }

    /// `order[range]` as the samples before `cut` in `scratch[range]`, then the others, each in
    /// ascending sample number.
    private mutating func partition(_ range: Range<Int>, at cut: Int, _ axis: Int) {
        samples.withUnsafeBufferPointer { samples in
            order.withUnsafeMutableBufferPointer { order in
                scratch.withUnsafeMutableBufferPointer { scratch in
                    let last = scratch[cut - 1]
                    let (value, number) = (samples[last].mean.channel(axis), last)
                    var low = range.lowerBound, high = cut
                    for i in range {
                        let k = order[i], v = samples[k].mean.channel(axis)
                        if v < value || (v == value && k <= number) {
                            order[low] = k
                            low += 1
                        } else {
                            scratch[high] = k
                            high += 1
                        }
                    }
                    for i in cut..<range.upperBound { order[i] = scratch[i] }
                }
            }
        }
    }
}

/// Weight, channel sums and summed squares of a set of samples.
private struct Moments {
    var sum = ColourSum()
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
