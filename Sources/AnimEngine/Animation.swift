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
        case basic(BasicAnimation)
    }

    public init(key: String? = nil, timing: MediaTiming = MediaTiming(), removedOnCompletion: Bool = true,
                timingFunction: TimingFunction? = nil, content: Content) {
        self.key = key
        self.timing = timing
        self.removedOnCompletion = removedOnCompletion
        self.timingFunction = timingFunction
        self.content = content
    }

    /// The key path the animation changes.
    public var keyPath: LayerKeyPath {
        switch content {
        case let .basic(b): b.keyPath
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

    public init(keyPath: LayerKeyPath, fromValue: AnimatableValue? = nil, toValue: AnimatableValue? = nil,
                byValue: AnimatableValue? = nil, isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath
        self.fromValue = fromValue
        self.toValue = toValue
        self.byValue = byValue
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
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
    public func value(progress p: Double, cycle: Int, base: AnimatableValue) -> AnimatableValue {
        let (start, end) = endpoints(base: base)
        var v = start.interpolated(to: end, by: p)
        if isCumulative && cycle > 0 {
            v = v.adding(end.subtracting(start).scaled(by: Double(cycle)))
        }
        return v
    }
}
