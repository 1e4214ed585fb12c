import AnimTestSupport
import Foundation
import Testing

/// Layers nested as deep as the format allows are drawn, on every thread that draws, in the stack
/// a thread gets by default; one level more is a located error. At 256 levels a chain of 217
/// plain layers, or of 230 masks, overflowed the stack and crashed (exit 139).
struct DeepLayersCLITests {
    /// `Self.maxDepth`, as docs/scene-format.md states it.
    static let maxDepth = 128

    /// A scene of `depth` layers, each the only sublayer (or the `mask`) of the one before, each
    /// drawing through an offscreen (group opacity, or a mask).
    static func chain(_ depth: Int, masks: Bool) -> String {
        var json = ""
        for i in 0..<depth {
            let layer = masks
                ? ##"{"id": "l\##(i)", "frame": [0, 0, 20, 20], "backgroundColor": "#336699", "cornerRadius": 3"##
                : ##"{"id": "l\##(i)", "frame": [1, 1, 20, 20], "backgroundColor": "#33669980", "opacity": 0.9, "shadowOpacity": 0.5, "shadowRadius": 1"##
            json += layer + (i + 1 < depth ? (masks ? #", "mask": "# : #", "sublayers": ["#) : "")
        }
        json += String(repeating: masks ? "}" : "}]", count: depth - 1) + "}"
        return #"{"canvas": {"width": 24, "height": 24, "duration": 0.1}, "layers": [\#(json)]}"#
    }

    func run(_ json: String) throws -> (CommandResult, URL, String) {
        let dir = try CommandRunner.temporaryDirectory()
        let url = dir.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: url)
        let r = try CommandRunner.run([url.path, "--png-dir", dir.appendingPathComponent("out").path, "--threads", "2"])
        return (r, dir, url.path)
    }

    @Test(arguments: [false, true])
    func theDeepestNestingIsDrawn(masks: Bool) throws {
        let (r, dir, _) = try run(Self.chain(Self.maxDepth + 1, masks: masks))
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("out").path)
        #expect(frames.count == 5)
    }

    @Test(arguments: [false, true])
    func oneLevelMoreIsALocatedError(masks: Bool) throws {
        let (r, dir, path) = try run(Self.chain(Self.maxDepth + 2, masks: masks))
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("error: \(path)") && r.stderr.contains("layers are nested more than 128 deep"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }
}
