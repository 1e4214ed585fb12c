import AnimCodecs
import AnimTestSupport
import Foundation
import Testing

/// The command line as a user runs it: the built binary, its files, its messages and exit codes.
@Suite(.serialized)
struct CLITests {
    let scenes = RepositoryPaths.scenes

    func listing(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test func gifHasTheScenesFramesAndDelays() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let gif = dir.appendingPathComponent("demo.gif")
        let r = try CommandRunner.run([scenes.appendingPathComponent("timing/rocket-ease-in-ease-out.json").path, "--gif", gif.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let decoded = try GIFDecoder.decode(Array(try Data(contentsOf: gif)))
        #expect(decoded.width == 540 && decoded.height == 80)
        // 60 frames of 2 cs; identical frames (the rocket at rest) are stored once with a longer delay.
        #expect(decoded.frames.map(\.delayCentiseconds).reduce(0, +) == 120)
        #expect(decoded.frames.allSatisfy { $0.delayCentiseconds % 2 == 0 })
        #expect(decoded.frames.count == 51)
        #expect(decoded.loopCount == 0)
        #expect(listing(dir) == ["demo.gif"], "no temporary files are left")
    }

    @Test func renderingTwiceGivesIdenticalBytes() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = scenes.appendingPathComponent("animations/basic-properties.json").path
        let a = dir.appendingPathComponent("a.gif"), b = dir.appendingPathComponent("b.gif")
        #expect(try CommandRunner.run([scene, "--gif", a.path, "--quiet", "--threads", "1"]).status == 0)
        #expect(try CommandRunner.run([scene, "--gif", b.path, "--quiet", "--threads", "2"]).status == 0)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test func malformedSceneGivesALocatedErrorAndWritesNothing() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = dir.appendingPathComponent("bad.json")
        try Data("{\n  \"canvas\": {\"width\": 100, \"height\": 100},\n  \"layers\": [ {\"id\": \"a\",, } ]\n}\n".utf8).write(to: scene)
        let gif = dir.appendingPathComponent("out.gif")
        let r = try CommandRunner.run([scene.path, "--gif", gif.path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("bad.json:3:"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: gif.path))
        #expect(listing(dir) == ["bad.json"])
    }

    @Test func misspeltKeyPathGetsAHintAndAPath() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = dir.appendingPathComponent("typo.json")
        let json = """
            {"canvas": {"width": 100, "height": 100},
             "layers": [{"id": "a", "bounds": [0, 0, 10, 10],
               "animations": [{"type": "basic", "keyPath": "positon.x", "toValue": 5}]}]}
            """
        try Data(json.utf8).write(to: scene)
        let r = try CommandRunner.run([scene.path, "--png", dir.appendingPathComponent("x.png").path, "--frame", "0"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("layers[0].animations[0].keyPath"), "\(r.stderr)")
        #expect(r.stderr.contains("did you mean 'position.x'?"), "\(r.stderr)")
        #expect(r.stderr.contains("typo.json:3:"), "\(r.stderr)")
        #expect(listing(dir) == ["typo.json"])
    }

    @Test func unwritableOutputFailsCleanly() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let target = dir.appendingPathComponent("missing/folder/out.gif")
        let r = try CommandRunner.run([scenes.appendingPathComponent("layers/zposition-siblings.json").path, "--gif", target.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains(target.path), "\(r.stderr)")
        #expect(r.stderr.contains("No such file or directory"), "\(r.stderr)")
        #expect(listing(dir).isEmpty)
    }

    @Test func pngDirectoryGetsEveryFrame() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let out = dir.appendingPathComponent("frames")
        let r = try CommandRunner.run([scenes.appendingPathComponent("animations/timeline-verbs.json").path, "--png-dir", out.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let files = listing(out)
        #expect(files.count == 50)
        #expect(files.first == "frame_00000.png" && files.last == "frame_00049.png")
    }

    @Test func pngDirectoryIsTheSameOnAnyThreadCountAndEqualsSingleFrames() throws {
        // The cart holds still before and after its flight, so repeated frames reuse the PNG
        // encoded for the frame before them; the files are encoded on the drawing threads.
        let dir = try CommandRunner.temporaryDirectory()
        let scene = scenes.appendingPathComponent("seeds/shopping-cart.json").path
        var listings: [[Data]] = []
        for threads in ["1", "2"] {
            let out = dir.appendingPathComponent("frames-\(threads)")
            let r = try CommandRunner.run([scene, "--png-dir", out.path, "--gif", dir.appendingPathComponent("c\(threads).gif").path,
                                           "--threads", threads, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            listings.append(try listing(out).map { try Data(contentsOf: out.appendingPathComponent($0)) })
        }
        #expect(listings[0].count == 70)
        #expect(listings[0] == listings[1])
        for frame in [0, 5, 11, 40, 69] {
            let one = dir.appendingPathComponent("one-\(frame).png")
            #expect(try CommandRunner.run([scene, "--frame", String(frame), "--png", one.path]).status == 0)
            #expect(try Data(contentsOf: one) == listings[1][frame], "frame \(frame)")
        }
    }

    @Test func singleFrameAndTime() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = scenes.appendingPathComponent("animations/fade-out.json").path
        let byFrame = dir.appendingPathComponent("f.png"), byTime = dir.appendingPathComponent("t.png")
        #expect(try CommandRunner.run([scene, "--frame", "75", "--png", byFrame.path]).status == 0)
        #expect(try CommandRunner.run([scene, "--time", "1.5", "--png", byTime.path]).status == 0)
        #expect(try Data(contentsOf: byFrame) == Data(contentsOf: byTime))
        let bad = try CommandRunner.run([scene, "--frame", "500", "--png", dir.appendingPathComponent("x.png").path])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("0…159"), "\(bad.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.png").path))
    }

    @Test func highFrameRateWarnsWhatTheGIFWillDo() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let gif = dir.appendingPathComponent("fast.gif")
        let r = try CommandRunner.run([scenes.appendingPathComponent("layers/zposition-siblings.json").path, "--gif", gif.path, "--fps", "100"])
        #expect(r.status == 0)
        #expect(r.stderr.contains("warning: 100 fps is above 50"), "\(r.stderr)")
        let decoded = try GIFDecoder.decode(Array(try Data(contentsOf: gif)))
        // 5 kept frames of 2 cs, all the same picture (the scene is static): one frame of 10 cs.
        #expect(decoded.frames.map(\.delayCentiseconds) == [10])
    }

    @Test func absurdCanvasIsRefused() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = dir.appendingPathComponent("huge.json")
        try Data(#"{"canvas": {"width": 100000, "height": 100000}}"#.utf8).write(to: scene)
        let r = try CommandRunner.run([scene.path, "--gif", dir.appendingPathComponent("x.gif").path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("canvas.width"), "\(r.stderr)")
        #expect(r.stderr.contains("limit"), "\(r.stderr)")
    }

    @Test func missingSceneFileIsReported() throws {
        let r = try CommandRunner.run(["/nonexistent/scene.json", "--gif", "/tmp/never.gif"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("/nonexistent/scene.json"))
        #expect(r.stderr.contains("No such file or directory"))
    }

    @Test func extremeValuesRenderWithoutCrashing() throws {
        // Overflowing sizes and animation values, a singular matrix, a near-zero perspective distance,
        // absurd timing: a defined picture (such layers are skipped), never a crash.
        let dir = try CommandRunner.temporaryDirectory()
        let scene = dir.appendingPathComponent("extreme.json")
        let json = """
            {"canvas": {"width": 100, "height": 100, "duration": 0.1, "fps": 20},
             "layers": [{"id": "a", "bounds": [0, 0, 1e308, 1e308], "position": [1e308, -1e308], "backgroundColor": "red",
                         "cornerRadius": 1e308, "borderWidth": 1e308},
                        {"id": "b", "bounds": [0, 0, 10, 10], "backgroundColor": "red",
                         "transform": {"matrix": [0,0,0,0, 0,0,0,0, 0,0,0,0, 0,0,0,0]}},
                        {"id": "c", "frame": [10, 10, 50, 50], "backgroundColor": "blue",
                         "transform": [{"perspective": 1e-300}, {"rotate": 1e308, "axis": [1, 1, 0]}],
                         "animations": [{"keyPath": "position.x", "fromValue": -1e308, "toValue": 1e308, "duration": 1e-300,
                                         "repeatCount": 1e300, "speed": -1e300, "timeOffset": 1e308, "cumulative": true}]}]}
            """
        try Data(json.utf8).write(to: scene)
        let gif = try CommandRunner.run([scene.path, "--gif", dir.appendingPathComponent("x.gif").path, "--quiet"])
        #expect(gif.status == 0, "\(gif.stderr)")
        let late = try CommandRunner.run([scene.path, "--time", "1e300", "--png", dir.appendingPathComponent("t.png").path, "--quiet"])
        #expect(late.status == 0, "\(late.stderr)")
    }
}
