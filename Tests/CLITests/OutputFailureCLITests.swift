import AnimTestSupport
import Foundation
import Testing

/// Every output kind written where it cannot be: a missing folder, a folder without write
/// permission, a full disk. Each must exit 1 with "cannot write PATH: reason" naming the output,
/// and leave nothing behind: no partial file, no temporary file, no staging folder.
@Suite(.serialized)
struct OutputFailureCLITests {
    /// One kind of output: its options for a target path, and the file its error names.
    struct Output: CustomTestStringConvertible, Sendable {
        var name: String
        var file: String
        var needsFFmpeg = false
        var testDescription: String { name }

        func arguments(_ target: String) -> [String] {
            switch name {
            case "png-dir": ["--png-dir", target]
            case "png": ["--frame", "3", "--png", target]
            default: ["--" + name, target]
            }
        }
    }

    static let hasFFmpeg = ExternalTools.find("ffmpeg") != nil

    static let outputs: [Output] = [
        Output(name: "gif", file: "out.gif"), Output(name: "apng", file: "out.png"), Output(name: "webp", file: "out.webp"),
        Output(name: "png-dir", file: "frames"), Output(name: "contact-sheet", file: "sheet.png"), Output(name: "png", file: "one.png"),
        Output(name: "mp4", file: "out.mp4", needsFFmpeg: true), Output(name: "webm", file: "out.webm", needsFFmpeg: true),
    ]

    func scene(in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("scene.json")
        try Data(AnimatedOutputsCLITests.sceneJSON.utf8).write(to: url)
        return url.path
    }

    @Test(arguments: outputs)
    func missingFolderFailsBeforeRenderingAndWritesNothing(_ output: Output) throws {
        if output.needsFFmpeg && !Self.hasFFmpeg { return }  // missing ffmpeg has its own test
        let dir = try CommandRunner.temporaryDirectory()
        let target = dir.appendingPathComponent("missing/" + output.file).path
        let r = try CommandRunner.run([try scene(in: dir)] + output.arguments(target) + ["--quiet"])
        if output.name == "png-dir" {
            // --png-dir is `mkdir -p`: the missing folders are created.
            #expect(r.status == 0, "\(r.stderr)")
            #expect(RestrictedRun.listing(URL(fileURLWithPath: target)).count == 30)
            return
        }
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write \(target): No such file or directory\n", "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }

    @Test(.enabled(if: RestrictedRun.canDenyWrites, Comment(rawValue: RestrictedRun.cannotDenyWritesReason)), arguments: outputs)
    func readOnlyFolderFailsWithPermissionDeniedAndWritesNothing(_ output: Output) throws {
        if output.needsFFmpeg && !Self.hasFFmpeg { return }
        let dir = try CommandRunner.temporaryDirectory()
        let readOnly = try RestrictedRun.readOnlyFolder(in: dir)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: readOnly.path) }
        // A new file (or, for --png-dir, a new folder) inside the read-only folder.
        let target = readOnly.appendingPathComponent(output.file).path
        let r = try RestrictedRun.withoutWriteOverride([try scene(in: dir)] + output.arguments(target) + ["--quiet"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write \(target): Permission denied\n", "\(r.stderr)")
        if output.name == "png-dir" {
            // The read-only folder itself as DIR: its staging folder cannot be made.
            let s = try RestrictedRun.withoutWriteOverride([try scene(in: dir), "--png-dir", readOnly.path, "--quiet"])
            #expect(s.status == 1)
            #expect(s.stderr == "error: cannot write \(readOnly.path): Permission denied\n", "\(s.stderr)")
        }
        #expect(RestrictedRun.listing(dir) == ["read-only", "scene.json"])
    }

    @Test(.enabled(if: RestrictedRun.prlimit != nil, "needs prlimit (util-linux) to limit the file size"), arguments: outputs)
    func fullDiskFailsNamingTheOutputAndLeavesNoPartialFile(_ output: Output) throws {
        if output.needsFFmpeg && !Self.hasFFmpeg { return }
        let dir = try CommandRunner.temporaryDirectory()
        let target = dir.appendingPathComponent(output.file).path
        // 512 bytes: less than any of these files (a frame PNG of this scene is about 800 bytes).
        let r = try RestrictedRun.withFileSizeLimit(512, [try scene(in: dir)] + output.arguments(target) + ["--quiet"])
        #expect(r.status == 1)
        let named = output.name == "png-dir" ? target + "/frame_00000.png" : target
        #expect(r.stderr.hasPrefix("error: cannot write \(named): "), "\(r.stderr)")
        #expect(r.stderr.contains("File too large"), "\(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }

    /// A file where a folder of the output's path should be: the error names that file, not the
    /// output (`--png-dir` makes the missing folders of DIR, and removes them again).
    @Test(arguments: outputs)
    func aFileInTheOutputsPathIsNamed(_ output: Output) throws {
        if output.needsFFmpeg && !Self.hasFFmpeg { return }
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try scene(in: dir)
        try Data("x".utf8).write(to: dir.appendingPathComponent("a"))
        for (target, culprit) in [("a/b/" + output.file, "\(dir.path)/a is a file, not a folder"),
                                  ("a", "is a file, not a folder")] where target != "a" || output.name == "png-dir" {
            let path = dir.appendingPathComponent(target).path
            let r = try CommandRunner.run([scene] + output.arguments(path) + ["--quiet"])
            #expect(r.status == 1)
            #expect(r.stderr == "error: cannot write \(path): \(culprit)\n", "\(r.stderr)")
            #expect(RestrictedRun.listing(dir) == ["a", "scene.json"], "\(target)")
        }
    }

    /// `--png-dir` makes every missing folder of DIR (`mkdir -p`); a failed run removes each folder
    /// it made, not only the innermost, and none that was there before.
    @Test(.enabled(if: RestrictedRun.prlimit != nil, "needs prlimit (util-linux) to limit the file size"))
    func failedPNGDirRemovesEveryFolderItCreated() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try scene(in: dir)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("existing"), withIntermediateDirectories: true)
        for target in ["new/deeper/frames", "existing/new/frames"] {
            let path = dir.appendingPathComponent(target).path
            let r = try RestrictedRun.withFileSizeLimit(512, [scene, "--png-dir", path, "--quiet"])
            #expect(r.status == 1)
            #expect(r.stderr.hasPrefix("error: cannot write \(path)/frame_00000.png: "), "\(r.stderr)")
            #expect(RestrictedRun.listing(dir) == ["existing", "scene.json"], "\(target)")
        }
    }

    /// A FIFO (like /dev/full or /dev/stdout, a special file) as the output: renaming the finished
    /// file over it would replace it, so it is refused before rendering and left as it was.
    @Test(arguments: outputs.filter { !$0.needsFFmpeg && $0.name != "png-dir" })
    func specialFileAsOutputIsRefusedAndKept(_ output: Output) throws {
        let dir = try CommandRunner.temporaryDirectory()
        let target = dir.appendingPathComponent(output.file).path
        #expect(mkfifo(target, 0o644) == 0)
        let r = try CommandRunner.run([try scene(in: dir)] + output.arguments(target) + ["--quiet"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: cannot write \(target): is not a regular file\n", "\(r.stderr)")
        var st = stat()
        #expect(stat(target, &st) == 0 && st.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
        #expect(RestrictedRun.listing(dir) == [output.file, "scene.json"].sorted())
    }

    @Test func unlimitedRunsOfTheSameOutputsSucceed() throws {
        // The control for the tests above: the same scene and options write every output (the
        // single frame's --png in a command of its own, as it cannot be combined with the others).
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try scene(in: dir)
        var args = [scene], single = [scene]
        for output in Self.outputs where !output.needsFFmpeg || Self.hasFFmpeg {
            let arguments = output.arguments(dir.appendingPathComponent(output.file).path)
            if output.name == "png" { single += arguments } else { args += arguments }
        }
        for command in [args, single] {
            let r = try CommandRunner.run(command + ["--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        for output in Self.outputs where !output.needsFFmpeg || Self.hasFFmpeg {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(output.file).path), "\(output.name)")
        }
    }
}
