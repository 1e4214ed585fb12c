#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with the operating system's reason on failure.
enum FileReader {
    struct Failure: Error {
        var reason: String
    }

    /// The largest scene file read (64 MiB).
    static let maxSize = 64 * 1024 * 1024

    static func read(_ path: String) throws(Failure) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw Failure(reason: "cannot open the scene file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: "cannot read the scene file: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            out.append(contentsOf: chunk[0..<n])
            if out.count > maxSize { throw Failure(reason: "the scene file is larger than 64 MiB") }
        }
        return out
    }
}
