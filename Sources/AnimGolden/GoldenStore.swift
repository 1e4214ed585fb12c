import AnimCodecs
import AnimRaster
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation  // Darwin's, which brings the C library
#endif

/// A folder of goldens: `<root>/<scene name>/fNNNN.png` (at least four digits) and the manifest
/// `<root>/<scene name>/golden.json`. Files are written atomically.
public struct GoldenStore: Hashable, Sendable {
    public let root: URL

    /// The manifest's file name, `golden.json`.
    public static let manifestName = "golden.json"

    public init(root: URL) {
        self.root = root
    }

    /// `f0007.png`, `f0123.png`, `f12345.png`.
    public static func fileName(frame: Int) -> String {
        "f" + paddedFrame(frame) + ".png"
    }

    /// The frame number with at least four digits.
    public static func paddedFrame(_ frame: Int) -> String {
        let digits = String(frame)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The folder of a scene's goldens.
    public func folder(scene: String) -> URL {
        root.appendingPathComponent(scene, isDirectory: true)
    }

    /// The golden PNG of one frame.
    public func url(scene: String, frame: Int) -> URL {
        folder(scene: scene).appendingPathComponent(Self.fileName(frame: frame))
    }

    /// The scene's manifest file.
    public func manifestURL(scene: String) -> URL {
        folder(scene: scene).appendingPathComponent(Self.manifestName)
    }

    /// The golden of a frame; nil when there is none; an error when the file cannot be decoded.
    public func read(scene: String, frame: Int) throws(GoldenStoreError) -> Bitmap? {
        try PNGFile.read(url(scene: scene, frame: frame))
    }

    /// Writes (or replaces) the golden of a frame.
    public func write(_ bitmap: Bitmap, scene: String, frame: Int) throws(GoldenStoreError) {
        try PNGFile.write(bitmap, to: url(scene: scene, frame: frame))
    }

    /// The names of the golden PNGs in the scene's folder (`f` and digits, `.png`), by frame number:
    /// also a name with more leading zeros than ``fileName(frame:)`` writes (it is never read).
    /// Empty when the folder does not exist.
    public func goldenFiles(scene: String) -> [(name: String, frame: Int)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(scene: scene).path)) ?? []
        let files = names.compactMap { name -> (name: String, frame: Int)? in
            guard name.hasPrefix("f"), name.hasSuffix(".png") else { return nil }
            let digits = name.dropFirst().dropLast(4)
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let frame = Int(digits) else { return nil }
            return (name, frame)
        }
        return files.sorted { ($0.frame, $0.name) < ($1.frame, $1.name) }
    }

    /// Deletes one file of the scene's folder.
    public func remove(scene: String, file: String) throws(GoldenStoreError) {
        let path = folder(scene: scene).appendingPathComponent(file).path
        guard unlink(path) == 0 else { throw GoldenStoreError(path: path, reason: String(cString: strerror(errno))) }
    }

    /// The scene's manifest; nil when there is none (goldens recorded before manifests existed).
    public func manifest(scene: String) throws(GoldenStoreError) -> GoldenManifest? {
        let url = manifestURL(scene: scene)
        guard try PNGFile.exists(url) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw GoldenStoreError(path: url.path, reason: "cannot read the golden manifest")
        }
        do {
            return try GoldenManifest.decode([UInt8](data))
        } catch {
            throw GoldenStoreError(path: url.path, reason: error.reason)
        }
    }

    /// Writes (or replaces) the scene's manifest.
    public func writeManifest(_ manifest: GoldenManifest, scene: String) throws(GoldenStoreError) {
        let url = manifestURL(scene: scene)
        do {
            try AtomicFile.writeCreatingFolders(Array(manifest.json.utf8), to: url.path)
        } catch {
            throw GoldenStoreError(path: url.path, reason: String(describing: error))
        }
    }
}
