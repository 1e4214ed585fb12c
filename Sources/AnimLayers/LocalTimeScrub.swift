import AnimTiming

/// A layer's local time moved by hand instead of by its speed, as UIPercentDrivenInteractiveTransition
/// does (core-animation-semantics.md §11.2): the transition's layers get speed 0 and a timeOffset that
/// follows the gesture's percent, then the rest plays out (or back) with the completion curve, after
/// which time runs at speed 1 again. Segments are in parent time, in order and contiguous.
public struct LocalTimeScrub: Hashable, Sendable {
    public struct Segment: Hashable, Sendable {
        public var start: Double
        public var end: Double
        public var from: Double
        public var to: Double
        /// nil: linear (the gesture); otherwise the completion curve.
        public var curve: TimingFunction?

        public init(start: Double, end: Double, from: Double, to: Double, curve: TimingFunction? = nil) {
            self.start = start
            self.end = end
            self.from = from
            self.to = to
            self.curve = curve
        }
    }

    public var segments: [Segment]

    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// Before the first segment: its start value; inside one: interpolated through its curve; after
    /// the last: its end value plus the time since (speed 1).
    public func localTime(parentTime t: Double) -> Double {
        guard let first = segments.first, let last = segments.last else { return t }
        if t < first.start { return first.from }
        if t >= last.end { return last.to + (t - last.end) }
        for s in segments where t < s.end {
            guard s.end > s.start else { continue }
            let f = (t - s.start) / (s.end - s.start)
            return s.from + (s.to - s.from) * (s.curve?.value(at: f) ?? f)
        }
        return last.to
    }
}
