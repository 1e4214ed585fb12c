/// A font's vertical metrics in font units (the hhea table, as Core Text reads them): the distance
/// from the baseline up to the ascender, down to the descender (positive), and the extra leading.
public struct FontMetrics: Hashable, Sendable {
    public var unitsPerEm: Double
    public var ascender: Double
    /// Below the baseline, positive (CTFontGetDescent's sign).
    public var descender: Double
    public var lineGap: Double

    public init(unitsPerEm: Double, ascender: Double, descender: Double, lineGap: Double) {
        self.unitsPerEm = unitsPerEm
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// Points per font unit at `fontSize` points (0 for a degenerate em).
    public func scale(forSize fontSize: Double) -> Double {
        unitsPerEm > 0 && fontSize.isFinite ? fontSize / unitsPerEm : 0
    }

    /// The distance between baselines of successive lines, in font units (ascent + descent + leading).
    public var lineHeight: Double { ascender + descender + lineGap }
}
