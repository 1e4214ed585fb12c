import AnimGeometry

/// A glyph placed in a text layer: its pen position on the baseline, in points, y down, relative to
/// the top-left corner of the layer's bounds (mark offsets already applied).
public struct PlacedGlyph: Hashable, Sendable {
    public var glyph: UInt32
    public var origin: Point

    public init(glyph: UInt32, origin: Point) {
        self.glyph = glyph
        self.origin = origin
    }
}

/// CATextLayer's layout of a shaped string in a bounds width: paragraphs, then wrapping
/// (`isWrapped`) or truncation (`truncationMode`, unwrapped lines only), tabs to Core Text's
/// default stops (``TabStops``, drawn as nothing), then alignment; lines are
/// stacked from the top of the bounds, the first baseline one ascender down, each next one a line
/// height (ascender + descender + line gap) lower. No hinting, no pixel snapping.
public enum TextLayout {
    /// Every glyph of `text`, placed for a bounds `width` points wide.
    public static func place(_ text: ShapedText, face: FontFace, style: TextStyle, width: Double) -> [PlacedGlyph] {
        let scale = face.metrics.scale(forSize: style.fontSize)
        guard scale > 0, width.isFinite else { return [] }
        let maxWidth = max(0, width) / scale
        var out: [PlacedGlyph] = []
        var lineIndex = 0
        for paragraph in text.paragraphs {
            let lines = lines(of: paragraph, style: style, maxWidth: maxWidth, ellipsis: face.ellipsis,
                              tabInterval: TabStops.interval / scale)
            for (k, line) in lines.enumerated() {
                let baseline = face.metrics.ascender + Double(lineIndex) * face.metrics.lineHeight
                place(line, baseline: baseline, isLast: k == lines.count - 1, style: style, maxWidth: maxWidth,
                      scale: scale, into: &out)
                lineIndex += 1
            }
        }
        return out
    }

    /// The outlines of placed glyphs as one path in the layer's bounds space (non-zero winding).
    public static func outline(of glyphs: [PlacedGlyph], face: FontFace, fontSize: Double, boundsOrigin: Point) -> Path {
        let scale = face.metrics.scale(forSize: fontSize)
        var path = Path()
        for g in glyphs {
            guard let outline = face.outlines[g.glyph] else { continue }
            path.elements += GlyphOutline.place(outline, at: g.origin + boundsOrigin, scale: scale)
        }
        return path
    }

    /// A paragraph's lines in font units: wrapped, or one line truncated if needed; tabs reach the
    /// next stop `tabInterval` apart from the line's start.
    static func lines(of paragraph: [ShapedGlyph], style: TextStyle, maxWidth: Double,
                      ellipsis: [ShapedGlyph], tabInterval: Double) -> [[ShapedGlyph]] {
        if style.isWrapped {
            return LineBreaking.lines(paragraph, maxWidth: maxWidth, tabInterval: tabInterval).map {
                TabStops.expand(Array(paragraph[$0]), interval: tabInterval)
            }
        }
        let line = TabStops.expand(paragraph, interval: tabInterval)
        return [Truncation.truncate(line, mode: style.truncation, maxWidth: maxWidth, ellipsis: ellipsis)]
    }

    private static func place(_ line: [ShapedGlyph], baseline: Double, isLast: Bool, style: TextStyle,
                              maxWidth: Double, scale: Double, into out: inout [PlacedGlyph]) {
        let visible = LineMeasure.trimmingTrailingSpaces(line[...])
        let align = LineAlignment.place(visibleWidth: LineMeasure.advance(visible), innerSpaces: LineAlignment.innerSpaces(line[...]),
                                        in: maxWidth, mode: style.alignment, isLast: isLast)
        var x = align.startX
        for (i, g) in line.enumerated() {
            let origin = Point(x: (x + g.offset.x) * scale, y: (baseline - g.offset.y) * scale)
            if !g.isTab { out.append(PlacedGlyph(glyph: g.glyph, origin: origin)) }
            x += g.advance
            if g.isSpace && i < visible.endIndex { x += align.extraPerSpace }
        }
    }
}
