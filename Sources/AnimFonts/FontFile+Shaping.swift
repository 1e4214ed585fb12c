import AnimGeometry
import AnimText
import CHarfBuzz

extension FontFile {
    /// Shapes a string with HarfBuzz at the font's own scale (font units, unhinted): each paragraph
    /// on its own, left to right (break opportunities after white space, hyphens and between
    /// ideographs; tabs marked, their advances set at layout), language "en" (never the machine's locale), in runs of
    /// one script, the font's default features (kerning through GPOS or kern, ligatures, contextual
    /// alternates). `kerning: false` turns the `kern` feature off (for measuring what it does).
    public func shape(_ string: String, kerning: Bool = true) -> ShapedText {
        ShapedText(paragraphs: ShapedText.paragraphs(of: string).map { shape(paragraph: $0, kerning: kerning) })
    }

    /// One paragraph's glyphs, in logical order, clusters as indices of `scalars`. The paragraph
    /// is shaped in runs of one script (``scriptRuns(_:)``), each with the whole paragraph as
    /// context, as Core Text itemizes by script: a Devanagari word after a Latin one reorders its
    /// vowel signs and forms its conjuncts as it does alone.
    func shape(paragraph scalars: [Unicode.Scalar], kerning: Bool) -> [ShapedGlyph] {
        guard !scalars.isEmpty else { return [] }
        let codepoints = scalars.map(\.value)
        var features: [hb_feature_t] = []
        if !kerning {
            var off = hb_feature_t()
            if hb_feature_from_string("-kern", -1, &off) != 0 { features.append(off) }
        }
        var shaped: [RawGlyph] = []
        for run in Self.scriptRuns(codepoints) {
            guard let buffer = hb_buffer_create() else { return [] }
            defer { hb_buffer_destroy(buffer) }
            hb_buffer_add_codepoints(buffer, codepoints, Int32(codepoints.count), UInt32(run.range.lowerBound), Int32(run.range.count))
            hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
            hb_buffer_set_language(buffer, hb_language_from_string("en", -1))
            if let script = run.script { hb_buffer_set_script(buffer, script) }
            hb_buffer_guess_segment_properties(buffer)
            hb_shape(harfBuzzFont, buffer, features, UInt32(features.count))
            var count: UInt32 = 0
            guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
                  let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
            for i in 0..<Int(count) {
                shaped.append(RawGlyph(glyph: infos[i].codepoint, cluster: Int(infos[i].cluster), advance: Double(positions[i].x_advance),
                                       offset: Point(x: Double(positions[i].x_offset), y: Double(positions[i].y_offset))))
            }
        }
        return glyphs(shaped, scalars: scalars)
    }

    /// A glyph as HarfBuzz placed it, its cluster an index of the paragraph's scalars.
    struct RawGlyph {
        let glyph: UInt32
        let cluster: Int
        let advance: Double
        let offset: Point
    }

    /// The shaped glyphs with their break opportunities (after white space, hyphens not followed by
    /// a digit, and between ideographs) and tab marks.
    private func glyphs(_ shaped: [RawGlyph], scalars: [Unicode.Scalar]) -> [ShapedGlyph] {
        shaped.indices.map { i in
            let cluster = shaped[i].cluster
            let scalar = scalars[min(cluster, scalars.count - 1)]
            let isLastOfCluster = i + 1 == shaped.count || shaped[i + 1].cluster != cluster
            // The next cluster's first scalar, and this cluster's last (they meet where a line may break).
            let next = i + 1 < shaped.count ? shaped[i + 1].cluster : scalars.count
            let ideographic = next > cluster && next < scalars.count
                && IdeographicBreaks.allowsBreak(between: scalars[next - 1], and: scalars[next])
            // UAX #14 LB25: no break between a hyphen and a digit (2024-12-06, 10-20, -5).
            let hyphen = ShapedText.isBreakingHyphen(scalar)
                && !(next < scalars.count && scalars[next].properties.generalCategory == .decimalNumber)
            let breaks = isLastOfCluster && (ShapedText.isBreakingSpace(scalar) || hyphen || ideographic)
            return ShapedGlyph(glyph: shaped[i].glyph, advance: shaped[i].advance, offset: shaped[i].offset,
                               cluster: cluster, isSpace: ShapedText.isBreakingSpace(scalar), breaksAfter: breaks,
                               isTab: scalar == "\t")
        }
    }

    /// The paragraph cut where the script changes: each run's range of scalars and its script
    /// (nil for a run of Common and Inherited characters only, digits and punctuation, whose
    /// script HarfBuzz guesses as before). Common and Inherited characters (spaces, punctuation,
    /// combining marks) join the run before them, or the first run when they lead.
    static func scriptRuns(_ codepoints: [UInt32]) -> [(range: Range<Int>, script: hb_script_t?)] {
        let funcs = hb_unicode_funcs_get_default()
        var runs: [(range: Range<Int>, script: hb_script_t?)] = []
        var start = 0
        var current: hb_script_t?
        for (i, cp) in codepoints.enumerated() {
            let script = hb_unicode_script(funcs, cp)
            guard script != HB_SCRIPT_COMMON, script != HB_SCRIPT_INHERITED, script != HB_SCRIPT_UNKNOWN else { continue }
            if current == nil {
                current = script
            } else if script != current {
                runs.append((start..<i, current))
                (start, current) = (i, script)
            }
        }
        runs.append((start..<codepoints.count, current))
        return runs
    }
}
