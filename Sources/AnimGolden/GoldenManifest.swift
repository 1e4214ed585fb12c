import Foundation

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

    /// "goldens were recorded at 50 fps with 60 frames; the scene now has 30 fps and 36 frames",
    /// or nil when the fps and the frame count agree with `scene`.
    public func timingMismatch(with scene: GoldenManifest) -> String? {
        guard fps != scene.fps || frameCount != scene.frameCount else { return nil }
        return "goldens were recorded at \(NumberText.format(fps)) fps with \(Self.frames(frameCount)); "
            + "the scene now has \(NumberText.format(scene.fps)) fps and \(Self.frames(scene.frameCount))"
    }

    static func frames(_ n: Int) -> String { n == 1 ? "1 frame" : "\(n) frames" }
}
