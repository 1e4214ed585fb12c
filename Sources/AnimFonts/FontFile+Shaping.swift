import AnimGeometry
import AnimText
import CHarfBuzz

extension FontFile {
    /// Shapes a string with HarfBuzz at the font's own scale (font units, unhinted): each paragraph
    /// on its own, left to right (break opportunities after white space, hyphens and between
    /// ideographs; tabs marked, their advances set at layout), language "en" (never the machine's locale), script guessed from
    /// the text, the font's default features (kerning through GPOS or kern, ligatures, contextual
    /// alternates). `kerning: false` turns the `kern` feature off (for measuring what it does).
    public func shape(_ string: String, kerning: Bool = true) -> ShapedText {
        ShapedText(paragraphs: ShapedText.paragraphs(of: string).map { shape(paragraph: $0, kerning: kerning) })
    }

    /// One paragraph's glyphs, in logical order, clusters as indices of `scalars`.
    func shape(paragraph scalars: [Unicode.Scalar], kerning: Bool) -> [ShapedGlyph] {
        guard !scalars.isEmpty, let buffer = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buffer) }
        let codepoints = scalars.map(\.value)
        hb_buffer_add_codepoints(buffer, codepoints, Int32(codepoints.count), 0, Int32(codepoints.count))
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_language(buffer, hb_language_from_string("en", -1))
        hb_buffer_guess_segment_properties(buffer)
        var features: [hb_feature_t] = []
        if !kerning {
            var off = hb_feature_t()
            if hb_feature_from_string("-kern", -1, &off) != 0 { features.append(off) }
        }
        hb_shape(harfBuzzFont, buffer, features, UInt32(features.count))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return [] }
        return (0..<Int(count)).map { i in
            let cluster = Int(infos[i].cluster)
            let scalar = scalars[min(cluster, scalars.count - 1)]
            let isLastOfCluster = i + 1 == Int(count) || infos[i + 1].cluster != infos[i].cluster
            // The next cluster's first scalar, and this cluster's last (they meet where a line may break).
            let next = i + 1 < Int(count) ? Int(infos[i + 1].cluster) : scalars.count
            let ideographic = next > cluster && next < scalars.count
                && IdeographicBreaks.allowsBreak(between: scalars[next - 1], and: scalars[next])
            // UAX #14 LB25: no break between a hyphen and a digit (2024-12-06, 10-20, -5).
            let hyphen = ShapedText.isBreakingHyphen(scalar)
                && !(next < scalars.count && scalars[next].properties.generalCategory == .decimalNumber)
            let breaks = isLastOfCluster && (ShapedText.isBreakingSpace(scalar) || hyphen || ideographic)
            return ShapedGlyph(glyph: infos[i].codepoint, advance: Double(positions[i].x_advance),
                               offset: Point(x: Double(positions[i].x_offset), y: Double(positions[i].y_offset)),
                               cluster: cluster, isSpace: ShapedText.isBreakingSpace(scalar), breaksAfter: breaks,
                               isTab: scalar == "\t")
        }
    }
}
