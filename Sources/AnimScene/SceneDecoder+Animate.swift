import AnimEngine
import AnimLayers
import AnimTiming

extension SceneDecoder {
    static let animateKeys = ["duration", "delay", "options", "spring", "changes", "completion"]

    /// UIViewAnimationOptions names (without the prefix) and what each does here.
    enum ViewOption {
        case curve(TimingFunction), repeats, autoreverses, beginFromCurrentState, noEffect, transitionOnly
    }

    static let viewOptions: [(name: String, option: ViewOption)] = [
        ("curveEaseInOut", .curve(.easeInEaseOut)), ("curveEaseIn", .curve(.easeIn)),
        ("curveEaseOut", .curve(.easeOut)), ("curveLinear", .curve(.linear)),
        ("repeat", .repeats), ("autoreverse", .autoreverses), ("beginFromCurrentState", .beginFromCurrentState),
        ("allowUserInteraction", .noEffect), ("layoutSubviews", .noEffect), ("overrideInheritedDuration", .noEffect),
        ("overrideInheritedCurve", .noEffect), ("overrideInheritedOptions", .noEffect), ("allowAnimatedContent", .noEffect),
        ("preferredFramesPerSecondDefault", .noEffect), ("preferredFramesPerSecond60", .noEffect),
        ("preferredFramesPerSecond30", .noEffect), ("showHideTransitionViews", .transitionOnly),
        ("transitionNone", .transitionOnly), ("transitionFlipFromLeft", .transitionOnly),
        ("transitionFlipFromRight", .transitionOnly), ("transitionFlipFromTop", .transitionOnly),
        ("transitionFlipFromBottom", .transitionOnly), ("transitionCurlUp", .transitionOnly),
        ("transitionCurlDown", .transitionOnly), ("transitionCrossDissolve", .transitionOnly),
    ]

    /// `animate`: UIView.animate(withDuration:delay:options:animations:completion:), with
    /// `spring: {"damping", "initialVelocity"}` (usingSpringWithDamping) or `spring: {"bounce"}`
    /// (the iOS 17 duration/bounce form).
    func decodeAnimate(_ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: Self.animateKeys))
        let errorCount = errors.count
        guard let dReader = attempt({ () throws(SceneError) in try object.required("duration") }),
              let duration = attempt({ () throws(SceneError) in try dReader.number() }) else { return nil }
        var a = UIViewAnimation(duration: duration, delay: finite(object, "delay", min: 0) ?? 0, changes: [])
        if let r = object.optional("options") { decodeViewOptions(Self.optionItems(r), into: &a) }
        if let r = object.optional("spring") { decodeViewSpring(r, into: &a) }
        guard let changes = attempt({ () throws(SceneError) in try object.required("changes") }) else { return nil }
        a.changes = decodeChanges(changes)
        if let r = object.optional("completion") { a.completion = decodeCompletion(r) }
        return errors.count == errorCount ? .animate(a) : nil
    }

    /// An `options` value: one name or a list of names.
    static func optionItems(_ r: JSONReader) -> [JSONReader] {
        if case .string = r.value { return [r] }
        return (try? r.array()) ?? [r]
    }

    /// The options of `animate`, or the UIView options of `animateKeyframes` (`keyframes`: its
    /// calculation modes are taken out before, and a misspelt one gets a hint too).
    func decodeViewOptions(_ items: [JSONReader], into a: inout UIViewAnimation, keyframes: Bool = false) {
        var curve: String?
        for item in items {
            guard let name = attempt({ () throws(SceneError) in try item.string() }) else { continue }
            guard let option = Self.viewOptions.first(where: { $0.name == name })?.option else {
                if !keyframes, Self.calculationModeOptions.contains(where: { $0.name == name }) {
                    errors.append(item.error("'\(name)' is an option of UIView.animateKeyframes, not of animate",
                                             hint: "use the 'animateKeyframes' verb"))
                    continue
                }
                let names = Self.viewOptions.map(\.name) + (keyframes ? Self.calculationModeOptions.map(\.name) : [])
                let hint = EditDistance.suggestion(for: name, among: names)
                errors.append(item.error("unknown animation option '\(name)'", hint: hint.map { "did you mean '\($0)'?" }))
                continue
            }
            switch option {
            case let .curve(f):
                if let first = curve, first != name {
                    errors.append(item.error(Self.conflict(first, name, among: Self.curveBits, what: "curve")))
                }
                curve = curve ?? name
                a.curve = f
            case .repeats: a.repeats = true
            case .autoreverses: a.autoreverses = true
            case .beginFromCurrentState: a.beginFromCurrentState = true
            case .noEffect: break
            case .transitionOnly:
                errors.append(item.error("'\(name)' is an option of UIView.transition, not of animate", hint: "use the 'transition' or 'transitionFromView' verb"))
            }
        }
    }

    /// UIViewAnimationOptions' curve field (bits 16–19): easeInOut 0, easeIn 1, easeOut 2, linear 3.
    static let curveBits = [("curveEaseInOut", 0), ("curveEaseIn", 1), ("curveEaseOut", 2), ("curveLinear", 3)]

    /// The message for two options of one field: UIKit ORs option bits, so a Swift option set
    /// holding both means a third value (or one of them), never "the last one".
    static func conflict(_ first: String, _ second: String, among bits: [(String, Int)], what: String) -> String {
        let value = { (name: String) in bits.first { $0.0 == name }?.1 ?? 0 }
        let combined = value(first) | value(second)
        let meaning = bits.first { $0.1 == combined }.map { "'\($0.0)'" } ?? "no \(what) UIKit names"
        return "'\(first)' and '\(second)' are both \(what) options: UIKit ORs the option bits, which here means \(meaning); give one \(what)"
    }

    private func decodeViewSpring(_ r: JSONReader, into a: inout UIViewAnimation) {
        guard let object = attempt({ () throws(SceneError) in try r.object() }) else { return }
        report(object.unknownKeys(allowed: ["damping", "initialVelocity", "bounce"]))
        let velocity = finite(object, "initialVelocity", min: nil) ?? 0
        if let b = object.optional("bounce") {
            // A bounce that is not a number of at least −1 is reported by `finite`; the spring is
            // then left out rather than asking for a damping the scene did not mean to give.
            guard let bounce = finite(object, "bounce", min: -1) else { return }
            if let d = object.optional("damping") {
                errors.append(d.error("give either damping or bounce, not both"))
            }
            if bounce >= 1 {
                errors.append(b.error("bounce must be less than 1: bounce 1 is an undamped spring, which never settles"))
            }
            let spring = Spring.perceptual(duration: max(a.duration, 0.001), bounce: min(bounce, 1), initialVelocity: velocity)
            a.spring = spring
            a.duration = spring.settlingDuration > 0 ? spring.settlingDuration : a.duration
            return
        }
        guard let dReader = attempt({ () throws(SceneError) in try object.required("damping") }),
              let damping = attempt({ () throws(SceneError) in try dReader.number() }) else { return }
        if damping <= 0 { errors.append(dReader.error("damping is a damping ratio and must be more than 0 (1 = no overshoot)")) }
        a.spring = Spring.uiView(duration: a.duration, dampingRatio: damping, initialVelocity: velocity)
    }

    /// `changes`: `{"layerId": {"property": value, …}, …}` with UIView or CALayer names.
    func decodeChanges(_ r: JSONReader) -> [LayerChanges] {
        guard let object = attempt({ () throws(SceneError) in try r.object() }) else { return [] }
        var out: [LayerChanges] = []
        for id in object.keys {
            guard let entry = object.reader(for: id) else { continue }
            let layer = attempt { () throws(SceneError) in try resolveLayer(id: id, at: entry) }
            guard let settings = attempt({ () throws(SceneError) in try entry.object() }) else { continue }
            let decoded = decodeSettings(settings, allowed: LayerKey.settingKeys)
            if let layer {
                checkClassKeys(settings, layer: layer)
                out.append(LayerChanges(layer: layer, settings: decoded))
            }
        }
        return out
    }

    /// `completion`: actions (any timeline verb, without `at`), each optionally with
    /// `"if": "finished" | "interrupted"`.
    func decodeCompletion(_ r: JSONReader) -> [CompletionAction] {
        guard let list = attempt({ () throws(SceneError) in try r.array() }) else { return [] }
        var out: [CompletionAction] = []
        for item in list {
            guard let object = attempt({ () throws(SceneError) in try item.object() }) else { continue }
            var condition = CompletionAction.Condition.always
            if let c = object.optional("if") {
                condition = decodeName(c, CompletionAction.Condition.self, what: "completion condition") ?? .always
            }
            let verbs = object.keys.filter { $0 != "if" }
            guard verbs.count == 1, let verb = verbs.first, let body = object.reader(for: verb) else {
                errors.append(item.error("a completion action needs exactly one verb (\(Self.verbs.joined(separator: ", "))) and optionally \"if\""))
                continue
            }
            if let action = decodeVerb(verb, body, in: object) { out.append(CompletionAction(condition: condition, action: action)) }
        }
        return out
    }
}
