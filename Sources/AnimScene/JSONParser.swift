/// A strict RFC 8259 JSON parser that keeps the source location of every value and key.
///
/// Rejects trailing commas, comments, `NaN`/`Infinity`, leading zeros, unescaped control
/// characters, invalid escapes, unpaired UTF-16 surrogates, invalid UTF-8, duplicate keys in one
/// object, trailing garbage, empty input, numbers too large for a Double, and nesting deeper than
/// `maxDepth`. A leading UTF-8 byte-order mark is ignored (RFC 8259 §8.1 allows that). Numbers are
/// converted exactly as `Double(String)` does (correctly rounded). The parser is iterative: no
/// input can overflow the stack, and it runs in time linear in the input.
public enum JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    public static let maxDepth = 512

    public static func parse(_ bytes: [UInt8]) throws(SceneError) -> JSONNode {
        var parser = Parser(bytes: bytes)
        return try parser.parseDocument()
    }
}

private let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, comma: UInt8 = 0x2C, colon: UInt8 = 0x3A
private let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D, openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
private let minus: UInt8 = 0x2D, plus: UInt8 = 0x2B, dot: UInt8 = 0x2E, slash: UInt8 = 0x2F, apostrophe: UInt8 = 0x27

@inline(__always) private func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
@inline(__always) private func isWordByte(_ b: UInt8) -> Bool {
    (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || isDigit(b) || b == 0x5F
}

private func hexByte(_ v: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(v >> 4)], digits[Int(v & 0xF)]])
}

/// An array or object being filled.
private struct Container {
    var isObject: Bool
    var location: SourceLocation
    var elements: [JSONNode] = []
    var members: [JSONMember] = []
    /// Keys so far with their locations (looked up only, never iterated).
    var seen: [String: SourceLocation] = [:]
    /// The key whose value is being parsed.
    var key = ""
    var keyLocation = SourceLocation(line: 0, column: 0)
}

private struct Parser {
    let bytes: [UInt8]
    let n: Int
    var pos = 0
    var line = 1
    var lineStart = 0
    /// Column cache: the column of byte `columnPos` (on the current line) is `columnValue`.
    var columnPos = 0
    var columnValue = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
        n = bytes.count
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            (pos, lineStart, columnPos) = (3, 3, 3)
        }
    }

    // MARK: Locations and errors

    /// The location of byte `at` on the current line: columns count Unicode scalars (bytes that
    /// are not UTF-8 continuation bytes). Amortised O(1) as positions only move forward.
    mutating func location(_ at: Int) -> SourceLocation {
        if at < columnPos { (columnPos, columnValue) = (lineStart, 1) }
        var c = columnValue, i = columnPos
        while i < at {
            if bytes[i] & 0xC0 != 0x80 { c += 1 }
            i += 1
        }
        (columnPos, columnValue) = (at, c)
        return SourceLocation(line: line, column: c)
    }

    mutating func fail(_ message: String, at: Int, hint: String? = nil) -> SceneError {
        SceneError(location: location(at), message: message, hint: hint)
    }

    /// An error for an unexpected byte: "expected …, found …", or a clearer message for comments.
    mutating func unexpected(_ expected: String, at: Int, hint: String? = nil) -> SceneError {
        if at + 1 < n, bytes[at] == slash, bytes[at + 1] == slash || bytes[at + 1] == 0x2A {
            return fail("comments are not allowed in JSON", at: at)
        }
        var hint = hint
        if at < n, bytes[at] == apostrophe { hint = "JSON strings use double quotes" }
        return fail("expected \(expected), found \(found(at))", at: at, hint: hint)
    }

    /// The ASCII word (letters, digits, '_') starting at `at`, up to `limit` bytes.
    func word(at: Int, limit: Int = 24) -> (text: String, truncated: Bool) {
        var end = at
        while end < n, isWordByte(bytes[end]), end - at < limit { end += 1 }
        let truncated = end < n && isWordByte(bytes[end])
        return (String(decoding: bytes[at..<end], as: UTF8.self), truncated)
    }

    /// What is at `at`, for messages: "end of input", "'x'", "'word'", "control character U+0001".
    func found(_ at: Int) -> String {
        guard at < n else { return "end of input" }
        let b = bytes[at]
        if isWordByte(b) {
            let w = word(at: at)
            return "'\(w.text)\(w.truncated ? "…" : "")'"
        }
        if b == apostrophe { return "\"'\"" }
        if b < 0x20 || b == 0x7F { return "control character U+00\(hexByte(b))" }
        if b < 0x80 { return "'\(Character(Unicode.Scalar(b)))'" }
        guard let length = utf8Length(at: at) else { return "invalid UTF-8 byte 0x\(hexByte(b))" }
        return "'\(String(decoding: bytes[at..<at + length], as: UTF8.self))'"
    }

    /// The length of the valid UTF-8 sequence starting at `at` (a non-ASCII lead byte), or nil.
    func utf8Length(at: Int) -> Int? {
        let b0 = bytes[at]
        func cont(_ i: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            at + i < n && bytes[at + i] >= lo && bytes[at + i] <= hi
        }
        switch b0 {
        case 0xC2...0xDF: return cont(1) ? 2 : nil
        case 0xE0: return cont(1, 0xA0) && cont(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : nil
        case 0xED: return cont(1, 0x80, 0x9F) && cont(2) ? 3 : nil
        case 0xF0: return cont(1, 0x90) && cont(2) && cont(3) ? 4 : nil
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : nil
        case 0xF4: return cont(1, 0x80, 0x8F) && cont(2) && cont(3) ? 4 : nil
        default: return nil
        }
    }

    mutating func skipWhitespace() {
        while pos < n {
            switch bytes[pos] {
            case 0x20, 0x09:
                pos += 1
            case 0x0A:
                pos += 1
                newLine()
            case 0x0D:
                pos += 1
                if pos < n, bytes[pos] == 0x0A { pos += 1 }
                newLine()
            default:
                return
            }
        }
    }

    mutating func newLine() {
        line += 1
        (lineStart, columnPos, columnValue) = (pos, pos, 1)
    }

    /// After a complete value inside a container: a hint when the next thing starts a value.
    func missingCommaHint() -> String? {
        guard pos < n else { return nil }
        let b = bytes[pos]
        return b == quote || b == minus || isDigit(b) || b == openBracket || b == openBrace
            || b == 0x74 || b == 0x66 || b == 0x6E ? "is a ',' missing?" : nil
    }

    // MARK: Document

    mutating func parseDocument() throws(SceneError) -> JSONNode {
        skipWhitespace()
        if pos == n { throw fail("expected a JSON value, found end of input", at: pos) }
        var stack: [Container] = []
        valueLoop: while true {
            // A value starts at `pos` (whitespace skipped).
            let loc = location(pos)
            var node: JSONNode
            let b: UInt8? = pos < n ? bytes[pos] : nil
            if b == openBracket || b == openBrace {
                if stack.count >= JSONParser.maxDepth {
                    throw fail("arrays and objects are nested more than \(JSONParser.maxDepth) deep", at: pos)
                }
                pos += 1
                skipWhitespace()
                if b == openBracket {
                    if pos < n, bytes[pos] == closeBracket {
                        pos += 1
                        node = JSONNode(value: .array([]), location: loc)
                    } else {
                        stack.append(Container(isObject: false, location: loc))
                        continue valueLoop
                    }
                } else {
                    if pos < n, bytes[pos] == closeBrace {
                        pos += 1
                        node = JSONNode(value: .object([]), location: loc)
                    } else {
                        var container = Container(isObject: true, location: loc)
                        try readKey(into: &container, afterComma: false)
                        stack.append(container)
                        continue valueLoop
                    }
                }
            } else {
                node = JSONNode(value: try parseScalar(), location: loc)
            }
            // Attach the finished value to its container, closing containers that end here.
            while true {
                skipWhitespace()
                guard !stack.isEmpty else {
                    if pos < n {
                        throw unexpected("end of input after the top-level value", at: pos)
                    }
                    return node
                }
                let top = stack.count - 1
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(key: stack[top].key, keyLocation: stack[top].keyLocation, value: node))
                    if pos < n, bytes[pos] == comma {
                        let commaLocation = location(pos)
                        pos += 1
                        skipWhitespace()
                        if pos < n, bytes[pos] == closeBrace {
                            throw SceneError(location: commaLocation,
                                             message: "trailing comma before '}': JSON does not allow a comma after the last member")
                        }
                        try readKey(into: &stack[top], afterComma: true)
                        continue valueLoop
                    } else if pos < n, bytes[pos] == closeBrace {
                        pos += 1
                        let container = stack.removeLast()
                        node = JSONNode(value: .object(container.members), location: container.location)
                    } else {
                        throw unexpected("',' or '}' after object member", at: pos, hint: missingCommaHint())
                    }
                } else {
                    stack[top].elements.append(node)
                    if pos < n, bytes[pos] == comma {
                        let commaLocation = location(pos)
                        pos += 1
                        skipWhitespace()
                        if pos < n, bytes[pos] == closeBracket {
                            throw SceneError(location: commaLocation,
                                             message: "trailing comma before ']': JSON does not allow a comma after the last element")
                        }
                        continue valueLoop
                    } else if pos < n, bytes[pos] == closeBracket {
                        pos += 1
                        let container = stack.removeLast()
                        node = JSONNode(value: .array(container.elements), location: container.location)
                    } else {
                        throw unexpected("',' or ']' after array element", at: pos, hint: missingCommaHint())
                    }
                }
            }
        }
    }

    /// Reads `"key" :` (and the whitespace after it) into `container`.
    mutating func readKey(into container: inout Container, afterComma: Bool) throws(SceneError) {
        guard pos < n, bytes[pos] == quote else {
            var hint: String?
            if pos < n, isWordByte(bytes[pos]) { hint = "object keys must be in double quotes" }
            throw unexpected(afterComma ? "a string key after ','" : "a string key or '}'", at: pos, hint: hint)
        }
        let keyLocation = location(pos)
        let key = try parseString()
        if let first = container.seen[key] {
            throw SceneError(location: keyLocation, message: "duplicate key '\(key)' (first at line \(first.line))")
        }
        container.seen[key] = keyLocation
        skipWhitespace()
        guard pos < n, bytes[pos] == colon else {
            throw unexpected("':' after object key", at: pos)
        }
        pos += 1
        skipWhitespace()
        (container.key, container.keyLocation) = (key, keyLocation)
    }

    // MARK: Scalars

    mutating func parseScalar() throws(SceneError) -> JSONValue {
        guard pos < n else { throw fail("expected a value, found end of input", at: pos) }
        let b = bytes[pos]
        if b == quote { return .string(try parseString()) }
        if b == minus || isDigit(b) { return .number(try parseNumber()) }
        if isWordByte(b) {
            let w = word(at: pos)
            switch w.truncated ? "" : w.text {
            case "true": pos += 4; return .bool(true)
            case "false": pos += 5; return .bool(false)
            case "null": pos += 4; return .null
            case "NaN", "Infinity":
                throw fail("NaN and Infinity are not allowed in JSON", at: pos)
            default:
                let match = EditDistance.bestMatch(for: w.text, among: ["true", "false", "null"])
                throw fail("expected a value, found \(found(pos))", at: pos,
                           hint: match.map { "did you mean '\($0)'?" } ?? "strings must be in double quotes")
            }
        }
        var hint: String?
        if b == plus { hint = "JSON numbers cannot start with '+'" }
        if b == dot { hint = "JSON numbers need a digit before the '.', as in 0.5" }
        throw unexpected("a value", at: pos, hint: hint)
    }

    mutating func parseNumber() throws(SceneError) -> Double {
        let start = pos
        if bytes[pos] == minus { pos += 1 }
        guard pos < n, isDigit(bytes[pos]) else {
            if pos < n, word(at: pos).text == "Infinity" {
                throw fail("NaN and Infinity are not allowed in JSON", at: start)
            }
            throw unexpected("a digit after '-'", at: pos)
        }
        if bytes[pos] == 0x30 {
            pos += 1
            if pos < n, isDigit(bytes[pos]) {
                var end = pos
                while end < n, isDigit(bytes[end]) { end += 1 }
                let text = String(decoding: bytes[start..<min(end, start + 24)], as: UTF8.self)
                throw fail("leading zeros are not allowed in JSON numbers, found '\(text)\(end - start > 24 ? "…" : "")'", at: start)
            }
        } else {
            while pos < n, isDigit(bytes[pos]) { pos += 1 }
        }
        if pos < n, bytes[pos] == dot {
            pos += 1
            guard pos < n, isDigit(bytes[pos]) else { throw unexpected("a digit after '.'", at: pos) }
            while pos < n, isDigit(bytes[pos]) { pos += 1 }
        }
        if pos < n, bytes[pos] == 0x65 || bytes[pos] == 0x45 {
            pos += 1
            if pos < n, bytes[pos] == plus || bytes[pos] == minus { pos += 1 }
            guard pos < n, isDigit(bytes[pos]) else { throw unexpected("a digit in the exponent", at: pos) }
            while pos < n, isDigit(bytes[pos]) { pos += 1 }
        }
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
            throw fail("the number \(shown) is too large (beyond the range of a 64-bit floating-point number)", at: start)
        }
        return value
    }

    /// Parses a string starting at the opening quote; `pos` ends after the closing quote.
    mutating func parseString() throws(SceneError) -> String {
        let open = location(pos)
        pos += 1
        var buffer: [UInt8] = []
        var escaped = false
        var runStart = pos
        while true {
            guard pos < n else {
                throw SceneError(location: open, message: "unterminated string: found end of input before the closing '\"'")
            }
            let b = bytes[pos]
            if b == quote {
                let run = bytes[runStart..<pos]
                pos += 1
                if !escaped { return String(decoding: run, as: UTF8.self) }
                buffer.append(contentsOf: run)
                return String(decoding: buffer, as: UTF8.self)
            }
            if b == backslash {
                buffer.append(contentsOf: bytes[runStart..<pos])
                escaped = true
                try parseEscape(into: &buffer, open: open)
                runStart = pos
                continue
            }
            if b < 0x20 {
                let names: [UInt8: String] = [0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r"]
                let escape = names[b] ?? "\\u00\(hexByte(b))"
                let isBreak = b == 0x0A || b == 0x0D
                throw fail("control character U+00\(hexByte(b)) is not allowed in a string; write it as \(escape)", at: pos,
                           hint: isBreak ? "is the closing '\"' missing?" : nil)
            }
            if b < 0x80 {
                pos += 1
                continue
            }
            guard let length = utf8Length(at: pos) else {
                throw fail("invalid UTF-8 in string (byte 0x\(hexByte(b)))", at: pos)
            }
            pos += length
        }
    }

    /// Parses one escape at `pos` (a backslash), appending its UTF-8 to `buffer`.
    mutating func parseEscape(into buffer: inout [UInt8], open: SourceLocation) throws(SceneError) {
        let start = pos
        guard pos + 1 < n else {
            throw SceneError(location: open, message: "unterminated string: found end of input before the closing '\"'")
        }
        let e = bytes[pos + 1]
        let simple: UInt8?
        switch e {
        case quote, backslash, slash: simple = e
        case 0x62: simple = 0x08
        case 0x66: simple = 0x0C
        case 0x6E: simple = 0x0A
        case 0x72: simple = 0x0D
        case 0x74: simple = 0x09
        case 0x75: simple = nil
        default:
            let shown = e < 0x20 || e == 0x7F || e >= 0x80 ? "\\ followed by \(found(pos + 1))" : "'\\\(Character(Unicode.Scalar(e)))'"
            throw fail("invalid escape \(shown) in string; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: start)
        }
        if let simple {
            buffer.append(simple)
            pos += 2
            return
        }
        let unit = try hex4(at: pos + 2)
        pos += 6
        var scalar = UInt32(unit)
        let text = String(decoding: bytes[start..<pos], as: UTF8.self)
        if (0xD800...0xDBFF).contains(unit) {
            guard pos + 1 < n, bytes[pos] == backslash, bytes[pos + 1] == 0x75 else {
                throw fail("unpaired UTF-16 surrogate \(text) in string: a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)", at: start)
            }
            let low = try hex4(at: pos + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw fail("unpaired UTF-16 surrogate \(text) in string: a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)", at: start)
            }
            pos += 6
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(unit) {
            throw fail("unpaired UTF-16 surrogate \(text) in string: a low surrogate must follow a high one (\\uD800–\\uDBFF)", at: start)
        }
        buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    /// Four hex digits at `at` (after "\u").
    mutating func hex4(at: Int) throws(SceneError) -> UInt16 {
        var v: UInt16 = 0
        for i in at..<at + 4 {
            guard i < n else {
                throw fail("expected 4 hex digits after '\\u', found end of input", at: i)
            }
            let b = bytes[i]
            let d: UInt8
            switch b {
            case 0x30...0x39: d = b - 0x30
            case 0x41...0x46: d = b - 0x41 + 10
            case 0x61...0x66: d = b - 0x61 + 10
            default:
                let shown = b == quote ? "'\"'" : (b == apostrophe ? "\"'\"" : found(i))
                throw fail("expected 4 hex digits after '\\u', found \(b < 0x80 && isWordByte(b) ? "'\(Character(Unicode.Scalar(b)))'" : shown)", at: i)
            }
            v = v << 4 | UInt16(d)
        }
        return v
    }
}
