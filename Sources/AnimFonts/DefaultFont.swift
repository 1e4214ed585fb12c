import CDefaultFont

/// The font a text layer uses when its scene names none: Inter Regular (SIL Open Font License,
/// `Sources/CDefaultFont/Inter-LICENSE.txt`), compiled into the binary (`CDefaultFont`, C23
/// `#embed`), so a scene renders the same everywhere and a binary copied elsewhere needs no files
/// beside it. System fonts are never consulted.
public enum DefaultFont {
    public static let fileName = "Inter-Regular.otf"
    /// The catalog key and the name in messages. A scene's `font` that would resolve to the same
    /// string (a file of that name in the current folder) is keyed "./" + it instead.
    public static let key = "built-in:" + fileName

    /// The font file's bytes, as shipped.
    public static var bytes: [UInt8] {
        var size = 0
        guard let start = animrender_default_font(&size) else { return [] }
        return Array(UnsafeBufferPointer(start: start, count: size))
    }

    /// The font opened with FreeType and HarfBuzz.
    public static func open() throws(FontError) -> FontFile {
        try FontFile(bytes: bytes, path: key)
    }
}
