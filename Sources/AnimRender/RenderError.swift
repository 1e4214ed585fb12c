import AnimCodecs
import AnimCompositor
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
    /// A frame (its index, when it has one, and time) could not be drawn in full.
    case frame(Int?, time: Double, OffscreenOverflow)

    public var description: String {
        switch self {
        case let .scene(e): e.description
        case let .output(.io(path, reason)): "error: cannot write \(StandardOutput.name(path)): \(reason)"
        case let .output(e): "error: \(e.description)"
        case .usage, .frame: "error: \(sceneProblem!)"
        }
    }

    /// What is wrong with what the scene or the command asks for (nil for other errors); the
    /// command line names the scene before it.
    public var sceneProblem: String? {
        switch self {
        case let .usage(s): s
        case let .frame(i, t, overflow): "\(i.map { "frame \($0) (t = \(t.formatted) s)" } ?? "the frame at t = \(t.formatted) s"): \(overflow)"
        case .scene, .output: nil
        }
    }
}
