#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls: the one file reader of the modules that may import
/// AnimCodecs (scene files in AnimScene, images here). AnimFonts may not import it (see
/// scripts/check-deps.sh) and keeps its own `FontFileReader`.
public enum FileReader {
    /// Why a file could not be read; each case's text is the `strerror` message.
    public enum Failure: Error, Equatable, Sendable {
        /// open(2) failed ("No such file or directory").
        case open(String)
        /// read(2) failed ("Is a directory").
        case read(String)
        /// The file has more than the given number of bytes.
        case tooLarge(Int)
    }

    /// Every byte of the file at `path`; with `maxSize`, a larger file fails once that many bytes are read.
    ///
    /// A FIFO is opened without waiting for a writer (a FIFO nobody writes to reads as empty, it
    /// does not hang); once open, reads block as usual, so a pipe such as /dev/stdin is read whole.
    public static func contents(of path: String, maxSize: Int? = nil) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .open(SystemError.lastMessage()) }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .read(SystemError.lastMessage())
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
            if let maxSize, bytes.count > maxSize { throw .tooLarge(maxSize) }
        }
    }

    /// Every byte of the file at `path` (at most `maxSize`), failures as ``CodecError/io(path:reason:)``.
    static func readAll(_ path: String, maxSize: Int? = nil) throws(CodecError) -> [UInt8] {
        do {
            return try contents(of: path, maxSize: maxSize)
        } catch {
            switch error {
            case let .open(reason), let .read(reason): throw .io(path: path, reason: reason)
            case let .tooLarge(limit): throw .io(path: path, reason: "larger than \(limit) bytes")
            }
        }
    }
}

/// strerror text for errno values.
enum SystemError {
    /// The message for the current `errno`.
    static func lastMessage() -> String {
        message(errno)
    }

    /// The message for `code` ("No such file or directory" for ENOENT).
    static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
