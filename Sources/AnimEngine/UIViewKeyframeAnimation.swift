import AnimLayers
import AnimTiming

/// `UIView.animateKeyframes(withDuration:delay:options:animations:completion:)` as data: keyframes
/// with relative start times and durations, lowered to one CAKeyframeAnimation per changed
/// property (core-animation-semantics.md §4.4).
public struct UIViewKeyframeAnimation: Hashable, Sendable {
    /// Duration, delay, curve (the overall timing function), repeat, autoreverse and completion;
    /// its `changes` are unused (each keyframe has its own).
    public var base: UIViewAnimation
    public var calculationMode: CalculationMode
    public var keyframes: [Keyframe]

    public struct Keyframe: Hashable, Sendable {
        public var relativeStartTime: Double
        public var relativeDuration: Double
        public var changes: [LayerChanges]

        public init(relativeStartTime: Double, relativeDuration: Double, changes: [LayerChanges]) {
            self.relativeStartTime = relativeStartTime
            self.relativeDuration = relativeDuration
            self.changes = changes
        }
    }

    public init(base: UIViewAnimation, calculationMode: CalculationMode = .linear, keyframes: [Keyframe]) {
        self.base = base
        self.calculationMode = calculationMode
        self.keyframes = keyframes
    }

    /// Every keyframe's changes in order, as one animations block (for completion scheduling).
    var flattened: UIViewAnimation {
        var a = base
        a.changes = keyframes.flatMap(\.changes)
        return a
    }
}

/// The lowering: the model takes every keyframe's changes at once; each property that changed gets
/// values [the old value (the value on screen with beginFromCurrentState, as for UIView.animate),
/// each keyframe's target…] at key times [0, each keyframe's start and end…, 1],
/// holding the previous value between keyframes; calculationMode from the options; fillMode both;
/// the overall timing function is the curve (easeInEaseOut unless a curve option is given).
enum UIViewKeyframeLowering {
    struct Track {
        var values: [AnimatableValue]
        var keyTimes: [Double]
    }

    static func apply(_ k: UIViewKeyframeAnimation, at t: Double, tree: inout LayerTree, attached: inout [AttachedAnimations]) {
        let layers = Array(Set(k.keyframes.flatMap { $0.changes.map(\.layer) })).sorted()
        for layer in layers {
            let before = tree.nodes[layer].properties
            var after = before
            for keyframe in k.keyframes {
                for entry in keyframe.changes where entry.layer == layer { entry.settings.apply(to: &after) }
            }
            tree.nodes[layer].properties = after
            guard k.base.duration > 0 else { continue }
            let now = tree.localTime(of: layer, at: t)
            let start = k.base.beginFromCurrentState ? UIViewLowering.presentation(before, attached[layer], at: now) : before
            let tracks = tracks(k, layer: layer, model: before, start: start)
            for property in LayerProperty.allCases {
                guard var track = tracks[property] else { continue }
                close(&track)
                let animation = make(k, property, track, begin: now)
                attached[layer].add(animation)  // under its property's name
            }
        }
    }

    /// The values and key times of every property the keyframes change on `layer`, starting from its
    /// value in `start` (the old model, or the layer on screen with beginFromCurrentState).
    static func tracks(_ k: UIViewKeyframeAnimation, layer: Int, model before: LayerProperties,
                       start: LayerProperties) -> [LayerProperty: Track] {
        var state = before
        var tracks: [LayerProperty: Track] = [:]
        for keyframe in k.keyframes {
            let previous = state
            for entry in keyframe.changes where entry.layer == layer { entry.settings.apply(to: &state) }
            for property in LayerProperty.allCases where property.kind != .bool && property.get(previous) != property.get(state) {
                var track = tracks[property] ?? Track(values: [property.get(start)], keyTimes: [0])
                add(keyframe, value: property.get(state), to: &track)
                tracks[property] = track
            }
        }
        return tracks
    }

    /// Holds the previous value until the keyframe starts, then reaches its target at its end.
    static func add(_ keyframe: UIViewKeyframeAnimation.Keyframe, value: AnimatableValue, to track: inout Track) {
        let last = track.keyTimes.last ?? 0
        let start = min(1, max(last, keyframe.relativeStartTime))
        let end = min(1, max(start, keyframe.relativeStartTime + keyframe.relativeDuration))
        if start > last, let held = track.values.last {
            track.values.append(held)
            track.keyTimes.append(start)
        }
        track.values.append(value)
        track.keyTimes.append(end)
    }

    /// Holds the last value until the end.
    static func close(_ track: inout Track) {
        if let last = track.keyTimes.last, last < 1, let held = track.values.last {
            track.values.append(held)
            track.keyTimes.append(1)
        }
    }

    static func make(_ k: UIViewKeyframeAnimation, _ property: LayerProperty, _ track: Track, begin: Double) -> Animation {
        var keyframe = KeyframeAnimation(keyPath: LayerKeyPath(property), values: track.values)
        keyframe.keyTimes = track.keyTimes
        keyframe.calculationMode = k.calculationMode
        var animation = Animation(key: property.rawValue, timingFunction: k.base.curve, content: .keyframe(keyframe))
        animation.timing.duration = k.base.duration
        animation.timing.beginTime = begin + max(0, k.base.delay)
        animation.timing.fillMode = .both
        animation.timing.repeatCount = k.base.repeats ? .infinity : 0
        animation.timing.autoreverses = k.base.autoreverses
        return animation
    }
}
