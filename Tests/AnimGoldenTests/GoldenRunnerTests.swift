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
        #expect(scene.summary.hasPrefix("area/card: RECORDED (3 of 3 frames)\n"), "\(scene.summary)")
        #expect(scene.onlyRecorded && first.recordedScenes.count == 1)
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
        #expect(all.scenes[0].summary.hasPrefix("area/card: RECORDED (3 of 3 frames)\n"), "\(all.scenes[0].summary)")
        #expect(all.scenes[0].onlyRecorded)
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

    /// A golden that cannot be decoded is that frame's verdict, said once (not also "no golden"),
    /// and `failed` re-records it.
    @Test func anUnreadableGoldenIsTheFramesVerdict() throws {
        let setup = try Setup("unreadable")
        defer { setup.folder.remove() }
        _ = setup.run(.missing)
        _ = try setup.folder.write("not a PNG", to: "Goldens/area/card/f0025.png")
        let result = setup.run(.never)
        #expect(!result.passed && result.scenes[0].problems.isEmpty)
        let frame = try #require(result.scenes.first?.frames.first { $0.frame == 25 })
        guard case let .unreadableGolden(reason) = frame.verdict else { Issue.record("\(frame.verdict)"); return }
        #expect(reason.contains("f0025.png") && reason.contains("PNG"), "\(reason)")
        #expect(frame.actual != nil && !frame.recorded)
        #expect(frame.summary.contains("the golden cannot be read: ") && !frame.summary.contains("no golden"), "\(frame.summary)")
        #expect(result.scenes[0].frames.filter(\.passed).count == 2)
        let again = setup.run(.failed)
        #expect(again.scenes[0].frames.first { $0.frame == 25 }?.recorded == true)
        #expect(setup.run(.never).passed)
    }

    @Test func aTimingChangeIsReportedWithItsFix() throws {
        let setup = try Setup("manifest")
        defer { setup.folder.remove() }
        _ = setup.run(.missing)
        try setup.write(GoldenFixtures.cardScene(x: 20, fps: 30, duration: 1.2))
        let outdated = [
            "golden.json is out of date: the goldens were recorded with 50 fps, 50 frames, the scene now has 30 fps, 36 frames; "
                + "re-record the scene with --record failed",
            "stale goldens f0025.png, f0049.png (the frames checked are 0, 18, 35); "
                + "re-record the scene with --record failed, which removes them, or delete them",
        ]
        let result = setup.run(.never)
        #expect(result.scenes[0].problems == outdated)
        #expect(result.scenes[0].goldensOutdated && !result.scenes[0].invalidScene)
        let summary = result.scenes[0].summary
        #expect(summary.hasPrefix("area/card: FAILED (2 of 3 frames, 2 problems)\n"), "\(summary)")
        #expect(summary.contains("frame 18 (t = 0.6 s): no golden (record with --record failed or ANIMRENDER_RECORD=failed)"), "\(summary)")
        // `missing` records the missing frames but replaces and removes nothing: the complaint stays.
        let missing = setup.run(.missing)
        #expect(missing.scenes[0].frames.filter(\.recorded).map(\.frame) == [18, 35])
        #expect(missing.scenes[0].problems == outdated && missing.scenes[0].changes.isEmpty)
        #expect(setup.run(.never).scenes[0].problems == outdated)
        // `failed` rewrites the manifest and removes the stale goldens: a recording run, then a pass.
        let rerecord = setup.run(.failed)
        #expect(rerecord.scenes[0].problems.isEmpty && !rerecord.passed)
        #expect(rerecord.scenes[0].changes == [
            "rewrote golden.json for 30 fps, 36 frames (it said 50 fps, 50 frames)",
            "removed stale goldens f0025.png, f0049.png (the frames checked are 0, 18, 35)",
        ])
        #expect(rerecord.scenes[0].summary.hasPrefix("area/card: RECORDED (2 other changes)\n"), "\(rerecord.scenes[0].summary)")
        #expect(!setup.folder.exists("Goldens/area/card/f0025.png") && !setup.folder.exists("Goldens/area/card/f0049.png"))
        #expect(try GoldenStore(root: setup.options(.never).goldens).manifest(scene: "area/card")
                == GoldenManifest(fps: 30, frameCount: 36, width: 64, height: 56))
        #expect(setup.run(.never).passed)
    }

    @Test func aRemovedGoldenFrameLeavesAStaleGoldenThatFailedRemoves() throws {
        let listed = { (frames: String) in
            GoldenFixtures.cardScene(x: 20).replacingOccurrences(of: #""layers""#, with: #""goldenFrames": \#(frames), "layers""#)
        }
        let setup = try Setup("stale", scene: listed("[0, 10]"))
        defer { setup.folder.remove() }
        _ = setup.run(.missing)
        try setup.write(listed("[0, 12]"))
        _ = setup.run(.missing)
        let stale = setup.run(.never)
        #expect(stale.scenes[0].problems == ["stale golden f0010.png (the frames checked are 0, 12); "
                                             + "re-record the scene with --record failed, which removes it, or delete it"])
        #expect(setup.folder.exists("Goldens/area/card/f0010.png"), "never removes")
        let all = setup.run(.all)
        #expect(all.scenes[0].changes == ["removed stale golden f0010.png (the frames checked are 0, 12)"])
        #expect(all.scenes[0].summary.hasPrefix("area/card: RECORDED (2 of 2 frames, 1 other change)\n"), "\(all.scenes[0].summary)")
        #expect(!setup.folder.exists("Goldens/area/card/f0010.png"))
        #expect(setup.run(.never).passed)
    }

    @Test func everyNthFrameCallsOnlyGoldensPastTheEndStale() throws {
        let setup = try Setup("stale-every")
        defer { setup.folder.remove() }
        _ = setup.run(.missing, frames: .all)
        #expect(setup.run(.never, frames: .every(10)).passed, "goldens of unchecked frames are fine with --every")
        // The default selection checks frames 0, 25 and 49: the other 47 goldens are stale.
        let golden = setup.run(.never)
        #expect(golden.scenes[0].problems.count == 1)
        #expect(golden.scenes[0].problems.first?.hasPrefix(
            "stale goldens f0001.png, f0002.png, f0003.png, f0004.png, f0005.png, f0006.png, f0007.png, f0008.png and 39 more "
                + "(the frames checked are 0, 25, 49)") == true, "\(golden.scenes[0].problems)")
        let png = try Data(contentsOf: setup.folder.url.appendingPathComponent("Goldens/area/card/f0000.png"))
        try png.write(to: setup.folder.url.appendingPathComponent("Goldens/area/card/f0050.png"))
        try png.write(to: setup.folder.url.appendingPathComponent("Goldens/area/card/f00010.png"))
        let every = setup.run(.never, frames: .every(10))
        #expect(every.scenes[0].problems.first?.hasPrefix("stale goldens f00010.png, f0050.png (the frames checked are 0, 10, 20, 30, 40)")
                == true, "past the end, or a name no frame is read from: \(every.scenes[0].problems)")
        _ = setup.run(.failed, frames: .every(10))
        #expect(!setup.folder.exists("Goldens/area/card/f0050.png") && !setup.folder.exists("Goldens/area/card/f00010.png"))
        #expect(setup.folder.exists("Goldens/area/card/f0001.png"))
    }

    @Test func framesBeyondTheEndAndBrokenScenesAreProblems() throws {
        let setup = try Setup("problems", scene: GoldenFixtures.cardScene(x: 20).replacingOccurrences(
            of: #""layers""#, with: #""goldenFrames": [0, 80], "layers""#))
        defer { setup.folder.remove() }
        try setup.write(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "x", "positon": [1, 2]}], "title": 5}"#, name: "area/broken")
        let result = setup.run(.missing)
        #expect(result.scenes.map(\.name) == ["area/broken", "area/card"])
        let broken = result.scenes[0]
        #expect(broken.frames.isEmpty && broken.invalidScene)
        #expect(broken.problems.count == 2, "one problem per error: \(broken.problems)")
        #expect(broken.problems.allSatisfy { $0.hasPrefix(setup.scenes.path + "/area/broken.json:1:") }, "\(broken.problems)")
        #expect(broken.problems[0].contains("positon") && broken.problems[1].contains("title"))
        #expect(!broken.summary.contains("error:"), "\(broken.summary)")
        #expect(broken.summary.hasPrefix("area/broken: FAILED (2 problems)\n"), "\(broken.summary)")
        let card = result.scenes[1]
        #expect(card.frames.map(\.frame) == [0] && card.invalidScene)
        let json = GoldenFixtures.cardScene(x: 20)
        let column = json.distance(from: json.startIndex, to: try #require(json.range(of: #""layers""#)).lowerBound) + 1 + 20
        let message = "\(setup.scenes.path)/area/card.json:1:\(column): goldenFrames[1]: frame 80 is past the scene's end: "
            + "it has 50 frames, 0…49 (duration 1 s × 50 fps; golden tests always render at the scene's own fps, render's --fps does not apply)"
        #expect(card.problems.count == 1 && card.problems[0].hasPrefix(message + "\n"), "\(card.problems)")
    }

    @Test func timesAreShortInEveryReport() {
        let frame = FrameResult(frame: 47, time: 47.0 / 30, verdict: .missingGolden, golden: URL(fileURLWithPath: "/g/f0047.png"))
        #expect(frame.summary.hasPrefix("frame 47 (t = 1.5667 s): no golden"), "\(frame.summary)")
        let run = GoldenRunResult(scenes: [SceneResult(name: "s", sceneFile: URL(fileURLWithPath: "/s.json"), frames: [frame])])
        #expect(JUnitReport.render(run).contains("frame 47 at 1.5667 s: no golden file"))
        #expect(HTMLReport.render(run).contains("t = 1.5667 s</span>"))
        for (time, text) in [(0.0, "0 s"), (0.5, "0.5 s"), (2.0, "2 s"), (1.0 / 3, "0.3333 s"), (0.99999, "1 s"), (0.125, "0.125 s")] {
            let f = FrameResult(frame: 1, time: time, verdict: .missingGolden, golden: URL(fileURLWithPath: "/g.png"))
            #expect(f.summary.hasPrefix("frame 1 (t = \(text)): "), "\(time): \(f.summary)")
        }
    }

    @Test func aSceneWithoutFramesIsAProblem() throws {
        let setup = try Setup("no-frames", scene: GoldenFixtures.cardScene(x: 20, duration: 0))
        defer { setup.folder.remove() }
        let result = setup.run(.missing)
        #expect(result.scenes[0].frames.isEmpty)
        #expect(result.scenes[0].problems.count == 1)
        #expect(result.scenes[0].problems[0].contains(
            "card.json:1:63: canvas.duration: the scene has no frames: duration 0 s × 50 fps rounds to 0 (hint: give the scene a longer canvas.duration)\n"),
            "\(result.scenes[0].problems)")
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
        try AtomicFile.createDirectory(setup.folder.url.appendingPathComponent("Goldens/old/gone").path).keep()
        try AtomicFile.write(png, to: setup.folder.url.appendingPathComponent("Goldens/old/gone/f0000.png").path)
        try setup.folder.write("{}", to: "Goldens/notes/golden.json")
        let scenes = GoldenRunner.discoverScenes(in: [setup.scenes])
        #expect(GoldenRunner.orphanGoldenFolders(goldens: setup.options(.never).goldens, scenes: scenes) == ["old/gone"])
    }
}
