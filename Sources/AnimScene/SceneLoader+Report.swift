extension SceneLoader {
    /// The scene file's bytes, for quoting source lines in error reports (nil if unreadable).
    public static func source(path: String) -> [UInt8]? {
        try? SceneFileReader.read(path)
    }

    /// Every error with its source line and a caret, then a count: what the CLI prints.
    public static func report(_ errors: SceneErrors, source: [UInt8]?) -> String {
        let sorted = errors.errors.enumerated().sorted { a, b in
            let la = a.element.location.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            let lb = b.element.location.map { ($0.line, $0.column) } ?? (Int.max, Int.max)
            return la != lb ? la < lb : a.offset < b.offset
        }.map(\.element)
        var lines = sorted.map { "error: " + $0.formatted(source: source) }
        if sorted.count > 1 { lines.append("\(sorted.count) errors; nothing was rendered") }
        return lines.joined(separator: "\n")
    }
}
