import AnimEngine
import AnimLayers

extension SceneDecoder {
    /// UIKit names accepted for CALayer key paths.
    static let keyPathAliases = ["center": "position", "alpha": "opacity"]

    /// Parses and checks an animation's key path.
    func decodeKeyPath(_ r: JSONReader) -> LayerKeyPath? {
        guard let s = attempt({ () throws(SceneError) in try r.string() }) else { return nil }
        var parts = s.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if let first = parts.first, let alias = Self.keyPathAliases[first] { parts[0] = alias }
        let name = parts.joined(separator: ".")
        if let first = parts.first, LayerKey.notYetRendered.contains(first) {
            errors.append(r.error("animating '\(s)' is part of the scene format but this version of animrender does not render \(first) yet"))
            return nil
        }
        if let path = LayerKeyPath(name) {
            return checkLayerClass(of: parts[0], in: s, r) ? path : nil
        }
        if let first = parts.first, StyleKey.replicatorKeys.map(\.rawValue).contains(first) {
            let why = first == "preservesDepth" ? "" : " (Apple's header marks instanceCount and instanceDelay animatable, but does not say how a count or a delay is interpolated)"
            errors.append(r.error("'\(s)' is not animatable here" + why, hint: "change it with a 'set' action at a time in the timeline"))
            return nil
        }
        if parts.first == "contents" {
            errors.append(r.error("'\(s)' is not animatable here: Core Animation cross-fades contents images, which animrender does not draw",
                                  hint: "switch images with 'set' actions in the timeline, or animate 'contentsRect' (calculationMode discrete) over a sprite sheet"))
            return nil
        }
        if parts.first == "frame" {
            errors.append(r.error("'\(s)' is not animatable: Core Animation computes frame from bounds, position and anchorPoint",
                                  hint: "animate 'bounds' (or 'bounds.size') and 'position', or change 'frame' in an 'animate' action's changes"))
            return nil
        }
        let candidates = LayerKeyPath.allPaths.filter { !LayerKey.notYetRendered.contains(String($0.prefix { $0 != "." })) }
            + Self.keyPathAliases.keys.sorted()
        let hint = EditDistance.bestMatch(for: s, among: candidates)
        errors.append(r.error("unknown key path '\(s)'", hint: hint.map { "did you mean '\($0)'?" }))
        return nil
    }

    /// A key path of CAShapeLayer, CATextLayer or CAGradientLayer animated on a layer of another
    /// type is refused like the key in `set` (Core Animation would animate nothing); false after
    /// recording the error.
    private func checkLayerClass(of key: String, in path: String, _ r: JSONReader) -> Bool {
        guard let layer = animatedLayer, let (owner, name) = classOwner(of: key, layer: layer) else { return true }
        let node = tree.nodes[layer]
        let declaredAt = declaration(of: node.id)
        errors.append(r.error("'\(path)' is a \(name) key path; layer '\(node.id)' is of type '\(node.properties.kind.rawValue)'",
                              hint: Self.typeHint(owner, declared: node.properties.kind != .layer, layer: node.id) + declaredAt))
        return false
    }

    /// `cumulative` on a whole-matrix transform animation has no defined meaning here (a matrix
    /// delta cannot be multiplied by a cycle count); the transform.* key paths accumulate instead.
    func checkCumulative(_ cumulative: Bool, _ keyPath: LayerKeyPath, _ object: JSONObjectReader) {
        guard cumulative, keyPath.kind == .transform, let r = object.optional("cumulative") else { return }
        errors.append(r.error("cumulative is not supported on whole-transform animations ('\(keyPath)')",
                              hint: "animate a transform.* key path such as transform.rotation.z, whose values accumulate"))
    }
}
