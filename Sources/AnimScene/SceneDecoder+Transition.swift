import AnimGeometry
import AnimEngine
import AnimLayers
import AnimTiming

/// The transition verbs: `transition` (UIView.transition(with:)), `transitionFromView`
/// (UIView.transition(from:to:)) and `caTransition` (a CATransition added to a layer).
extension SceneDecoder {
    /// UIKit's transition options and the CATransition each lowers to (§9.2).
    static let transitionOptions: [(name: String, effect: TransitionEffect?)] = [
        ("transitionNone", nil),
        ("transitionFlipFromLeft", TransitionEffect(.oglFlip, .fromLeft)),
        ("transitionFlipFromRight", TransitionEffect(.oglFlip, .fromRight)),
        ("transitionFlipFromTop", TransitionEffect(.oglFlip, .fromTop)),
        ("transitionFlipFromBottom", TransitionEffect(.oglFlip, .fromBottom)),
        ("transitionCurlUp", TransitionEffect(.pageCurl, .fromBottom)),
        ("transitionCurlDown", TransitionEffect(.pageUnCurl, .fromBottom)),
        ("transitionCrossDissolve", TransitionEffect(.fade)),
    ]

    /// `transition`: `view`, `duration`, `options`, `changes`, `completion`.
    func decodeViewTransition(_ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["view", "duration", "options", "changes", "completion"]))
        let errorCount = errors.count
        let view = attempt { () throws(SceneError) in try resolveLayer(try object.required("view")) }
        var v = ViewTransition(target: .layer(view ?? 0), effect: nil, duration: transitionDuration(object) ?? 0)
        decodeTransitionOptions(object, into: &v, allowsShowHide: false)
        if let r = object.optional("changes") { v.changes = decodeChanges(r) }
        if let r = object.optional("completion") { v.completion = decodeCompletion(r) }
        return errors.count == errorCount && view != nil ? .transition(v) : nil
    }

    /// `transitionFromView`: `from`, `to`, `duration`, `options`, `completion`. The effect runs on
    /// `from`'s superlayer: for a root layer, the canvas's root layer (``rootLayerContainer()``).
    func decodeTransitionFromView(_ body: JSONReader) -> Action? {
        decodeSwapTransition(body, verb: "transitionFromView") { r throws(SceneError) in try resolveLayer(r) }
    }

    /// transitionFromView and transitionFromViewController: the two views (named through `resolve`),
    /// swapped in their superlayer with the options' effect.
    func decodeSwapTransition(_ body: JSONReader, verb: String, resolve: (JSONReader) throws(SceneError) -> Int) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["from", "to", "duration", "options", "completion"]))
        let errorCount = errors.count
        let fromReader = attempt { () throws(SceneError) in try object.required("from") }
        let from = fromReader.flatMap { r in attempt { () throws(SceneError) in try resolve(r) } }
        let to = attempt { () throws(SceneError) in try resolve(try object.required("to")) }
        if let from, tree.roots.contains(from) { _ = rootLayerContainer() }
        if let from, let fromReader, !hasSuperlayer(from) {
            errors.append(fromReader.error("\(verb) animates the superlayer of 'from', and '\(tree.nodes[from].id)' has none "
                                           + "(it is detached, or a mask)", hint: "use a layer that is in the layer tree when the transition starts"))
        }
        if let from, let to, let toReader = object.optional("to"), contains(to, from) {
            // UIKit: a view cannot become a subview of itself or of one of its own subviews.
            errors.append(toReader.error("\(verb) puts 'to' in the superlayer of 'from', and '\(tree.nodes[to].id)' "
                                         + (to == from ? "is 'from' itself" : "contains '\(tree.nodes[from].id)'")
                                         + ": a layer cannot become its own sublayer"))
        }
        var v = ViewTransition(target: .superlayer(of: from ?? 0), effect: nil, duration: transitionDuration(object) ?? 0)
        v.swap = ViewTransition.Swap(from: from ?? 0, to: to ?? 0, showsAndHides: false)
        decodeTransitionOptions(object, into: &v, allowsShowHide: true)
        if let r = object.optional("completion") { v.completion = decodeCompletion(r) }
        return errors.count == errorCount && from != nil && to != nil ? .transition(v) : nil
    }

    /// The canvas's root layer, whose sublayers the scene's `layers` are, as a layer a transition can
    /// run on: made the first time a root layer is `from` (a container covering the canvas that
    /// draws nothing, so the picture is unchanged; the canvas background stays beneath it, as a
    /// window's does), and the same container after that.
    func rootLayerContainer() -> Int {
        if let made = rootContainer { return made }
        var id = "(root layer)", n = 1
        while layerIndex.index(of: id, in: tree) != nil { n += 1; id = "(root layer \(n))" }
        rootContainer = makeCanvasContainer(id: id)
        return rootContainer!
    }

    /// Whether `layer` is `other` or one of its ancestors in the layer tree as the scene starts.
    private func contains(_ layer: Int, _ other: Int) -> Bool {
        var node: Int? = other
        while let n = node {
            if n == layer { return true }
            node = tree.nodes[n].parent
        }
        return false
    }

    /// Whether the layer is a sublayer of another (not a root layer, not detached, not a mask).
    private func hasSuperlayer(_ layer: Int) -> Bool {
        guard let parent = tree.nodes[layer].parent else { return false }
        return tree.nodes[parent].mask != layer
    }

    /// `caTransition`: `layer`, `type`, `subtype`, `duration` (0 → 0.25), `timingFunction` (default
    /// linear), `startProgress`, `endProgress`, `changes`.
    func decodeCATransition(_ body: JSONReader) -> Action? {
        guard let object = attempt({ () throws(SceneError) in try body.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["layer", "type", "subtype", "duration", "timingFunction",
                                            "startProgress", "endProgress", "changes"]))
        let errorCount = errors.count
        let layer = attempt { () throws(SceneError) in try resolveLayer(try object.required("layer")) }
        let type = object.optional("type").flatMap { decodeName($0, TransitionType.self, what: "transition type") } ?? .fade
        let subtype = object.optional("subtype").flatMap { decodeName($0, TransitionSubtype.self, what: "transition subtype") }
        let duration = transitionDuration(object, required: false) ?? 0
        var v = ViewTransition(target: .layer(layer ?? 0), effect: TransitionEffect(type, subtype),
                               duration: duration == 0 ? 0.25 : duration)
        v.timingFunction = object.optional("timingFunction").flatMap(decodeTimingFunction)
        v.startProgress = unitNumber(object, "startProgress") ?? 0
        v.endProgress = unitNumber(object, "endProgress") ?? 1
        if v.endProgress < v.startProgress, let r = object.optional("endProgress") {
            errors.append(r.error("endProgress must not be less than startProgress (\(v.startProgress))"))
        }
        if let r = object.optional("changes") { v.changes = decodeChanges(r) }
        return errors.count == errorCount && layer != nil ? .transition(v) : nil
    }

    private func transitionDuration(_ object: JSONObjectReader, required: Bool = true) -> Double? {
        if required, object.optional("duration") == nil {
            _ = attempt { () throws(SceneError) in try object.required("duration") }
            return nil
        }
        return finite(object, "duration", min: 0)
    }

    private func unitNumber(_ object: JSONObjectReader, _ key: String) -> Double? {
        guard let v = finite(object, key, min: 0) else { return nil }
        if v > 1, let r = object.optional(key) { errors.append(r.error("\(key) must be between 0 and 1, found \(formatNumber(v))")) }
        return min(1, v)
    }

    /// UIView transition options: one transition type, a curve (default easeInOut), and the options
    /// that make sense for a transition.
    private func decodeTransitionOptions(_ object: JSONObjectReader, into v: inout ViewTransition, allowsShowHide: Bool) {
        v.timingFunction = .easeInEaseOut
        var chosen: String?
        for item in object.optional("options").map(Self.optionItems) ?? [] {
            guard let name = attempt({ () throws(SceneError) in try item.string() }) else { continue }
            if let option = Self.transitionOptions.first(where: { $0.name == name }) {
                if let chosen { errors.append(item.error("'\(name)' and '\(chosen)' both choose the transition; give one")) }
                chosen = name
                v.effect = option.effect
                continue
            }
            switch name {
            case "showHideTransitionViews" where allowsShowHide: v.swap?.showsAndHides = true
            case "allowAnimatedContent": v.animatesContent = true
            default: decodeOtherTransitionOption(name, item, into: &v)
            }
        }
    }

    private func decodeOtherTransitionOption(_ name: String, _ item: JSONReader, into v: inout ViewTransition) {
        switch Self.viewOptions.first(where: { $0.name == name })?.option {
        case let .curve(f)?: v.timingFunction = f
        case .noEffect?, .beginFromCurrentState?: break
        case .repeats?, .autoreverses?:
            errors.append(item.error("'\(name)' does not apply to a view transition"))
        case .transitionOnly?:
            errors.append(item.error("'\(name)' is an option of transitionFromView only"))
        case nil:
            let names = Self.transitionOptions.map(\.name) + Self.viewOptions.map(\.name)
            let hint = EditDistance.suggestion(for: name, among: names)
            errors.append(item.error("unknown transition option '\(name)'", hint: hint.map { "did you mean '\($0)'?" }))
        }
    }
}
