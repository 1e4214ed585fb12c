import AnimLayers
import AnimTiming

/// CAKeyframeAnimation with `values` (core-animation-semantics.md §4.1–4.2).
///
/// The maths lives beside this file: key time rules in KeyframeTimes.swift, the spline in
/// KeyframeSpline.swift and KeyframeArcLength.swift, component vectors in KeyframeComponents.swift
/// and `validate()` in KeyframeValidation.swift.
///
/// `value(progress:cycle:)` never traps: an animation that `validate()` rejects still evaluates
/// (missing or invalid key times are inferred, as Core Animation does; surplus timing functions and
/// spline parameters are ignored, missing ones act as linear and 0).
public struct KeyframeAnimation: Hashable, Sendable {
    public var keyPath: LayerKeyPath
    /// The keyframe values, all of the key path's kind.
    public var values: [AnimatableValue]
    /// Fractions of the duration at which each value is reached; nil = inferred (evenly spaced).
    /// Ignored by the paced modes.
    public var keyTimes: [Double]?
    /// One function per segment (values.count − 1), applied to the segment's local fraction; empty =
    /// none. Ignored by the paced modes.
    public var timingFunctions: [TimingFunction]
    public var calculationMode: CalculationMode
    /// Kochanek–Bartels tension per keyframe for the cubic modes; empty = all 0.
    public var tensionValues: [Double]
    /// Kochanek–Bartels continuity per keyframe for the cubic modes; empty = all 0.
    public var continuityValues: [Double]
    /// Kochanek–Bartels bias per keyframe for the cubic modes; empty = all 0.
    public var biasValues: [Double]
    public var isAdditive: Bool
    public var isCumulative: Bool
    /// CAPropertyAnimation.valueFunction (§3.3): when set, `values` are the function's numbers,
    /// interpolated in the calculation mode, and the matrix it builds is the animated value.
    public var valueFunction: ValueFunction?

    /// A keyframe animation; every parameter not given has Core Animation's default.
    public init(keyPath: LayerKeyPath, values: [AnimatableValue], keyTimes: [Double]? = nil,
                timingFunctions: [TimingFunction] = [], calculationMode: CalculationMode = .linear,
                tensionValues: [Double] = [], continuityValues: [Double] = [], biasValues: [Double] = [],
                isAdditive: Bool = false, isCumulative: Bool = false, valueFunction: ValueFunction? = nil) {
        self.keyPath = keyPath
        self.values = values
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.calculationMode = calculationMode
        self.tensionValues = tensionValues
        self.continuityValues = continuityValues
        self.biasValues = biasValues
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
        self.valueFunction = valueFunction
    }

    /// The animation's value at progress `p` (after the animation's own timing function; clamped to
    /// [0, 1], NaN → 0) in repeat cycle `cycle`.
    ///
    /// Cumulative animations add `cycle·(last − first)` in cycles after the first, as
    /// `BasicAnimation` does. With a value function both happen on the numbers, then the function
    /// builds the matrix. With no values at all the key path's default layer value is returned.
    public func value(progress p: Double, cycle: Int) -> AnimatableValue {
        guard let first = values.first, let last = values.last else { return keyPath.get(LayerProperties()) }
        let progress = p.isNaN ? 0 : min(max(p, 0), 1)
        var v = values.count == 1 ? first : uncumulatedValue(progress)
        if isCumulative && cycle > 0 {
            v = v.adding(last.subtracting(first).scaled(by: Double(cycle)))
        }
        return valueFunction.map { .transform($0.matrix(v)) } ?? v
    }

    private func uncumulatedValue(_ p: Double) -> AnimatableValue {
        switch calculationMode {
        case .linear: linearValue(p, keyTimes: resolvedKeyTimes, timed: true)
        case .discrete: values[Self.discreteIndex(progress: p, keyTimes: resolvedDiscreteKeyTimes, count: values.count)]
        case .paced: pacedValue(p)
        case .cubic: cubicValue(p)
        case .cubicPaced: cubicPacedValue(p)
        }
    }

    /// Straight interpolation between the two keyframes around `p` (premultiplied for colours).
    private func linearValue(_ p: Double, keyTimes: [Double], timed: Bool) -> AnimatableValue {
        let (i, f) = Self.segmentLookup(progress: p, keyTimes: keyTimes)
        return values[i].interpolated(to: values[i + 1], by: timed ? segmentTiming(i, f) : f)
    }

    /// The segment's timing function applied to its local fraction (identity when there is none).
    private func segmentTiming(_ segment: Int, _ f: Double) -> Double {
        segment < timingFunctions.count ? timingFunctions[segment].value(at: f) : f
    }

    /// paced: linear interpolation with key times proportional to the distance travelled.
    /// Transforms and booleans have no distance: evenly spaced key times.
    private func pacedValue(_ p: Double) -> AnimatableValue {
        guard let points = KeyframeComponents.vectors(values) else {
            return linearValue(p, keyTimes: Self.inferredKeyTimes(count: values.count), timed: false)
        }
        let lengths = zip(points, points.dropFirst()).map { KeyframeComponents.distance($0, $1) }
        return linearValue(p, keyTimes: Self.pacedKeyTimes(lengths: lengths), timed: false)
    }

    /// cubic: the Kochanek–Bartels spline through the values' components, with the given (or
    /// inferred) key times and per-segment timing functions. Transforms and booleans fall back to
    /// linear interpolation with the same key times and timing functions.
    private func cubicValue(_ p: Double) -> AnimatableValue {
        let times = resolvedKeyTimes
        guard let points = KeyframeComponents.vectors(values) else { return linearValue(p, keyTimes: times, timed: true) }
        let (i, f) = Self.segmentLookup(progress: p, keyTimes: times)
        let segment = spline(points, keyTimes: times).segment(i)
        return KeyframeComponents.value(segment.value(at: segmentTiming(i, f)), like: values[i])
    }

    /// cubicPaced: the spline of evenly spaced keyframes (key times and timing functions ignored),
    /// travelled at constant speed: progress maps to arc length. Transforms and booleans fall back to
    /// linear interpolation with evenly spaced key times.
    private func cubicPacedValue(_ p: Double) -> AnimatableValue {
        let uniform = Self.inferredKeyTimes(count: values.count)
        guard let points = KeyframeComponents.vectors(values) else { return linearValue(p, keyTimes: uniform, timed: false) }
        let curve = spline(points, keyTimes: uniform)
        let segments = (0..<(values.count - 1)).map(curve.segment)
        let lengths = segments.map { $0.length(upTo: 1) }
        let (i, f) = Self.segmentLookup(progress: p, keyTimes: Self.pacedKeyTimes(lengths: lengths))
        let u = segments[i].parameter(atLength: f * lengths[i], total: lengths[i])
        return KeyframeComponents.value(segments[i].value(at: u), like: values[i])
    }

    private func spline(_ points: [[Double]], keyTimes: [Double]) -> KeyframeSpline {
        KeyframeSpline(points: points, keyTimes: keyTimes, tension: tensionValues,
                       continuity: continuityValues, bias: biasValues)
    }

    /// The key times linear and cubic interpolation use: the given ones when valid, else inferred.
    var resolvedKeyTimes: [Double] {
        if let keyTimes, keyTimesProblem(keyTimes) == nil { return keyTimes }
        return Self.inferredKeyTimes(count: values.count)
    }

    /// The key times discrete mode uses: the given ones (n or n + 1) when valid, else i/n for
    /// i = 0…n (value i from i/n until (i + 1)/n, the last value from (n − 1)/n through 1).
    var resolvedDiscreteKeyTimes: [Double] {
        if let keyTimes, keyTimesProblem(keyTimes) == nil { return keyTimes }
        return Self.inferredDiscreteKeyTimes(count: values.count)
    }
}

/// CAKeyframeAnimation.calculationMode (kCAAnimationLinear … kCAAnimationCubicPaced).
public enum CalculationMode: String, CaseIterable, Hashable, Sendable {
    /// Straight interpolation between keyframes (the default).
    case linear
    /// Each value held from its key time to the next; no interpolation.
    case discrete
    /// Linear, with key times generated for constant speed (keyTimes and timingFunctions ignored).
    case paced
    /// A Catmull–Rom / Kochanek–Bartels spline through the keyframes.
    case cubic
    /// The cubic spline travelled at constant speed along its arc length.
    case cubicPaced

    /// Whether key times and timing functions are generated rather than read.
    public var isPaced: Bool { self == .paced || self == .cubicPaced }
}
