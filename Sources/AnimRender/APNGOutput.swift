import AnimCodecs
import AnimRaster

/// `--apng`: every frame of the selection in an animated PNG, lossless, with exact delays.
final class APNGSink: FrameSink {
    let path: String
    let frames: [Int]
    private let delays: [Int]
    private var encoder: APNGEncoder
    private var next = 0

    init(path: String, selection: FrameSelection, renderer: Renderer, plays: Int) throws(CodecError) {
        self.path = path
        frames = Array(selection.frames)
        let times = frames.map(renderer.time(ofFrame:))
        let timing = APNGTiming.delays(times: times, end: selection.endTime, fps: renderer.canvas.fps)
        delays = timing.delays
        let (w, h) = renderer.pixelSize
        encoder = try APNGEncoder(width: w, height: h, plays: plays, delayDenominator: timing.denominator)
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
public enum APNGTiming {
    public static func delays(times: [Double], end: Double, fps: Double) -> (denominator: Int, delays: [Int]) {
        let whole = fps == fps.rounded() && fps >= 1 && fps <= 65_535
            && abs(end * fps - (end * fps).rounded()) < 1e-9
        let unit = whole ? fps : 1000
        let stops = (times + [end]).map { Int(($0 * unit).rounded(.toNearestOrAwayFromZero)) }
        return (Int(unit), (0..<times.count).map { stops[$0 + 1] - stops[$0] })
    }
}
