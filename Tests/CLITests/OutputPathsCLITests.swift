import AnimTestSupport
import Foundation
import Testing

/// Output paths checked before anything is drawn: none empty, none the scene, no two the same file.
struct OutputPathsCLITests {
    let source = RepositoryPaths.scenes.appendingPathComponent("docs/rocket-timing-functions.json")

    /// A folder holding a copy of the scene as scene.json.
    func folder() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try FileManager.default.copyItem(at: source, to: dir.appendingPathComponent("scene.json"))
        return dir
    }

    @Test(arguments: ["--gif", "--apng", "--webp", "--mp4", "--png-dir", "--contact-sheet"])
    func anEmptyPathIsRefused(_ option: String) throws {
        let dir = try folder()
        let r = try CommandRunner.run(["scene.json", option, ""], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.contains("\(option) needs a path, not an empty string"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }

    @Test(arguments: [
        (["--gif", "scene.json"], "--gif scene.json would overwrite the scene file scene.json"),
        (["--gif", "./sub/../scene.json"], "--gif ./sub/../scene.json would overwrite the scene file scene.json"),
        (["--gif", "same.gif", "--apng", "same.gif"], "--gif and --apng name the same file (same.gif)"),
        (["--gif", "x.gif", "--webp", "./x.gif"], "--gif and --webp name the same file (./x.gif)"),
        (["--png-dir", "out", "--contact-sheet", "out/"], "--png-dir and --contact-sheet name the same file (out/)"),
        (["--gif", "link.json"], "--gif link.json would overwrite the scene file scene.json"),
        (["--png-dir", "frames", "--gif", "frames/frame_00000.png"],
         "--gif frames/frame_00000.png is a frame file of --png-dir frames, which would overwrite it"),
        (["--contact-sheet", "./sub/frame_00001.png", "--png-dir", "sub"],
         "--contact-sheet ./sub/frame_00001.png is a frame file of --png-dir sub, which would overwrite it"),
    ])
    func anOutputCannotOverwriteTheSceneOrAnotherOutput(_ options: [String], _ message: String) throws {
        let dir = try folder()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link.json").path, withDestinationPath: "scene.json")
        let before = try Data(contentsOf: dir.appendingPathComponent("scene.json"))
        let r = try CommandRunner.run(["scene.json"] + options, in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("scene.json")) == before)
        #expect(RestrictedRun.listing(dir) == ["link.json", "scene.json", "sub"])
    }

    /// Given twice, an output option kept only its last path: the first output was dropped silently.
    @Test(arguments: [["--gif", "a1.gif", "--gif", "a2.gif"], ["--png-dir", "f1", "--gif=x.gif", "--png-dir=f2"]])
    func anOutputOptionGivenTwiceIsRefused(_ options: [String]) throws {
        let dir = try folder()
        let r = try CommandRunner.run(["scene.json"] + options, in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.contains("is given more than once"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }

    /// A legal file name near the 255-byte limit: the temporary file beside it must not be longer.
    @Test func anOutputNamedNearTheLimitIsWritten() throws {
        let dir = try folder()
        let name = String(repeating: "a", count: 251) + ".gif"
        let r = try CommandRunner.run(["scene.json", "--gif", name, "--quiet"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == [name, "scene.json"])
    }

    @Test(arguments: [
        (["--fps", "-5"], "--fps must be greater than 0"),
        (["--scale", "-2"], "--scale must be greater than 0"),
        (["--frame", "-1", "--png", "x.png"], "--frame must be 0 or more"),
        (["--time", "-1", "--png", "x.png"], "--time must be a finite number of seconds ≥ 0"),
        (["--loop", "-1", "--gif", "x.gif"], "--loop must be 0 (forever) to 65536"),
        (["--threads", "-2", "--gif", "x.gif"], "--threads must be 1 or more"),
    ])
    func aNegativeNumberIsJudgedAsANumber(_ options: [String], _ message: String) throws {
        let dir = try folder()
        let output = options.contains("--png") || options.contains("--gif") ? [] : ["--gif", "a.gif"]
        let r = try CommandRunner.run(["scene.json"] + output + options, in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(!r.stderr.contains("Missing value"), "\(r.stderr)")
    }

    @Test func testOptionsTakeNegativeNumbersToo() throws {
        let r = try CommandRunner.run(["test", "--every", "-3"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--every must be 1 or more"), "\(r.stderr)")
    }
}

/// A name ending in another format's ending is written anyway, with a warning.
struct OutputEndingCLITests {
    let scene = RepositoryPaths.scenes.appendingPathComponent("docs/rocket-timing-functions.json").path

    @Test func aGIFNamedLikeAPNGIsWrittenWithAWarning() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let r = try CommandRunner.run([scene, "--gif", "o1.png", "--apng", "o2.apng", "--webp", "o3"], in: dir)
        #expect(r.status == 0)
        #expect(r.stderr.hasPrefix("warning: --gif writes a GIF, but o1.png ends in .png\n"), "\(r.stderr)")
        #expect(!r.stderr.contains("o2.apng ends") && !r.stderr.contains("o3 ends"), "\(r.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("o1.png")).prefix(6) == Data("GIF89a".utf8))
        let quiet = try CommandRunner.run([scene, "--gif", "o1.png", "--quiet"], in: dir)
        #expect(quiet.stderr.isEmpty)
    }
}
