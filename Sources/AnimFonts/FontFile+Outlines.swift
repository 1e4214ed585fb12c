import AnimGeometry
import AnimText
import CFreeType

extension FontFile {
    /// The glyph's outline in font units (y up), unscaled and unhinted, decomposed by FreeType
    /// (FT_Outline_Decompose): TrueType's quadratic and CFF's cubic curves kept as they are, every
    /// contour closed. Empty for a glyph without an outline (a space) or one FreeType cannot load.
    public func outline(ofGlyph glyph: UInt32) -> Path {
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        guard FT_Load_Glyph(freeTypeFace, FT_UInt(glyph), flags) == 0, let slot = freeTypeFace.pointee.glyph,
              slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return Path() }
        let builder = OutlineBuilder()
        var funcs = FT_Outline_Funcs(move_to: OutlineBuilder.moveTo, line_to: OutlineBuilder.lineTo,
                                     conic_to: OutlineBuilder.conicTo, cubic_to: OutlineBuilder.cubicTo,
                                     shift: 0, delta: 0)
        let context = Unmanaged.passUnretained(builder).toOpaque()
        let status = withUnsafeMutablePointer(to: &slot.pointee.outline) { FT_Outline_Decompose($0, &funcs, context) }
        guard status == 0 else { return Path() }
        builder.closeContour()
        return builder.path
    }

    /// The outlines of every glyph in `glyphs`, in ascending glyph order.
    public func outlines(of glyphs: Set<UInt32>) -> [UInt32: Path] {
        var out: [UInt32: Path] = [:]
        for g in glyphs.sorted() { out[g] = outline(ofGlyph: g) }
        return out
    }
}

/// Collects FT_Outline_Decompose's callbacks into a Path.
private final class OutlineBuilder {
    var path = Path()
    var open = false

    func closeContour() {
        if open { path.close() }
        open = false
    }

    static func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return .zero }
        return Point(x: Double(v.pointee.x), y: Double(v.pointee.y))
    }

    static func builder(_ user: UnsafeMutableRawPointer?) -> OutlineBuilder {
        Unmanaged<OutlineBuilder>.fromOpaque(user!).takeUnretainedValue()
    }

    static let moveTo: FT_Outline_MoveToFunc = { to, user in
        let b = builder(user)
        b.closeContour()
        b.path.move(to: point(to))
        b.open = true
        return 0
    }

    static let lineTo: FT_Outline_LineToFunc = { to, user in
        builder(user).path.line(to: point(to))
        return 0
    }

    static let conicTo: FT_Outline_ConicToFunc = { control, to, user in
        builder(user).path.quad(to: point(to), control: point(control))
        return 0
    }

    static let cubicTo: FT_Outline_CubicToFunc = { c1, c2, to, user in
        builder(user).path.cubic(to: point(to), control1: point(c1), control2: point(c2))
        return 0
    }
}
