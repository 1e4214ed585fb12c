import AnimGeometry
import AnimLayers
import AnimTiming

/// CAKeyframeAnimation.rotationMode.
public enum RotationMode: String, Hashable, Sendable, CaseIterable {
    /// Rotate so the layer's x axis follows the path's tangent.
    case auto
    /// The tangent plus 180°.
    case autoReverse
}

/// A CAKeyframeAnimation with a `path` on a point property (core-animation-semantics.md §4.3).
///
/// The end point of every drawing element (line, curve, close) is a keyframe; a move only sets
/// where the next element starts. Linear and cubic modes give each element an equal share of
/// time (or the given keyTimes) and map the share to the element's Bézier parameter; paced and
/// cubicPaced move at constant speed along the arc length of the whole path; discrete jumps from
/// keyframe to keyframe.
public struct PathAnimation: Hashable, Sendable {
    public var keyPath: LayerKeyPath
    public var segments: [PathSegment]
    public var calculationMode: CalculationMode
    /// nil = evenly spaced (one per keyframe: segments + 1, or segments + 2 for discrete's n + 1 form).
    public var keyTimes: [Double]?
    /// One per element, or empty.
    public var timingFunctions: [TimingFunction]
    public var rotationMode: RotationMode?
    public var isAdditive: Bool
    public var isCumulative: Bool

    public init(keyPath: LayerKeyPath, segments: [PathSegment], calculationMode: CalculationMode = .linear,
                keyTimes: [Double]? = nil, timingFunctions: [TimingFunction] = [], rotationMode: RotationMode? = nil,
                isAdditive: Bool = false, isCumulative: Bool = false) {
        self.keyPath = keyPath
        self.segments = segments
        self.calculationMode = calculationMode
        self.keyTimes = keyTimes
        self.timingFunctions = timingFunctions
        self.rotationMode = rotationMode
        self.isAdditive = isAdditive
        self.isCumulative = isCumulative
    }

    /// The keyframe points: the start of the first element, then every element's end point.
    public var keyframePoints: [Point] {
        guard let first = segments.first else { return [] }
        return [first.start] + segments.map { $0.point(at: 1) }
    }

    /// The first problem with keyTimes (one per keyframe point; discrete also n + 1) or
    /// timingFunctions (one per element), by the same rules as values animations; paced modes
    /// ignore both.
    public func validate() -> KeyframeProblem? {
        guard !calculationMode.isPaced else { return nil }
        let n = segments.count + 1
        if let keyTimes, let problem = KeyframeAnimation.keyTimesProblem(keyTimes, keyframeCount: n, mode: calculationMode) {
            return problem
        }
        if !timingFunctions.isEmpty && timingFunctions.count != n - 1 {
            return .timingFunctionCount(found: timingFunctions.count, expected: n - 1)
        }
        return nil
    }

    /// The position and direction of travel at progress `p` (after the animation's timing function).
    public func sample(progress p: Double) -> (point: Point, tangent: Point) {
        guard !segments.isEmpty else { return (.zero, Point(x: 1, y: 0)) }
        let p = min(1, max(0, p))
        switch calculationMode {
        case .paced, .cubicPaced: return sampleByLength(p)
        case .discrete: return sampleDiscrete(p)
        case .linear, .cubic: return sampleByTime(p)
        }
    }

    /// Writes the point (and the rotation, with a rotationMode) into the layer.
    public func apply(progress p: Double, cycle: Int, into props: inout LayerProperties) {
        let (point, tangent) = sample(progress: p)
        var value = AnimatableValue.point(point)
        if isCumulative && cycle > 0, let first = segments.first, let last = segments.last {
            value = value.adding(.point((last.point(at: 1) - first.start) * Double(cycle)))
        }
        Animation.write(value, at: keyPath, additive: isAdditive, into: &props)
        guard let rotationMode else { return }
        var angle = arcTangent2(tangent.y, tangent.x)
        if rotationMode == .autoReverse { angle += Double.pi }
        props.transform = Transform3D.rotation(angle, axis: 0, 0, 1).concatenating(props.transform)
    }

    private func sampleByTime(_ p: Double) -> (point: Point, tangent: Point) {
        let times = keyTimes ?? KeyframeAnimation.inferredKeyTimes(count: segments.count + 1)
        let (index, fraction) = KeyframeAnimation.segmentLookup(progress: p, keyTimes: times)
        var f = fraction
        if index < timingFunctions.count { f = timingFunctions[index].value(at: f) }
        let segment = segments[index]
        return (segment.point(at: f), segment.derivative(at: f))
    }

    private func sampleDiscrete(_ p: Double) -> (point: Point, tangent: Point) {
        let points = keyframePoints
        let times = keyTimes ?? KeyframeAnimation.inferredDiscreteKeyTimes(count: points.count)
        let index = KeyframeAnimation.discreteIndex(progress: p, keyTimes: times, count: points.count)
        let segment = segments[min(index, segments.count - 1)]
        return (points[index], segment.derivative(at: index < segments.count ? 0 : 1))
    }

    private func sampleByLength(_ p: Double) -> (point: Point, tangent: Point) {
        let lengths = segments.map(\.length)
        let total = lengths.reduce(0, +)
        guard total > 0 else { return (segments[0].start, segments[0].derivative(at: 0)) }
        var remaining = p * total
        for (i, segment) in segments.enumerated() {
            if remaining <= lengths[i] || i == segments.count - 1 {
                let s = segment.parameter(atLength: min(remaining, lengths[i]))
                return (segment.point(at: s), segment.derivative(at: s))
            }
            remaining -= lengths[i]
        }
        return (segments[0].start, segments[0].derivative(at: 0))
    }
}
