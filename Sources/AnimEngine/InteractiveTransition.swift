import AnimLayers
import AnimTiming

/// UIPercentDrivenInteractiveTransition over a view-controller transition (core-animation-semantics.md
/// §11.2): while the gesture runs, the transition's layers stand still in time at duration × percent
/// (percents given over time, linear between keys, clamped to 0…1); at `endOffset` the scene calls
/// finish or cancel, and the rest plays forward — or back — in (1 − p)·duration / completionSpeed
/// (finish) or p·duration / completionSpeed (cancel) seconds along `completionCurve`.
public struct InteractiveTransition: Hashable, Sendable {
    public struct PercentKey: Hashable, Sendable {
        public var offset: Double
        public var percent: Double

        public init(offset: Double, percent: Double) {
            self.offset = offset
            self.percent = percent
        }
    }

    public enum Ending: String, Hashable, Sendable { case finish, cancel }

    /// Identifies the transition, so that a cancel can restore what it saved.
    public var id: Int
    /// The layers whose time is driven: the transition's from and to views.
    public var layers: [Int]
    public var duration: Double
    public var percents: [PercentKey]
    public var ending: Ending
    public var endOffset: Double
    public var completionSpeed: Double
    public var completionCurve: TimingFunction?

    public init(id: Int, layers: [Int], duration: Double, percents: [PercentKey], ending: Ending, endOffset: Double,
                completionSpeed: Double = 1, completionCurve: TimingFunction? = .easeInEaseOut) {
        self.id = id
        self.layers = layers
        self.duration = duration
        self.percents = percents
        self.ending = ending
        self.endOffset = endOffset
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
    }

    /// The gesture's percent at an offset from the start (0 before the first key).
    public func percent(atOffset o: Double) -> Double {
        percent(atOffset: o, nextKey: percents.firstIndex { o < $0.offset } ?? percents.count)
    }

    /// `percent(atOffset:)` at each of `offsets`, which are in increasing order, in one pass over
    /// the keys (which are in time order, as the scene decoder requires).
    func percents(atOffsets offsets: [Double]) -> [Double] {
        var next = 0
        return offsets.map { o in
            while next < percents.count && !(o < percents[next].offset) { next += 1 }
            return percent(atOffset: o, nextKey: next)
        }
    }

    /// The percent at `o`, given the index of the first key after it: linear from the key before
    /// (or 0 at the start) to that one, or the last key's percent after every key.
    private func percent(atOffset o: Double, nextKey next: Int) -> Double {
        let previous = next > 0 ? percents[next - 1] : PercentKey(offset: 0, percent: 0)
        guard next < percents.count else { return Self.clamped(previous.percent) }
        let key = percents[next]
        let span = key.offset - previous.offset
        let f = span > 0 ? (o - previous.offset) / span : 1
        return Self.clamped(previous.percent + (key.percent - previous.percent) * f)
    }

    /// The percent when finish or cancel is called.
    public var finalPercent: Double { percent(atOffset: endOffset) }

    /// completionSpeed ≤ 0 is treated as 1, as UIKit does.
    public var completionDuration: Double {
        let speed = completionSpeed > 0 ? completionSpeed : 1
        let remaining = ending == .finish ? 1 - finalPercent : finalPercent
        return remaining * duration / speed
    }

    /// When the transition completes (its completion runs then).
    public var completionOffset: Double { endOffset + completionDuration }

    /// The driven local time of a layer whose local time was `local` and its parent's `parent` at the start.
    public func scrub(local: Double, parent: Double) -> LocalTimeScrub {
        var segments: [LocalTimeScrub.Segment] = []
        var previous = (offset: 0.0, percent: percent(atOffset: 0))
        let inside = (percents.map(\.offset) + clampCrossings()).filter { $0 > 0 && $0 < endOffset }.sorted()
        for (offset, p) in zip(inside, percents(atOffsets: inside)) + [(endOffset, finalPercent)] {
            segments.append(.init(start: parent + previous.offset, end: parent + offset,
                                  from: local + duration * previous.percent, to: local + duration * p))
            previous = (offset, p)
        }
        let target = ending == .finish ? 1.0 : 0.0
        segments.append(.init(start: parent + endOffset, end: parent + completionOffset,
                              from: local + duration * previous.percent, to: local + duration * target, curve: completionCurve))
        return LocalTimeScrub(segments: segments)
    }

    /// The offsets where the line between two keys crosses 0 or 1. There the clamped percent bends,
    /// so the scrub's linear segments break there too, and they follow `percent(atOffset:)`
    /// (interpolated, then clamped) exactly: keys −0.5 at 0 s and 0.4 at 0.5 s hold 0 until 0.28 s.
    private func clampCrossings() -> [Double] {
        var crossings: [Double] = []
        var previous = PercentKey(offset: 0, percent: 0)
        for key in percents {
            let rise = key.percent - previous.percent, span = key.offset - previous.offset
            for level in [0.0, 1.0] where (previous.percent - level) * (key.percent - level) < 0 && span > 0 {
                let offset = previous.offset + (level - previous.percent) / rise * span
                if offset.isFinite { crossings.append(offset) }
            }
            previous = key
        }
        return crossings
    }

    static func clamped(_ p: Double) -> Double { p.isFinite ? min(1, max(0, p)) : 0 }
}
