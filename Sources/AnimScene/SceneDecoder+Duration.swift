import AnimGeometry
import AnimEngine

extension SceneDecoder {
    /// Sets the canvas's duration when the scene gives none (``inferredDuration()``), refusing one
    /// past a day at the animation or action that ends last (an explicit duration is checked with
    /// the canvas). Returns where the duration comes from: `canvas.duration`, that animation or
    /// action, or nil for the default of 1 s.
    func decodeDurationSource(_ object: JSONObjectReader, _ canvas: inout SceneCanvas) -> ScenePlace? {
        let canvasObject = object.optional("canvas").flatMap { try? $0.object() }
        if let given = canvasObject?.optional("duration") { return given.place }
        let (end, last) = inferredDuration()
        canvas.duration = end
        if !(end <= SceneLimits.maxDuration), let last {
            let what = last.animation ? "this animation ends" : "this action runs"
            errors.append(SceneError(
                file: file, path: last.place.path, location: last.place.location,
                message: "without canvas.duration a scene lasts until its last animation or action ends, and \(what) at "
                    + "\(formatNumber(end)) s, later than a scene may last (\(formatNumber(SceneLimits.maxDuration)) s, a day)",
                hint: "set canvas.duration"))
        }
        return last?.place
    }

    /// Without an explicit duration: the end of the last finite animation or action, so that a
    /// looping GIF of it repeats with no pause (a 0.25 s animation gives 0.25 s); 1 s when nothing
    /// ends after t = 0 (no animations, or only ones that repeat forever). Also where the action
    /// that ends last is written (the first of those ending together), and whether an animation's
    /// end, rather than the action's time, is that end. Animations run in their layer's local
    /// time (``LayerClocks``), so a layer at speed 0.5 ends its 1 s animation at 2 s.
    private func inferredDuration() -> (end: Double, last: (place: ScenePlace, animation: Bool)?) {
        var end = 0.0
        var last: (place: ScenePlace, animation: Bool)?
        let clocks = LayerClocks(tree)
        for (timed, place) in zip(actions, actionPlaces) {
            if timed.time > end { (end, last) = (timed.time, (place, false)) }
            let finish = Self.finiteEnd(of: timed.action, at: timed.time, clocks: clocks)
            if finish > end { (end, last) = (finish, (place, true)) }
        }
        return end > 0 ? (end, last) : (1, nil)
    }

    /// When an action run at `t` has finished animating, if that is a finite time, else `t`: a
    /// CAAnimation's active duration, a UIView animation's delay and duration (keyframes alike), a
    /// view transition's duration, and what their completion handlers start when they end; each
    /// on the clock of the layer it animates.
    static func finiteEnd(of action: Action, at t: Double, clocks: LayerClocks) -> Double {
        var end = t
        switch action {
        case let .addAnimation(layer, a):
            // beginTime 0 is "now" on the layer's clock; a given beginTime is a time on that clock.
            let now = clocks.localTime(of: layer, at: t)
            let begin = a.timing.beginTime == 0 ? now : a.timing.beginTime
            let active = a.timing.activeDuration / (a.timing.speed == 0 ? 1 : abs(a.timing.speed))
            if active.isFinite, let finish = clocks.sceneTime(of: layer, reaching: begin + active, from: t, now: now) {
                end = max(end, finish)
            }
        case let .animate(a):
            end = finiteEnd(of: a, layers: action.blockLayers, at: t, clocks: clocks)
        case let .animateKeyframes(k):
            end = finiteEnd(of: k.base, layers: action.blockLayers, at: t, clocks: clocks)
        case let .transition(v):
            // The transition shows on its layer's clock, and its completion handlers run when it
            // finishes there, as the engine schedules them (``CompletionScheduler``).
            let finish = v.endTime(startingAt: t)
            if finish.isFinite {
                let layers = [clocks.transitioning(v.target)]
                end = max(end, clocks.stretched(finish, from: t, layers: layers),
                          completionsEnd(v.completion, at: clocks.finished(finish, from: t, layers: layers), clocks: clocks))
            }
        default:
            break
        }
        return end
    }

    /// A UIView animation's end: its delay and duration on the clock of each layer it changes
    /// (the latest of them), and its completion handlers, which the engine runs when it has
    /// finished on those clocks (``CompletionScheduler``).
    private static func finiteEnd(of a: UIViewAnimation, layers: [Int], at t: Double, clocks: LayerClocks) -> Double {
        let finish = a.endTime(startingAt: t)
        guard finish.isFinite else { return t }
        return max(t, clocks.stretched(finish, from: t, layers: layers),
                   completionsEnd(a.completion, at: clocks.finished(finish, from: t, layers: layers), clocks: clocks))
    }

    /// When completion handlers called at `t` have finished animating: `t` itself, or 0 when they
    /// are never called (`t` infinite: the animation's clock is stopped).
    private static func completionsEnd(_ completion: [CompletionAction], at t: Double, clocks: LayerClocks) -> Double {
        guard t.isFinite else { return 0 }
        return completion.reduce(t) { max($0, finiteEnd(of: $1.action, at: t, clocks: clocks)) }
    }

    /// At most `SceneLimits.maxFrames` frames at the scene's own rate. The error is located where
    /// the duration comes from (`canvas.duration`, or the animation or action that ends last when it
    /// is inferred), or at `canvas` for the default duration.
    func checkFrameCount(_ canvas: SceneCanvas, _ object: JSONObjectReader, durationSource: ScenePlace?) {
        let frames = canvas.duration * canvas.fps
        guard frames > Double(SceneLimits.maxFrames) else { return }
        let place = durationSource ?? (object.optional("canvas") ?? object.reader).place
        errors.append(SceneError(file: file, path: place.path, location: place.location, message:
            "the scene asks for \(formatNumber(frames.rounded())) frames (duration \(formatNumber(canvas.duration)) s"
                + " at \(formatNumber(canvas.fps)) fps); at most \(SceneLimits.maxFrames) are allowed"))
    }
}
