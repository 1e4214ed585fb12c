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
        frames = Array(selection.frames)
        (timestamps, end) = WebPTiming.timestamps(times: frames.map(renderer.time(ofFrame:)), end: selection.endTime)
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
public enum WebPTiming {
    /// Start times in ms of frames at `times` (ascending seconds), and when the last one ends.
    public static func timestamps(times: [Double], end: Double) -> (starts: [Int], end: Int) {
        func ms(_ t: Double) -> Int { Int((t * 1000).rounded(.toNearestOrAwayFromZero)) }
        let origin = ms(times.first ?? 0)
        return (times.map { ms($0) - origin }, ms(end) - origin)
    }
}
