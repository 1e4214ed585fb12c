import AnimGeometry

/// One glyph of a shaped run, in font units: HarfBuzz's glyph id, advance (kerning included)
/// and offset (y up, as fonts measure), with the text facts line breaking needs.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph index in the font (0 is .notdef).
    public var glyph: UInt32
    /// Horizontal advance in font units, kerning included.
    public var advance: Double
    /// Offset from the pen position in font units, y up (mark positioning).
    public var offset: Point
    /// Index of the first Unicode scalar of the glyph's cluster in its paragraph.
    public var cluster: Int
    /// The cluster is white space (U+0020, U+0009, U+200B …): a line may end after it and its
    /// width does not count at the end of a line.
    public var isSpace: Bool
    /// A line may break after this glyph (after white space, after a hyphen inside a word, and
    /// between ideographs: ``IdeographicBreaks``).
    public var breaksAfter: Bool
    /// A tab (U+0009): drawn as nothing, its advance reaching the next tab stop (``TabStops``).
    public var isTab: Bool

    public init(glyph: UInt32, advance: Double, offset: Point = .zero, cluster: Int, isSpace: Bool = false,
                breaksAfter: Bool = false, isTab: Bool = false) {
        self.glyph = glyph
        self.advance = advance
        self.offset = offset
        self.cluster = cluster
        self.isSpace = isSpace
        self.breaksAfter = breaksAfter
        self.isTab = isTab
    }
}

/// A string shaped with one font: one glyph run per paragraph (the string split at line feeds,
/// carriage returns and U+2029), each shaped on its own, in logical order.
public struct ShapedText: Hashable, Sendable {
    public var paragraphs: [[ShapedGlyph]]

    public init(paragraphs: [[ShapedGlyph]]) {
        self.paragraphs = paragraphs
    }

    /// The paragraphs of a string, split where CATextLayer starts a new line.
    public static func paragraphs(of string: String) -> [[Unicode.Scalar]] {
        var out: [[Unicode.Scalar]] = [[]]
        var previous: Unicode.Scalar? = nil
        for s in string.unicodeScalars {
            switch s {
            case "\n" where previous == "\r": break
            case "\n", "\r", "\u{2029}", "\u{2028}", "\u{0B}", "\u{0C}", "\u{85}": out.append([])
            default: out[out.count - 1].append(s)
            }
            previous = s
        }
        return out
    }

    /// True for the scalars after which a line may break and whose width hangs at a line's end.
    public static func isBreakingSpace(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09, 0x1680, 0x2000...0x2006, 0x2008...0x200B, 0x205F, 0x3000: true
        default: false
        }
    }

    /// Hyphens after which a word may break (not the non-breaking hyphen U+2011).
    public static func isBreakingHyphen(_ s: Unicode.Scalar) -> Bool {
        s == "-" || s == "\u{2010}" || s == "\u{2013}"
    }
}
