#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a font file whole with POSIX calls.
enum FontFileReader {
    /// The largest font file read (64 MiB: far above any real font, far below a mistake's cost).
    static let maxSize = 64 * 1024 * 1024

    /// A FIFO is opened without waiting for a writer (one nobody writes to reads as empty, it does
    /// not hang), as AnimCodecs' FileReader does.
    static func read(_ path: String) throws(FontError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > maxSize { throw .unsupported(path: path, reason: "the file is larger than 64 MiB") }
        }
    }
}
