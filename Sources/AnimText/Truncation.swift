/// CATextLayer's truncation of a line too wide for its bounds: whole clusters are removed at the
/// start, in the middle or at the end and replaced by the font's ellipsis, keeping as much text as
/// fits (in the middle: the extra cluster goes to the front). White space next to the ellipsis is
/// dropped. The kept glyphs keep the advances they were shaped with (no re-shaping next to the
/// ellipsis). When not even the ellipsis fits, the line is the ellipsis alone.
enum Truncation {
    static func truncate(_ line: [ShapedGlyph], mode: TextTruncationMode, maxWidth: Double,
                         ellipsis: [ShapedGlyph]) -> [ShapedGlyph] {
        guard mode != .none, LineMeasure.visibleWidth(line[...]) > maxWidth else { return line }
        let clusters = LineMeasure.clusters(line[...])
        let budget = maxWidth - LineMeasure.advance(ellipsis[...])
        let split = { (n: Int) -> (front: Int, back: Int) in
            switch mode {
            case .none, .end: (n, 0)
            case .start: (0, n)
            case .middle: ((n + 1) / 2, n / 2)
            }
        }
        var kept = 0
        while kept < clusters.count {
            let (f, b) = split(kept + 1)
            let width = LineMeasure.visibleWidth(join(clusters.prefix(f))[...])
                + LineMeasure.visibleWidth(LineMeasure.trimmingLeadingSpaces(join(clusters.suffix(b))[...]))
            guard width <= budget else { break }
            kept += 1
        }
        let (f, b) = split(kept)
        let front = LineMeasure.trimmingTrailingSpaces(join(clusters.prefix(f))[...])
        let back = LineMeasure.trimmingLeadingSpaces(join(clusters.suffix(b))[...])
        return Array(front) + ellipsis + Array(back)
    }

    private static func join(_ clusters: ArraySlice<ArraySlice<ShapedGlyph>>) -> [ShapedGlyph] {
        Array(clusters.joined())
    }
}
