import AnimTestSupport
import Foundation
import Testing

/// Ctrl-C (SIGINT) or a CI timeout (SIGTERM) in the middle of a render: the process ends by that
/// signal and leaves no staging folder, temporary file, half-filled frame folder or ffmpeg behind.
@Suite(.serialized)
struct InterruptionCLITests {
    /// 1280×720 at 200 fps: long enough (a few seconds) to be interrupted part way.
    let scene = RepositoryPaths.scenes.appendingPathComponent("bench/compositor-1280.json").path

    /// Starts a render in `dir`, waits until `started` holds for what is in the folder (at most 30 s),
    /// sends `signal`, and returns how the process ended.
    func interrupt(_ options: [String], in dir: URL, signal: Int32,
                   when started: ([String]) -> Bool) throws -> (reason: Process.TerminationReason, status: Int32) {
        let process = Process()
        process.executableURL = RepositoryPaths.executable
        process.arguments = [scene, "--fps", "200", "--quiet", "--threads", "1"] + options
        process.currentDirectoryURL = dir
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while !started(deepListing(dir)) && process.isRunning && waited < 3000 {
            usleep(10_000)
            waited += 1
        }
        #expect(process.isRunning, "the render ended before it could be interrupted")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    /// Every path under `dir`, relative, hidden ones included.
    func deepListing(_ dir: URL) -> [String] {
        (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGUSR1, SIGALRM])
    func anInterruptedFrameFolderIsRemovedWithItsStagedFrames(_ signal: Int32) throws {
        let dir = try CommandRunner.temporaryDirectory()
        let end = try interrupt(["--png-dir", "out/frames"], in: dir, signal: signal) { paths in
            paths.contains { $0.hasSuffix(".png") }
        }
        #expect(end.reason == .uncaughtSignal && end.status == signal)
        #expect(deepListing(dir) == [], "the folders mkdir -p made, the staging folder and its frames are gone")
    }

    @Test(.enabled(if: AnimatedOutputsCLITests.hasFFmpeg, "needs ffmpeg (Debian package ffmpeg)"))
    func anInterruptedVideoLeavesNoTemporaryFileAndNoFFmpeg() throws {
        let dir = try CommandRunner.temporaryDirectory()
        var ffmpegPID: pid_t = 0
        let end = try interrupt(["--mp4", "a.mp4", "--gif", "a.gif"], in: dir, signal: SIGTERM) { paths in
            ffmpegPID = Self.child(named: "ffmpeg", of: dir)
            return ffmpegPID != 0 && !paths.isEmpty
        }
        #expect(end.reason == .uncaughtSignal && end.status == SIGTERM)
        #expect(deepListing(dir) == [])
        #expect(ffmpegPID != 0 && kill(ffmpegPID, 0) != 0, "ffmpeg was stopped")
    }

    /// The pid of a running `name` whose working folder is `dir`, or 0.
    static func child(named name: String, of dir: URL) -> pid_t {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries.sorted() {
            guard let pid = pid_t(entry),
                  let comm = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
                  comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
                  let cwd = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(entry)/cwd"),
                  cwd == dir.resolvingSymlinksInPath().path || cwd == dir.path else { continue }
            return pid
        }
        return 0
    }
}
