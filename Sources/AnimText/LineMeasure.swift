/// Widths of glyph runs in font units.
enum LineMeasure {
    /// The sum of the advances.
    static func advance(_ glyphs: ArraySlice<ShapedGlyph>) -> Double {
        glyphs.reduce(0) { $0 + $1.advance }
    }

    /// The width a line shows: its advances without the white space at its end, which hangs.
    static func visibleWidth(_ glyphs: ArraySlice<ShapedGlyph>) -> Double {
        advance(trimmingTrailingSpaces(glyphs))
    }

    static func trimmingTrailingSpaces(_ glyphs: ArraySlice<ShapedGlyph>) -> ArraySlice<ShapedGlyph> {
        var end = glyphs.endIndex
        while end > glyphs.startIndex && glyphs[end - 1].isSpace { end -= 1 }
        return glyphs[glyphs.startIndex..<end]
    }

    static func trimmingLeadingSpaces(_ glyphs: ArraySlice<ShapedGlyph>) -> ArraySlice<ShapedGlyph> {
        var start = glyphs.startIndex
        while start < glyphs.endIndex && glyphs[start].isSpace { start += 1 }
        return glyphs[start..<glyphs.endIndex]
    }

    /// True when a line may end between glyph `i - 1` and glyph `i` without splitting a cluster.
    static func isClusterBoundary(_ glyphs: ArraySlice<ShapedGlyph>, _ i: Int) -> Bool {
        i <= glyphs.startIndex || i >= glyphs.endIndex || glyphs[i].cluster != glyphs[i - 1].cluster
    }

    /// The glyphs grouped by cluster, in order (a ligature or a base with its marks stays whole).
    static func clusters(_ glyphs: ArraySlice<ShapedGlyph>) -> [ArraySlice<ShapedGlyph>] {
        var out: [ArraySlice<ShapedGlyph>] = []
        var start = glyphs.startIndex
        for i in glyphs.indices.dropFirst() where isClusterBoundary(glyphs, i) {
            out.append(glyphs[start..<i])
            start = i
        }
        if start < glyphs.endIndex { out.append(glyphs[start..<glyphs.endIndex]) }
        return out
    }
}
