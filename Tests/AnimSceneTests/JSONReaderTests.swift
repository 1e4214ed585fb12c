import AnimScene
import Testing

/// A reader for `json` at path `v` in file `t.json`.
func reader(_ json: String) throws(SceneError) -> JSONReader {
    JSONReader(node: try JSONParser.parse(Array(json.utf8)), path: JSONPath.root.key("v"), file: "t.json")
}

/// The value `body` decodes from `json`; nil (with an issue recorded) on an error.
func decode<T>(_ json: String, _ body: (JSONReader) throws(SceneError) -> T,
               sourceLocation: Testing.SourceLocation = #_sourceLocation) -> T? {
    do throws(SceneError) {
        return try body(try reader(json))
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// The description of the error `body` throws for `json`, or nil when it succeeds.
func decodeError<T>(_ json: String, _ body: (JSONReader) throws(SceneError) -> T) -> String? {
    do throws(SceneError) {
        _ = try body(try reader(json))
        return nil
    } catch {
        return error.description
    }
}

struct JSONReaderTests {
    @Test func readsScalars() {
        #expect(decode("1.5") { (r) throws(SceneError) in try r.number() } == 1.5)
        #expect(decode("-3") { (r) throws(SceneError) in try r.integer() } == -3)
        #expect(decode("1e3") { (r) throws(SceneError) in try r.integer() } == 1000)
        #expect(decode("true") { (r) throws(SceneError) in try r.bool() } == true)
        #expect(decode("\"hi\"") { (r) throws(SceneError) in try r.string() } == "hi")
        #expect(decode("null") { $0.isNull } == true)
        #expect(decode("0") { $0.isNull } == false)
        #expect(decode("7") { (r) throws(SceneError) in try r.numberOrInfinity() } == 7)
        #expect(decode("\"infinity\"") { (r) throws(SceneError) in try r.numberOrInfinity() } == .infinity)
    }

    @Test func scalarErrorsSayWhatWasExpectedAndFound() {
        #expect(decodeError("\"1.5\"") { (r) throws(SceneError) in try r.number() }
            == "t.json:1:1: v: expected a number, found a string (hint: write the number without quotes)")
        #expect(decodeError("[1]") { (r) throws(SceneError) in try r.number() } == "t.json:1:1: v: expected a number, found an array")
        #expect(decodeError("1.5") { (r) throws(SceneError) in try r.integer() } == "t.json:1:1: v: expected an integer, found 1.5")
        #expect(decodeError("1e19") { (r) throws(SceneError) in try r.integer() } == "t.json:1:1: v: expected an integer, found 1e+19")
        #expect(decodeError("\"true\"") { (r) throws(SceneError) in try r.bool() }
            == "t.json:1:1: v: expected true or false, found a string (hint: write true without quotes)")
        #expect(decodeError("1") { (r) throws(SceneError) in try r.bool() } == "t.json:1:1: v: expected true or false, found a number")
        #expect(decodeError("null") { (r) throws(SceneError) in try r.string() } == "t.json:1:1: v: expected a string, found null")
        #expect(decodeError("{}") { (r) throws(SceneError) in try r.array() } == "t.json:1:1: v: expected an array, found an object")
        #expect(decodeError("false") { (r) throws(SceneError) in try r.object() } == "t.json:1:1: v: expected an object, found a boolean")
        #expect(decodeError("\"Infinity\"") { (r) throws(SceneError) in try r.numberOrInfinity() }
            == "t.json:1:1: v: expected a number or \"infinity\", found the string 'Infinity' (hint: did you mean 'infinity'?)")
        #expect(decodeError("true") { (r) throws(SceneError) in try r.numberOrInfinity() }
            == "t.json:1:1: v: expected a number or \"infinity\", found a boolean")
    }

    @Test func arrayElementsCarryIndexPaths() throws {
        let items = try reader("[1,\n  \"x\"]").array()
        #expect(items.map(\.path.description) == ["v[0]", "v[1]"])
        #expect(items[1].location == AnimScene.SourceLocation(line: 2, column: 3))
        #expect(decodeError("[1,\n  \"x\"]") { (r) throws(SceneError) in try r.array().map { (e) throws(SceneError) in try e.number() } }
            == "t.json:2:3: v[1]: expected a number, found a string")
    }

    @Test func objectReaderLooksUpKeysAndReportsUnknownOnes() throws {
        let o = try reader("{\"id\": \"a\",\n \"positon\": [1, 2],\n \"opacity\": 0.5, \"zzz\": 1}").object()
        #expect(o.keys == ["id", "positon", "opacity", "zzz"])
        #expect(o.has("opacity") && !o.has("position"))
        #expect(try o.optional("opacity")?.number() == 0.5)
        #expect(o.optional("position") == nil)
        #expect(o.reader(for: "id")?.path.description == "v.id")
        #expect(o.reader.path.description == "v")
        #expect(try o.required("id").string() == "a")
        #expect(o.unknownKeys(allowed: ["id", "position", "opacity"]).map(\.description) == [
            "t.json:2:2: v.positon: unknown key 'positon' (hint: did you mean 'position'?)",
            "t.json:3:18: v.zzz: unknown key 'zzz' (hint: allowed keys: id, position, opacity)",
        ])
        #expect(o.unknownKeys(allowed: o.keys).isEmpty)
        #expect(decodeError("{\"id\": 1}") { (r) throws(SceneError) in try r.object().required("position") }
            == "t.json:1:1: v: missing required key 'position'")
        #expect(decodeError("{\n\"widht\": 1}") { (r) throws(SceneError) in try r.object().required("width") }
            == "t.json:1:1: v: missing required key 'width' (hint: is 'widht' a misspelling of 'width'?)")
    }

    @Test func aKeyWithSomethingAddedIsMatchedToTheAbsentKeyItExtends() throws {
        let o = try reader("{\"dampingRatio\": 1, \"springDamping\": 2, \"velo\": 3}").object()
        #expect(o.unknownKeys(allowed: ["damping", "initialVelocity", "bounce"]).map(\.description) == [
            "t.json:1:2: v.dampingRatio: unknown key 'dampingRatio' (hint: did you mean 'damping'?)",
            "t.json:1:21: v.springDamping: unknown key 'springDamping' (hint: did you mean 'damping'?)",
            "t.json:1:41: v.velo: unknown key 'velo' (hint: allowed keys: damping, initialVelocity, bounce)",
        ])
        let given = try reader("{\"damping\": 1, \"dampingRatio\": 1}").object()
        #expect(given.unknownKeys(allowed: ["damping", "bounce"]).map(\.description) == [
            "t.json:1:16: v.dampingRatio: unknown key 'dampingRatio' (hint: allowed keys: damping, bounce)",
        ], "a key that is given is not suggested again")
        #expect(decodeError("{\"dampingRatio\": 1}") { (r) throws(SceneError) in try r.object().required("damping") }
            == "t.json:1:1: v: missing required key 'damping' (hint: did you mean 'damping' instead of 'dampingRatio'?)")
    }
}
