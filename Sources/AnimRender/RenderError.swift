import AnimCodecs
import AnimScene

/// Why a render failed. Scene problems are found before the first frame is drawn; output
/// problems leave no partial file behind.
public enum RenderError: Error, Sendable, CustomStringConvertible {
    /// The scene file is malformed or invalid (every problem, located).
    case scene(SceneErrors)
    /// An output could not be written; a file system failure reads "cannot write PATH: reason".
    case output(CodecError)
    /// The command asked for something impossible (a frame past the end, …).
    case usage(String)

    public var description: String {
        switch self {
        case let .scene(e): e.description
        case let .output(.io(path, reason)): "error: cannot write \(StandardOutput.name(path)): \(reason)"
        case let .output(e): "error: \(e.description)"
        case let .usage(s): "error: \(s)"
        }
    }
}
