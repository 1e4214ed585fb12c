import AnimGeometry
import AnimEngine
import AnimLayers
import AnimTiming

extension SceneDecoder {
    static let timingKeys = ["type", "key", "duration", "beginTime", "timeOffset", "speed", "repeatCount",
                             "repeatDuration", "autoreverses", "fillMode", "removedOnCompletion", "timingFunction"]
    static let basicKeys = ["keyPath", "fromValue", "toValue", "byValue", "additive", "cumulative", "valueFunction"]
    static let springKeys = basicKeys + ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping"]
    static let keyframeKeys = ["keyPath", "values", "keyTimes", "timingFunctions", "path", "calculationMode",
                               "rotationMode", "tensionValues", "continuityValues", "biasValues", "additive", "cumulative",
                               "valueFunction"]
    static let animationTypes = ["basic", "spring", "keyframe", "group"]

    /// Decodes an animation added to `layer`, whose class decides which key paths it has.
    func decodeAnimation(_ reader: JSONReader, on layer: Int) -> Animation? {
        let outer = animatedLayer
        animatedLayer = layer
        defer { animatedLayer = outer }
        return decodeAnimation(reader)
    }

    /// Decodes one animation object; nil (with errors recorded) when it is invalid.
    func decodeAnimation(_ reader: JSONReader) -> Animation? {
        guard let object = attempt({ () throws(SceneError) in try reader.object() }) else { return nil }
        let type = object.optional("type").flatMap { r in attempt { () throws(SceneError) in try r.string() } } ?? "basic"
        guard Self.animationTypes.contains(type) else {
            let hint = EditDistance.suggestion(for: type, among: Self.animationTypes)
            errors.append(object.optional("type")!.error("unknown animation type '\(type)'; expected one of \(Self.animationTypes.joined(separator: ", "))",
                                                         hint: hint.map { "did you mean '\($0)'?" }))
            return nil
        }
        let errorCount = errors.count
        var animation = Animation(content: .group(AnimationGroup(animations: [])))
        decodeTiming(object, into: &animation)
        let content: Animation.Content?
        switch type {
        case "spring":
            report(object.unknownKeys(allowed: Self.timingKeys + Self.springKeys))
            content = decodeSpring(object, timing: &animation.timing)
        case "keyframe":
            report(object.unknownKeys(allowed: Self.timingKeys + Self.keyframeKeys))
            content = decodeKeyframe(object)
        case "group":
            report(object.unknownKeys(allowed: Self.timingKeys + ["animations"]))
            content = decodeGroup(object)
        default:
            report(object.unknownKeys(allowed: Self.timingKeys + Self.springKeys))
            checkSpringKeys(object)
            content = decodeBasic(object).map { .basic($0) }
        }
        guard let content, errors.count == errorCount else { return nil }
        animation.content = content
        return animation
    }

    /// CASpringAnimation's own keys on a basic animation: the spring was meant, so the error says
    /// which class has the key and how to make the animation one.
    private func checkSpringKeys(_ object: JSONObjectReader) {
        let explicit = object.has("type")
        for key in object.keys where Self.springKeys.contains(key) && !Self.basicKeys.contains(key) {
            errors.append(object.errorAtKey(key, "'\(key)' is a CASpringAnimation property; this animation's type is 'basic'",
                                            hint: explicit ? "change \"type\" to \"spring\"" : "add \"type\": \"spring\""))
        }
    }

    private func decodeTiming(_ object: JSONObjectReader, into a: inout Animation) {
        if let r = object.optional("key") { a.key = attempt { () throws(SceneError) in try r.string() } }
        a.timing.duration = finite(object, "duration", min: 0) ?? 0
        a.timing.beginTime = finite(object, "beginTime", min: nil) ?? 0
        a.timing.timeOffset = finite(object, "timeOffset", min: nil) ?? 0
        a.timing.speed = finite(object, "speed", min: nil) ?? 1
        a.timing.repeatDuration = finite(object, "repeatDuration", min: 0) ?? 0
        if let r = object.optional("repeatCount"), let n = attempt({ () throws(SceneError) in try r.numberOrInfinity() }) {
            if n < 0 { errors.append(r.error("repeatCount must be 0 or more, found \(formatNumber(n))")) } else { a.timing.repeatCount = n }
        }
        if a.timing.repeatCount > 0 && a.timing.repeatDuration > 0, let r = object.optional("repeatDuration") {
            errors.append(r.error("repeatCount and repeatDuration cannot both be set (Core Animation leaves that undefined)"))
        }
        if let r = object.optional("autoreverses") { a.timing.autoreverses = attempt { () throws(SceneError) in try r.bool() } ?? false }
        if let r = object.optional("removedOnCompletion") {
            a.removedOnCompletion = attempt { () throws(SceneError) in try r.bool() } ?? true
        }
        if let r = object.optional("fillMode") { a.timing.fillMode = decodeFillMode(r) ?? .removed }
        if let r = object.optional("timingFunction") { a.timingFunction = decodeTimingFunction(r) }
    }

    func finite(_ object: JSONObjectReader, _ key: String, min: Double?) -> Double? {
        guard let r = object.optional(key), let v = attempt({ () throws(SceneError) in try r.number() }) else { return nil }
        if let min, v < min {
            errors.append(r.error("\(key) must be \(formatNumber(min)) or more, found \(formatNumber(v))"))
            return nil
        }
        return v
    }

    /// The number under `key` when it is above 0; nil (with an error for another number) otherwise.
    func positive(_ object: JSONObjectReader, _ key: String) -> Double? {
        guard let r = object.optional(key), let v = attempt({ () throws(SceneError) in try r.number() }) else { return nil }
        guard v > 0 else {
            errors.append(r.error("\(key) must be more than 0, found \(formatNumber(v))"))
            return nil
        }
        return v
    }

    private func decodeFillMode(_ r: JSONReader) -> FillMode? {
        guard let s = attempt({ () throws(SceneError) in try r.string() }) else { return nil }
        if let mode = FillMode(rawValue: s) { return mode }
        let names = FillMode.allCases.map(\.rawValue)
        let hint = EditDistance.suggestion(for: s, among: names)
        errors.append(r.error("unknown fillMode '\(s)'; expected one of \(names.joined(separator: ", "))",
                              hint: hint.map { "did you mean '\($0)'?" }))
        return nil
    }

    /// Names people write from UIKit or CSS, for hints only (the scene vocabulary is CA's).
    static let timingFunctionAliases = [
        "easeInOut": "easeInEaseOut", "ease-in-out": "easeInEaseOut", "ease": "default",
        "ease-in": "easeIn", "ease-out": "easeOut", "curveEaseInOut": "easeInEaseOut",
    ]

    /// A timing function: one of the five names, or four control-point numbers.
    func decodeTimingFunction(_ r: JSONReader) -> TimingFunction? {
        if let name = try? r.string() {
            if let f = TimingFunction.named.first(where: { $0.name == name })?.function { return f }
            let names = TimingFunction.named.map(\.name)
            let swiftName = name.split(separator: ".").last.map(String.init) ?? name
            let hint = Self.timingFunctionAliases[swiftName] ?? EditDistance.suggestion(for: name, among: names)
            errors.append(r.error("unknown timing function '\(name)'; expected one of \(names.joined(separator: ", ")) or [c1x, c1y, c2x, c2y]",
                                  hint: hint.map { "did you mean '\($0)'?" }))
            return nil
        }
        guard let list = try? r.array(), list.count == 4 else {
            errors.append(r.error("expected a timing function name or four control-point numbers [c1x, c1y, c2x, c2y]"))
            return nil
        }
        guard let n = attempt({ () throws(SceneError) in try list.map { (e) throws(SceneError) in try e.number() } }) else { return nil }
        let f = TimingFunction(Float(n[0]), Float(n[1]), Float(n[2]), Float(n[3]))
        guard f.isValid else {
            let xInRange = (0...1).contains(n[0]) && (0...1).contains(n[2])
            errors.append(r.error(xInRange
                ? "control-point y values must fit a Float, as CAMediaTimingFunction's do (found c1y \(formatNumber(n[1])), c2y \(formatNumber(n[3])))"
                : "control-point x values must lie in 0…1 (found c1x \(n[0]), c2x \(n[2]))"))
            return nil
        }
        return f
    }

    func decodeBasic(_ object: JSONObjectReader) -> BasicAnimation? {
        guard let pathReader = attempt({ () throws(SceneError) in try object.required("keyPath") }),
              let keyPath = decodeKeyPath(pathReader) else { return nil }
        let errorCount = errors.count
        let function = decodeValueFunction(object, keyPath: keyPath)
        guard errors.count == errorCount else { return nil }
        var basic = BasicAnimation(keyPath: keyPath, valueFunction: function)
        func value(_ key: String) -> AnimatableValue? {
            guard let r = object.optional(key) else { return nil }
            return attempt { () throws(SceneError) in try decodeAnimationValue(keyPath, function, r) }
        }
        basic.fromValue = value("fromValue")
        basic.toValue = value("toValue")
        basic.byValue = value("byValue")
        if basic.fromValue != nil && basic.toValue != nil && basic.byValue != nil {
            errors.append(object.optional("byValue")!.error("fromValue, toValue and byValue cannot all be set; use two of them"))
        }
        if let r = object.optional("additive") { basic.isAdditive = attempt { () throws(SceneError) in try r.bool() } ?? false }
        if let r = object.optional("cumulative") { basic.isCumulative = attempt { () throws(SceneError) in try r.bool() } ?? false }
        if function == nil { checkCumulative(basic.isCumulative, keyPath, object) }
        return basic
    }
}
