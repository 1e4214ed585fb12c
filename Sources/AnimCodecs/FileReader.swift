#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls, reporting failures as ``CodecError/io(path:reason:)``.
enum FileReader {
    /// Every byte of the file at `path`.
    static func readAll(_ path: String) throws(CodecError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .io(path: path, reason: SystemError.lastMessage()) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, reason: SystemError.lastMessage())
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
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
