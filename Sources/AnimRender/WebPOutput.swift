import AnimCodecs
import AnimGeometry
import AnimRaster

/// `--webp`: every frame of the selection in an animated WebP (lossless unless a quality is given),
/// with millisecond timestamps from absolute frame times.
final class WebPSink: FrameSink {
    let path: String
    let frames: [Int]
    private let timestamps: [Int]
    private let end: Int
    private let encoder: WebPEncoder
    private var next = 0

    init(path: String, selection: FrameSelection, renderer: Renderer, plays: Int, quality: Int?) throws(CodecError) {
        self.path = path
        let timing = WebPTiming.timestamps(times: selection.frames.map(renderer.time(ofFrame:)), end: selection.endTime)
        frames = timing.kept.map { selection.frames.lowerBound + $0 }
        (timestamps, end) = (timing.starts, timing.end)
        let (w, h) = renderer.pixelSize
        let bg = renderer.canvas.background
        let background = bg.alpha < 1 ? PixelRGBA8(r: 0, g: 0, b: 0, a: 0) : {
            let p = bg.premultipliedRGBA8
            return PixelRGBA8(r: p.r, g: p.g, b: p.b, a: 255)
        }()
        encoder = try WebPEncoder(width: w, height: h, plays: plays, quality: quality, background: background)
        try AtomicFile.checkWritable(path)
    }

    func add(_ frame: Bitmap, index: Int) throws(CodecError) {
        try encoder.add(frame, timestamp: timestamps[next])
        next += 1
    }

    func commit() throws(CodecError) { try AtomicFile.write(try encoder.finish(endTimestamp: end), to: path) }
    func discard() {}
}

/// WebP timestamps are whole milliseconds: each frame starts at round(1000·t) − round(1000·t₀), so
/// durations never accumulate rounding error and the total is exactly round(1000·end) − round(1000·t₀).
/// A frame that would last 0 ms is left out (``FrameStops/kept(_:)``).
public enum WebPTiming {
    /// For frames at `times` (ascending seconds): the positions in `times` of the frames to write,
    /// their start times in ms, and when the last one ends (at least 1 ms after it starts).
    public static func timestamps(times: [Double], end: Double) -> (kept: [Int], starts: [Int], end: Int) {
        func ms(_ t: Double) -> Int { Int((t * 1000).rounded(.toNearestOrAwayFromZero)) }
        let stops = (times + [end]).map(ms)
        let kept = FrameStops.kept(stops)
        let origin = times.isEmpty ? 0 : stops[0]
        let starts = kept.map { stops[$0] - origin }
        return (kept, starts, max(stops[times.count] - origin, (starts.last ?? -1) + 1))
    }
}
