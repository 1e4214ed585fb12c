import AnimGeometry
import AnimEngine
import AnimLayers

extension SceneDecoder {
    static let keyframeVerbKeys = ["duration", "delay", "options", "keyframes", "completion"]
    /// UIViewKeyframeAnimationOptions' calculation-mode field (bits 10–12).
    static let calculationModeBits = [("calculationModeLinear", 0), ("calculationModeDiscrete", 1), ("calculationModePaced", 2),
                                      ("calculationModeCubic", 3), ("calculationModeCubicPaced", 4)]
    static let calculationModeOptions: [(name: String, mode: CalculationMode)] = [
        ("calculationModeLinear", .linear), ("calculationModeDiscrete", .discrete), ("calculationModePaced", .paced),
        ("calculationModeCubic", .cubic), ("calculationModeCubicPaced", .cubicPaced),
    ]

    /// `animateKeyframes`: UIView.animateKeyframes(withDuration:delay:options:animations:completion:)
    /// with `keyframes: [{"relativeStartTime", "relativeDuration", "changes"}]`.
    func decodeAnimateKeyframes(_ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: Self.keyframeVerbKeys))
        let errorCount = errors.count
        guard let dReader = attempt({ () throws(SceneError) in try object.required("duration") }),
              let duration = attempt({ () throws(SceneError) in try dReader.number() }) else { return nil }
        var base = UIViewAnimation(duration: duration, delay: finite(object, "delay", min: 0) ?? 0, changes: [])
        var mode = CalculationMode.linear
        if let r = object.optional("options") {
            let (viewOptions, modes) = splitKeyframeOptions(r)
            if let chosen = modes.first { mode = chosen.mode }
            for other in modes.dropFirst() where other.name != modes[0].name {
                errors.append(other.reader.error(Self.conflict(modes[0].name, other.name, among: Self.calculationModeBits,
                                                               what: "calculation mode")))
            }
            if !viewOptions.isEmpty { decodeViewOptions(viewOptions, into: &base, keyframes: true) }
        }
        guard let list = attempt({ () throws(SceneError) in try object.required("keyframes").array() }) else { return nil }
        let keyframes = list.compactMap(decodeViewKeyframe)
        if let r = object.optional("completion") { base.completion = decodeCompletion(r) }
        guard errors.count == errorCount else { return nil }
        return .animateKeyframes(UIViewKeyframeAnimation(base: base, calculationMode: mode, keyframes: keyframes))
    }

    /// The calculation-mode options, and the readers of the other (UIView) options.
    private func splitKeyframeOptions(_ r: JSONReader) -> ([JSONReader], [(name: String, mode: CalculationMode, reader: JSONReader)]) {
        let items = Self.optionItems(r)
        var others: [JSONReader] = [], modes: [(name: String, mode: CalculationMode, reader: JSONReader)] = []
        for item in items {
            if let name = try? item.string(), let mode = Self.calculationModeOptions.first(where: { $0.name == name })?.mode {
                modes.append((name, mode, item))
            } else {
                others.append(item)
            }
        }
        return (others, modes)
    }

    private func decodeViewKeyframe(_ r: JSONReader) -> UIViewKeyframeAnimation.Keyframe? {
        guard let object = attempt({ () throws(SceneError) in try r.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["relativeStartTime", "relativeDuration", "changes"]))
        let start = relative(object, "relativeStartTime"), length = relative(object, "relativeDuration")
        guard let changes = attempt({ () throws(SceneError) in try object.required("changes") }) else { return nil }
        return UIViewKeyframeAnimation.Keyframe(relativeStartTime: start ?? 0, relativeDuration: length ?? 0,
                                                changes: decodeChanges(changes))
    }

    private func relative(_ object: JSONObjectReader, _ key: String) -> Double? {
        guard let r = attempt({ () throws(SceneError) in try object.required(key) }),
              let v = attempt({ () throws(SceneError) in try r.number() }) else { return nil }
        guard (0...1).contains(v) else {
            errors.append(r.error("\(key) is a fraction of the whole duration and must lie in 0…1, found \(formatNumber(v))"))
            return nil
        }
        return v
    }
}
