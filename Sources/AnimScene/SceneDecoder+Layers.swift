import AnimEngine
import AnimLayers

extension SceneDecoder {
    static let layerTypes = ["layer"]
    static let plannedLayerTypes = ["shape", "text", "gradient", "transform", "replicator"]

    func decodeLayerList(_ reader: JSONReader, parent: Int?, depth: Int) {
        guard let list = attempt({ () throws(SceneError) in try reader.array() }) else { return }
        if depth > SceneLimits.maxDepth {
            errors.append(reader.error("layers are nested more than \(SceneLimits.maxDepth) deep"))
            return
        }
        for item in list { decodeLayer(item, parent: parent, depth: depth) }
    }

    private func decodeLayer(_ reader: JSONReader, parent: Int?, depth: Int) {
        guard let object = attempt({ () throws(SceneError) in try reader.object() }) else { return }
        let id = decodeLayerID(object)
        if let typeReader = object.optional("type"), let type = attempt({ () throws(SceneError) in try typeReader.string() }) {
            if Self.plannedLayerTypes.contains(type) {
                errors.append(typeReader.error("layer type '\(type)' is part of the scene format but this version of animrender does not render it yet"))
            } else if !Self.layerTypes.contains(type) {
                let hint = EditDistance.bestMatch(for: type, among: Self.layerTypes + Self.plannedLayerTypes)
                errors.append(typeReader.error("unknown layer type '\(type)'", hint: hint.map { "did you mean '\($0)'?" }))
            }
        }
        var properties = LayerProperties()
        decodeSettings(object, extraKeys: LayerKey.structural).apply(to: &properties)
        let index = tree.append(id: id ?? "", properties: properties, parent: parent)
        if let animations = object.optional("animations") { layerAnimations.append((index, animations)) }
        if let sublayers = object.optional("sublayers") { decodeLayerList(sublayers, parent: index, depth: depth + 1) }
    }

    private func decodeLayerID(_ object: JSONObjectReader) -> String? {
        guard let reader = attempt({ () throws(SceneError) in try object.required("id") }),
              let id = attempt({ () throws(SceneError) in try reader.string() }) else { return nil }
        if id.isEmpty {
            errors.append(reader.error("a layer id must not be empty"))
        } else if let first = declared.first(where: { $0.id == id }) {
            errors.append(reader.error("duplicate layer id '\(id)' (first declared at \(first.path))"))
        } else {
            declared.append((id, reader.path))
        }
        return id
    }

    /// The index of the layer named by a string reader, or a located error with a hint.
    func resolveLayer(_ reader: JSONReader) throws(SceneError) -> Int {
        let id = try reader.string()
        return try resolveLayer(id: id, at: reader)
    }

    func resolveLayer(id: String, at reader: JSONReader) throws(SceneError) -> Int {
        if let index = tree.index(of: id) { return index }
        let hint = EditDistance.bestMatch(for: id, among: declared.map(\.id))
        throw reader.error("no layer has the id '\(id)'", hint: hint.map { "did you mean '\($0)'?" })
    }
}
