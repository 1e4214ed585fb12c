import AnimRaster
import AnimRender
import AnimScene
import Foundation

/// Renders a catalogue scene's golden frames and compares each with Goldens/<scene>/fNNNN.png.
public struct GoldenCheck {
    public let entry: SceneCatalog.Entry
    public let mode: RecordMode

    public init(entry: SceneCatalog.Entry, mode: RecordMode = .current) {
        self.entry = entry
        self.mode = mode
    }

    /// The frames checked: the scene's `goldenFrames`, else first, middle and last.
    public static func frames(for scene: Scene, count: Int) -> [Int] {
        if let listed = scene.goldenFrames { return listed }
        return Array(Set([0, count / 2, max(0, count - 1)])).sorted()
    }

    public static func fileName(_ frame: Int) -> String {
        let digits = String(frame)
        return "f" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
    }

    /// Problems found (empty = pass). Records goldens according to the mode; recording is a problem too.
    public func run() throws -> [String] {
        let scene = try SceneLoader.load(path: entry.file.path)
        let renderer = Renderer(scene: scene)
        var problems: [String] = []
        for frame in Self.frames(for: scene, count: renderer.frameCount) {
            guard frame < renderer.frameCount else {
                problems.append("\(entry): goldenFrames lists frame \(frame) but the scene has \(renderer.frameCount) frames")
                continue
            }
            let actual = renderer.renderFrame(frame)
            if let problem = try check(frame: frame, actual: actual) { problems.append(problem) }
        }
        return problems
    }

    private func check(frame: Int, actual: Bitmap) throws -> String? {
        let url = entry.goldenFolder.appendingPathComponent(Self.fileName(frame))
        guard let expected = GoldenImage.read(url) else {
            if mode != .never {
                try GoldenImage.write(actual, to: url)
                return "\(entry) frame \(frame): no golden; recorded \(url.path) (look at it, then run again)"
            }
            return "\(entry) frame \(frame): no golden at \(url.path) (record with ANIMRENDER_RECORD=missing)"
        }
        let comparison = GoldenImage.compare(expected, actual)
        if comparison.differingPixels == 0 {
            if mode == .all {
                try GoldenImage.write(actual, to: url)
                return "\(entry) frame \(frame): re-recorded (ANIMRENDER_RECORD=all)"
            }
            return nil
        }
        let artifacts = RepositoryPaths.artifacts.appendingPathComponent(entry.name)
        let base = Self.fileName(frame).dropLast(4)
        try GoldenImage.write(actual, to: artifacts.appendingPathComponent("\(base)-actual.png"))
        try GoldenImage.write(GoldenImage.diffImage(expected: expected, actual: actual),
                              to: artifacts.appendingPathComponent("\(base)-diff.png"))
        var message = "\(entry) frame \(frame): \(comparison.differingPixels) pixels differ (largest channel difference \(comparison.maxChannelDelta)); "
            + "actual and diff images in \(artifacts.path)"
        if mode == .failed || mode == .all {
            try GoldenImage.write(actual, to: url)
            message += "; re-recorded \(url.path)"
        }
        return message
    }
}
