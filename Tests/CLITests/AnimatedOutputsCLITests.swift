import AnimCodecs
import AnimRaster
import AnimTestSupport
import Foundation
import Testing

/// APNG (and the other animated outputs) decoded back by independent decoders.
@Suite(.serialized)
struct AnimatedOutputsCLITests {
    /// A transparent canvas with a static half-transparent panel and a moving rounded card: alpha
    /// edges, unchanged areas and a frame range with a pause (identical frames).
    static let sceneJSON = """
        {"canvas": {"width": 120, "height": 90, "background": "clear", "fps": 25, "duration": 1.2},
         "layers": [
           {"id": "panel", "frame": [10, 50, 100, 30], "backgroundColor": "#3366CC80", "cornerRadius": 8},
           {"id": "card", "frame": [8, 8, 40, 30], "backgroundColor": "#FF8800", "cornerRadius": 9,
            "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 28, "toValue": 92,
                            "duration": 0.8, "timingFunction": "easeInEaseOut", "fillMode": "forwards",
                            "removedOnCompletion": false}]}]}
        """

    func scene(in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("scene.json")
        try Data(Self.sceneJSON.utf8).write(to: url)
        return url.path
    }

    @Test(.enabled(if: ExternalTools.hasPillow, "needs python3 with Pillow (scripts/setup-test-tools.sh)"))
    func apngDecodesInPillowToTheRenderedFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let apng = dir.appendingPathComponent("out.png"), frames = dir.appendingPathComponent("frames")
        let r = try CommandRunner.run([try scene(in: dir), "--apng", apng.path, "--png-dir", frames.path, "--loop", "2", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try ExternalTools.pillowReport(apng, frames: frames, fps: 25)
        #expect(report["frames"] == "30")
        #expect(report["max_diff"] == "0", "\(report)")
        #expect(report["duration_ms"] == "1200.000")
        #expect(report["loop"] == "2")
        // Frames 20…29 are the same picture (the card has stopped), stored once.
        #expect(report["stored"] == "21", "\(report)")
    }

    @Test func apngDecodesInOurDecoderToTheRenderedFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let apng = dir.appendingPathComponent("out.png"), frames = dir.appendingPathComponent("frames")
        let r = try CommandRunner.run([try scene(in: dir), "--apng", apng.path, "--png-dir", frames.path, "--frames", "5..24", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let decoded = try APNGDecoder.decode(Array(try Data(contentsOf: apng)))
        #expect(decoded.plays == 0)
        var shown: [Bitmap] = []
        for f in decoded.frames {
            #expect(f.delay.denominator == 25)
            shown += Array(repeating: f.image, count: f.delay.numerator)
        }
        #expect(shown.count == 20)
        for (k, image) in shown.enumerated() {
            let png = frames.appendingPathComponent(String(format: "frame_%05d.png", k + 5))
            #expect(image == (try PNGCodec.decodeFile(at: png.path)), "frame \(k + 5)")
        }
    }

    @Test func apngToAMissingFolderFailsCleanly() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let target = dir.appendingPathComponent("missing/out.png")
        let r = try CommandRunner.run([try scene(in: dir), "--apng", target.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains(target.path) && r.stderr.contains("No such file or directory"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["scene.json"])
    }
}
