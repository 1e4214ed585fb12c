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
        #expect(again.stderr.contains("1 scene, 2 frames: passed"), "\(again.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("report/index.html").path))
    }

    /// A frame that needs more offscreen surfaces than a frame may hold is not drawn: the
    /// scene's problem, so exit 2 as `render` gives, and nothing is recorded for it.
    @Test func aFrameThatCannotBeDrawnIsBadInput() throws {
        var layer = ##"{"id": "leaf", "frame": [0, 0, 10, 10], "backgroundColor": "#3366CC"}"##
        for depth in 0..<40 {
            layer = ##"{"id": "g\##(depth)", "frame": [1, 1, 10, 10], "opacity": 0.5, "backgroundColor": "#FF000040", "sublayers": [\##(layer)]}"##
        }
        let dir = try project(#"{"canvas": {"width": 4096, "height": 4096, "duration": 0.1}, "layers": [\#(layer)], "goldenFrames": [0]}"#)
        let r = try test(dir, ["--record", "missing"])
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("not drawn"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Goldens/demo/box/f0000.png").path))
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
        #expect(r.stderr.contains("box.json:1:25: expected ',' or '}' after object member, found end of input"), "\(r.stderr)")
        #expect(r.stderr.contains("  problem: /") && !r.stderr.contains("error:"), "no doubled prefix: \(r.stderr)")
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
        #expect(orphan.status == 1 && orphan.stderr.contains("/Goldens/demo/gone have no scene"), "\(orphan.stderr)")
    }

    /// The file's text with `old` replaced.
    func edit(_ dir: URL, _ old: String, _ new: String) throws {
        let url = dir.appendingPathComponent("Scenes/demo/box.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old))
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: url)
    }

    func exists(_ dir: URL, _ path: String) -> Bool {
        FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path)
    }

    @Test func aFrameRateChangeNamesTheFixAndFailedPutsTheFolderRight() throws {
        let dir = try project(Self.scene.replacingOccurrences(of: ",\n \"goldenFrames\": [0, 5]", with: ""))
        #expect(try test(dir, ["--record", "missing"]).status == 1)
        #expect(exists(dir, "Goldens/demo/box/f0009.png"))
        try edit(dir, "\"fps\": 10", "\"fps\": 20")
        let outdated = try test(dir, ["--record", "never"])
        #expect(outdated.status == 1)
        for text in ["demo/box: FAILED (2 of 3 frames, 2 problems)",
                     "golden.json is out of date: the goldens were recorded with 10 fps, 10 frames, the scene now has 20 fps, 20 frames; re-record the scene with --record failed",
                     "stale goldens f0005.png, f0009.png (the frames checked are 0, 10, 19); re-record the scene with --record failed",
                     "frame 19 (t = 0.95 s): no golden (record with --record failed or ANIMRENDER_RECORD=failed)"] {
            #expect(outdated.stderr.contains(text), "\(text) in \(outdated.stderr)")
        }
        let fixed = try test(dir, ["--record", "failed"])
        #expect(fixed.status == 1, "a recording run still fails")
        #expect(fixed.stderr.contains("demo/box: RECORDED (2 of 3 frames, 2 other changes)"), "\(fixed.stderr)")
        #expect(fixed.stderr.contains("recorded: removed stale goldens f0005.png, f0009.png"), "\(fixed.stderr)")
        #expect(!exists(dir, "Goldens/demo/box/f0005.png") && !exists(dir, "Goldens/demo/box/f0009.png"))
        let again = try test(dir, ["--record", "never"])
        #expect(again.status == 0, "\(again.stderr)")
    }

    @Test func reRecordingPassingFramesSaysRecorded() throws {
        let dir = try project()
        _ = try test(dir, ["--record", "missing"])
        let all = try test(dir, ["--record", "all"])
        #expect(all.status == 1, "a recording run still fails")
        #expect(all.stderr.hasPrefix("demo/box: RECORDED (2 of 2 frames)\n"), "\(all.stderr)")
        #expect(all.stderr.contains("frame 5 (t = 0.5 s): passed; re-recorded the golden"), "\(all.stderr)")
        #expect(all.stderr.contains("1 scene, 2 frames: 1 failed (recorded goldens only; look at them, then run again)"), "\(all.stderr)")
        #expect(!all.stderr.contains("FAILED"), "\(all.stderr)")
    }

    @Test func anExplicitRecordModeIsHonouredUnderCI() throws {
        let plain = try project()
        let ci = try test(plain, [], environment: ["CI": "1", "ANIMRENDER_RECORD": ""])
        #expect(ci.status == 1 && ci.stderr.contains("no golden (record with --record missing"), "\(ci.stderr)")
        #expect(!exists(plain, "Goldens"), "the command's default is never")
        let viaEnvironment = try project()
        _ = try test(viaEnvironment, [], environment: ["CI": "1", "ANIMRENDER_RECORD": "missing"])
        #expect(exists(viaEnvironment, "Goldens/demo/box/f0005.png"))
        let explicit = try project()
        let recorded = try test(explicit, ["--record", "all"], environment: ["CI": "1", "ANIMRENDER_RECORD": "never"])
        #expect(recorded.status == 1 && exists(explicit, "Goldens/demo/box/f0005.png"), "the option wins: \(recorded.stderr)")
    }

    @Test func emptyAndCollidingPathsAreRefused() throws {
        let dir = try project()
        for option in ["--report", "--junit", "--goldens"] {
            let r = try test(dir, [option, ""])
            #expect(r.status == 64 && r.stderr.contains("\(option) needs a path, not an empty string"), "\(r.stderr)")
        }
        let same = try test(dir, ["--junit", "Goldens"])
        #expect(same.status == 64 && same.stderr.contains("--goldens and --junit name the same file"), "\(same.stderr)")
        let scenes = try CommandRunner.run(["test", "Scenes", "--report", "Scenes"], in: dir)
        #expect(scenes.status == 64 && scenes.stderr.contains("--report Scenes would overwrite the scene folder Scenes"), "\(scenes.stderr)")
        #expect(!exists(dir, "Goldens") && !exists(dir, "report"))
    }

    @Test func aDashReportJUnitOrGoldensIsRefusedNotMadeAFolderOrWritten() throws {
        let dir = try project()
        for (option, needs) in [("--report", "--report needs a folder"), ("--junit", "--junit needs a file"),
                                ("--goldens", "--goldens needs a folder")] {
            let goldens = option == "--goldens" ? [] : ["--goldens", "Goldens"]
            let r = try CommandRunner.run(["test", "Scenes"] + goldens + ["--record", "missing", "--quiet", option, "-"], in: dir)
            #expect(r.status == 64, "\(option): \(r.stderr)")
            #expect(r.stderr.contains("\(needs)") && r.stderr.contains("not - (standard output)") && r.stderr.contains("write ./-"), "\(r.stderr)")
            #expect(r.stdout.isEmpty, "\(option): nothing on standard output")
            #expect(!exists(dir, "-") && !exists(dir, "Goldens") && !exists(dir, "animrender-report"), "\(option): nothing was made")
        }
        let named = try test(dir, ["--record", "missing", "--junit", "./-"])
        #expect(named.status == 1 && exists(dir, "-"), "./- is a file named -: \(named.stderr)")
    }

    @Test func anUnwritableReportIsOneLineBeforeAnyFrame() throws {
        let dir = try project()
        try Data("x".utf8).write(to: dir.appendingPathComponent("blocker"))
        let folder = try test(dir, ["--record", "missing", "--report", "blocker/report"])
        #expect(folder.status == 1)
        #expect(folder.stderr == "error: cannot write the report: blocker/report: blocker is a file, not a folder\n", "\(folder.stderr)")
        let junit = try test(dir, ["--record", "missing", "--junit", "blocker/ci.xml"])
        #expect(junit.status == 1)
        #expect(junit.stderr == "error: cannot write the report: blocker/ci.xml: blocker is a file, not a folder\n", "\(junit.stderr)")
        #expect(!exists(dir, "report"), "the report folder made for the failed run is removed again")
        #expect(!exists(dir, "Goldens"), "nothing was rendered or recorded")
    }

    /// The reports never replace a scene, a golden or a file that is not a report: refused (64)
    /// before anything is written. A report of an earlier run is replaced, and a missing folder
    /// for `--junit` is made.
    @Test func reportsThatWouldOverwriteScenesOrGoldensAreRefused() throws {
        let dir = try project()
        _ = try test(dir, ["--record", "missing"])
        let scene = dir.appendingPathComponent("Scenes/demo/box.json"), golden = dir.appendingPathComponent("Goldens/demo/box/f0000.png")
        let notes = dir.appendingPathComponent("notes.txt")
        try Data("keep me".utf8).write(to: notes)
        let (sceneBytes, goldenBytes) = (try Data(contentsOf: scene), try Data(contentsOf: golden))
        let cases: [([String], String)] = [
            (["--junit", "Scenes/demo/box.json"], "--junit Scenes/demo/box.json is the scene file of demo/box: the report would replace it"),
            (["--junit", "Goldens/demo/box/f0000.png"], "--junit Goldens/demo/box/f0000.png is inside the goldens folder Goldens"),
            (["--report", "Goldens/out"], "--report Goldens/out is inside the goldens folder Goldens"),
            (["--junit", "notes.txt"], "--junit notes.txt exists and is not a JUnit report of animrender's: refusing to replace it"),
            (["--junit", "pom.xml"], "--junit pom.xml exists and is not a JUnit report of animrender's"),
        ]
        try Data(#"<?xml version="1.0"?><project/>"#.utf8).write(to: dir.appendingPathComponent("pom.xml"))
        for (extra, message) in cases {
            let r = try test(dir, ["--record", "never"] + extra)
            #expect(r.status == 64 && r.stderr.contains(message), "\(extra): \(r.stderr)")
        }
        #expect(try Data(contentsOf: scene) == sceneBytes && Data(contentsOf: golden) == goldenBytes)
        #expect(try String(contentsOf: notes, encoding: .utf8) == "keep me" && !exists(dir, "Goldens/out"))
        for _ in 0..<2 {
            let r = try test(dir, ["--record", "never", "--junit", "ci/results.xml"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try String(contentsOf: dir.appendingPathComponent("ci/results.xml"), encoding: .utf8).contains("failures=\"0\""))
        }
    }

    /// Two scene files whose goldens would share a folder (the same name below two scenes roots)
    /// are refused before anything is rendered or recorded, naming both files.
    @Test func twoScenesOfOneNameAreRefused() throws {
        let dir = try project()
        let other = dir.appendingPathComponent("Other/Scenes/demo")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        try Data(Self.scene.utf8).write(to: other.appendingPathComponent("box.json"))
        let r = try CommandRunner.run(["test", "Scenes", "Other/Scenes", "--goldens", "Goldens", "--report", "report", "--record", "missing"], in: dir)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.contains("/Other/Scenes/demo/box.json and ") && r.stderr.contains("/Scenes/demo/box.json would both file their goldens under demo/box/"),
                "\(r.stderr)")
        #expect(!exists(dir, "Goldens"))
    }

    /// A goldens folder inside the scenes folder: its golden.json files are not scenes, so the
    /// run after the recording passes. An empty goldenFrames is the scene's error; a --goldens
    /// path that is a file is one line and exit 1.
    @Test func goldensInsideTheScenesFolderAndOtherLayouts() throws {
        let dir = try project()
        let inside = ["test", "Scenes", "--goldens", "Scenes/__goldens__", "--report", "report", "--quiet"]
        #expect(try CommandRunner.run(inside + ["--record", "missing"], in: dir).status == 1)
        #expect(exists(dir, "Scenes/__goldens__/demo/box/golden.json"))
        let again = try CommandRunner.run(inside + ["--record", "never"], in: dir)
        #expect(again.status == 0 && again.stderr.contains("1 scene, 2 frames: passed"), "\(again.stderr)")
        try Data("x".utf8).write(to: dir.appendingPathComponent("afile"))
        let file = try CommandRunner.run(["test", "Scenes", "--goldens", "afile", "--report", "report"], in: dir)
        #expect(file.status == 1 && file.stderr == "error: the goldens folder afile is a file, not a folder\n", "\(file.stderr)")
        try Data(Self.scene.replacingOccurrences(of: "[0, 5]", with: "[]").utf8).write(to: dir.appendingPathComponent("Scenes/demo/box.json"))
        let empty = try test(dir, ["--record", "missing"])
        #expect(empty.status == 2 && empty.stderr.contains("goldenFrames lists no frame"), "\(empty.stderr)")
    }

    /// A recording stopped before it wrote golden.json: `--record failed` writes it even though
    /// every frame matches, and says so.
    @Test func aMissingManifestIsWrittenWhenReRecording() throws {
        let dir = try project()
        _ = try test(dir, ["--record", "missing"])
        let manifest = dir.appendingPathComponent("Goldens/demo/box/golden.json")
        let bytes = try Data(contentsOf: manifest)
        try FileManager.default.removeItem(at: manifest)
        #expect(try test(dir, ["--record", "never"]).status == 0)
        let r = try test(dir, ["--record", "failed"])
        #expect(r.status == 1 && r.stderr.contains("wrote golden.json, which was missing"), "\(r.stderr)")
        #expect(try Data(contentsOf: manifest) == bytes)
    }

    /// A run first removes what an earlier one left in the report: after a failing run, a passing
    /// one leaves no failure pictures (nor the folders they were in), only files of other names.
    @Test func anEarlierRunsPicturesAreRemovedFirst() throws {
        let dir = try project()
        _ = try test(dir, ["--record", "missing"])
        let scene = dir.appendingPathComponent("Scenes/demo/box.json")
        try Data(Self.scene.replacingOccurrences(of: "#007AFF", with: "#FF3B30").utf8).write(to: scene)
        #expect(try test(dir, ["--record", "never"]).status == 1)
        #expect(exists(dir, "report/artifacts/demo/box/f0005-actual.png") && exists(dir, "report/artifacts/demo/box/f0005-diff.png"))
        try Data("mine".utf8).write(to: dir.appendingPathComponent("report/artifacts/notes.txt"))
        try Data(Self.scene.utf8).write(to: scene)
        let passing = try test(dir, ["--record", "never"])
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(!exists(dir, "report/artifacts/demo") && exists(dir, "report/artifacts/notes.txt"))
        #expect(try String(contentsOf: dir.appendingPathComponent("report/junit.xml"), encoding: .utf8).contains("failures=\"0\""))
    }

    @Test func aGoldenFramePastTheEndIsASceneErrorWithItsPlace() throws {
        let dir = try project(Self.scene.replacingOccurrences(of: "[0, 5]", with: "[0, 12]"))
        let r = try test(dir, ["--record", "never", "--junit", "ci.xml"])
        #expect(r.status == 2, "\(r.stderr)")
        // Bad input, as a scene that does not load: a JUnit error, not a failure.
        let junit = try String(contentsOf: dir.appendingPathComponent("ci.xml"), encoding: .utf8)
        #expect(junit.contains("errors=\"1\"") && junit.contains("failures=\"0\"") && junit.contains("type=\"scene\""), "\(junit)")
        #expect(r.stderr.contains("demo/box.json:4:22: goldenFrames[1]: frame 12 is past the scene's end: it has 10 frames, 0…9 "
            + "(duration 1 s × 10 fps; golden tests always render at the scene's own fps, render's --fps does not apply)"), "\(r.stderr)")
        let render = try CommandRunner.run(["render", "Scenes/demo/box.json", "--png", "f.png", "--frame", "9"], in: dir)
        #expect(render.status == 0, "render accepts the scene: \(render.stderr)")
    }
}
