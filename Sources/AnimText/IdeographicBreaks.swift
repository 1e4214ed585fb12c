/// Where a line may break inside a run without spaces, as in Chinese and Japanese: between two
/// characters when either is an ideograph, kana or hangul syllable (Unicode line-breaking class
/// ID, UAX #14), except before closing punctuation, small kana and the prolonged sound mark, and
/// after opening brackets (classes CL, CP, NS, CJ, EX, OP). Core Text breaks CJK text so; white
/// space and hyphens are the other break opportunities (``ShapedText/isBreakingSpace(_:)``).
public enum IdeographicBreaks {
    /// Whether a line may break between `a` and the `b` that follows it.
    public static func allowsBreak(between a: Unicode.Scalar, and b: Unicode.Scalar) -> Bool {
        guard !forbidsBreakAfter(a), !forbidsBreakBefore(b) else { return false }
        return isIdeographic(a) || isIdeographic(b) || isCJKPunctuation(a) || isCJKPunctuation(b)
    }

    /// CJK symbols and punctuation, and the fullwidth forms: a break may fall beside them (a full
    /// stop, then an opening bracket) where the rules above allow it.
    static func isCJKPunctuation(_ s: Unicode.Scalar) -> Bool {
        (0x3001...0x303F).contains(s.value) || (0xFF01...0xFF65).contains(s.value)
    }

    /// CJK ideographs (with extensions and compatibility ones), hiragana, katakana, hangul
    /// syllables, and CJK symbols that stand as a character of their own.
    static func isIdeographic(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x2E80...0x2FFF, 0x3003...0x3007, 0x3012, 0x3013, 0x3020...0x3029, 0x3030...0x303A, 0x303D...0x303F,
             0x3040...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31FF, 0x3200...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF60, 0xFFE0...0xFFE6,
             0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Closing punctuation, full stops, commas, exclamation and question marks, small kana, the
    /// prolonged sound mark and iteration marks: no line starts with them.
    static func forbidsBreakBefore(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3001, 0x3002, 0x3005, 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F,
             0x303B, 0x303C, 0x309B...0x309E, 0x30A0, 0x30FB...0x30FE,
             0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096,
             0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6, 0x31F0...0x31FF,
             0xFF01, 0xFF09, 0xFF0C, 0xFF0E, 0xFF1A, 0xFF1B, 0xFF1F, 0xFF3D, 0xFF5D, 0xFF60, 0xFF61, 0xFF63, 0xFF64,
             0x21, 0x29, 0x2C, 0x2E, 0x3A, 0x3B, 0x3F, 0x5D, 0x7D, 0x2019, 0x201D, 0x2026:
            true
        default:
            false
        }
    }

    /// Opening brackets and quotation marks: no line ends with them.
    static func forbidsBreakAfter(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D,
             0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62, 0x28, 0x5B, 0x7B, 0x2018, 0x201C:
            true
        default:
            false
        }
    }
}
