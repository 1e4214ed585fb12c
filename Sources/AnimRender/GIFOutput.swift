import AnimCodecs
import AnimRaster

/// Turns rendered frames into an animated GIF: delays from absolute frame times (exact total
/// duration), frames whose delay would fall under 2 cs merged into the next one, an exact palette
/// whenever a frame has 256 colours or fewer.
public struct GIFOutput {
    /// Browsers play delays under 2 cs at 10 cs, so no frame gets less than this.
    public static let minimumDelay = 2

    /// Which frames a GIF keeps and their delays in centiseconds, for frames at `times` ending at `end`.
    public static func plan(times: [Double], end: Double) -> [(frame: Int, delay: Int)] {
        func cs(_ t: Double) -> Int { Int((t * 100).rounded(.toNearestOrAwayFromZero)) }
        guard !times.isEmpty else { return [] }
        var kept = [0]
        for k in 1..<times.count where cs(times[k]) - cs(times[kept.last!]) >= minimumDelay {
            kept.append(k)
        }
        while kept.count > 1 && cs(end) - cs(times[kept.last!]) < minimumDelay { kept.removeLast() }
        let keptTimes = kept.map { times[$0] }
        let delays = GIFTiming.delays(frameTimes: keptTimes, endTime: end)
        return zip(kept, delays).map { ($0, max(1, $1)) }
    }

    /// A one-line explanation of the frames ``plan(times:end:)`` left out, or nil when it kept
    /// every frame: above 50 fps, or (at any rate) a range that ends under 2 cs after its last
    /// frame starts (`--to` between two frames), whose last frame then gives its time to the one
    /// before.
    public static func warning(fps: Double, frameCount: Int, keptCount: Int) -> String? {
        guard keptCount < frameCount else { return nil }
        guard fps > 50 else {
            return "warning: the range ends under 2 cs after its last frame starts, and browsers slow down GIF delays under 2 cs, "
                + "so the GIF keeps \(keptCount) of \(frameCount) frames (the frame before shows until the end); "
                + "end the range on a frame (--frames, or --to a multiple of 1/fps), or use --apng or --png-dir for every frame"
        }
        return "warning: \(fps.formatted) fps is above 50: GIF delays are whole centiseconds and browsers slow down delays under 2 cs, "
            + "so the GIF keeps \(keptCount) of \(frameCount) frames (at most 50 per second) and keeps the total duration exact; "
            + "use --fps 50 or 25 for evenly timed GIFs, or --png-dir for every frame"
    }

    var encoder: GIFAnimationEncoder

    /// A GIF played `plays` times (0 = forever), made of frame differences (``GIFAnimationEncoder``).
    /// `threads` pack the frames it holds and compress them at the end (``GIFAnimationEncoder/threads``).
    public init(width: Int, height: Int, options: GIFOptions, plays: Int = 0, threads: Int = 1) throws(CodecError) {
        encoder = try GIFAnimationEncoder(width: width, height: height, loopCount: GIFEncoder.loopCount(plays: plays),
                                          options: options, threads: threads)
    }

    /// Appends a frame shown for `delay` centiseconds.
    public mutating func add(_ frame: Bitmap, delay: Int) throws(CodecError) {
        try encoder.add(frame, delay: delay)
    }

    /// Appends a frame's colours (made with this GIF's options) shown for `delay` centiseconds.
    public mutating func add(_ colors: GIFFrameColors, delay: Int) throws(CodecError) {
        try encoder.add(colors, delay: delay)
    }

    /// The finished file's bytes.
    public mutating func finish() throws(CodecError) -> [UInt8] {
        try encoder.finish()
    }
}

extension Double {
    /// "50" for whole numbers, else the shortest form.
    var formatted: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
