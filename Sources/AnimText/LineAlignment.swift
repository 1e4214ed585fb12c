/// Horizontal placement of one line in the bounds width (CATextLayer's alignmentMode), in font
/// units: where the line starts and how much each inner space widens (justified lines only).
struct LineAlignment: Equatable {
    var startX: Double
    var extraPerSpace: Double

    /// `isLast`: the line ends its paragraph (justified text aligns it left, as Core Text does).
    /// A line wider than the bounds starts at the left for natural/left/justified, overflows to the
    /// left when right-aligned and on both sides when centred.
    static func place(visibleWidth w: Double, innerSpaces: Int, in width: Double, mode: TextAlignmentMode,
                      isLast: Bool) -> LineAlignment {
        switch mode {
        case .natural, .left: return LineAlignment(startX: 0, extraPerSpace: 0)
        case .right: return LineAlignment(startX: width - w, extraPerSpace: 0)
        case .center: return LineAlignment(startX: (width - w) / 2, extraPerSpace: 0)
        case .justified:
            guard !isLast, innerSpaces > 0, width > w else { return LineAlignment(startX: 0, extraPerSpace: 0) }
            return LineAlignment(startX: 0, extraPerSpace: (width - w) / Double(innerSpaces))
        }
    }

    /// White-space glyphs before the line's last visible glyph (the gaps justification widens).
    static func innerSpaces(_ glyphs: ArraySlice<ShapedGlyph>) -> Int {
        LineMeasure.trimmingTrailingSpaces(glyphs).reduce(0) { $0 + ($1.isSpace ? 1 : 0) }
    }
}
