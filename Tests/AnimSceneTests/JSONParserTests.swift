import AnimScene
import AnimTestRandom
import Testing

/// Parses UTF-8 text.
func parseJSON(_ text: String) throws(SceneError) -> JSONNode {
    try JSONParser.parse(Array(text.utf8))
}

/// The parse error for `bytes` as "line:column: message", or nil when it parses.
func parseFailure(_ bytes: [UInt8]) -> String? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch {
        return error.description
    }
}

func parseFailure(_ text: String) -> String? { parseFailure(Array(text.utf8)) }

struct JSONParserTests {
    static let scene = """
    {
      "canvas": { "width": 320, "height": 480, "fps": 50 },
      "layers": [
        {
          "id": "box",
          "position": [160, 240],
          "backgroundColor": "#FF0000",
          "animations": [
            { "type": "basic", "keyPath": "position.x", "fromValue": 10.5, "toValue": -2e2, "repeatCount": "infinity" }
          ]
        }
      ],
      "note": "tab\\t quote\\" é \\u00e9 \\ud83d\\ude00 \\/",
      "flags": [true, false, null]
    }
    """

    @Test func parsesARealisticSceneWithLocations() throws {
        let root = try parseJSON(Self.scene)
        #expect(root.location == SourceLocation(line: 1, column: 1))
        guard case let .object(top) = root.value else { Issue.record("not an object"); return }
        #expect(top.map(\.key) == ["canvas", "layers", "note", "flags"])
        #expect(top[1].keyLocation == SourceLocation(line: 3, column: 3))
        guard case let .object(canvas) = top[0].value.value else { Issue.record("canvas"); return }
        #expect(canvas.map(\.key) == ["width", "height", "fps"])
        #expect(canvas[1].value.value == .number(480))
        #expect(canvas[1].value.location == SourceLocation(line: 2, column: 39))
        guard case let .array(layers) = top[1].value.value, case let .object(layer) = layers[0].value,
              case let .array(animations) = layer[3].value.value, case let .object(animation) = animations[0].value
        else { Issue.record("layers"); return }
        #expect(layers[0].location == SourceLocation(line: 4, column: 5))
        #expect(layer[1].value.value == .array([
            JSONNode(value: .number(160), location: SourceLocation(line: 6, column: 20)),
            JSONNode(value: .number(240), location: SourceLocation(line: 6, column: 25)),
        ]))
        #expect(animation[1].key == "keyPath")
        #expect(animation[1].keyLocation == SourceLocation(line: 9, column: 28))
        #expect(animation[1].value == JSONNode(value: .string("position.x"), location: SourceLocation(line: 9, column: 39)))
        #expect(animation[2].value.value == .number(10.5))
        #expect(animation[3].value.value == .number(-200))
        #expect(animation[4].value.value == .string("infinity"))
        #expect(top[2].value.value == .string("tab\t quote\" é é 😀 /"))
        #expect(top[3].value.value == .array([
            JSONNode(value: .bool(true), location: SourceLocation(line: 14, column: 13)),
            JSONNode(value: .bool(false), location: SourceLocation(line: 14, column: 19)),
            JSONNode(value: .null, location: SourceLocation(line: 14, column: 26)),
        ]))
    }

    @Test func columnsCountUnicodeScalarsAndLinesAcceptCRLF() throws {
        let root = try parseJSON("{\"é😀\": \"ü\",\r\n\t\"b\": [1,\r2]}")
        guard case let .object(m) = root.value, case let .array(items) = m[1].value.value else {
            Issue.record("shape"); return
        }
        #expect(m[0].value.location == SourceLocation(line: 1, column: 8))
        #expect(m[1].keyLocation == SourceLocation(line: 2, column: 2))
        #expect(items[1].location == SourceLocation(line: 3, column: 1))
    }

    @Test func numbersMatchDoubleParsing() throws {
        let texts = ["0", "-0", "0.1", "1e-400", "123456789012345678901234567890", "2.2250738585072011e-308",
                     "9007199254740993", "1.7976931348623157e308", "4.9e-324", "1E+2", "-12.5e-3", "0.30000000000000004"]
        for text in texts {
            let node = try parseJSON("[\(text)]")
            guard case let .array(items) = node.value, case let .number(v) = items[0].value else {
                Issue.record("\(text)"); continue
            }
            let expected = Double(text)!
            #expect(v.bitPattern == expected.bitPattern, "\(text)")
        }
        #expect(try parseJSON("9007199254740993").value == .number(9_007_199_254_740_992))
        #expect(try parseJSON("\"\\u0000\"").value == .string("\u{0}"))
        #expect(try parseJSON(" \n\"\" ").value == .string(""))
        #expect(try parseJSON("{}").value == .object([]))
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)).location == SourceLocation(line: 1, column: 1))
    }

    static let malformed: [(input: String, error: String)] = [
        ("", "1:1: expected a JSON value, found end of input"),
        ("  \n  ", "2:3: expected a JSON value, found end of input"),
        ("[", "1:2: expected a value, found end of input"),
        ("[1, 2,]", "1:6: trailing comma before ']': JSON does not allow a comma after the last element"),
        ("{\"a\": 1,\n}", "1:8: trailing comma before '}': JSON does not allow a comma after the last member"),
        ("[\r\n1,\r\n]", "2:2: trailing comma before ']': JSON does not allow a comma after the last element"),
        ("[1] // note", "1:5: comments are not allowed in JSON"),
        ("{\n  /* c */ \"a\": 1}", "2:3: comments are not allowed in JSON"),
        ("[1, # c\n2]", "1:5: expected a value, found '#'"),
        ("[NaN]", "1:2: NaN and Infinity are not allowed in JSON"),
        ("[Infinity]", "1:2: NaN and Infinity are not allowed in JSON"),
        ("[1, -Infinity]", "1:5: NaN and Infinity are not allowed in JSON"),
        ("[01]", "1:2: leading zeros are not allowed in JSON numbers, found '01'"),
        ("[-007.5]", "1:2: leading zeros are not allowed in JSON numbers, found '-007'"),
        ("[-]", "1:3: expected a digit after '-', found ']'"),
        ("[1.]", "1:4: expected a digit after '.', found ']'"),
        ("[1e+]", "1:5: expected a digit in the exponent, found ']'"),
        ("[+1]", "1:2: expected a value, found '+' (hint: JSON numbers cannot start with '+')"),
        ("[.5]", "1:2: expected a value, found '.' (hint: JSON numbers need a digit before the '.', as in 0.5)"),
        ("[1e400]", "1:2: the number 1e400 is too large (beyond the range of a 64-bit floating-point number)"),
        ("[-1.8e308]", "1:2: the number -1.8e308 is too large (beyond the range of a 64-bit floating-point number)"),
        ("[\"a\tb\"]", "1:4: control character U+0009 is not allowed in a string; write it as \\t"),
        ("{\"k\": \"abc\n\"}", "1:11: control character U+000A is not allowed in a string; write it as \\n (hint: is the closing '\"' missing?)"),
        ("[\"\u{1}\"]", "1:3: control character U+0001 is not allowed in a string; write it as \\u0001"),
        ("[\"\\x\"]", "1:3: invalid escape '\\x' in string; the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"),
        ("[\"\\u12G4\"]", "1:7: expected 4 hex digits after '\\u', found 'G'"),
        ("[\"\\u12", "1:7: expected 4 hex digits after '\\u', found end of input"),
        ("[\"\\uD800\"]", "1:3: unpaired UTF-16 surrogate \\uD800 in string: a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)"),
        ("[\"x\\ud83d\\u0041\"]", "1:4: unpaired UTF-16 surrogate \\ud83d in string: a high surrogate must be followed by a low one (\\uDC00–\\uDFFF)"),
        ("[\"\\uDE00\"]", "1:3: unpaired UTF-16 surrogate \\uDE00 in string: a low surrogate must follow a high one (\\uD800–\\uDBFF)"),
        ("\"abc", "1:1: unterminated string: found end of input before the closing '\"'"),
        ("[1] x", "1:5: expected end of input after the top-level value, found 'x'"),
        ("{} {}", "1:4: expected end of input after the top-level value, found '{'"),
        ("{\"a\": 1, \"a\": 2}", "1:10: duplicate key 'a' (first at line 1)"),
        ("{\n\"é\": 1,\n \"é\": 2}", "3:2: duplicate key 'é' (first at line 2)"),
        ("{\"a\": 1 \"b\": 2}", "1:9: expected ',' or '}' after object member, found '\"' (hint: is a ',' missing?)"),
        ("{\"a\": 1", "1:8: expected ',' or '}' after object member, found end of input"),
        ("[1 2]", "1:4: expected ',' or ']' after array element, found '2' (hint: is a ',' missing?)"),
        ("[1;2]", "1:3: expected ',' or ']' after array element, found ';'"),
        ("{a: 1}", "1:2: expected a string key or '}', found 'a' (hint: object keys must be in double quotes)"),
        ("{\"a\": 1, 2: 3}", "1:10: expected a string key after ',', found '2' (hint: object keys must be in double quotes)"),
        ("{\"a\" 1}", "1:6: expected ':' after object key, found '1'"),
        ("{\"a\"= 1}", "1:5: expected ':' after object key, found '='"),
        ("['a']", "1:2: expected a value, found \"'\" (hint: JSON strings use double quotes)"),
        ("[tru]", "1:2: expected a value, found 'tru' (hint: did you mean 'true'?)"),
        ("[True]", "1:2: expected a value, found 'True' (hint: did you mean 'true'?)"),
        ("[nulls]", "1:2: expected a value, found 'nulls' (hint: did you mean 'null'?)"),
        ("[blue]", "1:2: expected a value, found 'blue' (hint: strings must be in double quotes)"),
        ("[\u{1}]", "1:2: expected a value, found control character U+0001"),
        ("[é]", "1:2: expected a value, found 'é'"),
        ("{\n  \"canvas\": {\n    \"width\": 320,\n    \"height\": 480\n    \"fps\": 30\n  }\n}",
         "5:5: expected ',' or '}' after object member, found '\"' (hint: is a ',' missing?)"),
    ]

    @Test(arguments: malformed)
    func rejectsMalformedInput(_ testCase: (input: String, error: String)) {
        #expect(parseFailure(testCase.input) == testCase.error)
    }

    @Test func rejectsInvalidUTF8() {
        #expect(parseFailure([0x5B, 0x22, 0x61, 0xFF, 0x22, 0x5D]) == "1:4: invalid UTF-8 in string (byte 0xFF)")
        // Overlong encoding of '/', an encoded surrogate, a truncated sequence, a code point above U+10FFFF.
        #expect(parseFailure([0x22, 0xC0, 0xAF, 0x22]) == "1:2: invalid UTF-8 in string (byte 0xC0)")
        #expect(parseFailure([0x22, 0xED, 0xA0, 0x80, 0x22]) == "1:2: invalid UTF-8 in string (byte 0xED)")
        #expect(parseFailure([0x22, 0x61, 0xE2, 0x82]) == "1:3: invalid UTF-8 in string (byte 0xE2)")
        #expect(parseFailure([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22]) == "1:2: invalid UTF-8 in string (byte 0xF4)")
        #expect(parseFailure([0x5B, 0x80, 0x5D]) == "1:2: expected a value, found invalid UTF-8 byte 0x80")
        #expect(parseFailure([0x22, 0xF0, 0x9F, 0x98, 0x80, 0x22]) == nil)
    }

    @Test func limitsNestingWithoutRecursion() {
        let ok = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(parseFailure(ok) == nil)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(parseFailure(tooDeep) == "1:513: arrays and objects are nested more than 512 deep")
        let huge = [UInt8](repeating: 0x5B, count: 100_000)
        #expect(parseFailure(huge) == "1:513: arrays and objects are nested more than 512 deep")
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(parseFailure(objects) == "1:2561: arrays and objects are nested more than 512 deep")
        let mixed = String(repeating: "[{\"k\":\n", count: 50_000)
        #expect(parseFailure(mixed) == "257:1: arrays and objects are nested more than 512 deep")
    }

    @Test func longInputsParseInLinearTime() throws {
        // One long line (minified) and many members: columns and duplicate checks stay cheap.
        let count = 200_000
        var text = "{"
        for i in 0..<count { text += (i == 0 ? "" : ",") + "\"k\(i)\":[\(i),\"é\"]" }
        text += "}"
        let root = try parseJSON(text)
        guard case let .object(members) = root.value else { Issue.record("shape"); return }
        #expect(members.count == count)
        #expect(members.last!.keyLocation.line == 1)
        #expect(parseFailure(text + " x")?.hasSuffix("expected end of input after the top-level value, found 'x'") == true)
    }
}

struct JSONParserRobustnessTests {
    /// Any outcome is fine as long as it is a node or a well-formed SceneError.
    func check(_ bytes: [UInt8]) {
        do {
            _ = try JSONParser.parse(bytes)
        } catch {
            let lines = bytes.reduce(1) { $0 + ($1 == 0x0A || $1 == 0x0D ? 1 : 0) }
            #expect(error.location != nil)
            if let loc = error.location {
                #expect(loc.line >= 1 && loc.line <= lines && loc.column >= 1 && loc.column <= bytes.count + 1)
            }
            #expect(!error.message.isEmpty)
            #expect(error.formatted(source: bytes).hasPrefix(error.description))
        }
    }

    @Test func randomBytesNeverCrash() {
        var rng = SplitMix64(seed: 0x5EED)
        let alphabet = Array("{}[]:,\"\\/ \t\n\r0123456789-+.eEtrufalsn".utf8) + [0x00, 0x80, 0xC3, 0xA9, 0xED, 0xFF]
        for _ in 0..<4_000 {
            let count = rng.below(48)
            let bytes = (0..<count).map { _ in rng.below(3) == 0 ? UInt8(truncatingIfNeeded: rng.next()) : alphabet[rng.below(alphabet.count)] }
            check(bytes)
        }
    }

    @Test func mutatedScenesNeverCrash() {
        var rng = SplitMix64(seed: 42)
        let base = Array(JSONParserTests.scene.utf8)
        let pieces = Array("{}[]:,\"\\ \n0-.etu".utf8) + [0xFF, 0xC3]
        var parsed = 0
        for _ in 0..<3_000 {
            var bytes = base
            for _ in 0..<(1 + rng.below(3)) {
                let i = rng.below(bytes.count)
                switch rng.below(4) {
                case 0: bytes[i] = pieces[rng.below(pieces.count)]
                case 1: bytes.insert(pieces[rng.below(pieces.count)], at: i)
                case 2: bytes.remove(at: i)
                default: bytes = Array(bytes[..<i])
                }
                if bytes.isEmpty { break }
            }
            if (try? JSONParser.parse(bytes)) != nil { parsed += 1 }
            check(bytes)
        }
        #expect(parsed > 0)
    }

    /// Random documents written out and parsed back give the same values.
    @Test func randomDocumentsRoundTrip() throws {
        var rng = SplitMix64(seed: 7)
        func value(_ depth: Int) -> (text: String, value: JSONValueShape) {
            switch depth > 3 ? rng.below(4) : rng.below(6) {
            case 0: return ("null", .null)
            case 1: let b = rng.below(2) == 0; return ("\(b)", .bool(b))
            case 2:
                let d = Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (rng.below(2) == 0 ? 1 : -1)
                return ("\(d)", .number(d))
            case 3:
                let chars = Array("aé\"\\\n😀 z")
                let s = String((0..<rng.below(6)).map { _ in chars[rng.below(chars.count)] })
                return (JSONShapeWriter.quoted(s), .string(s))
            case 4:
                let items = (0..<rng.below(4)).map { _ in value(depth + 1) }
                return ("[" + items.map(\.text).joined(separator: ", ") + "]", .array(items.map(\.value)))
            default:
                let items = (0..<rng.below(4)).map { i in ("k\(i)", value(depth + 1)) }
                return ("{" + items.map { JSONShapeWriter.quoted($0.0) + ":" + $0.1.text }.joined(separator: ",\n") + "}",
                        .object(items.map { ($0.0, $0.1.value) }))
            }
        }
        for _ in 0..<500 {
            let (text, shape) = value(0)
            let node = try parseJSON(text)
            #expect(JSONValueShape(node.value) == shape, "\(text)")
        }
    }
}

/// A location-free copy of a JSON value, for comparisons.
indirect enum JSONValueShape: Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSONValueShape])
    case object([(String, JSONValueShape)])

    init(_ v: JSONValue) {
        switch v {
        case .null: self = .null
        case let .bool(b): self = .bool(b)
        case let .number(d): self = .number(d)
        case let .string(s): self = .string(s)
        case let .array(a): self = .array(a.map { JSONValueShape($0.value) })
        case let .object(m): self = .object(m.map { ($0.key, JSONValueShape($0.value.value)) })
        }
    }

    static func == (a: JSONValueShape, b: JSONValueShape) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.number(x), .number(y)): return x.bitPattern == y.bitPattern
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}

enum JSONShapeWriter {
    static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "😀": out += "\\uD83D\\uDE00"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
