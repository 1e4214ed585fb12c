import AnimTestSupport
import Foundation
import Testing

/// animrender started with standard streams closed (`<&-`, `>&-`): no file it opens takes their
/// place, so messages never land in an output, standard input reads as closed (not as its own
/// signal pipe, which hung), and standard output as "-" is refused.
struct ClosedStreamsCLITests {
    let scene = RepositoryPaths.scenes.appendingPathComponent("docs/rocket-timing-functions.json").path

    /// Runs animrender through the shell with `redirections` (such as "<&-"), under a 120 s timeout.
    func run(_ arguments: [String], _ redirections: String, in dir: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec timeout 120 \"$0\" \"$@\" \(redirections)", RepositoryPaths.executable.path] + arguments
        process.currentDirectoryURL = dir
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    func text(_ url: URL) -> String { (try? String(contentsOf: url, encoding: .utf8)) ?? "" }

    @Test func aClosedStandardInputIsAnError() throws {
        let dir = try CommandRunner.temporaryDirectory()
        #expect(try run(["-", "--gif", "out.gif"], "<&- 2>err.txt", in: dir) == 2)
        #expect(text(dir.appendingPathComponent("err.txt")) == "error: <stdin>: cannot read standard input: it is closed\n")
        #expect(RestrictedRun.listing(dir) == ["err.txt"])
    }

    @Test func closedOutputAndErrorLeaveTheFileAsItIsWithThemOpen() throws {
        let dir = try CommandRunner.temporaryDirectory()
        #expect(try CommandRunner.run([scene, "--quiet", "--gif", dir.appendingPathComponent("open.gif").path]).status == 0)
        // With them closed, "wrote …" (and a warning, for the odd extension) must not reach the GIF.
        #expect(try run([scene, "--gif", "closed.png"], ">&- 2>&-", in: dir) == 0)
        let open = try Data(contentsOf: dir.appendingPathComponent("open.gif"))
        #expect(try Data(contentsOf: dir.appendingPathComponent("closed.png")) == open)
        #expect(RestrictedRun.listing(dir) == ["closed.png", "open.gif"])
    }

    @Test func aClosedStandardOutputIsRefusedAsAnOutput() throws {
        let dir = try CommandRunner.temporaryDirectory()
        #expect(try run([scene, "--gif", "-"], ">&- 2>err.txt", in: dir) == 1)
        #expect(text(dir.appendingPathComponent("err.txt")) == "error: cannot write standard output: it is closed\n")
    }
}
