import AnimGeometry
import AnimText
import Testing

/// Layout on synthetic runs with round numbers: letters advance 100 units, spaces 50, the ellipsis
/// 120; 1000 units per em at fontSize 1000, so points equal font units. Ascender 800, descender 200,
/// line gap 100: baselines at 800, 1900, 3000, …
struct TextLayoutTests {
    static let face = FontFace(path: "synthetic", metrics: FontMetrics(unitsPerEm: 1000, ascender: 800, descender: 200, lineGap: 100),
                               outlines: [:], ellipsis: [ShapedGlyph(glyph: 9999, advance: 120, cluster: 0)])

    /// One glyph per scalar; the glyph id is the scalar's value; break opportunities as the shaper marks them.
    static func run(_ s: String) -> ShapedText {
        ShapedText(paragraphs: ShapedText.paragraphs(of: s).map { scalars in
            scalars.enumerated().map { i, c in
                let space = ShapedText.isBreakingSpace(c)
                let ideographic = i + 1 < scalars.count && IdeographicBreaks.allowsBreak(between: c, and: scalars[i + 1])
                return ShapedGlyph(glyph: c.value, advance: space ? 50 : 100, cluster: i, isSpace: space,
                                   breaksAfter: space || ShapedText.isBreakingHyphen(c) || ideographic, isTab: c == "\t")
            }
        })
    }

    static func place(_ s: String, width: Double, _ configure: (inout TextStyle) -> Void = { _ in }) -> [PlacedGlyph] {
        var style = TextStyle(fontSize: 1000)
        configure(&style)
        return TextLayout.place(run(s), face: face, style: style, width: width)
    }

    /// The placed text, one string per baseline, "…" for the ellipsis glyph.
    static func lines(_ placed: [PlacedGlyph]) -> [String] {
        var out: [(Double, String)] = []
        for g in placed {
            let c = g.glyph == 9999 ? "…" : String(Character(Unicode.Scalar(g.glyph)!))
            if let last = out.last, last.0 == g.origin.y { out[out.count - 1].1 += c } else { out.append((g.origin.y, c)) }
        }
        return out.map(\.1)
    }

    @Test func unwrappedTextIsOneLinePerParagraph() {
        let placed = Self.place("abc def\nxy", width: 300)
        #expect(Self.lines(placed) == ["abc def", "xy"])
        #expect(placed.map(\.origin.x) == [0, 100, 200, 300, 350, 450, 550, 0, 100])
        #expect(Set(placed.map(\.origin.y)) == [800, 1900])
    }

    @Test func wrapsAtTheLastSpaceThatFits() {
        let wrapped = { (w: Double) in Self.lines(Self.place("aaa bbb ccc", width: w) { $0.isWrapped = true }) }
        // "aaa bbb" is 650 wide: it fits in 650 and not in 649.
        #expect(wrapped(650) == ["aaa bbb ", "ccc"])
        #expect(wrapped(649) == ["aaa ", "bbb ", "ccc"])
        #expect(wrapped(1050) == ["aaa bbb ccc"])
    }

    @Test func spacesHangAndNeverBreak() {
        // Three spaces after "aaa" overflow 300 but hang; the line breaks before "bbb".
        #expect(Self.lines(Self.place("aaa   bbb", width: 300) { $0.isWrapped = true }) == ["aaa   ", "bbb"])
    }

    @Test func wordsWiderThanTheLineBreakBetweenClusters() {
        #expect(Self.lines(Self.place("aaaaaaaaaa", width: 350) { $0.isWrapped = true }) == ["aaa", "aaa", "aaa", "a"])
        // Narrower than one glyph: one glyph per line, never an empty line.
        #expect(Self.lines(Self.place("abc", width: 10) { $0.isWrapped = true }) == ["a", "b", "c"])
    }

    /// Ideographs break between characters, but not before a full stop: "中文。中文" in two
    /// characters' width keeps "文。" together.
    @Test func ideographsWrapBetweenCharacters() {
        let wrapped = { (s: String, w: Double) in Self.lines(Self.place(s, width: w) { $0.isWrapped = true }) }
        #expect(wrapped("中文中文中文", 250) == ["中文", "中文", "中文"])
        #expect(wrapped("中文。中文", 250) == ["中", "文。", "中文"])
        #expect(wrapped("Hi 中文中文", 450) == ["Hi 中文", "中文"])
    }

    /// A tab draws nothing and moves to the next 28-pt stop from the line's start (here 28 units):
    /// from 100 to 112, then to 140; in a wrapped line the stops count from that line's start.
    @Test func tabsReachTheNextStop() {
        let placed = Self.place("a\tb", width: 1000)
        #expect(Self.lines(placed) == ["ab"] && placed.map(\.origin.x) == [0, 112])
        #expect(Self.place("a\t\tb", width: 1000).map(\.origin.x) == [0, 140])
        let wrapped = Self.place("aaa bb\tc", width: 350) { $0.isWrapped = true }
        #expect(Self.lines(wrapped) == ["aaa ", "bbc"])
        #expect(wrapped.suffix(3).map(\.origin.x) == [0, 100, 224])
    }

    @Test func breaksAfterHyphens() {
        #expect(Self.lines(Self.place("well-known", width: 600) { $0.isWrapped = true }) == ["well-", "known"])
    }

    @Test func wrappedLinesStackByLineHeight() {
        let placed = Self.place("aa bb cc", width: 250) { $0.isWrapped = true }
        #expect(Set(placed.map(\.origin.y)).sorted() == [800, 1900, 3000])
    }

    @Test func truncationModes() {
        // "abcdefghij" is 1000 wide; 500 leaves 380 for text beside the 120-wide ellipsis: 3 clusters.
        let cut = { (mode: TextTruncationMode, w: Double) in
            Self.lines(Self.place("abcdefghij", width: w) { $0.truncation = mode })
        }
        #expect(cut(.end, 500) == ["abc…"])
        #expect(cut(.start, 500) == ["…hij"])
        #expect(cut(.middle, 500) == ["ab…j"])
        #expect(cut(.middle, 520) == ["ab…ij"])
        #expect(cut(.none, 500) == ["abcdefghij"])
        // Wide enough: nothing is cut.
        #expect(cut(.end, 1000) == ["abcdefghij"])
        // Not even the ellipsis fits: the ellipsis alone.
        #expect(cut(.end, 50) == ["…"])
    }

    @Test func truncationDropsSpacesBesideTheEllipsis() {
        // 540 leaves 420 beside the ellipsis: "abc " fits (300 visible), "abc d" (450) does not.
        let placed = Self.place("abc defghijk", width: 540) { $0.truncation = .end }
        #expect(Self.lines(placed) == ["abc…"])
        #expect(placed.last?.origin.x == 300)
    }

    @Test func wrappedTextIsNotTruncated() {
        let lines = Self.lines(Self.place("abcdefghij", width: 500) { $0.truncation = .end; $0.isWrapped = true })
        #expect(lines == ["abcde", "fghij"])
    }

    @Test func alignment() {
        // "ab cd" is 450 wide in a 1000-wide layer.
        let starts = { (mode: TextAlignmentMode) in
            Self.place("ab cd", width: 1000) { $0.alignment = mode }.first?.origin.x
        }
        #expect(starts(.natural) == 0)
        #expect(starts(.left) == 0)
        #expect(starts(.right) == 550)
        #expect(starts(.center) == 275)
        // Trailing spaces hang outside the right edge.
        #expect(Self.place("ab cd  ", width: 1000) { $0.alignment = .right }.first?.origin.x == 550)
    }

    @Test func justifiedWidensInnerSpacesExceptOnTheLastLine() {
        // Wrapped at 800: "ab cd ef " shows 700 units with two inner spaces, each widened by 50; "gh" is last.
        let placed = Self.place("ab cd ef gh", width: 800) { $0.alignment = .justified; $0.isWrapped = true }
        #expect(Self.lines(placed) == ["ab cd ef ", "gh"])
        #expect(placed.map(\.origin.x) == [0, 100, 200, 300, 400, 500, 600, 700, 800, 0, 100])
        let loose = Self.place("ab cd ef gh", width: 900) { $0.alignment = .justified; $0.isWrapped = true }
        // Line "ab cd ef " shows 700 units with two inner spaces: each widens by 100.
        #expect(loose.map(\.origin.x) == [0, 100, 200, 350, 450, 550, 700, 800, 900, 0, 100])
    }

    @Test func fontSizeScalesEverything() {
        // 500 pt: half a point per unit. "ab" (200 units) centred in 200 pt (400 units) starts at 100 units; b follows 100 units on.
        var style = TextStyle(fontSize: 500)
        style.alignment = .center
        let placed = TextLayout.place(Self.run("ab"), face: Self.face, style: style, width: 200)
        #expect(placed.map(\.origin) == [Point(x: 50, y: 400), Point(x: 100, y: 400)])
    }
}
