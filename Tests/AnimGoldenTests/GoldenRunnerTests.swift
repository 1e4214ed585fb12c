import AnimCodecs
import AnimGolden
import AnimRaster
import Foundation
import Testing

/// The runner on temporary folders: recording, passing, failing with artifacts, manifests, orphans.
struct GoldenRunnerTests {
    /// A folder with Scenes/area/card.json, and the options for Goldens/ and Artifacts/ beside it.
    struct Setup {
        let folder: TemporaryFolder
        var scenes: URL { folder.url.appendingPathComponent("Scenes") }

        init(_ label: String, scene: String = GoldenFixtures.cardScene(x: 20)) throws {
            folder = try TemporaryFolder(label)
            try write(scene)
        }

        func write(_ scene: String, name: String = "area/card") throws {
            try folder.write(scene, to: "Scenes/\(name).json")
        }

        func options(_ record: RecordMode, threads: Int = 2, frames: FrameSelection = .golden,
                     tolerance: GoldenTolerance? = nil) -> GoldenRunOptions {
            GoldenRunOptions(goldens: folder.url.appendingPathComponent("Goldens"),
                             artifacts: folder.url.appendingPathComponent("Artifacts"),
                             record: record, tolerance: tolerance, frames: frames, threads: threads)
        }

        func run(_ record: RecordMode, threads: Int = 2, frames: FrameSelection = .golden,
                 tolerance: GoldenTolerance? = nil) -> GoldenRunResult {
            GoldenRunner.run(scenes: GoldenRunner.discoverScenes(in: [scenes]),
                             options: options(record, threads: threads, frames: frames, tolerance: tolerance))
        }
    }

    @Test func aRecordingRunFailsAndTheNextRunPasses() throws {
        let setup = try Setup("record")
        defer { setup.folder.remove() }
        let first = setup.run(.missing)
        #expect(!first.passed)
        let scene = try #require(first.scenes.first)
        #expect(scene.name == "area/card")
        #expect(scene.frames.map(\.frame) == [0, 25, 49])
        #expect(scene.frames.allSatisfy { $0.recorded && $0.verdict == .missingGolden })
        #expect(scene.summary.contains("no golden; recorded it"))
        for name in ["f0000.png", "f0025.png", "f0049.png", "golden.json"] {
            #expect(setup.folder.exists("Goldens/area/card/\(name)"), "\(name)")
        }
        #expect(try GoldenStore(root: setup.options(.never).goldens).manifest(scene: "area/card")
                == GoldenManifest(fps: 50, frameCount: 50, width: 64, height: 56))
        let second = setup.run(.never)
        #expect(second.passed, "\(second.scenes.map(\.summary))")
        #expect(second.frameCount == 3 && second.failedFrameCount == 0)
        #expect(second.scenes[0].summary == "area/card: passed (3 frames)")
        #expect(!setup.folder.exists("Artifacts"))
    }

    @Test func aChangedSceneFailsAndWritesActualAndDiff() throws {
        let setup = try Setup("changed")
        defer { setup.folder.remove() }
        _ = setup.run(.missing)
        try setup.write(GoldenFixtures.cardScene(x: 23))
        let result = setup.run(.never)
        #expect(!result.passed)
        let frame = try #require(result.scenes.first?.frames.first)
        guard case let .differs(difference) = frame.verdict else {
            Issue.record("expected a difference, got \(frame.verdict)")
            return
        }
        #expect(difference.differingPixels > 0)
        #expect(frame.actual?.path == setup.folder.url.appendingPathComponent("Artifacts/area/card/f0000-actual.png").path)
        #expect(frame.diff?.path == setup.folder.url.appendingPathComponent("Artifacts/area/card/f0000-diff.png").path)
        #expect(setup.folder.exists("Artifacts/area/card/f0000-actual.png"))
        let diff = try PNGCodec.decodeFile(at: try #require(frame.diff).path)
        #expect(diff.width == 3 * 64 && diff.height == 56)
        #expect(try PNGCodec.decodeFile(at: try #require(frame.actual).path) == (try GoldenFixtures.card(x: 23)))
        let summary = result.scenes[0].summary
        #expect(summary.contains("area/card: FAILED (3 of 3 frames)"))
        #expect(summary.contains("f0000-diff.png") && summary.contains("pixels differ"))
        // A perceptual tolerance from the command line does not forgive a 3-pixel move either,
        // but a 1-pixel move passes it.
        #expect(!setup.run(.never, tolerance: .perceptual()).passed)
        try setup.write(GoldenFixtures.cardScene(x: 21))
        #expect(setup.run(.never, tolerance: .perceptual()).passed)
    }

    @Test func theScenesOwnToleranceApplies() throws {
        let setup = try Setup("scene-tolerance")
        defer { setup.folder.remove() }
        _ = setup.run(.missing)
        let moved = GoldenFixtures.cardScene(x: 21).replacingOccurrences(
            of: #""layers""#, with: #""goldenTolerance": {"perceptualDeltaE": 2, "reason": "edges"}, "layers""#)
        try setup.write(moved)
        let result = setup.run(.never)
        #expect(result.passed, "\(result.scenes.map(\.summary))")
        #expect(result.scenes[0].tolerance == .perceptual(reason: "edges"))
        #expect(!setup.run(.never, tolerance: .exact).passed)
    }

    @Test func failedReRecordsOnlyFailingFramesAndAllReRecordsEverything() throws {
        let setup = try Setup("failed")
        defer { setup.folder.remove() }
        _ = setup.run(.missing)
        try setup.write(GoldenFixtures.cardScene(x: 23))
        let rerecord = setup.run(.failed)
        #expect(!rerecord.passed)
        #expect(rerecord.scenes[0].frames.allSatisfy { $0.recorded && !$0.verdict.passed })
        #expect(setup.run(.never).passed)
        let all = setup.run(.all)
        #expect(!all.passed)
        #expect(all.scenes[0].frames.allSatisfy { $0.recorded && $0.verdict.passed })
        #expect(all.scenes[0].summary.contains("re-recorded the golden"))
        #expect(setup.run(.failed).passed)
    }

    @Test func neverWritesNoGoldenButKeepsTheActualFrame() throws {
        let setup = try Setup("never")
        defer { setup.folder.remove() }
        let result = setup.run(.never)
        #expect(!result.passed)
        let frame = try #require(result.scenes.first?.frames.first)
        #expect(frame.verdict == .missingGolden && !frame.recorded && frame.diff == nil)
        #expect(frame.actual != nil && setup.folder.exists("Artifacts/area/card/f0000-actual.png"))
        #expect(!setup.folder.exists("Goldens"))
        #expect(frame.summary.contains("no golden (record with --record missing or ANIMRENDER_RECORD=missing)"))
    }

    @Test func aTimingChangeIsReportedAsSuch() throws {
        let setup = try Setup("manifest")
        defer { setup.folder.remove() }
        _ = setup.run(.missing)
        try setup.write(GoldenFixtures.cardScene(x: 20, fps: 30, duration: 1.2))
        let result = setup.run(.never)
        #expect(!result.passed)
        #expect(result.scenes[0].problems.contains(
            "goldens were recorded at 50 fps with 50 frames; the scene now has 30 fps and 36 frames"))
        // Recording the missing frames in `missing` mode keeps the old manifest and the complaint.
        #expect(setup.run(.missing).scenes[0].problems.contains { $0.hasPrefix("goldens were recorded at 50 fps") })
        #expect(setup.run(.missing).scenes[0].problems.contains { $0.hasPrefix("goldens were recorded at 50 fps") })
        // Re-recording replaces it.
        let rerecord = setup.run(.failed)
        #expect(rerecord.scenes[0].problems.contains { $0.hasSuffix("(golden.json re-recorded)") })
        #expect(setup.run(.never).passed)
    }

    @Test func framesBeyondTheEndAndBrokenScenesAreProblems() throws {
        let setup = try Setup("problems", scene: GoldenFixtures.cardScene(x: 20).replacingOccurrences(
            of: #""layers""#, with: #""goldenFrames": [0, 80], "layers""#))
        defer { setup.folder.remove() }
        try setup.write(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "x", "positon": [1, 2]}]}"#, name: "area/broken")
        let result = setup.run(.missing)
        #expect(result.scenes.map(\.name) == ["area/broken", "area/card"])
        let broken = result.scenes[0]
        #expect(broken.frames.isEmpty)
        #expect(broken.problems.count == 1 && broken.problems[0].contains("error:") && broken.problems[0].contains("positon"))
        #expect(result.scenes[1].frames.map(\.frame) == [0])
        #expect(result.scenes[1].problems == ["goldenFrames lists frame 80 but the scene has 50 frames"])
    }

    @Test func aSceneWithoutFramesIsAProblem() throws {
        let setup = try Setup("no-frames", scene: GoldenFixtures.cardScene(x: 20, duration: 0))
        defer { setup.folder.remove() }
        let result = setup.run(.missing)
        #expect(result.scenes[0].frames.isEmpty)
        #expect(result.scenes[0].problems == ["the scene has no frames to check (duration × fps rounds to 0)"])
        #expect(!result.passed)
    }

    @Test func resultsDoNotDependOnTheThreadCount() throws {
        let setup = try Setup("threads")
        defer { setup.folder.remove() }
        try setup.write(GoldenFixtures.cardScene(x: 30, color: "#FF3B30"), name: "other/red")
        _ = setup.run(.missing, frames: .every(7))
        try setup.write(GoldenFixtures.cardScene(x: 31, color: "#FF3B30"), name: "other/red")
        let serial = setup.run(.never, threads: 1, frames: .every(7))
        let parallel = setup.run(.never, threads: 4, frames: .every(7))
        #expect(serial == parallel)
        #expect(serial.scenes.map { $0.frames.map(\.frame) } == [[0, 7, 14, 21, 28, 35, 42, 49], [0, 7, 14, 21, 28, 35, 42, 49]])
        #expect(serial.failedScenes.map(\.name) == ["other/red"])
    }

    @Test func orphanGoldenFoldersAreFound() throws {
        let setup = try Setup("orphans")
        defer { setup.folder.remove() }
        _ = setup.run(.missing)
        let png = try PNGCodec.encode(Bitmap(width: 1, height: 1)!)
        try AtomicFile.createDirectory(setup.folder.url.appendingPathComponent("Goldens/old/gone").path)
        try AtomicFile.write(png, to: setup.folder.url.appendingPathComponent("Goldens/old/gone/f0000.png").path)
        try setup.folder.write("{}", to: "Goldens/notes/golden.json")
        let scenes = GoldenRunner.discoverScenes(in: [setup.scenes])
        #expect(GoldenRunner.orphanGoldenFolders(goldens: setup.options(.never).goldens, scenes: scenes) == ["old/gone"])
    }
}
