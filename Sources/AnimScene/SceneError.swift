/// A problem in a scene file, located by file, line and column and/or JSON path.
///
/// `description` reads like a compiler diagnostic:
/// `scene.json:12:7: layers[2].animations[0].keyPath: unknown key path 'positon.x' (hint: did you mean 'position.x'?)`
public struct SceneError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The scene file's path as the user gave it.
    public var file: String?
    /// Where in the document the offending value is (nil for syntax errors).
    public var path: JSONPath?
    public var location: SourceLocation?
    /// What was expected and what was found.
    public var message: String
    /// A suggestion, such as "did you mean 'position'?".
    public var hint: String?

    public init(file: String? = nil, path: JSONPath? = nil, location: SourceLocation? = nil, message: String, hint: String? = nil) {
        self.file = file
        self.path = path
        self.location = location
        self.message = message
        self.hint = hint
    }

    public var description: String {
        var out = ""
        if let file {
            out = file
            if let location { out += ":\(location.line):\(location.column)" }
            out += ": "
        } else if let location {
            out = "\(location.line):\(location.column): "
        }
        if let path { out += Self.elided("\(path)", limit: 200) + ": " }
        out += Self.elided(message, limit: 600)
        if let hint { out += " (hint: \(Self.elided(hint, limit: 600)))" }
        return out
    }

    /// `text`, or when it has more than `limit` characters its start and end around how many were
    /// left out: a scene's 2 MB key or id is not echoed whole.
    static func elided(_ text: String, limit: Int) -> String {
        let scalars = text.unicodeScalars
        guard scalars.count > limit else { return text }
        let keep = limit / 2 - 20
        var out = String(String.UnicodeScalarView(scalars.prefix(keep)))
        out += " … (\(scalars.count - 2 * keep) characters left out) … "
        out += String(String.UnicodeScalarView(scalars.suffix(keep)))
        return out
    }

    /// The description, then the offending source line and a caret under the column, like a
    /// compiler. Tabs before the column are repeated on the caret line so the caret lines up
    /// whatever the tab width; lines longer than 100 characters are shown as a window around the
    /// column with "…". Without a source or a location this is just the description.
    public func formatted(source: [UInt8]?) -> String {
        guard let source, let location, let bytes = Self.line(location.line, in: source) else { return description }
        var scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var caret = min(max(location.column - 1, 0), scalars.count)
        var prefix = "", suffix = ""
        let window = 100
        if scalars.count > window {
            let start = max(0, min(caret - window / 2, scalars.count - window))
            let end = min(scalars.count, start + window)
            if start > 0 { prefix = "…" }
            if end < scalars.count { suffix = "…" }
            scalars = Array(scalars[start..<end])
            caret -= start
        }
        var text = prefix, marker = prefix.isEmpty ? "" : " "
        for (i, scalar) in scalars.enumerated() {
            // Control characters would upset the terminal; show them as U+FFFD.
            let shown: Unicode.Scalar = scalar == "\t" || (scalar.value >= 0x20 && scalar.value != 0x7F) ? scalar : "\u{FFFD}"
            text.unicodeScalars.append(shown)
            if i < caret { marker += scalar == "\t" ? "\t" : " " }
        }
        text += suffix
        return description + "\n" + text + "\n" + marker + "^"
    }

    /// The bytes of 1-based line `number` (line breaks: LF, CRLF or CR; a leading UTF-8 byte-order
    /// mark is not part of line 1), or nil if the source has fewer lines.
    static func line(_ number: Int, in source: [UInt8]) -> ArraySlice<UInt8>? {
        guard number >= 1 else { return nil }
        var start = source.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var i = start
        while i < source.count {
            let b = source[i]
            if b == 0x0A || b == 0x0D {
                if line == number { return source[start..<i] }
                i += (b == 0x0D && i + 1 < source.count && source[i + 1] == 0x0A) ? 2 : 1
                line += 1
                start = i
            } else {
                i += 1
            }
        }
        return line == number ? source[start..<source.count] : nil
    }
}

/// Several scene errors reported together.
public struct SceneErrors: Error, Sendable, Hashable, CustomStringConvertible {
    public var errors: [SceneError]

    public init(errors: [SceneError]) {
        self.errors = errors
    }

    /// The errors by location (line, column; unlocated ones last), then by path, then in the order
    /// they were found.
    public var sorted: [SceneError] {
        errors.enumerated().sorted { a, b in
            let la = a.element.location, lb = b.element.location
            if la != lb {
                guard let la else { return false }
                guard let lb else { return true }
                return la < lb
            }
            let pa = a.element.path?.description ?? "", pb = b.element.path?.description ?? ""
            if pa != pb { return pa < pb }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// One error per line, sorted, then "N errors" (or "1 error").
    public var description: String {
        (sorted.map(\.description) + [Self.count(errors.count)]).joined(separator: "\n")
    }

    /// The first `SceneLoader.reportedErrors` sorted errors formatted with their source lines and
    /// carets, how many more there are, then the count.
    public func formatted(source: [UInt8]?) -> String {
        let shown = sorted.prefix(SceneLoader.reportedErrors).map { $0.formatted(source: source) }
        return (shown + [SceneLoader.moreErrors(errors.count), Self.count(errors.count)].compactMap { $0 }).joined(separator: "\n")
    }

    static func count(_ n: Int) -> String { n == 1 ? "1 error" : "\(n) errors" }
}
