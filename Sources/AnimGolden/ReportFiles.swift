import AnimCodecs
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The HTML report, its JUnit XML and the optional `--junit` copy, at the paths the user gave.
public struct ReportFiles {
    public let report: String
    public let junit: String?
    /// The folders `mkdir -p` made for the report and for `--junit`'s file, registered with
    /// ``Interruption`` until it is written.
    private let madeFolders: [CreatedFolders]

    /// Creates the report folder (and `--junit`'s), makes sure the reports can be written there,
    /// and removes what an earlier run left in them (``clearEarlierRun()``), before any frame is
    /// rendered. Errors name the path as given; the folders made are removed again then.
    public init(report: String, junit: String?) throws(CodecError) {
        self.report = report
        self.junit = junit
        var made = [try AtomicFile.createDirectory(report)]
        do throws(CodecError) {
            // A missing folder for the XML is made, as the report's is (one that exists, even as a
            // file, is left to the check below, which names the file).
            if let junit, let parent = Self.parent(of: junit), !FileManager.default.fileExists(atPath: parent) {
                made.append(try AtomicFile.createDirectory(parent))
            }
            try AtomicFile.checkWritable(Self.file("index.html", in: report))
            if let junit { try AtomicFile.checkWritable(junit) }
        } catch {
            for folders in made.reversed() { folders.remove() }
            throw error
        }
        madeFolders = made
        clearEarlierRun()
    }

    /// Writes index.html and junit.xml into the report folder, and the XML to `junit` too when
    /// given; the report is then complete, whether or not this succeeded.
    public func write(_ result: GoldenRunResult) throws(CodecError) {
        defer { for folders in madeFolders { folders.keep() } }
        let made = try AtomicFile.createDirectory(report)  // in case it was removed meanwhile
        defer { made.keep() }
        try AtomicFile.write(Array(HTMLReport.render(result).utf8), to: Self.file("index.html", in: report))
        let xml = Array(JUnitReport.render(result).utf8)
        try AtomicFile.write(xml, to: Self.file("junit.xml", in: report))
        if let junit { try AtomicFile.write(xml, to: junit) }
    }

    /// Removes the reports and the pictures an earlier run left: index.html, junit.xml, the
    /// `--junit` file, and under `artifacts/` every `fNNNN-actual.png` and `fNNNN-diff.png` (then
    /// the folders that leaves empty). So a run that is interrupted leaves no report that looks
    /// finished, and the pictures beside a report are that run's. Other files are left alone.
    func clearEarlierRun() {
        unlink(Self.file("index.html", in: report))
        unlink(Self.file("junit.xml", in: report))
        if let junit { unlink(junit) }
        Self.removeArtifacts(in: Self.file("artifacts", in: report))
    }

    /// Removes the frame pictures under `folder` and the folders left empty (not `folder`'s parents).
    private static func removeArtifacts(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() {
            let path = folder + "/" + name
            var st = stat()
            guard lstat(path, &st) == 0 else { continue }
            if st.st_mode & S_IFMT == S_IFDIR {
                removeArtifacts(in: path)
                rmdir(path)  // fails, harmlessly, when something else is left inside
            } else if st.st_mode & S_IFMT == S_IFREG, isArtifactName(name) {
                unlink(path)
            }
        }
    }

    /// `f` and digits, then `-actual.png` or `-diff.png` (``GoldenArtifacts``).
    static func isArtifactName(_ name: String) -> Bool {
        for suffix in ["-actual.png", "-diff.png"] where name.hasPrefix("f") && name.hasSuffix(suffix) {
            let digits = name.dropFirst().dropLast(suffix.count)
            return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        }
        return false
    }

    /// The folder part of a file path as given ("out" for "out/j.xml"), nil for a bare name.
    static func parent(of path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let folder = String(path[..<slash])
        return folder.isEmpty ? nil : folder
    }

    /// A file in the report folder, spelled from the folder as given.
    static func file(_ name: String, in report: String) -> String {
        (report.hasSuffix("/") ? report : report + "/") + name
    }
}
