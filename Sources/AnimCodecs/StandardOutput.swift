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
        guard fcntl(STDOUT_FILENO, F_GETFL) != -1 else {
            throw .io(path: path, reason: SystemError.lastMessage())
        }
        if isatty(STDOUT_FILENO) != 0 {
            throw .io(path: path, reason: "is a terminal; redirect it (> out.gif) or pipe it (| …), or give a file name")
        }
    }

    /// Writes every byte to standard output, retrying partial writes and EINTR.
    static func write(_ bytes: [UInt8]) throws(CodecError) {
        try checkWritable()
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                systemWrite(STDOUT_FILENO, raw.baseAddress! + offset, raw.count - offset)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: SystemError.lastMessage())
            }
            offset += n
        }
    }

    /// POSIX write(2), named apart from ``write(_:)``.
    private static func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #else
        Darwin.write(fd, buffer, count)
        #endif
    }
}
