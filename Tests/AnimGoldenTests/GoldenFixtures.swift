import AnimGolden
import AnimRaster
import AnimRender
import AnimScene
import Foundation

/// Scenes, frames and temporary folders shared by the golden tests.
enum GoldenFixtures {
    /// A 64×56 white canvas with a blue rounded card at (x, y) and, optionally, a dark vertical line.
    static func cardScene(x: Double, y: Double = 12, line: Double? = nil, color: String = "#007AFF",
                          fps: Int = 50, duration: Double = 1) -> String {
        var layers = [#"{"id": "card", "frame": [\#(x), \#(y), 24, 20], "backgroundColor": "\#(color)", "cornerRadius": 7}"#]
        if let line { layers.append(##"{"id": "line", "frame": [\##(line), 6, 1, 44], "backgroundColor": "#1C1C1E"}"##) }
        return #"{"canvas": {"width": 64, "height": 56, "fps": \#(fps), "duration": \#(duration)}, "layers": [\#(layers.joined(separator: ", "))]}"#
    }

    /// Frame 0 of a scene given as JSON, drawn by the project's own renderer.
    static func render(_ json: String) throws -> Bitmap {
        let scene = try SceneLoader.decode(Array(json.utf8), file: "fixture.json")
        return Renderer(scene: scene).renderFrame(0)
    }

    /// The card frame at (x, y), optionally with the line.
    static func card(x: Double, y: Double = 12, line: Double? = nil) throws -> Bitmap {
        try render(cardScene(x: x, y: y, line: line))
    }

    /// `bitmap` with channel `channel` of the 6×6 block at (x, y) moved by `delta` (clamped).
    static func recolored(_ bitmap: Bitmap, x: Int, y: Int, channel: Int, delta: Int, size: Int = 6) -> Bitmap {
        var out = bitmap
        for py in y..<(y + size) {
            for px in x..<(x + size) {
                let o = (py * out.width + px) * 4 + channel
                out.pixels[o] = UInt8(max(0, min(Int(out.pixels[o + 3 - channel]), Int(out.pixels[o]) + delta)))
            }
        }
        return out
    }
}

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let url: URL

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("animgolden-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes `text` to `relative` (folders created).
    @discardableResult
    func write(_ text: String, to relative: String) throws -> URL {
        let file = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file
    }

    func exists(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent(relative).path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
