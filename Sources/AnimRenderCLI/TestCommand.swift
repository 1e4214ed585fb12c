import AnimGolden
import AnimRender
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `animrender test [SCENES or folders…] --goldens DIR`: renders the chosen frames of each scene
/// and compares them with golden PNGs; writes an HTML report, JUnit XML and actual/diff images.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Compare scenes' frames with golden PNGs (exit 0 pass, 1 differences, 2 bad input, 64 bad option).",
        discussion: """
            Goldens live at GOLDENS/<scene>/fNNNN.png, where <scene> is the scene's path, without \
            .json, below the nearest enclosing folder named Scenes (else below the folder given): \
            Scenes/seeds/shake.json → GOLDENS/seeds/shake/, whether Scenes, Scenes/seeds or the file \
            is given.

            Frames checked: the scene's goldenFrames (else first, middle, last), --all-frames, or \
            --every N. Tolerances: exact unless the scene has goldenTolerance or the options below \
            are given.

            Recording (--record, else ANIMRENDER_RECORD, else never; CI does not change it): missing, \
            failed or all. failed and all also rewrite an out-of-date golden.json and remove stale \
            goldens (PNGs no checked frame uses). A recording run still fails, so look at the new \
            PNGs, then run again.
            """)

    @Argument(help: "Scene files or folders (searched recursively for *.json).")
    var paths: [String] = ["Scenes"]

    @Option(name: .long, help: ArgumentHelp("The goldens folder.", valueName: "DIR"))
    var goldens = "Goldens"

    @Option(name: .long, help: ArgumentHelp("Where index.html, junit.xml and the actual/diff images go.", valueName: "DIR"))
    var report = "animrender-report"

    @Option(name: .long, help: ArgumentHelp("Also write JUnit XML to this file.", valueName: "FILE"))
    var junit: String?

    @Option(name: .long, help: "Record goldens: missing, failed, all or never (default: $ANIMRENDER_RECORD, else never; also under CI).")
    var record: String?

    @Flag(name: .customLong("all-frames"), help: "Check every frame.")
    var allFrames = false

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Check every Nth frame.", valueName: "N"))
    var every: Int?

    @Option(name: .customLong("max-channel-delta"), parsing: .unconditional, help: "A pixel differs when a channel differs by more than this (0…255).")
    var maxChannelDelta: Int?

    @Option(name: .customLong("max-differing-pixels"), parsing: .unconditional, help: "How many pixels may differ per frame.")
    var maxDifferingPixels: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Perceptual check with this CIEDE2000 threshold (e.g. 2).", valueName: "ΔE"))
    var perceptual: Double?

    @Option(name: .long, parsing: .unconditional, help: "Rendering threads (default: all cores).")
    var threads: Int?

    @Flag(name: .long, help: "Print only failures and the summary.")
    var quiet = false

    func validate() throws {
        if allFrames && every != nil { throw ValidationError("--all-frames and --every cannot be used together") }
        if let every, every < 1 { throw ValidationError("--every must be 1 or more") }
        if let record, RecordMode(rawValue: record) == nil {
            throw ValidationError("--record must be missing, failed, all or never (found '\(record)')")
        }
        if let d = maxChannelDelta, !(0...255).contains(d) { throw ValidationError("--max-channel-delta must lie in 0…255") }
        if let n = maxDifferingPixels, n < 0 { throw ValidationError("--max-differing-pixels must be 0 or more") }
        if let p = perceptual, !(p > 0 && p <= 100) { throw ValidationError("--perceptual must lie in (0, 100]") }
        if let threads, threads < 1 { throw ValidationError("--threads must be 1 or more") }
        try validatePaths()
    }

    /// No folder or file option is empty or "-", none is a scene path, and no two name the same place.
    /// The goldens and reports are files in a folder, so standard output cannot take them (a folder named "-" is "./-").
    private func validatePaths() throws {
        let outputs = [("--goldens", goldens), ("--report", report)] + (junit.map { [("--junit", $0)] } ?? [])
        if report == "-" {
            throw ValidationError("--report needs a folder (index.html, junit.xml and the images go there), not - (standard output); "
                                  + "for a folder named -, write ./-")
        }
        if goldens == "-" {
            throw ValidationError("--goldens needs a folder (the golden PNGs are read from and recorded there), not - (standard output); "
                                  + "for a folder named -, write ./-")
        }
        if junit == "-" {
            throw ValidationError("--junit needs a file, not - (standard output); the XML is also in the report folder as junit.xml; "
                                  + "for a file named -, write ./-")
        }
        for scene in paths.isEmpty ? ["-"] : paths {
            if let problem = OutputPaths.problem(scene: scene, outputs: outputs) { throw ValidationError(problem) }
        }
    }

    func run() throws {
        let urls = paths.map { URL(fileURLWithPath: $0) }
        for (path, url) in zip(paths, urls) where !FileManager.default.fileExists(atPath: url.path) {
            printError("error: \(path): no such scene file or folder")
            throw ExitCode(2)
        }
        // JSON under the goldens folder is its golden.json files, never a scene (a goldens folder
        // may sit inside a scenes folder, as __Snapshots__ folders sit beside tests).
        let goldensPath = Self.absolute(goldens)
        let scenes = GoldenRunner.discoverScenes(in: urls).filter { !Self.isInside($0.file.path, goldensPath) }
        if let problem = Self.sharedNameProblem(scenes) {
            printError("error: \(problem)")
            throw ExitCode(2)
        }
        if FileManager.default.fileExists(atPath: goldens), !GoldenRunner.isFolder(URL(fileURLWithPath: goldens)) {
            printError("error: the goldens folder \(goldens) is a file, not a folder")
            throw ExitCode(1)
        }
        if scenes.isEmpty {
            printError("error: no scene files (*.json) under \(paths.joined(separator: ", "))")
            throw ExitCode(2)
        }
        if record == nil, let problem = RecordMode.environmentProblem() {
            printError("error: \(problem)")
            throw ExitCode(2)
        }
        if let problem = overwriteProblem(scenes) {
            printError("error: \(problem)")
            throw ExitCode(64)
        }
        if !GoldenRunner.isFolder(URL(fileURLWithPath: goldens)) && options(URL(fileURLWithPath: report)).record == .never {
            printError("warning: the goldens folder \(goldens) does not exist: no frame has a golden (record them with --record missing)")
        }
        let reportDir = URL(fileURLWithPath: report)
        let files = try reportFailure { try ReportFiles(report: report, junit: junit) }
        var result = GoldenRunner.run(scenes: scenes, options: options(reportDir))
        // A frame that cannot be drawn in full is the scene's problem, as `render` says (exit 2).
        let badInput = result.scenes.contains { $0.invalidScene || $0.frames.contains { $0.verdict.notDrawn } }
        result.scenes += orphanProblems(scenes, urls)
        try reportFailure { try files.write(result) }
        printResult(result, reportDir)
        if !result.passed { throw ExitCode(badInput ? 2 : 1) }
    }

    private func options(_ reportDir: URL) -> GoldenRunOptions {
        let mode = record.flatMap(RecordMode.init(rawValue:)) ?? RecordMode.fromEnvironment() ?? .never
        var tolerance: GoldenTolerance? = nil
        if maxChannelDelta != nil || maxDifferingPixels != nil || perceptual != nil {
            tolerance = GoldenTolerance(maxChannelDelta: maxChannelDelta ?? 0, maxDifferingPixels: maxDifferingPixels ?? 0,
                                        perceptualDeltaE: perceptual, reason: "given on the command line")
        }
        let selection: AnimGolden.FrameSelection = allFrames ? .all : every.map { .every($0) } ?? .golden
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return GoldenRunOptions(goldens: URL(fileURLWithPath: goldens), artifacts: reportDir.appendingPathComponent("artifacts"),
                                record: mode, tolerance: tolerance, frames: selection, threads: threads ?? max(1, cores))
    }

    /// Why the reports would overwrite what they must not, if they would: `--junit` or `--report`
    /// inside the goldens folder, `--junit` naming a scene the run found (also inside a folder
    /// given), or an existing file that is not a JUnit report animrender wrote (a scene, a golden
    /// PNG, a plist, another tool's XML: a run replaces only a report of its own).
    private func overwriteProblem(_ scenes: [(name: String, file: URL)]) -> String? {
        let goldensPath = Self.absolute(goldens)
        for (option, path) in [("--report", report)] + (junit.map { [("--junit", $0)] } ?? [])
        where Self.isInside(Self.absolute(path), goldensPath) {
            return "\(option) \(path) is inside the goldens folder \(goldens): the report would be written among the goldens"
        }
        guard let junit else { return nil }
        let target = Self.absolute(junit)
        if let scene = scenes.first(where: { $0.file.standardizedFileURL.path == target }) {
            return "--junit \(junit) is the scene file of \(scene.name): the report would replace it"
        }
        if let head = Self.firstBytes(of: junit, count: 512), !head.isEmpty, !Self.isOwnReport(head) {
            return "--junit \(junit) exists and is not a JUnit report of animrender's: refusing to replace it (remove it, or name another file)"
        }
        return nil
    }

    /// Whether a file's first bytes are those of a report `JUnitReport` wrote: the XML declaration,
    /// then `<testsuites name="animrender"`. Any other XML (a plist, a pom.xml, another tool's
    /// report) is not replaced.
    private static func isOwnReport(_ head: [UInt8]) -> Bool {
        let text = String(decoding: head, as: UTF8.self)
        return text.hasPrefix("<?xml") && text.contains("<testsuites name=\"animrender\"")
    }

    /// Two scene files whose goldens would be filed under one name (`A/Scenes/card.json` and
    /// `B/Scenes/card.json` are both `card`): each run would compare one with the other's goldens.
    private static func sharedNameProblem(_ scenes: [(name: String, file: URL)]) -> String? {
        for (a, b) in zip(scenes, scenes.dropFirst()) where a.name == b.name {
            return "\(a.file.path) and \(b.file.path) would both file their goldens under \(a.name)/: "
                + "test them with separate --goldens folders, or rename one"
        }
        return nil
    }

    /// The first `count` bytes of an existing regular file (fewer if it is shorter); nil when it
    /// cannot be opened or is not a regular file (a FIFO is not read: that would wait for a writer).
    private static func firstBytes(of path: String, count: Int) -> [UInt8]? {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG, let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = fread(&bytes, 1, count, file)
        return Array(bytes.prefix(read))
    }

    /// `path` made absolute and standardized ("." and ".." resolved, no trailing slash).
    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Whether `path` is `folder` or lies below it (both absolute and standardized).
    private static func isInside(_ path: String, _ folder: String) -> Bool {
        path == folder || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// Golden folders with no scene fail the run. Only folders given on the command line are
    /// checked, each for the part of the goldens tree it serves (`Scenes/seeds` → `seeds/…`).
    private func orphanProblems(_ scenes: [(name: String, file: URL)], _ urls: [URL]) -> [SceneResult] {
        let prefixes = urls.filter(GoldenRunner.isFolder).map(Self.goldenPrefix)
        guard !prefixes.isEmpty else { return [] }
        let goldensURL = URL(fileURLWithPath: goldens)
        return GoldenRunner.orphanGoldenFolders(goldens: goldensURL, scenes: scenes)
            .filter { name in prefixes.contains { name.hasPrefix($0) } }
            .map { name in
                SceneResult(name: name, sceneFile: goldensURL.appendingPathComponent(name),
                            problems: ["goldens \(Self.absolute(goldens))/\(name) have no scene (delete the folder, or restore the scene)"])
            }
    }

    /// The folder's path below the scenes root ("" for the root itself, "seeds/" for Scenes/seeds),
    /// by the discovery rule: the nearest enclosing folder named Scenes or scenes is the root.
    private static func goldenPrefix(_ folder: URL) -> String {
        var components: [String] = []
        var cursor = folder.standardizedFileURL
        while cursor.path != "/" {
            if ["Scenes", "scenes"].contains(cursor.lastPathComponent) { break }
            components.insert(cursor.lastPathComponent, at: 0)
            cursor = cursor.deletingLastPathComponent()
        }
        if cursor.path == "/" { return "" }
        return components.isEmpty ? "" : components.joined(separator: "/") + "/"
    }

    /// Runs `body`; a file error becomes one line naming the path and the system's reason, and exit code 1.
    private func reportFailure<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            printError("error: cannot write the report: \(error)")
            throw ExitCode(1)
        }
    }

    private func printResult(_ result: GoldenRunResult, _ reportDir: URL) {
        for scene in result.scenes where !scene.passed { printError(scene.summary) }
        if !quiet { for scene in result.scenes where scene.passed { printError("ok   \(scene.name)") } }
        let failed = result.failedScenes.count
        let recorded = result.recordedScenes.count
        var verdict = failed == 0 ? "passed" : "\(failed) failed"
        if recorded > 0 {
            verdict += " (\(recorded == failed ? "" : "\(recorded) of them: ")recorded goldens only; look at them, then run again)"
        }
        let counts = "\(Self.count(result.scenes.count, "scene")), \(Self.count(result.frameCount, "frame"))"
        printError("\(counts): \(verdict); report: \(reportDir.appendingPathComponent("index.html").path)")
    }

    /// "1 scene", "2 frames".
    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
