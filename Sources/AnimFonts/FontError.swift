/// Why a font could not be used.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read; `reason` is the system's text ("No such file or directory").
    case unreadable(path: String, reason: String)
    /// FreeType cannot open the file as a font, or the font has no scalable outlines.
    case unsupported(path: String, reason: String)
    /// The font shipped with animrender was found in none of the places searched.
    case defaultFontMissing(searched: [String])

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the font file \(path): \(reason)"
        case let .unsupported(path, reason): "unsupported font \(path): \(reason)"
        case let .defaultFontMissing(searched):
            "the default font \(DefaultFont.fileName) is missing (looked in \(searched.joined(separator: ", ")))"
        }
    }
}
