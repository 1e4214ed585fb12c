import AnimLayers
import AnimTiming

/// A CAAnimation: its timing, its key and what it animates.
public struct Animation: Hashable, Sendable {
    /// The key it was added under (`addAnimation(_:forKey:)`); nil for an unnamed animation.
    public var key: String?
    public var timing: MediaTiming
    /// CAAnimation.removedOnCompletion (default true).
    public var removedOnCompletion: Bool
    /// nil = linear pacing, Core Animation's default for explicit animations.
    public var timingFunction: TimingFunction?
    public var content: Content

    /// The animation classes.
    public enum Content: Hashable, Sendable {
        /// CABasicAnimation.
        case basic(BasicAnimation)
        /// CASpringAnimation: a basic animation whose progress follows a spring in seconds.
        case spring(SpringAnimation)
        /// CAKeyframeAnimation with `values`.
        case keyframe(KeyframeAnimation)
        /// CAKeyframeAnimation with a `path` (on a point property such as `position`).
        case path(PathAnimation)
        /// CAAnimationGroup: children run in the group's time.
        case group(AnimationGroup)
    }

    public init(key: String? = nil, timing: MediaTiming = MediaTiming(), removedOnCompletion: Bool = true,
                timingFunction: TimingFunction? = nil, content: Content) {
        self.key = key
        self.timing = timing
        self.removedOnCompletion = removedOnCompletion
        self.timingFunction = timingFunction
        self.content = content
    }

    /// The key paths the animation changes, in the order it changes them.
    public var keyPaths: [LayerKeyPath] {
        switch content {
        case let .basic(b): [b.keyPath]
        case let .spring(s): [s.basic.keyPath]
        case let .keyframe(k): [k.keyPath]
        case let .path(p): [p.keyPath]
        case let .group(g): g.animations.flatMap(\.keyPaths)
        }
    }
}

/// CABasicAnimation: interpolation between from/to/by values (core-animation-semantics.md §3.1).
public struct BasicAnimation: Hashable, Sendable {
    public var keyPath: LayerKeyPath
    public var fromValue: AnimatableValue?
    public var toValue: AnimatableValue?
    public var byValue: AnimatableValue?
    public var isAdditive: Bool
    public var isCumulative: Bool
    /// CAPropertyAnimation.valueFunction (§3.3): when set, the from/to/by values are the function's
    /// numbers, and the matrix it builds from the interpolated numbers is the animated value.
    public var valueFunction: ValueFunction?

    public init(keyPath: LayerKeyPath, fromValue: AnimatableValue? = nil, toValue: AnimatableValue? = nil,
                byValue: AnimatableValue? = nil, isAdditive: Bool = false, isCumulative: Bool = false,
                valueFunction: ValueFunction? = nil) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
    }

    /// The start and end values given the current model value `base`, per Apple's table.
    public func endpoints(base: AnimatableValue) -> (start: AnimatableValue, end: AnimatableValue) {
        switch (fromValue, toValue, byValue) {
        case let (from?, to?, _): (from, to)
        case let (from?, nil, by?): (from, from.adding(by))
        case let (nil, to?, by?): (to.subtracting(by), to)
        case let (from?, nil, nil): (from, base)
        case let (nil, to?, nil): (base, to)
        case let (nil, nil, by?): (base, base.adding(by))
        case (nil, nil, nil): (base, base)
        }
    }

    /// The animation's value at progress `p` (after the timing function) in repeat cycle `cycle`.
    /// With a value function the numbers are interpolated (and accumulated), `base` is replaced by
    /// the function's identity input, and the result is the function's matrix.
    public func value(progress p: Double, cycle: Int, base: AnimatableValue) -> AnimatableValue {
        let (start, end) = endpoints(base: valueFunction?.identityInput ?? base)
        var v = start.interpolated(to: end, by: p)
        if isCumulative && cycle > 0 {
            v = v.adding(end.subtracting(start).scaled(by: Double(cycle)))
        }
        return valueFunction.map { .transform($0.matrix(v)) } ?? v
    }
}

/// CASpringAnimation: the from/to/by values of a basic animation, reached along a damped spring
/// evaluated in seconds of the animation's basic local time (core-animation-semantics.md §5.1).
public struct SpringAnimation: Hashable, Sendable {
    public var basic: BasicAnimation
    public var spring: Spring

    public init(basic: BasicAnimation, spring: Spring = Spring()) {
        self.basic = basic
        self.spring = spring
    }
}

/// CAAnimationGroup: its children's times are seconds of the group's basic local time; they are
/// clipped to the group's active duration (core-animation-semantics.md §2.3).
public struct AnimationGroup: Hashable, Sendable {
    public var animations: [Animation]

    public init(animations: [Animation]) {
        self.animations = animations
    }
}
