/// Turns flattened subpaths into the outline of their stroke, as polygons to be filled with the
/// non-zero rule.
///
/// The stroke is the union of simple convex pieces, each wound the same way: one rectangle per
/// segment, one wedge per join on the outer side of the corner (bevel triangle, miter
/// quadrilateral or round sector), one piece per cap. Filled non-zero, overlapping pieces merge
/// into exactly the set of points the stroke covers, whatever the geometry: short segments, sharp
/// turns, cusps and self-crossings need no special cases. Vertices inside a flattened curve are
/// joined round (the polyline's Minkowski sum with the pen, which stays within the flattening
/// tolerance of the curve's), the others with the style's lineJoin.
///
/// The outline handed to the rasterizer is not the pieces but their sum as chains of edges, one
/// contour per polyline (two for a closed one): where a rectangle's end edge meets the next
/// rectangle's start edge and the wedge between them, the edges that two pieces traverse in
/// opposite directions cancel, and what is left runs along each side of the stroke, round the
/// outer side of every corner and through the corner's vertex on its inner side. Winding numbers
/// add over chains, so at every point the contour winds as often as the pieces cover it: the same
/// non-zero set, exactly. On the inner side the contour then takes the shortcut where the two
/// inner edges cross (see `Corner.inner`), which takes one from the winding number only of points
/// covered at least twice. Half the edges of the pieces remain, and above all far fewer at any
/// height: a sweep's work grows with both (docs/shapes.md, "Speed"). `pieces(_:style:tolerance:)`
/// keeps the pieces themselves, the reference the tests hold the contours to.
public enum Stroker {
    /// The stroke outline of `polylines` with `style`'s width, caps, joins and miter limit (dashes
    /// and strokeStart/End are applied beforehand, see `stroke(_:style:tolerance:)`). Round parts
    /// are flattened within `tolerance`.
    public static func outline(of polylines: [StrokePolyline], style: StrokeStyle, tolerance: Double) -> [[Point]] {
        guard var pen = Pen(style: style, tolerance: tolerance) else { return [] }
        for polyline in polylines { pen.outline(polyline) }
        return pen.polygons
    }

    /// The whole stroke of a path: flattened within half the `tolerance`, trimmed to
    /// strokeStart…strokeEnd, dashed (the pattern starting at the trimmed start), its runs of short
    /// turns thinned within the other half (StrokeThinning.swift), then outlined.
    public static func stroke(_ path: Path, style: StrokeStyle, tolerance: Double) -> [[Point]] {
        outline(of: polylines(path, style: style, tolerance: tolerance), style: style, tolerance: tolerance)
    }

    /// The stroke of `path` as its convex pieces (the union `stroke(_:style:tolerance:)` outlines).
    static func pieces(_ path: Path, style: StrokeStyle, tolerance: Double) -> [[Point]] {
        guard var pen = Pen(style: style, tolerance: tolerance) else { return [] }
        for polyline in polylines(path, style: style, tolerance: tolerance) { pen.pieces(polyline) }
        return pen.polygons
    }

    static func polylines(_ path: Path, style: StrokeStyle, tolerance: Double) -> [StrokePolyline] {
        let halfWidth = style.lineWidth / 2
        let trimmed = path.strokePolylines(tolerance: tolerance, halfWidth: halfWidth).trimmed(from: style.strokeStart, to: style.strokeEnd)
        let cut = style.dashPattern.isEmpty ? trimmed : trimmed.flatMap { $0.dashed(pattern: style.dashPattern, phase: style.dashPhase) }
        let maxTurn = StrokePolyline.maxTurn(tolerance: tolerance, halfWidth: halfWidth)
        return cut.map {
            $0.refiningEnds(maxTurn: maxTurn)
                .thinningShortTurns(halfWidth: halfWidth, tolerance: tolerance / 2, roundJoins: style.lineJoin == .round,
                                    roundCaps: style.lineCap == .round)
        }
    }
}
