/// Why encoding, decoding or writing an image failed.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libpng refused to encode or decode; the message comes from libpng.
    case png(String)
    /// giflib failed; the message names the operation and carries giflib's error text.
    case gif(String)
    /// A file system call failed on `path`; `reason` is the `strerror` text ("No such file or directory").
    case io(path: String, reason: String)
    /// The caller passed an image that cannot be encoded (mismatched sizes, bad parameters, …).
    case invalidImage(String)

    /// One sentence naming the problem, and the path when there is one.
    public var description: String {
        switch self {
        case let .png(message): "PNG error: \(message)"
        case let .gif(message): "GIF error: \(message)"
        case let .io(path, reason): "\(path): \(reason)"
        case let .invalidImage(message): "invalid image: \(message)"
        }
    }
}
