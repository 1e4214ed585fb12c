import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// What a view-controller transition does to the hierarchy: add `to` at the start (into the
/// container, on top, or below `from` when it comes back), remove `from` at the end.
struct ControllerPlan {
    var context: TransitionContext
    var style: BuiltInTransition?
    var removesFrom: Bool
    var addsTo: Bool
}

/// The animator's work: actions at offsets from the start, perhaps a transition that must come
/// before the hierarchy changes (its snapshot is the picture before them), and whether `from`
/// leaves at the start rather than at the end.
struct AnimatorSteps {
    var steps: [(offset: Double, action: Action)] = []
    var leadingTransition: Action?
    var removesFromAtStart = false
}

extension SceneDecoder {
    /// Emits the plan's actions; returns false when an interactive transition is cancelled (the
    /// view controllers then stay as they were).
    func lower(_ plan: ControllerPlan, _ object: JSONObjectReader) -> Bool {
        var ctx = plan.context
        let animated = object.optional("animated").flatMap { r in attempt { () throws(SceneError) in try r.bool() } } ?? true
        var work = AnimatorSteps()
        if animated, let r = object.optional("animator") {
            guard let steps = decodeAnimator(r, context: &ctx) else { return false }
            work.steps = steps
        } else if animated {
            work = builtInSteps(plan, ctx)
        }
        let drive = animated ? object.optional("interactive").flatMap { decodeInteractive($0, ctx, rigid: work.leadingTransition != nil) } : nil
        let cancelled = drive?.ending == .cancel
        let t = ctx.start
        var out: [TimedAction] = []
        if let leading = work.leadingTransition { out.append(TimedAction(time: t, action: leading)) }
        if plan.addsTo {
            // The view arriving (or coming back) gets its final frame: the container's bounds.
            out.append(TimedAction(time: t, action: .addSublayer(layer: ctx.to, parent: ctx.container, below: ctx.kind.adds ? nil : ctx.from)))
            out.append(TimedAction(time: t, action: .set([(layer: ctx.to, changes: [.frame(ctx.containerBounds)])])))
        }
        if work.removesFromAtStart { out.append(TimedAction(time: t, action: .removeFromSuperlayer(layer: ctx.from))) }
        if let drive { out.append(TimedAction(time: t, action: .interactive(drive))) }
        out += work.steps.map { TimedAction(time: t + $0.offset, action: $0.action) }
        let end = t + (animated ? (drive?.completionOffset ?? ctx.duration) : 0)
        if let drive, cancelled {
            out.append(TimedAction(time: end, action: .restoreAfterCancel(id: drive.id)))
            if plan.addsTo { out.append(TimedAction(time: end, action: .removeFromSuperlayer(layer: ctx.to))) }
        } else if plan.removesFrom && !work.removesFromAtStart {
            out.append(TimedAction(time: end, action: .removeFromSuperlayer(layer: ctx.from)))
        }
        for c in object.optional("completion").map(decodeCompletion) ?? []
        where c.condition == .always || c.condition == (cancelled ? .interrupted : .finished) {
            out.append(TimedAction(time: end, action: c.action))
        }
        actions += out
        return !cancelled
    }

    /// UIKit's own animations for each style (durations and curves: BuiltInTiming).
    func builtInSteps(_ plan: ControllerPlan, _ ctx: TransitionContext) -> AnimatorSteps {
        let b = ctx.containerBounds
        func centre(_ layer: Int) -> Point {
            let a = tree.nodes[layer].properties.anchorPoint
            return Point(x: b.origin.x + a.x * b.width, y: b.origin.y + a.y * b.height)
        }
        func value(_ path: String, _ v: Double) -> LayerSetting { .value(LayerKeyPath(path)!, .number(v)) }
        func animate(_ changes: [(Int, [LayerSetting])]) -> Action {
            .animate(UIViewAnimation(duration: ctx.duration, curve: .easeInEaseOut,
                                     changes: changes.map { LayerChanges(layer: $0.0, settings: $0.1) }))
        }
        func set(_ layer: Int, _ settings: [LayerSetting]) -> Action { .set([(layer: layer, changes: settings)]) }
        func effect(_ e: TransitionEffect, start: Double = 0, end: Double = 1, holds: Bool = false) -> Action {
            var v = ViewTransition(target: .layer(ctx.container), effect: e, duration: ctx.duration, timingFunction: .easeInEaseOut,
                                   startProgress: start, endProgress: end)
            v.holdsAtEnd = holds
            return .transition(v)
        }
        let (to, from) = (ctx.to, ctx.from)
        var work = AnimatorSteps()
        switch (ctx.kind, plan.style) {
        case (.present, .coverVertical?):
            work.steps = [(0, set(to, [value("position.y", centre(to).y + b.height)])), (0, animate([(to, [value("position.y", centre(to).y)])]))]
        case (.dismiss, .coverVertical?):
            work.steps = [(0, animate([(from, [value("position.y", centre(from).y + b.height)])]))]
        case (.present, .crossDissolve?):
            work.steps = [(0, set(to, [value("opacity", 0)])), (0, animate([(to, [value("opacity", 1)])]))]
        case (.dismiss, .crossDissolve?):
            work.steps = [(0, animate([(from, [value("opacity", 0)])]))]
        case (.present, .flipHorizontal?):
            work.leadingTransition = effect(TransitionEffect(.oglFlip, .fromRight))
        case (.dismiss, .flipHorizontal?):
            work.leadingTransition = effect(TransitionEffect(.oglFlip, .fromLeft))
            work.removesFromAtStart = true
        case (.present, .partialCurl?):
            work.leadingTransition = effect(TransitionEffect(.pageCurl, .fromBottom), end: BuiltInTiming.partialCurl, holds: true)
        case (.dismiss, .partialCurl?):
            work.leadingTransition = effect(TransitionEffect(.pageUnCurl, .fromBottom), start: 1 - BuiltInTiming.partialCurl)
            work.removesFromAtStart = true
        case (.push, _):
            let shift = b.width * BuiltInTiming.parallax
            work.steps = [(0, set(to, [value("position.x", centre(to).x + b.width)])),
                          (0, animate([(to, [value("position.x", centre(to).x)]), (from, [value("position.x", centre(from).x - shift)])]))]
        default:  // pop
            let shift = b.width * BuiltInTiming.parallax
            work.steps = [(0, set(to, [value("position.x", centre(to).x - shift)])),
                          (0, animate([(to, [value("position.x", centre(to).x)]), (from, [value("position.x", centre(from).x + b.width)])]))]
        }
        return work
    }
}
