import AnimCodecs

/// The HTML report, its JUnit XML and the optional `--junit` copy, at the paths the user gave.
public struct ReportFiles {
    public let report: String
    public let junit: String?
    /// The folders `mkdir -p` made for the report, registered with ``Interruption`` until it is written.
    private let madeFolders: CreatedFolders

    /// Creates the report folder and makes sure the reports can be written there, before any frame
    /// is rendered. Errors name the path as given; the folders made are removed again then.
    public init(report: String, junit: String?) throws(CodecError) {
        self.report = report
        self.junit = junit
        madeFolders = try AtomicFile.createDirectory(report)
        do throws(CodecError) {
            try AtomicFile.checkWritable(Self.file("index.html", in: report))
            if let junit { try AtomicFile.checkWritable(junit) }
        } catch {
            madeFolders.remove()
            throw error
        }
    }

    /// Writes index.html and junit.xml into the report folder, and the XML to `junit` too when
    /// given; the report is then complete, whether or not this succeeded.
    public func write(_ result: GoldenRunResult) throws(CodecError) {
        defer { madeFolders.keep() }
        let made = try AtomicFile.createDirectory(report)  // in case it was removed meanwhile
        defer { made.keep() }
        try AtomicFile.write(Array(HTMLReport.render(result).utf8), to: Self.file("index.html", in: report))
        let xml = Array(JUnitReport.render(result).utf8)
        try AtomicFile.write(xml, to: Self.file("junit.xml", in: report))
        if let junit { try AtomicFile.write(xml, to: junit) }
    }

    /// A file in the report folder, spelled from the folder as given.
    static func file(_ name: String, in report: String) -> String {
        (report.hasSuffix("/") ? report : report + "/") + name
    }
}
