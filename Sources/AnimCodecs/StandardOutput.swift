#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "-" as an output path: standard output, for pipes (`animrender scene.json --gif - | …`).
///
/// Like ``AtomicFile`` it is all or nothing as far as this process can make it: the bytes are
/// written only once the whole file is encoded, so a failed render writes nothing at all. A
/// terminal is refused before any frame is drawn, since binary image data would garble it.
public enum StandardOutput {
    /// The output path that means standard output.
    public static let path = "-"

    /// How messages name it.
    public static let displayName = "standard output"

    public static func isStandardOutput(_ path: String) -> Bool { path == Self.path }

    /// `path` as messages name it: "standard output" for "-".
    public static func name(_ path: String) -> String { isStandardOutput(path) ? displayName : path }

    /// Fails when standard output is closed or a terminal.
    static func checkWritable() throws(CodecError) {
        guard StandardStreams.isWritableOutput(STDOUT_FILENO) else {
            throw .io(path: path, reason: "it is closed")
        }
        if isatty(STDOUT_FILENO) != 0 {
            throw .io(path: path, reason: "is a terminal; redirect it (> out.gif) or pipe it (| …), or give a file name")
        }
    }

    /// Writes every byte to standard output, retrying partial writes and EINTR.
    static func write(_ bytes: [UInt8]) throws(CodecError) {
        try checkWritable()
        try AtomicFile.writeAll(bytes, to: STDOUT_FILENO, path: path)
    }
}
