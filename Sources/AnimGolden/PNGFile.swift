import AnimCodecs
import AnimRaster
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// PNG files for goldens and artifacts: written atomically into folders created on demand.
enum PNGFile {
    static func write(_ bitmap: Bitmap, to url: URL) throws(GoldenStoreError) {
        do {
            try AtomicFile.writeCreatingFolders(try PNGCodec.encode(bitmap), to: url.path)
        } catch {
            throw GoldenStoreError(path: url.path, reason: reason(error))
        }
    }

    /// The decoded file; nil when it does not exist.
    static func read(_ url: URL) throws(GoldenStoreError) -> Bitmap? {
        guard try exists(url) else { return nil }
        do {
            return try PNGCodec.decodeFile(at: url.path)
        } catch {
            throw GoldenStoreError(path: url.path, reason: reason(error, path: url.path))
        }
    }

    /// Whether the file exists: false only when it, or a folder on its path, does not (a folder
    /// that cannot be searched is an error, not a missing golden).
    static func exists(_ url: URL) throws(GoldenStoreError) -> Bool {
        var st = stat()
        if stat(url.path, &st) == 0 { return true }
        let code = errno
        if code == ENOENT || code == ENOTDIR { return false }
        throw GoldenStoreError(path: url.path, reason: String(cString: strerror(code)))
    }

    /// The codec's message without the path it may repeat.
    private static func reason(_ error: CodecError, path: String = "") -> String {
        switch error {
        case let .io(_, reason): reason
        case let .png(message): "not a readable PNG (" + (message.hasPrefix(path + ": ") ? String(message.dropFirst(path.count + 2)) : message) + ")"
        default: String(describing: error)
        }
    }
}
