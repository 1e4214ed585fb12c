/// Why encoding, decoding or writing an image failed.
public enum CodecError: Error, Equatable, Sendable, CustomStringConvertible {
    /// libpng refused to encode or decode; the message comes from libpng, after the file's name
    /// when there is one.
    case png(String)
    /// giflib failed; the message names the operation and carries giflib's error text.
    case gif(String)
    /// A file system call failed on `path`; `reason` is the `strerror` text ("No such file or directory").
    case io(path: String, reason: String)
    /// The caller passed an image that cannot be encoded (mismatched sizes, bad parameters, …).
    case invalidImage(String)
    /// libjpeg refused to decode; the message names the file and carries libjpeg's text.
    case jpeg(String)
    /// libwebp refused to encode; the message carries libwebp's text.
    case webp(String)
    /// The file at `path` is not a PNG or JPEG; `reason` says what it is instead.
    case unsupportedImage(path: String, reason: String)
    /// The file at `path` declares `width` × `height` pixels, more than is decoded (16384 px a
    /// side, 2²⁸ pixels); it was refused before its pixels were allocated.
    case imageTooLarge(path: String, width: Int, height: Int)
    /// The header declares a size within the limits but beyond the pixels the caller had left for
    /// it (``ImageDecoder/decode(contentsOf:maxPixels:)``); nothing was allocated for it.
    case imageOverBudget(path: String, width: Int, height: Int)
    /// An external program an output needs is not on PATH; `package` is the Debian package that has it.
    case missingTool(tool: String, package: String, purpose: String)
    /// An external program failed; the message carries what it printed.
    case tool(String)

    /// One sentence naming the problem, and the path when there is one.
    public var description: String {
        switch self {
        case let .png(message): "PNG error: \(message)"
        case let .gif(message): "GIF error: \(message)"
        case let .io(path, reason): "\(StandardOutput.name(path)): \(reason)"
        case let .invalidImage(message): "invalid image: \(message)"
        case let .jpeg(message): "JPEG error: \(message)"
        case let .webp(message): "WebP error: \(message)"
        case let .unsupportedImage(path, reason): "\(path) cannot be used as an image: \(reason)"
        case let .missingTool(tool, package, purpose):
            "\(purpose) needs \(tool), which is not on PATH; install it (Debian/Ubuntu: sudo apt-get install \(package))"
        case let .tool(message): message
        case let .imageTooLarge(path, width, height):
            "\(path) declares a \(width)×\(height) image, larger than the \(ImageLimits.maxDimension) px a side "
                + "and \(ImageLimits.maxPixels) pixels that are decoded"
        case let .imageOverBudget(path, width, height):
            "\(path) declares a \(width)×\(height) image, more pixels than are left to decode"
        }
    }
}
