import AnimEngine
import AnimGeometry
import AnimTiming

/// Custom animators (UIViewControllerAnimatedTransitioning) and percent-driven interaction.
extension SceneDecoder {
    /// `animator`: `{"transitionDuration": d, "animateTransition": [steps]}`; each step is a timeline
    /// action with an optional `at` (seconds after the start) written with the context placeholders.
    /// completeTransition(true) is called at `transitionDuration`.
    func decodeAnimator(_ r: JSONReader, context ctx: inout TransitionContext) -> [(offset: Double, action: Action)]? {
        guard let object = attempt({ () throws(SceneError) in try r.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["transitionDuration", "animateTransition"]))
        guard let dReader = attempt({ () throws(SceneError) in try object.required("transitionDuration") }),
              let duration = attempt({ () throws(SceneError) in try dReader.number() }) else { return nil }
        guard duration > 0, duration.isFinite else {
            errors.append(dReader.error("transitionDuration must be more than 0, found \(formatNumber(duration))"))
            return nil
        }
        ctx.duration = duration
        let names = TransitionPlaceholders(from: tree.nodes[ctx.from].id, to: tree.nodes[ctx.to].id, container: tree.nodes[ctx.container].id,
                                           initialFrameFrom: ctx.initialFrameFrom, containerBounds: ctx.containerBounds, duration: duration)
        guard let list = attempt({ () throws(SceneError) in try object.required("animateTransition").array() }) else { return nil }
        var steps: [(offset: Double, action: Action)] = []
        for item in list {
            var unknown: [(String, SourceLocation)] = []
            let step = JSONReader(node: names.substitute(item.node, unknown: &unknown), path: item.path, file: file)
            for (name, location) in unknown {
                let hint = EditDistance.bestMatch(for: name, among: TransitionPlaceholders.names)
                errors.append(SceneError(file: file, path: item.path, location: location, message: "unknown transition-context name '\(name)'",
                                         hint: hint.map { "did you mean '\($0)'?" }))
            }
            if let s = decodeAnimatorStep(step) { steps.append(s) }
        }
        return steps
    }

    private func decodeAnimatorStep(_ step: JSONReader) -> (offset: Double, action: Action)? {
        guard let object = attempt({ () throws(SceneError) in try step.object() }) else { return nil }
        let offset = finite(object, "at", min: 0) ?? 0
        let verbs = object.keys.filter { $0 != "at" }
        guard verbs.count == 1, let verb = verbs.first, let body = object.reader(for: verb) else {
            errors.append(step.error("an animator step needs exactly one verb (\(Self.verbs.joined(separator: ", "))) and optionally 'at'"))
            return nil
        }
        guard !Self.controllerVerbs.contains(verb) else {
            errors.append(body.error("an animator cannot \(verb) view controllers"))
            return nil
        }
        return decodeVerb(verb, body, in: object).map { (offset, $0) }
    }

    /// `interactive`: `{"percent": [[t, p], …], "finish" | "cancel": {"at": t, "completionSpeed": 1,
    /// "completionCurve": "easeInOut"}}`, times in seconds after the start.
    /// `also`: views that take part in the transition besides from and to (their animations are driven too).
    func decodeInteractive(_ r: JSONReader, _ ctx: TransitionContext, rigid: Bool, also: [Int] = []) -> InteractiveTransition? {
        guard let object = attempt({ () throws(SceneError) in try r.object() }) else { return nil }
        report(object.unknownKeys(allowed: ["percent", "finish", "cancel"]))
        if rigid {
            errors.append(r.error("flipHorizontal and partialCurl are not animations of the views, so they cannot be driven interactively"))
            return nil
        }
        let percents = decodePercents(object)
        let endings = ["finish", "cancel"].filter(object.has)
        guard endings.count == 1, let endingName = endings.first, let endReader = object.reader(for: endingName),
              let end = attempt({ () throws(SceneError) in try endReader.object() }) else {
            errors.append(r.error("an interactive transition ends with exactly one of 'finish' or 'cancel'"))
            return nil
        }
        report(end.unknownKeys(allowed: ["at", "completionSpeed", "completionCurve"]))
        guard let at = attempt({ () throws(SceneError) in try end.required("at").number() }) else { return nil }
        let curve = end.optional("completionCurve").flatMap(decodeCompletionCurve) ?? .easeInEaseOut
        controllers.nextID += 1
        return InteractiveTransition(id: controllers.nextID, layers: [ctx.from, ctx.to] + also, duration: ctx.duration, percents: percents,
                                     ending: endingName == "finish" ? .finish : .cancel, endOffset: max(0, at),
                                     completionSpeed: finite(end, "completionSpeed", min: nil) ?? 1, completionCurve: curve)
    }

    private func decodePercents(_ object: JSONObjectReader) -> [InteractiveTransition.PercentKey] {
        guard let list = attempt({ () throws(SceneError) in try object.required("percent").array() }) else { return [] }
        var keys: [InteractiveTransition.PercentKey] = []
        for item in list {
            guard let pair = attempt({ () throws(SceneError) in try item.array() }), pair.count == 2,
                  let t = attempt({ () throws(SceneError) in try pair[0].number() }),
                  let p = attempt({ () throws(SceneError) in try pair[1].number() }) else {
                errors.append(item.error("a percent key is [seconds after the start, percent 0…1]"))
                continue
            }
            if let last = keys.last, t < last.offset { errors.append(item.error("percent keys must be in time order")) }
            keys.append(.init(offset: t, percent: p))
        }
        return keys
    }

    /// UIViewAnimationCurve names, or any timing function.
    private func decodeCompletionCurve(_ r: JSONReader) -> TimingFunction? {
        let curves: [String: TimingFunction] = ["easeInOut": .easeInEaseOut, "easeIn": .easeIn, "easeOut": .easeOut, "linear": .linear]
        if let name = try? r.string(), let f = curves[name] { return f }
        return decodeTimingFunction(r)
    }
}
