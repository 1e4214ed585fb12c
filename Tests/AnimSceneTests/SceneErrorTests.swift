import AnimScene
import Testing

struct JSONPathTests {
    @Test func describesPathsLikeJavaScript() {
        #expect(JSONPath.root.description == "(top level)")
        let keyPath = JSONPath.root.key("layers").index(2).key("animations").index(0).key("keyPath")
        #expect(keyPath.description == "layers[2].animations[0].keyPath")
        #expect(JSONPath.root.key("my key").description == "[\"my key\"]")
        #expect(JSONPath.root.key("set").key("my layer").key("opacity").description == "set[\"my layer\"].opacity")
        #expect(JSONPath.root.index(0).key("x").description == "[0].x")
        #expect(JSONPath.root.key("$schema").description == "$schema")
        #expect(JSONPath.root.key("1st").description == "[\"1st\"]")
        #expect(JSONPath.root.key("a\"b\\c").description == "[\"a\\\"b\\\\c\"]")
        #expect(JSONPath.root.key("").description == "[\"\"]")
        #expect(JSONPath.root.key("a").index(1) == JSONPath.root.key("a").index(1))
        #expect(JSONPath.root.key("a").index(1) != JSONPath.root.key("a").index(2))
    }
}

struct SceneErrorTests: SceneFixture {
    static let keyPathError = SceneError(
        file: "scene.json", path: JSONPath.root.key("layers").index(2).key("animations").index(0).key("keyPath"),
        location: SourceLocation(line: 12, column: 7), message: "unknown key path 'positon.x'",
        hint: "did you mean 'position.x'?")

    @Test func describesLikeACompiler() {
        #expect(Self.keyPathError.description
            == "scene.json:12:7: layers[2].animations[0].keyPath: unknown key path 'positon.x' (hint: did you mean 'position.x'?)")
        #expect(SceneError(file: "a.json", message: "cannot open the scene file").description == "a.json: cannot open the scene file")
        #expect(SceneError(location: SourceLocation(line: 3, column: 1), message: "m").description == "3:1: m")
        #expect(SceneError(file: "a.json", path: .root, location: SourceLocation(line: 1, column: 1),
                           message: "missing required key 'canvas'").description
            == "a.json:1:1: (top level): missing required key 'canvas'")
    }

    /// A huge key or id is not echoed whole: the path, message and hint keep their start and end.
    @Test func longNamesAreElided() throws {
        let key = "k" + String(repeating: "é", count: 2_000_000) + "z"
        let error = SceneError(file: "a.json", path: JSONPath.root.key(key), message: "unknown key '\(key)'", hint: key)
        let text = error.description
        #expect(text.unicodeScalars.count < 1600, "\(text.unicodeScalars.count)")
        #expect(text.hasPrefix("a.json: [\"kéé") && text.hasSuffix("éz)"))
        #expect(text.contains(" … (1999846 characters left out) … "), "\(text.prefix(300))")
        let short = SceneError(message: String(repeating: "m", count: 600))
        #expect(short.description == String(repeating: "m", count: 600))
        let decoded = sceneErrors(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a", "\#(key)": 1}]}"#)
        #expect(try #require(decoded.first).description.unicodeScalars.count < 1600)
    }

    @Test func formatsTheSourceLineWithACaret() {
        let source = Array("{\n\t\"layers\": [\n\t\t{\"id\": \"é\", \"positon\": [1, 2]}\n\t]\n}\n".utf8)
        let error = SceneError(file: "s.json", path: JSONPath.root.key("layers").index(0).key("positon"),
                               location: SourceLocation(line: 3, column: 16), message: "unknown key 'positon'",
                               hint: "did you mean 'position'?")
        #expect(error.formatted(source: source) == """
            s.json:3:16: layers[0].positon: unknown key 'positon' (hint: did you mean 'position'?)
            \t\t{"id": "é", "positon": [1, 2]}
            \t\t             ^
            """)
        // No source, no location, or a line past the end: just the description.
        #expect(error.formatted(source: nil) == error.description)
        #expect(SceneError(message: "x").formatted(source: source) == "x")
        #expect(SceneError(location: SourceLocation(line: 9, column: 1), message: "x").formatted(source: source) == "9:1: x")
    }

    @Test func formatsEndOfInputCRLFAndLongLines() {
        // The caret may sit just after the last character (end of input).
        #expect(SceneError(location: SourceLocation(line: 2, column: 4), message: "m")
            .formatted(source: Array("[\r\n  1".utf8)) == "2:4: m\n  1\n   ^")
        // A column past the end of the line is clamped to the end.
        #expect(SceneError(location: SourceLocation(line: 2, column: 9), message: "m")
            .formatted(source: Array("[\r\n  1".utf8)) == "2:9: m\n  1\n   ^")
        // Long (minified) lines are shown as a window around the column.
        let line = String(repeating: "a", count: 150) + "X" + String(repeating: "b", count: 150)
        let text = SceneError(location: SourceLocation(line: 1, column: 151), message: "m").formatted(source: Array(line.utf8))
        let parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(parts.count == 3)
        #expect(parts[1] == "…" + String(repeating: "a", count: 50) + "X" + String(repeating: "b", count: 49) + "…")
        #expect(parts[2] == String(repeating: " ", count: 51) + "^")
        // Control characters in the line are shown as U+FFFD so the terminal is not disturbed.
        #expect(SceneError(location: SourceLocation(line: 1, column: 3), message: "m")
            .formatted(source: [0x22, 0x61, 0x1B, 0x22]) == "1:3: m\n\"a\u{FFFD}\"\n  ^")
    }

    @Test func parseErrorsFormatWithTheirSource() {
        let source = Array("{\n  \"canvas\": {\"width\": 320 \"height\": 480}\n}".utf8)
        do {
            _ = try JSONParser.parse(source)
            Issue.record("expected an error")
        } catch {
            var e = error
            e.file = "bad.json"
            #expect(e.formatted(source: source) == """
                bad.json:2:27: expected ',' or '}' after object member, found '"' (hint: is a ',' missing?)
                  "canvas": {"width": 320 "height": 480}
                                          ^
                """)
        }
    }

    @Test func listsSeveralErrorsSortedWithACount() {
        let a = SceneError(file: "s.json", path: .root.key("b"), location: SourceLocation(line: 4, column: 2), message: "second")
        let b = SceneError(file: "s.json", path: .root.key("a"), location: SourceLocation(line: 4, column: 2), message: "first")
        let c = SceneError(file: "s.json", path: .root.key("c"), location: SourceLocation(line: 2, column: 9), message: "zeroth")
        let d = SceneError(file: "s.json", message: "unlocated")
        let errors = SceneErrors(errors: [d, a, b, c])
        #expect(errors.description == """
            s.json:2:9: c: zeroth
            s.json:4:2: a: first
            s.json:4:2: b: second
            s.json: unlocated
            4 errors
            """)
        #expect(SceneErrors(errors: [c]).description == "s.json:2:9: c: zeroth\n1 error")
    }
}

struct EditDistanceTests {
    @Test func distances() {
        #expect(EditDistance.distance("positon", "position") == 1)
        #expect(EditDistance.distance("opacity", "opacity") == 0)
        #expect(EditDistance.distance("Position", "position") == 0)
        #expect(EditDistance.distance("ab", "ba") == 1)
        #expect(EditDistance.distance("backgroudnColor", "backgroundColor") == 1)
        #expect(EditDistance.distance("kitten", "sitting") == 3)
        #expect(EditDistance.distance("", "abc") == 3)
        #expect(EditDistance.distance("abc", "") == 3)
        // Optimal string alignment: a transposed pair cannot be edited again ("ca" → "abc" is 3, not 2).
        #expect(EditDistance.distance("ca", "abc") == 3)
    }

    @Test func bestMatches() {
        let keys = ["bounds", "position", "anchorPoint", "opacity", "backgroundColor"]
        #expect(EditDistance.bestMatch(for: "positon", among: keys) == "position")
        #expect(EditDistance.bestMatch(for: "Opacity", among: keys) == "opacity")
        #expect(EditDistance.bestMatch(for: "backgrundColr", among: keys) == "backgroundColor")
        #expect(EditDistance.bestMatch(for: "rotat", among: ["translate", "scale", "rotate"]) == "rotate")
        #expect(EditDistance.bestMatch(for: "xyz", among: keys) == nil)
        #expect(EditDistance.bestMatch(for: "opcty", among: keys) == nil)  // distance 2 > max(1, 5/3)
        #expect(EditDistance.bestMatch(for: "a", among: ["b", "c"]) == "b")  // ties: the first
        #expect(EditDistance.bestMatch(for: "ab", among: ["ac", "ad", "ab"]) == "ab")  // closest wins
        #expect(EditDistance.bestMatch(for: "word", among: []) == nil)
    }

    /// Hints are for typos of short names: longer words get none, longer candidates are skipped,
    /// and a shared budget, once spent, gives no more.
    @Test func boundedWork() {
        let long = String(repeating: "a", count: EditDistance.maxLength)
        #expect(EditDistance.bestMatch(for: long + "b", among: [long]) == nil, "the word is too long")
        #expect(EditDistance.bestMatch(for: long, among: [long + "b", long + "c"]) == nil, "every candidate is too long")
        #expect(EditDistance.bestMatch(for: long, among: [long + "b", long]) == long)
        #expect(EditDistance.suggestion(for: "kCATransition" + long + "Push", among: ["push"]) == nil, "no Apple spelling either")
        var budget = 9 + 7 * 8  // "position": its length plus one, then its distance table with "positon"
        #expect(EditDistance.bestMatch(for: "positon", among: ["position"], budget: &budget) == "position")
        #expect(budget == 0)
        #expect(EditDistance.bestMatch(for: "positon", among: ["position"], budget: &budget) == nil, "spent")
    }
}
