import AnimGeometry
import AnimEngine
import AnimLayers

extension SceneDecoder {
    static let verbs = ["set", "addAnimation", "removeAnimation", "pause", "resume", "animate", "animateKeyframes",
                        "removeFromSuperlayer", "transition", "transitionFromView", "caTransition", "transitionFromViewController",
                        "present", "dismiss", "push", "pop", "dynamics"]

    func decodeTimeline(_ reader: JSONReader) {
        guard let list = attempt({ () throws(SceneError) in try reader.array() }) else { return }
        for item in list { decodeAction(item) }
    }

    private func decodeAction(_ reader: JSONReader) {
        guard let object = attempt({ () throws(SceneError) in try reader.object() }) else { return }
        guard let atReader = attempt({ () throws(SceneError) in try object.required("at") }),
              let at = attempt({ () throws(SceneError) in try atReader.number() }) else { return }
        if at < 0 { errors.append(atReader.error("'at' must be 0 or more, found \(formatNumber(at))")) }
        let verbKeys = object.keys.filter { $0 != "at" }
        guard verbKeys.count == 1, let verb = verbKeys.first, let body = object.reader(for: verb) else {
            let found = verbKeys.isEmpty ? "none" : verbKeys.map { "'\($0)'" }.joined(separator: ", ")
            errors.append(reader.error("a timeline action needs 'at' and exactly one verb (\(Self.verbs.joined(separator: ", "))); found \(found)"))
            return
        }
        if Self.controllerVerbs.contains(verb) {
            controllers.verbs.append((at, verb, body))
        } else if let action = decodeVerb(verb, body, in: object) {
            addActions([TimedAction(time: at, action: action)], from: reader)
        }
    }

    /// One verb's action (a timeline entry's or a completion handler's), nil with errors recorded.
    func decodeVerb(_ verb: String, _ body: JSONReader, in object: JSONObjectReader) -> Action? {
        switch verb {
        case "set": return decodeSet(body)
        case "addAnimation": return decodeAddAnimation(body)
        case "removeAnimation": return decodeRemoveAnimation(body)
        case "pause", "resume", "removeFromSuperlayer": return decodeLayerVerb(verb, body)
        case "animate": return decodeAnimate(body)
        case "animateKeyframes": return decodeAnimateKeyframes(body)
        case "transition": return decodeViewTransition(body)
        case "transitionFromView": return decodeTransitionFromView(body)
        case "caTransition": return decodeCATransition(body)
        case "transitionFromViewController": return decodeTransitionFromViewController(body)
        case "present", "dismiss", "push", "pop":
            errors.append(body.error("'\(verb)' runs at the top level of the timeline, not in a completion or an animator"))
            return nil
        case "dynamics": return decodeDynamics(body)
        default:
            report(object.unknownKeys(allowed: ["at", "if"] + Self.verbs))
            return nil
        }
    }

    private func decodeSet(_ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        var entries: [(layer: Int, changes: [LayerSetting])] = []
        for id in object.keys {
            guard let r = object.reader(for: id) else { continue }
            let layer = attempt { () throws(SceneError) in try resolveLayer(id: id, at: r) }
            guard let changes = attempt({ () throws(SceneError) in try r.object() }) else { continue }
            let settings = decodeSettings(changes, allowed: LayerKey.settingKeys)
            if let layer {
                checkClassKeys(changes, layer: layer)
                entries.append((layer, settings))
            }
        }
        return .set(entries)
    }

    private func decodeAddAnimation(_ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["layer", "key", "animation"]))
        let layer = attempt { () throws(SceneError) in try resolveLayer(try object.required("layer")) }
        let key = object.optional("key").flatMap { r in attempt { () throws(SceneError) in try r.string() } }
        guard let animReader = attempt({ () throws(SceneError) in try object.required("animation") }),
              var animation = layer.map({ decodeAnimation(animReader, on: $0) }) ?? decodeAnimation(animReader),
              let layer else { return nil }
        if let key { animation.key = key }
        return .addAnimation(layer: layer, animation)
    }

    private func decodeRemoveAnimation(_ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["layer", "key"]))
        let layer = attempt { () throws(SceneError) in try resolveLayer(try object.required("layer")) }
        let key = attempt { () throws(SceneError) in try object.required("key").string() }
        guard let layer, let key else { return nil }
        return .removeAnimation(layer: layer, key: key)
    }

    /// `pause` / `resume` (QA1673's layer pause and resume) and `removeFromSuperlayer`: `{"layer": id}`.
    private func decodeLayerVerb(_ verb: String, _ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["layer"]))
        guard let layer = attempt({ () throws(SceneError) in try resolveLayer(try object.required("layer")) }) else { return nil }
        switch verb {
        case "pause": return .pause(layer: layer)
        case "resume": return .resume(layer: layer)
        default: return .removeFromSuperlayer(layer: layer)
        }
    }
}
