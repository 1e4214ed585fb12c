import AnimEngine
import AnimLayers
@testable import AnimScene
import Foundation
import Testing

/// docs/scene.schema.json names what the decoder accepts: its lists of key paths, types, class keys
/// and completion conditions must be the decoder's own. (Validating scenes against the schema needs
/// a JSON Schema validator: scripts/check-scenes.py does that, for Scenes/ and for accepted and
/// refused examples.)
struct SchemaAgreementTests {
    static let schemaURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/scene.schema.json")

    /// The schema's `$defs`.
    func definitions() throws -> JSONObjectReader {
        let bytes = try [UInt8](Data(contentsOf: Self.schemaURL))
        return try JSONReader(node: JSONParser.parse(bytes)).object().required("$defs").object()
    }

    func strings(_ reader: JSONReader?) throws -> [String] {
        try #require(reader).array().map { (r) throws(SceneError) in try r.string() }
    }

    func at(_ object: JSONObjectReader, _ keys: String...) throws -> JSONReader {
        var reader = object.reader
        for key in keys { reader = try reader.object().required(key) }
        return reader
    }

    @Test func keyPathsAreTheDecodersWithTheirAliases() throws {
        let schema = try strings(at(definitions(), "keyPath", "enum"))
        let paths = LayerKeyPath.allPaths
        let aliased = SceneDecoder.keyPathAliases.sorted { $0.key < $1.key }.flatMap { alias, target in
            paths.filter { $0 == target || $0.hasPrefix(target + ".") }.map { alias + $0.dropFirst(target.count) }
        }
        #expect(Set(schema) == Set(paths + aliased))
        #expect(schema.count == Set(schema).count, "no duplicates")
        #expect(schema.contains("transform.rotation.z") && schema.contains("center.x") && !schema.contains("frame"))
    }

    @Test func typesAndConditionsAreTheDecoders() throws {
        let defs = try definitions()
        #expect(try strings(at(defs, "animation", "properties", "type", "enum")) == SceneDecoder.animationTypes)
        #expect(Set(try strings(at(defs, "layer", "properties", "type", "enum"))) == Set(SceneDecoder.layerTypes))
        #expect(try strings(at(defs, "completionAction", "properties", "if", "enum")) == CompletionAction.Condition.allCases.map(\.rawValue))
    }

    /// A completion handler takes every timeline verb but the view-controller ones, each alone
    /// or with "if"; the schema lists exactly those and refuses any other key.
    @Test func completionVerbsAreTheDecoders() throws {
        let completion = try at(definitions(), "completionAction").object()
        let verbs = try completion.required("properties").object().keys.filter { $0 != "if" }
        #expect(Set(verbs) == Set(SceneDecoder.verbs).subtracting(SceneDecoder.controllerVerbs))
        #expect(try completion.required("additionalProperties").bool() == false)
    }

    @Test func classKeysAreRefusedOnOtherLayerTypesAsTheDecoderDoes() throws {
        var refused: [String: [String]] = [:]
        for rule in try at(definitions(), "layer", "allOf").array() {
            let rule = try rule.object()
            let owner = try at(rule, "if", "properties", "type", "const").string()
            refused[owner] = try at(rule, "else", "properties").object().keys
        }
        #expect(refused == ["gradient": LayerKey.gradientOnly, "shape": LayerKey.shapeOnly, "text": SceneDecoder.textOnlyKeys,
                            "replicator": LayerKey.replicatorOnly])
    }

    @Test func hexColoursOfThreeFourSixAndEightDigits() throws {
        let pattern = try at(definitions(), "color", "oneOf").array()[0].object().required("pattern").string()
        let regex = try Regex(pattern)
        for accepted in ["#F00", "#F00A", "#ff0000", "#FF0000AA"] {
            #expect(try regex.wholeMatch(in: accepted) != nil, "\(accepted)")
        }
        for refused in ["#", "#F0", "#F00AB", "#F00AB00", "F00", "#GG0000"] {
            #expect(try regex.wholeMatch(in: refused) == nil, "\(refused)")
        }
    }

    @Test func transformOperationsAreTheDecoders() throws {
        let operations = try at(definitions(), "transformOperation", "oneOf").array().map { r in
            try r.object().required("required").array()[0].string()
        }
        #expect(operations == JSONReader.transformOperations)
    }
}
