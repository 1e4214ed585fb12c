import AnimGeometry
import AnimText

/// Builds a scene's `TextCatalog`: every string shaped with every font, and each font's outlines
/// for exactly the glyphs those strings and its ellipsis use. Inputs are processed in sorted order,
/// so the catalog does not depend on the order they were found in.
public enum TextCatalogBuilder {
    public static func build(fonts: [(key: String, file: FontFile)], defaultFont: String, strings: Set<String>) -> TextCatalog {
        var catalog = TextCatalog(defaultFont: defaultFont)
        let sortedStrings = strings.sorted()
        for (key, file) in fonts.sorted(by: { $0.key < $1.key }) {
            var glyphs = Set<UInt32>()
            for string in sortedStrings {
                let shaped = file.shape(string)
                for paragraph in shaped.paragraphs { glyphs.formUnion(paragraph.map(\.glyph)) }
                catalog.runs[TextCatalog.Key(font: key, string: string)] = shaped
            }
            let ellipsis = ellipsis(of: file)
            glyphs.formUnion(ellipsis.map(\.glyph))
            catalog.faces[key] = FontFace(path: file.path, metrics: file.metrics, outlines: file.outlines(of: glyphs),
                                          ellipsis: ellipsis)
        }
        return catalog
    }

    /// "…" shaped, or "..." when the font has no U+2026.
    static func ellipsis(of file: FontFile) -> [ShapedGlyph] {
        let glyphs = file.shape("\u{2026}").paragraphs.first ?? []
        if !glyphs.isEmpty && !glyphs.contains(where: { $0.glyph == 0 }) { return glyphs }
        return file.shape("...").paragraphs.first ?? []
    }
}
