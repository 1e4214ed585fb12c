import AnimCodecs

/// The HTML report, its JUnit XML and the optional `--junit` copy, at the paths the user gave.
public enum ReportFiles {
    /// Creates the report folder and makes sure the reports can be written there, before any frame
    /// is rendered. Errors name the path as given.
    public static func checkWritable(report: String, junit: String?) throws(CodecError) {
        try AtomicFile.createDirectory(report)
        try AtomicFile.checkWritable(file("index.html", in: report))
        if let junit { try AtomicFile.checkWritable(junit) }
    }

    /// Writes index.html and junit.xml into `report`, and the XML to `junit` too when given.
    public static func write(_ result: GoldenRunResult, report: String, junit: String?) throws(CodecError) {
        try AtomicFile.createDirectory(report)
        try AtomicFile.write(Array(HTMLReport.render(result).utf8), to: file("index.html", in: report))
        let xml = Array(JUnitReport.render(result).utf8)
        try AtomicFile.write(xml, to: file("junit.xml", in: report))
        if let junit { try AtomicFile.write(xml, to: junit) }
    }

    /// A file in the report folder, spelled from the folder as given.
    static func file(_ name: String, in report: String) -> String {
        (report.hasSuffix("/") ? report : report + "/") + name
    }
}
