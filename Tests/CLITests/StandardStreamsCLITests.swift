import AnimTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// "-" as the scene (standard input) and as an output (standard output): the same bytes as with
/// files, written only once complete, never onto a terminal.
struct StandardStreamsCLITests {
    let scene = RepositoryPaths.scenes.appendingPathComponent("docs/rocket-timing-functions.json").path

    func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }

    @Test(arguments: [["--gif"], ["--apng"], ["--webp"], ["--contact-sheet"], ["--frame", "12", "--png"]])
    func standardOutputCarriesTheSameFileAsAPath(_ option: [String]) throws {
        let dir = try CommandRunner.temporaryDirectory()
        let file = dir.appendingPathComponent("out")
        let toFile = try CommandRunner.run([scene, "--quiet"] + option + [file.path])
        #expect(toFile.status == 0, "\(toFile.stderr)")
        let piped = try CommandRunner.run([scene] + option + ["-"])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutBytes == (try bytes(file)))
        #expect(piped.stderr.hasPrefix("wrote standard output: "), "\(piped.stderr)")
        #expect(RestrictedRun.listing(dir) == ["out"])
    }

    @Test(.enabled(if: AnimatedOutputsCLITests.hasFFmpeg, "needs ffmpeg (Debian package ffmpeg)"))
    func videoToStandardOutputIsTheFileFFmpegWrote() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let file = dir.appendingPathComponent("out.mp4")
        #expect(try CommandRunner.run([scene, "--quiet", "--mp4", file.path]).status == 0)
        let piped = try CommandRunner.run([scene, "--quiet", "--mp4", "-"], environment: ["TMPDIR": dir.path])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutBytes == (try bytes(file)))
        #expect(RestrictedRun.listing(dir) == ["out.mp4"], "the temporary file is removed")
    }

    @Test func aFailedRenderWritesNothingToStandardOutput() throws {
        let r = try CommandRunner.run([scene, "--gif", "-", "--frames", "5000..5001"])
        #expect(r.status == 2)
        #expect(r.stdoutBytes.isEmpty)
        #expect(r.stderr.contains("--frames"), "\(r.stderr)")
    }

    @Test func aTerminalIsRefusedBeforeRendering() throws {
        let terminal = try PseudoTerminal()
        let r = try CommandRunner.run([scene, "--gif", "-"], output: terminal.handle)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: cannot write standard output: is a terminal; redirect it"), "\(r.stderr)")
        #expect(terminal.pending() == 0, "nothing reached the terminal")
    }

    @Test func sceneFromStandardInputRendersLikeTheFileAndResolvesImagesHere() throws {
        let dir = try CommandRunner.temporaryDirectory()
        try FileManager.default.copyItem(at: RepositoryPaths.scenes.appendingPathComponent("images/star.png"),
                                         to: dir.appendingPathComponent("star.png"))
        let json = #"""
            {"canvas": {"width": 60, "height": 40, "fps": 10, "duration": 0.3},
             "layers": [{"id": "star", "frame": [10, 5, 30, 30], "contents": "star.png",
                         "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 25, "toValue": 40, "duration": 0.3}]}]}
            """#
        try Data(json.utf8).write(to: dir.appendingPathComponent("scene.json"))
        let fromFile = try CommandRunner.run(["scene.json", "--quiet", "--gif", "a.gif"], in: dir)
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        let fromInput = try CommandRunner.run(["-", "--quiet", "--gif", "b.gif"], in: dir, input: Array(json.utf8))
        #expect(fromInput.status == 0, "\(fromInput.stderr)")
        #expect(try bytes(dir.appendingPathComponent("a.gif")) == bytes(dir.appendingPathComponent("b.gif")))
    }

    @Test func sceneErrorsFromStandardInputAreLocatedWithTheirLine() throws {
        let json = "{\"canvas\": {\"width\": 40, \"height\": 40},\n \"layers\": [{\"id\": \"a\", \"frame\": [0, 0, 10]}]}"
        let r = try CommandRunner.run(["-", "--gif", "-"], input: Array(json.utf8))
        #expect(r.status == 2)
        #expect(r.stdoutBytes.isEmpty)
        #expect(r.stderr.hasPrefix("error: <stdin>:2:"), "\(r.stderr)")
        #expect(r.stderr.contains("layers[0].frame"), "\(r.stderr)")
        #expect(r.stderr.contains("\n \"layers\": [{"), "the source line is quoted: \(r.stderr)")
    }

    @Test(arguments: [
        (["--png-dir", "-"], "--png-dir needs a folder; standard output (-) takes one file"),
        (["--gif", "-", "--apng", "-"], "only one output can be - (standard output)"),
    ])
    func whatStandardOutputCannotTakeIsRefused(_ options: [String], _ message: String) throws {
        let r = try CommandRunner.run([scene] + options)
        #expect(r.status == 64)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stdoutBytes.isEmpty)
    }
}

/// A pseudo-terminal pair: the child writes to `handle` (the terminal side); `pending()` says how
/// many bytes arrived at the controlling side.
final class PseudoTerminal {
    let handle: FileHandle
    private let controller: Int32

    /// Linux's TIOCSPTLCK and TIOCGPTN (function-like macros, which Swift does not import).
    private static let unlockRequest: UInt = 0x4004_5431, numberRequest: UInt = 0x8004_5430

    init() throws {
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard controller >= 0, ioctl(controller, Self.unlockRequest, &unlock) == 0,
              ioctl(controller, Self.numberRequest, &number) == 0 else {
            throw CocoaError(.fileReadUnknown)
        }
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw CocoaError(.fileReadUnknown) }
        handle = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
    }

    deinit { close(controller) }

    /// Bytes waiting to be read on the controlling side.
    func pending() -> Int32 {
        var count: Int32 = 0
        _ = ioctl(controller, UInt(FIONREAD), &count)
        return count
    }
}
