import AnimCodecs
import AnimTestSupport
import Foundation
import Testing

/// `animrender test` as a CI pipeline runs it: exit codes 0 / 1 / 2, recording that still fails,
/// the HTML report, JUnit XML and actual/diff images.
@Suite(.serialized)
struct TestCommandCLITests {
    static let scene = """
        {"canvas": {"width": 60, "height": 40, "fps": 10, "duration": 1},
         "layers": [{"id": "box", "frame": [10, 10, 20, 20], "backgroundColor": "#007AFF", "cornerRadius": 4,
           "animations": [{"keyPath": "position.x", "toValue": 40, "duration": 1}]}],
         "goldenFrames": [0, 5]}
        """

    /// A fresh project folder: Scenes/demo/box.json.
    func project(_ json: String = scene) throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        let scenes = dir.appendingPathComponent("Scenes/demo")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: scenes.appendingPathComponent("box.json"))
        return dir
    }

    func test(_ dir: URL, _ extra: [String] = [], environment: [String: String] = [:]) throws -> CommandResult {
        try CommandRunner.run(["test", "Scenes", "--goldens", "Goldens", "--report", "report", "--quiet"] + extra,
                              in: dir, environment: environment)
    }

    @Test func recordingFailsThenThePassingRunExitsZero() throws {
        let dir = try project()
        let recording = try test(dir, ["--record", "missing"])
        #expect(recording.status == 1, "a recording run still fails: \(recording.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("Goldens/demo/box/f0005.png").path))
        let again = try test(dir, ["--record", "never"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.contains("1 scenes, 2 frames: passed"), "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report/index.html").path))
    }

    @Test func aChangedSceneFailsWithArtifactsReportAndJUnit() throws {
        let dir = try project()
        _ = try test(dir, ["--record", "missing"])
        try Data(Self.scene.replacingOccurrences(of: "#007AFF", with: "#FF3B30").utf8)
            .write(to: dir.appendingPathComponent("Scenes/demo/box.json"))
        let r = try test(dir, ["--record", "never", "--junit", "ci.xml"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("demo/box"), "\(r.stderr)")
        for file in ["report/artifacts/demo/box/f0005-actual.png", "report/artifacts/demo/box/f0005-diff.png", "report/junit.xml", "ci.xml"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "\(file)")
        }
        let html = try String(contentsOf: dir.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(html.contains("data:image/png;base64,") && html.contains("demo/box"))
        let junit = try String(contentsOf: dir.appendingPathComponent("ci.xml"), encoding: .utf8)
        #expect(junit.contains("failures=\"1\""), "\(junit)")
        let diff = try PNGCodec.decodeFile(at: dir.appendingPathComponent("report/artifacts/demo/box/f0005-diff.png").path)
        #expect(diff.width == 180, "expected | diff | actual side by side")
    }

    @Test func aPerceptualToleranceForgivesAHalfPixelShiftButNotAMove() throws {
        let dir = try project()
        _ = try test(dir, ["--record", "missing"])
        let shifted = Self.scene.replacingOccurrences(of: "\"frame\": [10, 10, 20, 20]", with: "\"frame\": [10.5, 10, 20, 20]")
        try Data(shifted.utf8).write(to: dir.appendingPathComponent("Scenes/demo/box.json"))
        #expect(try test(dir, ["--record", "never"]).status == 1, "exact by default")
        #expect(try test(dir, ["--record", "never", "--perceptual", "2"]).status == 0)
        let moved = Self.scene.replacingOccurrences(of: "\"frame\": [10, 10, 20, 20]", with: "\"frame\": [13, 10, 20, 20]")
        try Data(moved.utf8).write(to: dir.appendingPathComponent("Scenes/demo/box.json"))
        #expect(try test(dir, ["--record", "never", "--perceptual", "2"]).status == 1)
    }

    @Test func badInputExitsTwo() throws {
        let dir = try project("{\"canvas\": {\"width\": 10}")
        let r = try test(dir, ["--record", "never"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("box.json"), "\(r.stderr)")
        let typo = try test(try project(), [], environment: ["ANIMRENDER_RECORD": "sometimes"])
        #expect(typo.status == 2 && typo.stderr.contains("ANIMRENDER_RECORD"), "\(typo.stderr)")
        let missing = try CommandRunner.run(["test", "NoSuchFolder"], in: try project())
        #expect(missing.status == 2 && missing.stderr.contains("NoSuchFolder"), "\(missing.stderr)")
    }

    @Test func everyNthFrameAndOrphanGoldens() throws {
        let dir = try project()
        let r = try test(dir, ["--record", "missing", "--every", "3"])
        #expect(r.stderr.contains("4 frames"), "frames 0, 3, 6, 9: \(r.stderr)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Goldens/demo/gone"), withIntermediateDirectories: true)
        try Data(contentsOf: dir.appendingPathComponent("Goldens/demo/box/f0000.png"))
            .write(to: dir.appendingPathComponent("Goldens/demo/gone/f0000.png"))
        let orphan = try test(dir, ["--record", "never"])
        #expect(orphan.status == 1 && orphan.stderr.contains("demo/gone have no scene"), "\(orphan.stderr)")
    }
}
