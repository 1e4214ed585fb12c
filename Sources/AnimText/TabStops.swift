/// Core Text's default tab stops, which CATextLayer's text gets (its paragraph style has no tabs
/// of its own): left-aligned, every 28 points from the start of the line. A tab advances to the
/// next stop after the pen, drawing nothing. (The default style lists twelve stops, to 336 pt,
/// and no interval after them; past the twelfth this keeps the 28-pt interval, a choice.)
public enum TabStops {
    /// The distance between stops, in points.
    public static let interval = 28.0

    /// How far a tab at `x` advances: to the next multiple of `interval` after `x` (both in the
    /// same units, from the line's start).
    static func advance(at x: Double, interval: Double) -> Double {
        guard interval > 0, x.isFinite else { return 0 }
        return ((x / interval).rounded(.down) + 1) * interval - x
    }

    /// `line` with each tab's advance set from where it falls in the line.
    static func expand(_ line: [ShapedGlyph], interval: Double) -> [ShapedGlyph] {
        guard line.contains(where: \.isTab) else { return line }
        var x = 0.0
        return line.map { glyph in
            var g = glyph
            if g.isTab { g.advance = advance(at: x, interval: interval) }
            x += g.advance
            return g
        }
    }
}
