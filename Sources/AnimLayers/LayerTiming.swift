/// A layer's own CAMediaTiming: CALayer adopts the protocol, and its `beginTime`, `speed` and
/// `timeOffset` map the superlayer's time to the layer's local time, in which the layer's
/// animations and its whole subtree run (core-animation-semantics.md §2.2 step 1; QA1673's
/// pause/resume trick sets exactly these). A layer's duration is infinite, so no wrapping.
public struct LayerTiming: Hashable, Sendable {
    public var beginTime: Double = 0
    public var speed: Double = 1
    public var timeOffset: Double = 0
    /// Set while an interactive transition drives the layer's time (replaces the three above).
    public var scrub: LocalTimeScrub? = nil

    public init(beginTime: Double = 0, speed: Double = 1, timeOffset: Double = 0) {
        self.beginTime = beginTime
        self.speed = speed
        self.timeOffset = timeOffset
    }

    /// t_L = (t_parent − beginTime) · speed + timeOffset.
    public func localTime(parentTime t: Double) -> Double {
        if let scrub { return scrub.localTime(parentTime: t) }
        if self == LayerTiming() { return t }
        return (t - beginTime) * speed + timeOffset
    }

    /// The fields, by their CAMediaTiming names.
    public enum Field: String, Hashable, Sendable, CaseIterable {
        case beginTime, speed, timeOffset
    }

    public subscript(field: Field) -> Double {
        get {
            switch field {
            case .beginTime: beginTime
            case .speed: speed
            case .timeOffset: timeOffset
            }
        }
        set {
            switch field {
            case .beginTime: beginTime = newValue
            case .speed: speed = newValue
            case .timeOffset: timeOffset = newValue
            }
        }
    }
}

extension LayerTree {
    /// Every layer's local time at scene time `t`, indexed like `nodes`: the chain of
    /// `LayerTiming.localTime` from the root layers down. Nodes are stored parents first, except a
    /// layer moved under a later one (transitionFromView), whose parent's time is computed on its own.
    public func localTimes(at t: Double) -> [Double] {
        var times = [Double](repeating: t, count: nodes.count)
        for (i, node) in nodes.enumerated() {
            let parentTime = node.parent.map { $0 < i ? times[$0] : localTime(of: $0, at: t) } ?? t
            times[i] = node.properties.timing.localTime(parentTime: parentTime)
        }
        return times
    }

    /// The local time of one layer at scene time `t`.
    public func localTime(of index: Int, at t: Double) -> Double {
        var chain: [Int] = []
        var cursor: Int? = index
        while let c = cursor {
            chain.append(c)
            cursor = nodes[c].parent
        }
        var time = t
        for c in chain.reversed() { time = nodes[c].properties.timing.localTime(parentTime: time) }
        return time
    }
}
