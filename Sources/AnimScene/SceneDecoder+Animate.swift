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

    func decodeViewOptions(_ items: [JSONReader], into a: inout UIViewAnimation) {
        for item in items {
            guard let name = attempt({ () throws(SceneError) in try item.string() }) else { continue }
            guard let option = Self.viewOptions.first(where: { $0.name == name })?.option else {
                let hint = EditDistance.suggestion(for: name, among: Self.viewOptions.map(\.name))
                errors.append(item.error("unknown animation option '\(name)'", hint: hint.map { "did you mean '\($0)'?" }))
                continue
            }
            switch option {
            case let .curve(f): a.curve = f
            case .repeats: a.repeats = true
            case .autoreverses: a.autoreverses = true
            case .beginFromCurrentState: a.beginFromCurrentState = true
            case .noEffect: break
            case .transitionOnly:
                errors.append(item.error("'\(name)' is an option of UIView.transition, not of animate", hint: "use the 'transition' or 'transitionFromView' verb"))
            }
        }
    }

    private func decodeViewSpring(_ r: JSONReader, into a: inout UIViewAnimation) {
        guard let object = attempt({ () throws(SceneError) in try r.object() }) else { return }
        report(object.unknownKeys(allowed: ["damping", "initialVelocity", "bounce"]))
        if let bounce = finite(object, "bounce", min: -1) {
            if let d = object.optional("damping") {
                errors.append(d.error("give either damping (with initialVelocity) or bounce, not both"))
            }
            if bounce >= 1, let b = object.optional("bounce") {
                errors.append(b.error("bounce must be less than 1: bounce 1 is an undamped spring, which never settles"))
            }
            let spring = Spring.perceptual(duration: max(a.duration, 0.001), bounce: min(bounce, 1))
            a.spring = spring
            a.duration = spring.settlingDuration > 0 ? spring.settlingDuration : a.duration
            return
        }
        guard let dReader = attempt({ () throws(SceneError) in try object.required("damping") }),
              let damping = attempt({ () throws(SceneError) in try dReader.number() }) else { return }
        if damping <= 0 { errors.append(dReader.error("damping is a damping ratio and must be more than 0 (1 = no overshoot)")) }
        let velocity = finite(object, "initialVelocity", min: nil) ?? 0
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
