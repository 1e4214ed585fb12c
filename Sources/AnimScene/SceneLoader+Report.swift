extension SceneLoader {
    /// The scene file's bytes, for quoting source lines in error reports (nil if unreadable).
    public static func source(path: String) -> [UInt8]? {
        try? SceneFileReader.read(path)
    }

    /// The first ``reportedErrors`` errors with their source lines and carets, then how many more
    /// there are and a count: what the CLI prints.
    public static func report(_ errors: SceneErrors, source: [UInt8]?) -> String {
        let sorted = errors.errors.enumerated().sorted { a, b in
            let la = a.element.location.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            let lb = b.element.location.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
        var lines = sorted.prefix(reportedErrors).map { "error: " + $0.formatted(source: source) }
        if let more = moreErrors(sorted.count) { lines.append(more) }
        if sorted.count > 1 { lines.append("\(sorted.count) errors; nothing was rendered") }
        return lines.joined(separator: "\n")
    }

    /// How many errors a report shows, as compilers stop after their first few dozen: a file
    /// with 100,000 mistyped values gave 100,000 quoted source lines, each found by reading the
    /// file from its start (minutes, for a one-line file of 5 MB).
    public static let reportedErrors = 50

    /// "… and N more errors" when `count` is more than a report shows.
    public static func moreErrors(_ count: Int) -> String? {
        guard count > reportedErrors else { return nil }
        let more = count - reportedErrors
        return "… and \(more) more error\(more == 1 ? "" : "s") (the first \(reportedErrors) are shown)"
    }
}
