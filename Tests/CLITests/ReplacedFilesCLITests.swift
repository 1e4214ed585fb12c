import AnimTestSupport
import Foundation
import Testing

/// What an output does to the files it replaces: a symbolic link is written through and stays a
/// link, a replaced file keeps its permission bits, and a PNG folder is replaced whole or not at
/// all (a frame that cannot be moved in puts back what was there); frames an earlier, longer
/// render left in the folder are pointed out.
struct ReplacedFilesCLITests {
    static let scene = """
        {"canvas": {"width": 16, "height": 16, "background": "#000000", "fps": 10, "duration": 0.5},
         "layers": [{"id": "a", "frame": [0, 0, 16, 16], "backgroundColor": "#FF0000",
           "animations": [{"keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 0.5}]}]}
        """

    func folder() throws -> URL {
        let dir = try CommandRunner.temporaryDirectory()
        try Data(Self.scene.utf8).write(to: dir.appendingPathComponent("scene.json"))
        return dir
    }

    func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func aLinkIsWrittenThroughAndAFileKeepsItsMode() throws {
        let dir = try folder()
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: dir.appendingPathComponent("assets/real.gif"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("link.gif").path, withDestinationPath: "assets/real.gif")
        try Data("old".utf8).write(to: dir.appendingPathComponent("private.gif"))
        try fm.setAttributes([.posixPermissions: 0o600], ofItemAtPath: dir.appendingPathComponent("private.gif").path)
        let r = try CommandRunner.run(["scene.json", "--gif", "link.gif", "--apng", "private.gif", "--quiet"], in: dir)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try fm.destinationOfSymbolicLink(atPath: dir.appendingPathComponent("link.gif").path) == "assets/real.gif")
        let gif = try Data(contentsOf: dir.appendingPathComponent("assets/real.gif"))
        #expect(gif.starts(with: Array("GIF89a".utf8)), "the link's target holds the GIF")
        #expect(try mode(dir.appendingPathComponent("private.gif")) == 0o600)
        #expect(try Data(contentsOf: dir.appendingPathComponent("private.gif")).count > 100)
    }

    /// A folder where a frame file should go: refused with nothing changed, the earlier frame 1
    /// that had already been moved aside put back.
    @Test func aFrameThatCannotBeMovedInPutsBackWhatWasThere() throws {
        let dir = try folder()
        let frames = dir.appendingPathComponent("frames")
        try FileManager.default.createDirectory(at: frames.appendingPathComponent("frame_00003.png"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: frames.appendingPathComponent("frame_00001.png"))
        let r = try CommandRunner.run(["scene.json", "--png-dir", "frames"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write frames/frame_00003.png: is a directory\n", "\(r.stderr)")
        #expect(RestrictedRun.listing(frames) == ["frame_00001.png", "frame_00003.png"])
        #expect(try String(contentsOf: frames.appendingPathComponent("frame_00001.png"), encoding: .utf8) == "keep")
    }

    @Test func framesLeftByALongerRenderArePointedOut() throws {
        let dir = try folder()
        #expect(try CommandRunner.run(["scene.json", "--png-dir", "frames", "--fps", "20", "--quiet"], in: dir).status == 0)
        let whole = try CommandRunner.run(["scene.json", "--png-dir", "frames"], in: dir)
        #expect(whole.status == 0)
        #expect(whole.stderr.contains("warning: frames also holds 5 frame files this render does not write (frame_00005.png … frame_00009.png)"),
                "\(whole.stderr)")
        let part = try CommandRunner.run(["scene.json", "--png-dir", "frames", "--frames", "0..2"], in: dir)
        #expect(part.status == 0 && !part.stderr.contains("warning"), "a range keeps the other frames on purpose: \(part.stderr)")
    }

    /// A --png-dir that is a symbolic link to a missing folder is named as such (mkdir says only
    /// "File exists"), and nothing is made.
    @Test func aDanglingLinkAsTheFolderIsNamed() throws {
        let dir = try folder()
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("frames").path, withDestinationPath: "gone/frames")
        let r = try CommandRunner.run(["scene.json", "--png-dir", "frames"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write frames: is a symbolic link to a folder that does not exist\n", "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["frames", "scene.json"])
    }

    @Test func loopNeedsAnAnimationThatPlays() throws {
        let dir = try folder()
        let r = try CommandRunner.run(["scene.json", "--png-dir", "frames", "--loop", "3"], in: dir)
        #expect(r.status == 64)
        #expect(r.stderr.contains("--loop applies to an animation that plays: it needs --gif, --apng or --webp"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }
}
