import AnimTestSupport
import Foundation
import Testing

/// Inputs that are not regular files: a FIFO nobody writes to (opening it used to wait forever)
/// and /dev/zero (an endless file). Each is a located error, quickly; a pipe is still read whole.
struct SpecialFileInputCLITests {
    /// A folder holding an unopened FIFO named `name`.
    func folderWithFIFO(_ name: String) throws -> (dir: URL, fifo: String) {
        let dir = try CommandRunner.temporaryDirectory()
        let fifo = dir.appendingPathComponent(name).path
        #expect(mkfifo(fifo, 0o644) == 0)
        return (dir, fifo)
    }

    func write(_ json: String, in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    @Test func fifoAsTheSceneReadsAsEmpty() throws {
        let (dir, fifo) = try folderWithFIFO("scene.json")
        let r = try CommandRunner.run([fifo, "--gif", dir.appendingPathComponent("out.gif").path])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("error: \(fifo):1:1: expected a JSON value, found end of input"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }

    @Test(arguments: ["fifo", "/dev/zero"])
    func specialFileAsContentsOrFontIsALocatedError(_ input: String) throws {
        let (dir, fifo) = try folderWithFIFO("fifo")
        let path = input == "fifo" ? fifo : input
        let scene = try write(#"""
            {"canvas": {"width": 40, "height": 40, "fps": 10, "duration": 0.2},
             "layers": [{"id": "a", "frame": [0, 0, 40, 40], "contents": "\#(path)"},
                        {"id": "b", "type": "text", "frame": [0, 0, 40, 40], "string": "hi", "font": "\#(path)"}]}
            """#, in: dir)
        let r = try CommandRunner.run([scene, "--gif", dir.appendingPathComponent("out.gif").path])
        #expect(r.status == 2)
        #expect(r.stderr.contains("scene.json:3:"), "\(r.stderr)")
        #expect(r.stderr.contains("layers[0].contents: cannot load the contents image: \(path)"), "\(r.stderr)")
        #expect(r.stderr.contains("layers[1].font: unsupported font \(path)"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["fifo", "scene.json"])
    }
}
