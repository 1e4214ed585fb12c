import AnimText
import CFreeType
import CHarfBuzz

/// One font file opened with FreeType (metrics, outlines, advances) and HarfBuzz (shaping), both
/// reading the same bytes from memory. Used while a scene loads; everything it gives out is a
/// Swift value (AnimText), and the C objects are released with it.
public final class FontFile {
    public let path: String
    public let metrics: FontMetrics
    private let memory: UnsafeMutableBufferPointer<UInt8>
    private let library: FT_Library
    private let face: FT_Face
    private let hbFont: OpaquePointer

    /// Reads and opens the font at `path` (the first face of a collection).
    public convenience init(path: String) throws(FontError) {
        try self.init(bytes: try FontFileReader.read(path), path: path)
    }

    /// Opens font data; `path` names it in errors.
    public init(bytes: [UInt8], path: String) throws(FontError) {
        self.path = path
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw .unsupported(path: path, reason: "FreeType did not start") }
        let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
        _ = memory.initialize(from: bytes)
        var opened: FT_Face?
        let error = FT_New_Memory_Face(lib, memory.baseAddress, FT_Long(bytes.count), 0, &opened)
        guard error == 0, let opened else {
            FT_Done_FreeType(lib)
            memory.deallocate()
            throw .unsupported(path: path, reason: Self.reason(error))
        }
        guard opened.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0, opened.pointee.units_per_EM > 0 else {
            FT_Done_Face(opened)
            FT_Done_FreeType(lib)
            memory.deallocate()
            throw .unsupported(path: path, reason: "it has no scalable outlines (a bitmap font)")
        }
        let blob = hb_blob_create(UnsafeRawPointer(memory.baseAddress!).assumingMemoryBound(to: CChar.self),
                                  UInt32(bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
        var hbFace = hb_face_create(blob, 0)
        if hb_face_get_glyph_count(hbFace) == 0 {
            // Not an sfnt HarfBuzz can read in place (WOFF, WOFF2): its tables as FreeType unpacks them.
            hb_face_destroy(hbFace)
            hbFace = Self.harfBuzzFace(readingTablesOf: opened)
        }
        guard hb_face_get_glyph_count(hbFace) > 0 else {
            hb_face_destroy(hbFace)
            hb_blob_destroy(blob)
            FT_Done_Face(opened)
            FT_Done_FreeType(lib)
            memory.deallocate()
            throw .unsupported(path: path, reason: "it has no TrueType or OpenType tables to shape text with (a bare CFF or Type 1 font)")
        }
        let font = hb_font_create(hbFace)!
        hb_ot_font_set_funcs(font)
        let upem = Int32(opened.pointee.units_per_EM)
        hb_font_set_scale(font, upem, upem)
        hb_face_destroy(hbFace)
        hb_blob_destroy(blob)
        self.memory = memory
        self.library = lib
        self.face = opened
        self.hbFont = font
        let f = opened.pointee
        metrics = FontMetrics(unitsPerEm: Double(f.units_per_EM), ascender: Double(f.ascender),
                              descender: Double(-Int(f.descender)), lineGap: Double(Int(f.height) - Int(f.ascender) + Int(f.descender)))
    }

    deinit {
        hb_font_destroy(hbFont)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        memory.deallocate()
    }

    /// The glyph FreeType's character map gives `scalar` (0 when the font has none).
    public func glyphIndex(of scalar: Unicode.Scalar) -> UInt32 {
        UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value)))
    }

    /// FreeType's unscaled, unhinted advance of a glyph, in font units (the hmtx width).
    public func advance(ofGlyph glyph: UInt32) -> Double {
        var advance: FT_Fixed = 0
        guard FT_Get_Advance(face, FT_UInt(glyph), FT_Int32(FT_LOAD_NO_SCALE), &advance) == 0 else { return 0 }
        return Double(advance)
    }

    /// The face's FreeType handle, for the outline and shaping extensions.
    var freeTypeFace: FT_Face { face }
    var harfBuzzFont: OpaquePointer { hbFont }

    /// FreeType's error text for the common failures, its code otherwise.
    static func reason(_ error: FT_Error) -> String {
        switch error {
        case 0x01: return "FreeType cannot open it"
        case 0x02: return "FreeType does not know its format (not a TrueType, OpenType, Type 1 or WOFF font)"
        case 0x03: return "FreeType found the font data broken"
        case 0x06: return "the face index is not in the file"
        case 0x08: return "the font is broken (invalid table or offset)"
        case 0x51...0x57: return "FreeType cannot read it as a font (the data ends early or is not a font)"
        default:
            if let text = FT_Error_String(error) { return String(cString: text) }
            return "FreeType error \(error)"
        }
    }
}
