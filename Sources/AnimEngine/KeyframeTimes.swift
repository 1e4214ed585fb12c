/// Key time rules shared by keyframe value animations and (later) path animations
/// (core-animation-semantics.md §4.1).
extension KeyframeAnimation {
    /// Evenly spaced key times for `count` keyframes of a linear or cubic animation:
    /// k_i = i/(count − 1), exactly 0 and 1 at the ends; [0] for one keyframe, [] for none.
    public static func inferredKeyTimes(count: Int) -> [Double] {
        guard count > 1 else { return count == 1 ? [0] : [] }
        return (0..<count).map { $0 == count - 1 ? 1 : Double($0) / Double(count - 1) }
    }

    /// Inferred key times of a discrete animation with `count` values: count + 1 times i/count, so
    /// value i is shown for progress in [i/count, (i + 1)/count) and the last value at progress 1.
    public static func inferredDiscreteKeyTimes(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        return (0...count).map { $0 == count ? 1 : Double($0) / Double(count) }
    }

    /// Key times for constant speed: k_0 = 0, k_i = (sum of the first i lengths)/(total), k_n = 1,
    /// one more time than there are segment lengths. Negative or NaN lengths count as 0; when the
    /// total is 0 or not finite the key times are evenly spaced.
    public static func pacedKeyTimes(lengths: [Double]) -> [Double] {
        let clean = lengths.map { $0 > 0 ? $0 : 0 }
        let total = clean.reduce(0, +)
        guard total > 0, total.isFinite else { return inferredKeyTimes(count: lengths.count + 1) }
        var times: [Double] = [0]
        var sum = 0.0
        for length in clean.dropLast() {
            sum += length
            times.append(min(sum / total, 1))
        }
        times.append(1)
        return times
    }

    /// The segment that `progress` falls in and the fraction of the way through it.
    ///
    /// The segment starts at the last key time ≤ progress (so when several key times are equal the
    /// later keyframe wins), limited to the last segment; the fraction is clamped to [0, 1], and is 1
    /// for a segment of zero duration. Progress before the first key time gives (0, 0). `keyTimes`
    /// should be non-decreasing with at least two entries; with fewer the answer is (0, 0).
    public static func segmentLookup(progress: Double, keyTimes: [Double]) -> (index: Int, fraction: Double) {
        guard keyTimes.count >= 2 else { return (0, 0) }
        let i = min(lastIndex(atOrBefore: progress, in: keyTimes) ?? 0, keyTimes.count - 2)
        let span = keyTimes[i + 1] - keyTimes[i]
        guard span > 0 else { return (i, 1) }
        let f = (progress - keyTimes[i]) / span
        return (i, f.isNaN ? 0 : min(max(f, 0), 1))
    }

    /// The value a discrete animation shows: the last key time ≤ progress, limited to the values
    /// (with count + 1 key times the final time 1 belongs to the last value); value 0 before the first
    /// key time.
    static func discreteIndex(progress: Double, keyTimes: [Double], count: Int) -> Int {
        min(lastIndex(atOrBefore: progress, in: keyTimes) ?? 0, max(count - 1, 0))
    }

    /// The largest i with keyTimes[i] ≤ progress + ``keyTimeTolerance`` (binary search on
    /// non-decreasing times), or nil.
    static func lastIndex(atOrBefore progress: Double, in keyTimes: [Double]) -> Int? {
        let reach = progress + keyTimeTolerance
        var lo = 0, hi = keyTimes.count  // answer + 1 lies in lo...hi
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyTimes[mid] <= reach { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    /// How far below a key time progress may fall and still count as having reached it. A frame's
    /// time i/fps divided by a duration rounds: frame 3 of a 0.4 s, 4-value discrete animation at
    /// 10 fps is at (3/10)/0.4 = 0.7499999999999999, a rounding short of the key time 0.75 where
    /// the last sprite of a sheet starts; without the tolerance that sprite never shows. 10⁻⁹ is
    /// far above such errors (about 10⁻¹¹ at a day's scene time) and, as a time, a billionth of
    /// the duration: invisible for a continuous animation, where both sides give the same value.
    static let keyTimeTolerance = 1e-9
}
