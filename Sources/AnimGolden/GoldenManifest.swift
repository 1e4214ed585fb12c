#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `golden.json` beside a scene's golden PNGs: the frame rate, frame count and pixel size the
/// goldens were recorded with, so a later change of the scene's timing is reported as such instead
/// of as a puzzling pixel difference.
///
/// The file is one line, keys in this order: `{"fps": 50, "frameCount": 60, "width": 200, "height": 200}`.
public struct GoldenManifest: Hashable, Sendable, Codable {
    public var fps: Double
    public var frameCount: Int
    /// The frames' size in pixels (canvas size × scale).
    public var width: Int
    public var height: Int

    public init(fps: Double, frameCount: Int, width: Int, height: Int) {
        self.fps = fps
        self.frameCount = frameCount
        self.width = width
        self.height = height
    }

    /// The file's text.
    public var json: String {
        "{\"fps\": \(NumberText.format(fps)), \"frameCount\": \(frameCount), \"width\": \(width), \"height\": \(height)}\n"
    }

    /// The manifest in `bytes`.
    public static func decode(_ bytes: [UInt8]) throws(GoldenStoreError) -> GoldenManifest {
        do {
            return try JSONDecoder().decode(GoldenManifest.self, from: Data(bytes))
        } catch {
            throw GoldenStoreError(path: GoldenStore.manifestName, reason: "not a golden manifest (\(error))")
        }
    }

    /// The recorded values that differ from `scene`'s (frame rate, frame count, pixel size), as
    /// text: ("50 fps, 60 frames", "30 fps, 36 frames"); nil when they all agree.
    public func mismatch(with scene: GoldenManifest) -> (recorded: String, now: String)? {
        var recorded: [String] = [], now: [String] = []
        if fps != scene.fps {
            recorded.append("\(NumberText.format(fps)) fps")
            now.append("\(NumberText.format(scene.fps)) fps")
        }
        if frameCount != scene.frameCount {
            recorded.append(Self.frames(frameCount))
            now.append(Self.frames(scene.frameCount))
        }
        if width != scene.width || height != scene.height {
            recorded.append("\(width)×\(height) px")
            now.append("\(scene.width)×\(scene.height) px")
        }
        guard !recorded.isEmpty else { return nil }
        return (recorded.joined(separator: ", "), now.joined(separator: ", "))
    }

    static func frames(_ n: Int) -> String { n == 1 ? "1 frame" : "\(n) frames" }
}
