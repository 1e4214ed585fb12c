/// Frame times and GIF delays (whole centiseconds) that keep an animation's total duration exact.
public enum GIFTiming {
    /// Centiseconds for `seconds`, rounded half away from zero.
    public static func centiseconds(_ seconds: Double) -> Int {
        Int((seconds * 100).rounded(.toNearestOrAwayFromZero))
    }

    /// Delays for frames shown at `frameTimes` (ascending seconds) until `endTime`.
    ///
    /// `delay[k] = cs(t[k+1]) − cs(t[k])` with `t[n] = endTime` and `cs` = ``centiseconds(_:)``,
    /// so rounding errors never accumulate: the delays sum to exactly `cs(endTime) − cs(t[0])`.
    public static func delays(frameTimes: [Double], endTime: Double) -> [Int] {
        let stops = (frameTimes + [endTime]).map(centiseconds)
        return (0..<frameTimes.count).map { stops[$0 + 1] - stops[$0] }
    }

    /// The times `i / fps` of `count` frames, each computed from the integer index (no accumulation).
    public static func frameTimes(count: Int, fps: Double) -> [Double] {
        (0..<max(0, count)).map { Double($0) / fps }
    }
}
