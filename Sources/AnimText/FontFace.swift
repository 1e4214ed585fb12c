import AnimGeometry

/// What drawing needs of one font file, extracted at scene load: the metrics, the unhinted outline
/// of every glyph the scene's strings use (font units, y up, as FreeType decomposes them), and the
/// shaped ellipsis used for truncation. A value: frames never go back to the font file.
public struct FontFace: Hashable, Sendable {
    /// The file the face was read from (for messages).
    public var path: String
    public var metrics: FontMetrics
    /// Outlines by glyph index; a glyph that draws nothing (a space) has an empty path.
    public var outlines: [UInt32: Path]
    /// "…" (U+2026) shaped with this font, or three full stops when the font has no ellipsis.
    public var ellipsis: [ShapedGlyph]

    public init(path: String, metrics: FontMetrics, outlines: [UInt32: Path], ellipsis: [ShapedGlyph]) {
        self.path = path
        self.metrics = metrics
        self.outlines = outlines
        self.ellipsis = ellipsis
    }
}
