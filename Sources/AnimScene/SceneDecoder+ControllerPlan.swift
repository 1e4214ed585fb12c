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
/// before the hierarchy changes (its snapshot is the picture before them), whether `from`
/// leaves at the start rather than at the end, and the views UIKit adds for the transition only
/// (the navigation dimming view and edge shadow), which leave when it ends.
struct AnimatorSteps {
    var steps: [(offset: Double, action: Action)] = []
    var leadingTransition: Action?
    var removesFromAtStart = false
    var transient: [Int] = []
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
            work = builtInSteps(plan, ctx, interactive: object.optional("interactive") != nil)
        }
        let drive = animated ? object.optional("interactive").flatMap { decodeInteractive($0, ctx, rigid: work.leadingTransition != nil, also: work.transient) } : nil
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
        out += work.transient.map { TimedAction(time: end, action: .removeFromSuperlayer(layer: $0)) }
        for c in object.optional("completion").map(decodeCompletion) ?? []
        where c.condition == .always || c.condition == (cancelled ? .interrupted : .finished) {
            out.append(TimedAction(time: end, action: c.action))
        }
        addActions(out, from: object.reader)
        return !cancelled
    }

    /// UIKit's own animations for each style (durations and curves: BuiltInTiming). A push or pop
    /// driven by a gesture runs its animation linearly, so the moving view follows the finger
    /// (`_UINavigationParallaxTransition` picks the linear curve when its context is interactive;
    /// the completion still plays along the completion curve).
    func builtInSteps(_ plan: ControllerPlan, _ ctx: TransitionContext, interactive: Bool = false) -> AnimatorSteps {
        let b = ctx.containerBounds
        let navigation = ctx.kind == .push || ctx.kind == .pop
        let curve: TimingFunction = interactive && navigation ? .linear : .easeInEaseOut
        func centre(_ layer: Int) -> Point {
            let a = tree.nodes[layer].properties.anchorPoint
            return Point(x: b.origin.x + a.x * b.width, y: b.origin.y + a.y * b.height)
        }
        func value(_ path: String, _ v: Double) -> LayerSetting { .value(LayerKeyPath(path)!, .number(v)) }
        func animate(_ changes: [(Int, [LayerSetting])]) -> Action {
            .animate(UIViewAnimation(duration: ctx.duration, curve: curve,
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
            let dim = dimmingView(ctx, opacity: 0)
            // The edge shadow rides on the incoming view's left edge and fades out as it arrives.
            let edgeX = b.origin.x - BuiltInTiming.edgeShadowWidth / 2
            let edge = edgeShadow(ctx, x: edgeX + b.width, opacity: 1)
            work.steps = [(0, set(to, [value("position.x", centre(to).x + b.width)])),
                          (0, .addSublayer(layer: dim, parent: ctx.container, below: to)),
                          (0, .addSublayer(layer: edge, parent: ctx.container, below: to)),
                          (0, animate([(to, [value("position.x", centre(to).x)]), (from, [value("position.x", centre(from).x - shift)]),
                                       (dim, [value("opacity", BuiltInTiming.navigationDimming)]),
                                       (edge, [value("position.x", edgeX), value("opacity", 0)])]))]
            work.transient = [dim, edge]
        default:  // pop
            let shift = b.width * BuiltInTiming.parallax
            let dim = dimmingView(ctx, opacity: BuiltInTiming.navigationDimming)
            let edgeX = b.origin.x - BuiltInTiming.edgeShadowWidth / 2
            let edge = edgeShadow(ctx, x: edgeX, opacity: 0)
            work.steps = [(0, set(to, [value("position.x", centre(to).x - shift)])),
                          (0, .addSublayer(layer: dim, parent: ctx.container, below: from)),
                          (0, .addSublayer(layer: edge, parent: ctx.container, below: from)),
                          (0, animate([(to, [value("position.x", centre(to).x)]), (from, [value("position.x", centre(from).x + b.width)]),
                                       (dim, [value("opacity", 0)]),
                                       (edge, [value("position.x", edgeX + b.width), value("opacity", 1)])]))]
            work.transient = [dim, edge]
        }
        return work
    }

    /// The black view UIKit lays over the covered view in a push or pop, not yet in the container.
    /// The transition refers to it by index.
    private func dimmingView(_ ctx: TransitionContext, opacity: Double) -> Int {
        let b = ctx.containerBounds
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: b.width, height: b.height)
        p.position = Point(x: b.origin.x + b.width / 2, y: b.origin.y + b.height / 2)
        p.backgroundColor = .black
        p.opacity = opacity
        return transientLayer("$dimming", p)
    }

    /// UIKit's `_UIVerticalEdgeShadowView` along the moving view's left edge in a push or pop: a
    /// strip `edgeShadowWidth` wide, just outside the view, whose black darkens toward the view
    /// (BuiltInTiming.edgeShadowAlpha), centred on `x`, not yet in the container.
    private func edgeShadow(_ ctx: TransitionContext, x: Double, opacity: Double) -> Int {
        let b = ctx.containerBounds, w = BuiltInTiming.edgeShadowWidth
        var p = LayerProperties()
        p.kind = .gradient
        p.bounds = Rect(x: 0, y: 0, width: w, height: b.height)
        p.position = Point(x: x, y: b.origin.y + b.height / 2)
        p.gradient.colors = [BuiltInTiming.edgeShadowAlpha.outer, BuiltInTiming.edgeShadowAlpha.inner].map {
            Color(red: 0, green: 0, blue: 0, alpha: $0)
        }
        p.gradient.startPoint = Point(x: 0, y: 0.5)
        p.gradient.endPoint = Point(x: 1, y: 0.5)
        p.opacity = opacity
        return transientLayer("$edgeShadow", p)
    }

    /// A layer of UIKit's own, outside every tree until a step adds it. Its id only names it in the
    /// tree: a declared layer with the same id would still be the one a scene's id finds (ids are
    /// looked up first-declared first).
    private func transientLayer(_ name: String, _ p: LayerProperties) -> Int {
        let index = tree.append(id: "\(name)\(tree.nodes.count)", properties: p, parent: nil)
        tree.removeFromSuperlayer(index)
        return index
    }
}
