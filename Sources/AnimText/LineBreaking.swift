/// Wrapping a paragraph at word boundaries (CATextLayer with `isWrapped`): greedy, first fit.
/// A line ends after the last break opportunity (white space, a hyphen, between ideographs) that keeps its visible
/// width within the limit; white space at a line's end hangs and never causes a break; a word
/// wider than the whole line is broken between clusters, keeping at least one cluster per line.
enum LineBreaking {
    /// The lines of one paragraph, as index ranges into `glyphs`. An empty paragraph is one empty line.
    /// A tab's width is from its place in the line, to the next stop `tabInterval` apart (``TabStops``).
    static func lines(_ glyphs: [ShapedGlyph], maxWidth: Double, tabInterval: Double) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        while start < glyphs.count {
            let end = lineEnd(glyphs, from: start, maxWidth: maxWidth, tabInterval: tabInterval)
            out.append(start..<end)
            start = end
        }
        return out.isEmpty ? [0..<0] : out
    }

    /// Where the line starting at `start` ends (exclusive), always after at least one cluster.
    private static func lineEnd(_ glyphs: [ShapedGlyph], from start: Int, maxWidth: Double, tabInterval: Double) -> Int {
        var width = 0.0
        var lastBreak: Int? = nil
        var i = start
        while i < glyphs.count {
            let g = glyphs[i]
            width += g.isTab ? TabStops.advance(at: width, interval: tabInterval) : g.advance
            if !g.isSpace && width > maxWidth && i > start {
                if let lastBreak { return lastBreak }
                return clusterStart(glyphs, before: i, lineStart: start)
            }
            if g.breaksAfter { lastBreak = i + 1 }
            i += 1
        }
        return glyphs.count
    }

    /// The start of glyph i's cluster, or the end of the first cluster when that would empty the line.
    private static func clusterStart(_ glyphs: [ShapedGlyph], before i: Int, lineStart: Int) -> Int {
        var j = i
        while j > lineStart && glyphs[j].cluster == glyphs[j - 1].cluster { j -= 1 }
        if j > lineStart { return j }
        var k = lineStart + 1
        while k < glyphs.count && glyphs[k].cluster == glyphs[lineStart].cluster { k += 1 }
        return k
    }
}
