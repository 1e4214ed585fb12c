import AnimEngine
import AnimLayers

extension SceneDecoder {
    static let layerTypes = LayerKind.allCases.map(\.rawValue)
    static let plannedLayerTypes: [String] = []

    func decodeLayerList(_ reader: JSONReader, parent: Int?, depth: Int) {
        guard let list = attempt({ () throws(SceneError) in try reader.array() }) else { return }
        if depth > SceneLimits.maxDepth {
            errors.append(reader.error("layers are nested more than \(SceneLimits.maxDepth) deep"))
            return
        }
        for item in list { decodeLayer(item, parent: parent, depth: depth) }
    }

    private func decodeLayer(_ reader: JSONReader, parent: Int?, depth: Int, maskOwner: Int? = nil) {
        guard let object = attempt({ () throws(SceneError) in try reader.object() }) else { return }
        let id = decodeLayerID(object)
        var properties = LayerProperties()
        properties.kind = decodeLayerKind(object)
        decodeSettings(object, allowed: LayerKey.layerObjectKeys).apply(to: &properties)
        checkClassKeys(object, kind: properties.kind)
        noteTextLayer(object, kind: properties.kind)
        let index = if let maskOwner {
            tree.appendMask(id: id ?? "", properties: properties, owner: maskOwner)
        } else {
            tree.append(id: id ?? "", properties: properties, parent: parent)
        }
        if let animations = object.optional("animations") { layerAnimations.append((index, animations)) }
        decodeDetached(object, index: index, isMask: maskOwner != nil)
        if let mask = object.optional("mask") {
            if depth + 1 > SceneLimits.maxDepth {
                errors.append(mask.error("layers are nested more than \(SceneLimits.maxDepth) deep"))
            } else {
                decodeLayer(mask, parent: nil, depth: depth + 1, maskOwner: index)
            }
        }
        if let sublayers = object.optional("sublayers") { decodeLayerList(sublayers, parent: index, depth: depth + 1) }
    }

    /// `detached: true`: the layer is declared (with its sublayers) but not in its superlayer until a
    /// timeline action adds it, as a view created but not yet added (transitionFromView's `to`).
    private func decodeDetached(_ object: JSONObjectReader, index: Int, isMask: Bool) {
        guard let r = object.optional("detached"), let detached = attempt({ () throws(SceneError) in try r.bool() }),
              detached else { return }
        if isMask {
            errors.append(r.error("a mask layer cannot be detached"))
        } else {
            tree.removeFromSuperlayer(index)
        }
    }

    private func decodeLayerKind(_ object: JSONObjectReader) -> LayerKind {
        guard let typeReader = object.optional("type"),
              let type = attempt({ () throws(SceneError) in try typeReader.string() }) else { return .layer }
        if let kind = LayerKind(rawValue: type) { return kind }
        if Self.plannedLayerTypes.contains(type) {
            errors.append(typeReader.error("layer type '\(type)' is part of the scene format but this version of animrender does not render it yet"))
        } else {
            let hint = EditDistance.suggestion(for: type, among: Self.layerTypes + Self.plannedLayerTypes)
            errors.append(typeReader.error("unknown layer type '\(type)'", hint: hint.map { "did you mean '\($0)'?" }))
        }
        return .layer
    }

    /// Keys only CAGradientLayer, CAShapeLayer or CATextLayer has, with the class's name.
    private static let classKeys: [(owner: LayerKind, name: String, keys: [String])] = [
        (.gradient, "CAGradientLayer", LayerKey.gradientOnly), (.shape, "CAShapeLayer", LayerKey.shapeOnly),
        (.text, "CATextLayer", textOnlyKeys),
        (.replicator, "CAReplicatorLayer", LayerKey.replicatorOnly),
    ]

    /// Another class's keys on a layer object are a mistake, not something to ignore.
    private func checkClassKeys(_ object: JSONObjectReader, kind: LayerKind) {
        for (owner, name, key) in misplacedClassKeys(object, kind: kind) {
            errors.append(object.errorAtKey(key, "'\(key)' is a \(name) property; this layer's type is '\(kind.rawValue)'",
                                            hint: Self.typeHint(owner, declared: object.has("type"))))
        }
    }

    /// The same check for a layer's entry in `set` or in `animate`'s changes, which names the layer
    /// and where it is declared, since its type is set there.
    func checkClassKeys(_ object: JSONObjectReader, layer: Int) {
        let node = tree.nodes[layer], kind = node.properties.kind
        let declaredAt = declaration(of: node.id)
        for (owner, name, key) in misplacedClassKeys(object, kind: kind) {
            errors.append(object.errorAtKey(key, "'\(key)' is a \(name) property; layer '\(node.id)' is of type '\(kind.rawValue)'",
                                            hint: Self.typeHint(owner, declared: kind != .layer, layer: node.id) + declaredAt))
        }
    }

    /// " (declared at layers[…].id)" for the layer with `id`, or nothing for a layer the scene did not declare.
    func declaration(of id: String) -> String {
        declared.path(of: id).map { " (declared at \($0))" } ?? ""
    }

    /// How to make a layer of `owner`'s class: add a type, or change the one it has.
    /// `layer` names the layer when the key is not on its own object.
    static func typeHint(_ owner: LayerKind, declared: Bool, layer: String? = nil) -> String {
        declared ? "change \"type\" to \"\(owner.rawValue)\"" + (layer.map { " on layer '\($0)'" } ?? "")
            : "add \"type\": \"\(owner.rawValue)\"" + (layer.map { " to layer '\($0)'" } ?? "")
    }

    /// The class `key` belongs to when it is not `layer`'s own: nil for CALayer keys and the layer's class's.
    func classOwner(of key: String, layer: Int) -> (LayerKind, String)? {
        let kind = tree.nodes[layer].properties.kind
        return Self.classKeys.first { $0.owner != kind && $0.keys.contains(key) }.map { ($0.owner, $0.name) }
    }

    /// Every key of `classKeys` (only looked up, never iterated).
    private static let anyClassKey = Set(classKeys.flatMap(\.keys))

    private func misplacedClassKeys(_ object: JSONObjectReader, kind: LayerKind) -> [(LayerKind, String, String)] {
        guard object.members.contains(where: { Self.anyClassKey.contains($0.key) }) else { return [] }
        return Self.classKeys.filter { $0.owner != kind }.flatMap { c in
            c.keys.filter { object.has($0) }.map { (c.owner, c.name, $0) }
        }
    }

    private func decodeLayerID(_ object: JSONObjectReader) -> String? {
        guard let reader = attempt({ () throws(SceneError) in try object.required("id") }),
              let id = attempt({ () throws(SceneError) in try reader.string() }) else { return nil }
        if id.isEmpty {
            errors.append(reader.error("a layer id must not be empty"))
        } else if let first = declared.declare(id, at: reader.path) {
            errors.append(reader.error("duplicate layer id '\(id)' (first declared at \(first))"))
        }
        return id
    }

    /// The index of the layer named by a string reader, or a located error with a hint.
    func resolveLayer(_ reader: JSONReader) throws(SceneError) -> Int {
        let id = try reader.string()
        return try resolveLayer(id: id, at: reader)
    }

    func resolveLayer(id: String, at reader: JSONReader) throws(SceneError) -> Int {
        if let index = layerIndex.index(of: id, in: tree) { return index }
        let hint = EditDistance.bestMatch(for: id, among: declared.ids, budget: &idHintBudget)
        throw reader.error("no layer has the id '\(id)'", hint: hint.map { "did you mean '\($0)'?" })
    }

    /// Replicators multiply the layers under them (nested ones multiply each other's counts): a
    /// frame may hold at most `ReplicatorLimit.maxLayers` layers once they are expanded.
    func checkReplicatedLayers() {
        func size(_ i: Int) -> Double {
            let node = tree.nodes[i]
            let children = node.children.reduce(0) { $0 + size($1) }
            let r = node.properties.replicator
            let replicator = node.properties.kind == .replicator
            let copies = replicator ? Double(max(0, r.instanceCount)) : 1
            // preservesDepth may add the replicator's own drawing as one more layer (counted
            // whether or not it draws: an animation may give it a background later).
            let own: Double = replicator && r.preservesDepth ? 1 : 0
            return 1 + own + copies * children + (node.mask.map(size) ?? 0)
        }
        for root in tree.roots {
            let total = size(root)
            guard total > Double(ReplicatorLimit.maxLayers) else { continue }
            let id = tree.nodes[root].id
            let path = declared.path(of: id)
            errors.append(SceneError(file: file, path: path, message:
                "replicators under this layer would draw \(Int(min(total, 1e18))) layers; a frame may draw at most \(ReplicatorLimit.maxLayers)",
                hint: "lower instanceCount, or replicate fewer sublayers"))
            return
        }
    }
}
