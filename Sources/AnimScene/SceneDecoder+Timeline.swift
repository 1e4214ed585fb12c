import AnimEngine
import AnimLayers

extension SceneDecoder {
    static let verbs = ["set", "addAnimation", "removeAnimation", "pause", "resume"]
    static let plannedVerbs = ["animate", "animateKeyframes", "transition", "transitionFromView", "caTransition"]

    func decodeTimeline(_ reader: JSONReader) {
        guard let list = attempt({ () throws(SceneError) in try reader.array() }) else { return }
        for item in list { decodeAction(item) }
    }

    private func decodeAction(_ reader: JSONReader) {
        guard let object = attempt({ () throws(SceneError) in try reader.object() }) else { return }
        guard let atReader = attempt({ () throws(SceneError) in try object.required("at") }),
              let at = attempt({ () throws(SceneError) in try atReader.number() }) else { return }
        if at < 0 { errors.append(atReader.error("'at' must be 0 or more, found \(at)")) }
        let verbKeys = object.keys.filter { $0 != "at" }
        guard verbKeys.count == 1, let verb = verbKeys.first, let body = object.reader(for: verb) else {
            let found = verbKeys.isEmpty ? "none" : verbKeys.map { "'\($0)'" }.joined(separator: ", ")
            errors.append(reader.error("a timeline action needs 'at' and exactly one verb (\(Self.verbs.joined(separator: ", "))); found \(found)"))
            return
        }
        switch verb {
        case "set": decodeSet(body, at: at)
        case "addAnimation": decodeAddAnimation(body, at: at)
        case "removeAnimation": decodeRemoveAnimation(body, at: at)
        case "pause", "resume": decodeClock(verb, body, at: at)
        default:
            if Self.plannedVerbs.contains(verb) {
                errors.append(body.error("the timeline verb '\(verb)' is part of the scene format but this version of animrender does not run it yet"))
            } else {
                report(object.unknownKeys(allowed: ["at"] + Self.verbs + Self.plannedVerbs))
            }
        }
    }

    private func decodeSet(_ body: JSONReader, at: Double) {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return }
        var entries: [(layer: Int, changes: [LayerSetting])] = []
        for id in object.keys {
            guard let r = object.reader(for: id) else { continue }
            let layer = attempt { () throws(SceneError) in try resolveLayer(id: id, at: r) }
            guard let changes = attempt({ () throws(SceneError) in try r.object() }) else { continue }
            let settings = decodeSettings(changes, extraKeys: [])
            if let layer { entries.append((layer, settings)) }
        }
        actions.append(TimedAction(time: at, action: .set(entries)))
    }

    private func decodeAddAnimation(_ body: JSONReader, at: Double) {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return }
        report(object.unknownKeys(allowed: ["layer", "key", "animation"]))
        let layer = attempt { () throws(SceneError) in try resolveLayer(try object.required("layer")) }
        let key = object.optional("key").flatMap { r in attempt { () throws(SceneError) in try r.string() } }
        guard let animReader = attempt({ () throws(SceneError) in try object.required("animation") }),
              var animation = decodeAnimation(animReader), let layer else { return }
        if let key { animation.key = key }
        actions.append(TimedAction(time: at, action: .addAnimation(layer: layer, animation)))
    }

    private func decodeRemoveAnimation(_ body: JSONReader, at: Double) {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return }
        report(object.unknownKeys(allowed: ["layer", "key"]))
        let layer = attempt { () throws(SceneError) in try resolveLayer(try object.required("layer")) }
        let key = attempt { () throws(SceneError) in try object.required("key").string() }
        if let layer, let key { actions.append(TimedAction(time: at, action: .removeAnimation(layer: layer, key: key))) }
    }

    /// `pause` / `resume`: QA1673's layer pause and resume, `{"layer": id}`.
    private func decodeClock(_ verb: String, _ body: JSONReader, at: Double) {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return }
        report(object.unknownKeys(allowed: ["layer"]))
        guard let layer = attempt({ () throws(SceneError) in try resolveLayer(try object.required("layer")) }) else { return }
        actions.append(TimedAction(time: at, action: verb == "pause" ? .pause(layer: layer) : .resume(layer: layer)))
    }
}
