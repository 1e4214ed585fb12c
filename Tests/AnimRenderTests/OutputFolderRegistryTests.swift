import AnimCodecs
import AnimGolden
import AnimRender
import AnimScene
import AnimTestSupport
import Foundation
import Testing

/// The folders outputs make (`mkdir -p`) are registered with `Interruption` only while their
/// output is unfinished: once it is written, an interruption later in the process leaves them alone.
struct OutputFolderRegistryTests {
    /// What is registered under `folder` (other tests register their own meanwhile).
    func registered(under folder: URL) -> [Interruption.Cleanup] {
        Interruption.pending.filter { cleanup in
            switch cleanup {
            case let .emptyFolder(path), let .folder(path), let .file(path): path.hasPrefix(folder.path + "/")
            case .process: false
            }
        }
    }

    @Test func aPNGFolderIsDeregisteredOnceItsFramesAreInPlace() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try SceneLoader.decode(Array(#"{"canvas": {"width": 8, "height": 8, "fps": 10, "duration": 0.3}}"#.utf8), file: "s.json")
        let frames = dir.appendingPathComponent("a/b/frames")
        try RenderJob(renderer: Renderer(scene: scene), request: OutputRequest(pngDirectory: frames.path)).run()
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
            == ["frame_00000.png", "frame_00001.png", "frame_00002.png"])
        #expect(registered(under: dir).isEmpty)
    }

    @Test func reportFoldersAreDeregisteredOnceWrittenAndRemovedWhenTheCheckFails() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let report = dir.appendingPathComponent("out/report").path
        let files = try ReportFiles(report: report, junit: nil)
        #expect(registered(under: dir) == [.emptyFolder(dir.path + "/out"), .emptyFolder(report)], "unfinished until written")
        try files.write(GoldenRunResult(scenes: []))
        #expect(registered(under: dir).isEmpty)
        #expect(FileManager.default.fileExists(atPath: report + "/index.html"))
        try Data("x".utf8).write(to: dir.appendingPathComponent("file"))
        #expect(throws: CodecError.io(path: dir.path + "/file/ci.xml", reason: dir.path + "/file is a file, not a folder")) {
            try ReportFiles(report: dir.appendingPathComponent("new/report").path, junit: dir.path + "/file/ci.xml")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("new").path), "made for a failed check, so removed")
        #expect(registered(under: dir).isEmpty)
    }

    /// Before a run, what an earlier one left is removed: the reports, the `--junit` file and the
    /// frame pictures under artifacts/ (and the folders that leaves empty); other files stay.
    @Test func reportFilesRemoveWhatAnEarlierRunLeft() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let report = dir.appendingPathComponent("report")
        let files = ["index.html", "junit.xml", "artifacts/a/f0001-actual.png", "artifacts/a/f12-diff.png", "artifacts/a/keep.txt",
                     "artifacts/a/f0001-actual.png.bak", "artifacts/b/c/f0003-actual.png", "notes.md"]
        for file in files {
            let url = report.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("old".utf8).write(to: url)
        }
        let junit = dir.appendingPathComponent("ci.xml")
        try Data("<?xml version=\"1.0\"?>".utf8).write(to: junit)
        _ = try ReportFiles(report: report.path, junit: junit.path)
        let left = files.filter { FileManager.default.fileExists(atPath: report.appendingPathComponent($0).path) }
        #expect(left == ["artifacts/a/keep.txt", "artifacts/a/f0001-actual.png.bak", "notes.md"])
        #expect(!FileManager.default.fileExists(atPath: report.appendingPathComponent("artifacts/b").path), "emptied, so removed")
        #expect(!FileManager.default.fileExists(atPath: junit.path))
    }
}
