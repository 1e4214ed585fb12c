import AnimTestSupport
import Foundation
import Testing

/// A reader of standard output that goes away (SIGPIPE) and a file past `ulimit -f` (SIGXFSZ) end
/// a process by default. animrender ignores both, so the write fails like any other: a message,
/// exit 1, and no unfinished output left. The child is started with both signals at their
/// defaults (python3 resets them before exec), whatever the test runner ignores.
struct WriteSignalsCLITests {
    let scene = RepositoryPaths.scenes.appendingPathComponent("seeds/shopping-cart.json").path
    static let python = ExternalTools.find("python3")

    /// Runs animrender with SIGPIPE and SIGXFSZ at their defaults, `fileSize` bytes at most per
    /// file, and standard output a pipe nobody reads (its read end closed) when `closedPipe`.
    func run(_ arguments: [String], in dir: URL, fileSize: Int? = nil, closedPipe: Bool = false) throws -> CommandResult {
        let script = """
            import os, resource, signal, sys
            for s in (signal.SIGPIPE, signal.SIGXFSZ): signal.signal(s, signal.SIG_DFL)
            limit = int(sys.argv[1])
            if limit > 0: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
            if sys.argv[2] == "1":
                r, w = os.pipe()
                os.close(r)
                os.dup2(w, 1)
            os.chdir(sys.argv[3])
            os.execv(sys.argv[4], sys.argv[4:])
            """
        return try ExternalTools.run(try #require(Self.python), ["-c", script, String(fileSize ?? 0), closedPipe ? "1" : "0", dir.path,
                                                                 RepositoryPaths.executable.path] + arguments)
    }

    @Test(.enabled(if: python != nil, "needs python3"))
    func aReaderThatWentAwayFailsTheOutputAndRemovesTheOthers() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let r = try run([scene, "--gif", "-", "--png-dir", "frames"], in: dir, closedPipe: true)
        #expect(r.status == 1, "\(r.stderr)")
        #expect(r.stderr.contains("error: cannot write standard output: Broken pipe"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir).isEmpty)
    }

    @Test(.enabled(if: python != nil, "needs python3"), arguments: ["--gif", "--apng", "--png-dir"])
    func aFileSizeLimitFailsTheOutputWithoutLeavingAPart(_ option: String) throws {
        let dir = try CommandRunner.temporaryDirectory()
        let r = try run([scene, option, "out"], in: dir, fileSize: 1024)
        #expect(r.status == 1, "\(option): \(r.stderr)")
        #expect(r.stderr.contains("File too large"), "\(option): \(r.stderr)")
        #expect(RestrictedRun.listing(dir).isEmpty, "\(option)")
    }
}
