/// A palette for frames with many colours: median cut over a 5-bit-per-channel histogram,
/// refined by a fixed number of k-means passes; pixels map to the palette entry nearest to their
/// histogram cell's mean colour (squared RGB distance, lowest index on ties).
///
/// The box to split is the one with the largest (longest-axis range × pixel count), lowest box
/// number on ties; it is cut on its longest axis (red, then green, then blue on ties) at the
/// weighted median. Every step uses fixed orders, so the result depends on the pixels only.
struct MedianCut {
    /// k-means passes after the cut.
    static let refinementPasses = 3

    /// At most `limit` colours.
    let palette: [RGB8]
    /// Palette index per 15-bit histogram cell.
    private let cellIndex: [UInt8]

    /// The palette for `colors` (0xRRGGBB, transparent marks ignored) with at most `limit` entries.
    init(colors: [UInt32], limit: Int) {
        var cells = HistogramCell.occupied(colors)
        var means = Self.cut(&cells, limit: limit)
        for _ in 0..<Self.refinementPasses {
            means = Self.refine(means, cells: cells)
        }
        var lookup = [UInt8](repeating: 0, count: HistogramCell.cellCount)
        for cell in cells {
            lookup[cell.key] = UInt8(Self.nearest(cell.mean, in: means))
        }
        palette = means.map { RGB8(r: UInt8($0.r), g: UInt8($0.g), b: UInt8($0.b)) }
        cellIndex = lookup
    }

    /// The palette index of each colour; transparent marks get `transparentIndex`.
    func indices(of colors: [UInt32], transparentIndex: UInt8) -> [UInt8] {
        colors.map { c in
            c == OpaqueColors.transparent ? transparentIndex : cellIndex[HistogramCell.key(of: c)]
        }
    }

    /// Median cut of `cells` (reordered in place) into at most `limit` boxes; their mean colours.
    private static func cut(_ cells: inout [HistogramCell], limit: Int) -> [Colour] {
        guard !cells.isEmpty else { return [Colour(r: 0, g: 0, b: 0)] }
        var boxes = [Box(cells, cells.startIndex..<cells.endIndex)]
        while boxes.count < limit {
            var best = -1
            for (i, box) in boxes.enumerated() where box.priority > 0 {
                if best < 0 || box.priority > boxes[best].priority { best = i }
            }
            guard best >= 0 else { break }
            let (left, right) = boxes[best].split(&cells)
            boxes[best] = left
            boxes.append(right)
        }
        return boxes.map { $0.mean(cells) }
    }

    /// One k-means pass: each cell joins its nearest entry, each entry moves to its cells' mean.
    private static func refine(_ means: [Colour], cells: [HistogramCell]) -> [Colour] {
        var sums = [ColourSum](repeating: ColourSum(), count: means.count)
        for cell in cells {
            sums[nearest(cell.mean, in: means)].add(cell.sum)
        }
        return zip(means, sums).map { old, sum in sum.weight > 0 ? sum.mean : old }
    }

    /// The index of the entry of `palette` nearest to `c`; the lowest index wins ties.
    static func nearest(_ c: Colour, in palette: [Colour]) -> Int {
        var best = 0, bestDistance = Int.max
        for (i, p) in palette.enumerated() {
            let dr = c.r - p.r, dg = c.g - p.g, db = c.b - p.b
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance {
                best = i
                bestDistance = d
            }
        }
        return best
    }
}

/// A range of histogram cells being split by ``MedianCut``.
private struct Box {
    let range: Range<Int>
    let weight: Int
    /// 0 red, 1 green, 2 blue: the channel with the largest range.
    let axis: Int
    /// Longest-axis range × weight; 0 when the box holds one cell and cannot be split.
    let priority: Int

    init(_ cells: [HistogramCell], _ range: Range<Int>) {
        var low = (255, 255, 255), high = (0, 0, 0), weight = 0
        for cell in cells[range] {
            let m = cell.mean
            low = (min(low.0, m.r), min(low.1, m.g), min(low.2, m.b))
            high = (max(high.0, m.r), max(high.1, m.g), max(high.2, m.b))
            weight += cell.sum.weight
        }
        let spans = [high.0 - low.0, high.1 - low.1, high.2 - low.2]
        let axis = spans[1] > spans[0] ? (spans[2] > spans[1] ? 2 : 1) : (spans[2] > spans[0] ? 2 : 0)
        self.range = range
        self.weight = weight
        self.axis = axis
        self.priority = range.count > 1 ? spans[axis] * weight : 0
    }

    /// The two halves at the weighted median along ``axis``, each non-empty.
    func split(_ cells: inout [HistogramCell]) -> (Box, Box) {
        let axis = self.axis
        cells[range].sort { a, b in
            let ca = a.mean.channel(axis), cb = b.mean.channel(axis)
            return ca != cb ? ca < cb : a.key < b.key
        }
        var accumulated = 0
        var cutAt = range.lowerBound + 1
        for i in range.lowerBound..<(range.upperBound - 1) {
            accumulated += cells[i].sum.weight
            cutAt = i + 1
            if accumulated * 2 >= weight { break }
        }
        return (Box(cells, range.lowerBound..<cutAt), Box(cells, cutAt..<range.upperBound))
    }

    /// The pixel-weighted mean colour of the box, rounded.
    func mean(_ cells: [HistogramCell]) -> Colour {
        var sum = ColourSum()
        for cell in cells[range] { sum.add(cell.sum) }
        return sum.mean
    }
}
