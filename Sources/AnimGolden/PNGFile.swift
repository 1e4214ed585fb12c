import AnimCodecs
import AnimRaster
#if canImport(FoundationEssentials)
import FoundationEssentials
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
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try PNGCodec.decodeFile(at: url.path)
        } catch {
            throw GoldenStoreError(path: url.path, reason: reason(error, path: url.path))
        }
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
