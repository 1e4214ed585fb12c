import AnimRaster
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a failing frame's pictures go, mirroring the golden layout:
/// `<root>/<scene name>/fNNNN-actual.png` and `fNNNN-diff.png`.
public struct GoldenArtifacts: Hashable, Sendable {
    public let root: URL

    public init(root: URL) {
        self.root = root
    }

    /// `$ANIMRENDER_ARTIFACTS` when set, else `animrender-golden-failures` in the temporary folder.
    public static func defaultRoot(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let path = environment["ANIMRENDER_ARTIFACTS"], !path.isEmpty { return URL(fileURLWithPath: path) }
        return FileManager.default.temporaryDirectory.appendingPathComponent("animrender-golden-failures")
    }

    /// The rendered frame.
    public func actualURL(scene: String, frame: Int) -> URL {
        root.appendingPathComponent(scene, isDirectory: true)
            .appendingPathComponent("f" + GoldenStore.paddedFrame(frame) + "-actual.png")
    }

    /// expected | changes | actual.
    public func diffURL(scene: String, frame: Int) -> URL {
        root.appendingPathComponent(scene, isDirectory: true)
            .appendingPathComponent("f" + GoldenStore.paddedFrame(frame) + "-diff.png")
    }

    func writeActual(_ bitmap: Bitmap, scene: String, frame: Int) throws(GoldenStoreError) -> URL {
        let url = actualURL(scene: scene, frame: frame)
        try PNGFile.write(bitmap, to: url)
        return url
    }

    /// Writes the diff picture; nil when it would be too large to make.
    func writeDiff(expected: Bitmap, actual: Bitmap, tolerance: GoldenTolerance, scene: String,
                   frame: Int) throws(GoldenStoreError) -> URL? {
        guard let diff = DiffImage.make(expected: expected, actual: actual, tolerance: tolerance) else { return nil }
        let url = diffURL(scene: scene, frame: frame)
        try PNGFile.write(diff, to: url)
        return url
    }
}
