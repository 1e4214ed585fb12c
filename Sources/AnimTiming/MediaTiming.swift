/// CAMediaTimingFillMode.
public enum FillMode: String, Hashable, Sendable, CaseIterable {
    case removed, forwards, backwards, both

    var fillsBackwards: Bool { self == .backwards || self == .both }
    var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The CAMediaTiming properties of one animation, with Apple's defaults.
///
/// Times are in the parent's time space (for an animation on a layer: scene seconds). A
/// `beginTime` of 0 means "when added" and is resolved by the engine before evaluation.
public struct MediaTiming: Hashable, Sendable {
    public var beginTime: Double = 0
    /// 0 means the transaction default, 0.25 s (resolved by `effectiveDuration`).
    public var duration: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// 0 = not set; `.infinity` = forever; may be fractional.
    public var repeatCount: Double = 0
    public var repeatDuration: Double = 0
    public var autoreverses: Bool = false
    public var fillMode: FillMode = .removed

    public init() {}

    /// The CATransaction default used when `duration` is 0 or negative.
    public static let defaultDuration = 0.25

    /// The simple duration d of one pass.
    public var effectiveDuration: Double { duration > 0 ? duration : Self.defaultDuration }

    /// One cycle: forward, plus backward when autoreversing.
    public var cycleDuration: Double { effectiveDuration * (autoreverses ? 2 : 1) }

    /// The active duration AD (may be infinite).
    public var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return cycleDuration * repeatCount }
        return cycleDuration
    }
}

/// Where an animation is at one instant: the basic-local time fraction `u` ∈ [0, 1] of the
/// current pass (before the timing function) and the index of the repeat cycle.
public struct TimingState: Hashable, Sendable {
    public var fraction: Double
    public var cycle: Int

    public init(fraction: Double, cycle: Int) {
        self.fraction = fraction
        self.cycle = cycle
    }
}

extension MediaTiming {
    /// The state at parent time `t`, or nil when the animation contributes nothing
    /// (before its start without a backwards fill, or after its end without a forwards fill or
    /// once removed on completion). Follows core-animation-semantics.md §2.2.
    ///
    /// A negative `speed` plays the active duration backwards, from its end to its start, over
    /// AD / |speed| seconds of parent time from `beginTime`; fill modes keep their parent-time
    /// meaning (`backwards` holds the first state shown, `forwards` the last). The reference leaves
    /// this undocumented; docs/timing.md records the choice.
    ///
    /// - Parameters:
    ///   - removedOnCompletion: CAAnimation.removedOnCompletion; when true the animation is gone
    ///     after its active duration whatever its fill mode.
    ///   - endInclusive: true for the children of a group, which show their end state at exactly
    ///     the end of their active duration (a group that fills forwards holds its children's end
    ///     values); top-level animations end exclusively.
    public func state(atParentTime t: Double, removedOnCompletion: Bool, endInclusive: Bool = false) -> TimingState? {
        var q = (t - beginTime) * abs(speed)
        if q.isNaN { return nil }
        let active = activeDuration
        // A frame at i/fps meant to land on the start or the end lands a rounding away from it.
        let scale = Swift.max(1, abs(t), abs(beginTime)) * Swift.max(1, abs(speed))
        q = Self.snapped(Self.snapped(q, to: 0, scale: scale), to: active, scale: scale)
        if q < 0 {
            guard fillMode.fillsBackwards else { return nil }
            return stateAtProgress(0)
        }
        if q > active || (q == active && !endInclusive) {
            guard fillMode.fillsForwards, !removedOnCompletion, active.isFinite else { return nil }
            return stateAtProgress(active)
        }
        return stateAtProgress(q)
    }

    /// The state `q` seconds into the active duration (parent direction, speed magnitude applied).
    func stateAtProgress(_ q: Double) -> TimingState {
        let active = activeDuration
        if speed < 0 {
            guard active.isFinite else { return stateAtLocalTime(timeOffset - q) }
            return stateAtLocalTime(active - q + timeOffset, backward: true)
        }
        // Playing forwards with an offset, a reaches AD before the active duration ends: there it
        // wraps to the start, as a mod AD does (§2.2 step 7), and the frames after it continue from
        // the start. Frozen (speed 0), a = AD is a scrub to the end and shows the end state.
        return stateAtLocalTime(q + timeOffset, wrapsAtEnd: speed > 0 && q < activeDuration)
    }

    /// The state at local active time `a` (offset included). Inside [0, AD] no wrapping happens, so
    /// a = AD is the end of the last cycle (unless `wrapsAtEnd`: then it is the start); outside it
    /// `a` wraps around the active duration, as a `timeOffset` makes it do: into [0, AD) playing
    /// forwards, into (0, AD] playing `backward` (negative speed), so an offset of a whole active
    /// duration changes nothing either way.
    func stateAtLocalTime(_ a: Double, wrapsAtEnd: Bool = false, backward: Bool = false) -> TimingState {
        let active = activeDuration
        let scale = Swift.max(1, abs(a))
        let a = Self.snapped(Self.snapped(a, to: 0, scale: scale), to: active, scale: scale)
        if a == active && !wrapsAtEnd { return endState() }
        if a >= 0 && a < active { return basicState(a) }
        guard active.isFinite && active > 0 else { return basicState(a) }
        var wrapped = a.truncatingRemainder(dividingBy: active)
        if wrapped < 0 { wrapped += active }
        wrapped = Self.snapped(Self.snapped(wrapped, to: 0, scale: scale), to: active, scale: scale)
        if backward && (wrapped == 0 || wrapped == active) { return endState() }
        if wrapped == active { wrapped = 0 }
        return basicState(wrapped.isFinite ? wrapped : 0)
    }

    /// How close, relative to the magnitudes a time was computed from, a time must be to a
    /// boundary (the start, the end, a cycle's end) to count as on it. Frame times i/fps, minus a
    /// beginTime, times a speed, round: frame 7 at 10 fps of an animation that begins at 0.4 is
    /// 0.29999999999999993 s in, a rounding short of its 0.3 s cycle's end, and the loop would show
    /// the end value where the next cycle's start belongs. 10⁻⁹ s a second is far below a frame
    /// and far above such roundings (a day of scene time rounds by about 10⁻¹¹ s).
    static let boundaryTolerance = 1e-9

    /// `x`, or `boundary` when `x` lies within the tolerance (scaled by `scale`) of it.
    static func snapped(_ x: Double, to boundary: Double, scale: Double) -> Double {
        guard boundary.isFinite, x.isFinite else { return x }
        return abs(x - boundary) <= boundaryTolerance * scale ? boundary : x
    }

    /// The state at the end of the active duration: the end of the last (possibly partial) cycle.
    func endState() -> TimingState {
        let c = cycleDuration
        let active = activeDuration
        var k = (active / c).rounded(.down)
        var r = active - k * c
        if r <= 0 && k > 0 {
            k -= 1
            r = c
        }
        return fold(cycleTime: r, cycle: Self.cycleIndex(k))
    }

    /// A cycle count as an Int, clamped (cumulative values past 10¹⁵ cycles are meaningless anyway).
    static func cycleIndex(_ k: Double) -> Int {
        guard k.isFinite else { return k > 0 ? 1 << 50 : 0 }
        return Int(min(1e15, max(-1e15, k)))
    }

    func basicState(_ a: Double) -> TimingState {
        let c = cycleDuration
        // A time a rounding short of a cycle's end is at the next cycle's start.
        let k = Self.snapped(a / c, to: (a / c).rounded(), scale: Swift.max(1, abs(a / c))).rounded(.down)
        guard k.isFinite, a.isFinite else { return fold(cycleTime: 0, cycle: Self.cycleIndex(k)) }
        return fold(cycleTime: a - k * c, cycle: Self.cycleIndex(k))
    }

    /// Maps a time within one cycle to the pass fraction, mirroring the backward half.
    func fold(cycleTime r: Double, cycle: Int) -> TimingState {
        let d = effectiveDuration
        var time = r
        if autoreverses && time >= d { time = 2 * d - time }
        return TimingState(fraction: min(1, max(0, time / d)), cycle: cycle)
    }
}
