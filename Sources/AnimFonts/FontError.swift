/// Why a font could not be used.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read; `reason` is the system's text ("No such file or directory").
    case unreadable(path: String, reason: String)
    /// FreeType cannot open the file as a font, or the font has no scalable outlines.
    case unsupported(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the font file \(path): \(reason)"
        case let .unsupported(path, reason): "unsupported font \(path): \(reason)"
        }
    }
}
