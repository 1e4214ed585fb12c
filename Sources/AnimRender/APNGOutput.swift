import AnimCodecs
import AnimRaster

/// `--apng`: every frame of the selection in an animated PNG, lossless, with exact delays.
final class APNGSink: FrameSink {
    let path: String
    let frames: [Int]
    private let delays: [Int]
    private var encoder: APNGEncoder
    private var next = 0

    /// `threads` compress its frames (``APNGEncoder/threads``).
    init(path: String, selection: FrameSelection, renderer: Renderer, plays: Int, threads: Int) throws(CodecError) {
        self.path = path
        let times = selection.frames.map(renderer.time(ofFrame:))
        let timing = APNGTiming.delays(times: times, end: selection.endTime, fps: renderer.canvas.fps)
        frames = timing.kept.map { selection.frames.lowerBound + $0 }
        delays = timing.delays
        let (w, h) = renderer.pixelSize
        encoder = try APNGEncoder(width: w, height: h, plays: plays, delayDenominator: timing.denominator, threads: threads)
        try AtomicFile.checkWritable(path)
    }

    func add(_ frame: Bitmap, index: Int) throws(CodecError) {
        try encoder.add(frame, delay: delays[next])
        next += 1
    }

    func commit() throws(CodecError) { try AtomicFile.write(try encoder.finish(), to: path) }
    func discard() {}
}

/// APNG delays are fractions: with a whole frame rate F whose frames and end fall on 1/F s, delays
/// are counted in 1/F s (exact); otherwise in milliseconds from absolute times, so the total stays exact.
/// A frame that would get a delay of 0 is left out (``FrameStops/kept(_:)``).
public enum APNGTiming {
    /// The delays' denominator, the positions in `times` of the frames to write, and their delays.
    public static func delays(times: [Double], end: Double, fps: Double) -> (denominator: Int, kept: [Int], delays: [Int]) {
        let whole = fps == fps.rounded() && fps >= 1 && fps <= 65_535
            && abs(end * fps - (end * fps).rounded()) < 1e-9
        let unit = whole ? fps : 1000
        let stops = (times + [end]).map { Int(($0 * unit).rounded(.toNearestOrAwayFromZero)) }
        let kept = FrameStops.kept(stops)
        // Between two kept frames every frame lasts 0 units, so stops[k + 1] is where the next kept one starts.
        return (Int(unit), kept, kept.map { max(1, stops[$0 + 1] - stops[$0]) })
    }
}
