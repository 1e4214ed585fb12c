@testable import AnimFonts
import AnimText
import Testing

/// HarfBuzz's advances against FreeType's own, for the shipped font (Inter Regular 3.019, 2816 units
/// per em). The kerning values were read from the font's GPOS table with fontTools.
struct ShapingTests {
    static let sentence = "AVATAR To Wa Yo"

    static func font() throws -> FontFile {
        try DefaultFont.open()
    }

    @Test func metricsComeFromTheFont() throws {
        let m = try Self.font().metrics
        #expect(m == FontMetrics(unitsPerEm: 2816, ascender: 2728, descender: 680, lineGap: 0))
    }

    @Test func unkernedAdvancesAreFreeTypesAdvances() throws {
        let font = try Self.font()
        let glyphs = try #require(font.shape(Self.sentence, kerning: false).paragraphs.first)
        let scalars = Array(Self.sentence.unicodeScalars)
        #expect(glyphs.count == scalars.count)
        for (g, s) in zip(glyphs, scalars) {
            #expect(g.glyph == font.glyphIndex(of: s))
            #expect(g.advance == font.advance(ofGlyph: g.glyph))
        }
        // hmtx widths of A V A T A R ␠ T o ␠ W a ␠ Y o.
        #expect(glyphs.map(\.advance) == [1904, 1904, 1904, 1808, 1904, 1800, 792, 1808, 1680, 792, 2672, 1588, 792, 1872, 1680])
        #expect(glyphs.reduce(0) { $0 + $1.advance } == 24900)
    }

    @Test func kerningAddsTheFontsPairValues() throws {
        let font = try Self.font()
        let kerned = try #require(font.shape(Self.sentence).paragraphs.first)
        let plain = try #require(font.shape(Self.sentence, kerning: false).paragraphs.first)
        let pairs = zip(kerned, plain).map { $0.advance - $1.advance }
        // GPOS pair adjustments on the first glyph of AV, VA, AT, TA, To, Wa, Yo.
        #expect(pairs == [-192, -176, -240, -240, 0, 0, 0, -224, 0, 0, -144, 0, 0, -216, 0])
        #expect(kerned.reduce(0) { $0 + $1.advance } == 24900 - 1432)
        // At 36 pt: 24900 · 36 / 2816 = 318.324 pt unkerned, 23468 · 36 / 2816 = 300.017 pt kerned.
        let scale = font.metrics.scale(forSize: 36)
        #expect(abs(kerned.reduce(0) { $0 + $1.advance } * scale - 300.017) < 1e-3)
        #expect(abs(plain.reduce(0) { $0 + $1.advance } * scale - 318.324) < 1e-3)
    }

    @Test func clustersAndBreakOpportunities() throws {
        let glyphs = try #require(try Self.font().shape("ab cd-ef").paragraphs.first)
        #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(glyphs.map(\.isSpace) == [false, false, true, false, false, false, false, false])
        #expect(glyphs.map(\.breaksAfter) == [false, false, true, false, false, true, false, false])
        // UAX #14 LB25: a hyphen before a digit does not break (a date, a range, a minus sign).
        let date = try #require(try Self.font().shape("2024-12 a-b").paragraphs.first)
        #expect(date.map(\.breaksAfter) == [false, false, false, false, false, false, false, true, false, true, false])
    }

    /// Chinese and Japanese break between characters, never before closing punctuation nor after
    /// an opening bracket; a tab is marked (its advance is set at layout).
    @Test func ideographsBreakBetweenCharacters() throws {
        let glyphs = try #require(try Self.font().shape("a中文。「好」b").paragraphs.first)
        #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4, 5, 6, 7])
        #expect(glyphs.map(\.breaksAfter) == [true, true, false, true, false, false, true, false])
        let kana = try #require(try Self.font().shape("カップ").paragraphs.first)
        #expect(kana.map(\.breaksAfter) == [false, true, false], "no break before the small ッ")
        let tab = try #require(try Self.font().shape("a\tb").paragraphs.first)
        #expect(tab.map(\.isTab) == [false, true, false] && tab.map(\.breaksAfter) == [false, true, false])
    }

    /// A paragraph is shaped in runs of one script (as Core Text itemizes), so a Devanagari word
    /// after a Latin one is shaped as Devanagari. Spaces, punctuation and combining marks join the
    /// run before them; a paragraph of those alone is one run of no script.
    @Test func scriptRunsSplitWhereTheScriptChanges() throws {
        func runs(_ s: String) -> [Range<Int>] { FontFile.scriptRuns(s.unicodeScalars.map(\.value)).map(\.range) }
        #expect(runs("Hi कि नमस्ते") == [0..<3, 3..<12], "Latin with its space, then Devanagari")
        #expect(runs("AV Ωμ, Жж!") == [0..<3, 3..<7, 7..<10])
        #expect(runs("e\u{301}x") == [0..<3], "a combining mark stays with its letter")
        #expect(runs("12, 34") == [0..<6])
        #expect(FontFile.scriptRuns("12".unicodeScalars.map(\.value)).first?.script == nil)
        // Clusters stay indices of the whole paragraph, and each run keeps its kerning.
        let glyphs = try #require(try Self.font().shape("AV Ωμ").paragraphs.first)
        #expect(glyphs.map(\.cluster) == [0, 1, 2, 3, 4] && !glyphs.contains { $0.glyph == 0 })
        let latin = try #require(try Self.font().shape("AV").paragraphs.first)
        #expect(Array(glyphs.prefix(2).map(\.advance)) == latin.map(\.advance))
    }

    @Test func paragraphsSplitAtLineBreaks() throws {
        let shaped = try Self.font().shape("one\ntwo\r\nthree\rfour")
        #expect(shaped.paragraphs.map(\.count) == [3, 3, 5, 4])
        #expect(try Self.font().shape("").paragraphs == [[]])
    }
}
