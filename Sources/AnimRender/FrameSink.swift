import AnimCodecs
import AnimRaster

/// One output of a render, fed frames in ascending order. Nothing it writes is visible before
/// ``commit()``, and ``discard()`` removes whatever it wrote.
protocol FrameSink: AnyObject {
    /// The frames it needs, ascending.
    var frames: [Int] { get }
    /// What to make of each of its frames on the thread that drew it; nil for nothing.
    var preparation: FramePreparation? { get }
    /// Takes frame `index` (one of ``frames``).
    func add(_ frame: Bitmap, index: Int) throws(CodecError)
    /// Takes frame `index` with what ``preparation`` made of it, or nil when that was not made
    /// (the sink then makes it itself).
    func add(_ frame: Bitmap, prepared: PreparedFrame?, index: Int) throws(CodecError)
    /// Writes the finished output into place.
    func commit() throws(CodecError)
    /// Removes everything written so far.
    func discard()
}

extension FrameSink {
    var preparation: FramePreparation? { nil }

    func add(_ frame: Bitmap, prepared: PreparedFrame?, index: Int) throws(CodecError) {
        try add(frame, index: index)
    }
}

/// The animated GIF of a selection: the frames ``GIFOutput/plan(times:end:)`` keeps.
final class GIFSink: FrameSink {
    let path: String
    let frames: [Int]
    private let delays: [Int: Int]
    private var output: GIFOutput

    init(path: String, plan: [(frame: Int, delay: Int)], output: GIFOutput) throws(CodecError) {
        try AtomicFile.checkWritable(path)
        self.path = path
        frames = plan.map(\.frame)
        delays = Dictionary(uniqueKeysWithValues: plan.map { ($0.frame, $0.delay) })
        self.output = output
    }

    /// Its frames' colours are made on the drawing threads.
    var preparation: FramePreparation? { .gifColors(output.encoder.options) }

    func add(_ frame: Bitmap, index: Int) throws(CodecError) {
        try output.add(frame, delay: delays[index] ?? 0)
    }

    func add(_ frame: Bitmap, prepared: PreparedFrame?, index: Int) throws(CodecError) {
        guard case let .gifColors(colors) = prepared else { return try add(frame, index: index) }
        try output.add(colors, delay: delays[index] ?? 0)
    }

    func commit() throws(CodecError) {
        try AtomicFile.write(try output.finish(), to: path)
    }

    func discard() {}
}

/// `--png-dir`: every frame of the selection as its own PNG, named by its frame index.
final class PNGSequenceSink: FrameSink {
    let frames: [Int]
    private let sequence: PNGSequence

    init(directory: String, frames: Range<Int>) throws(RenderError) {
        self.frames = Array(frames)
        sequence = try PNGSequence(directory: directory)
    }

    /// Its frames are encoded on the drawing threads.
    var preparation: FramePreparation? { .png }

    func add(_ frame: Bitmap, index: Int) throws(CodecError) { try sequence.write(try PNGCodec.encode(frame), index: index) }

    func add(_ frame: Bitmap, prepared: PreparedFrame?, index: Int) throws(CodecError) {
        guard case let .png(encoded) = prepared else { return try add(frame, index: index) }
        try sequence.write(try encoded.get(), index: index)
    }
    func commit() throws(CodecError) { try sequence.commit() }
    func discard() { sequence.discard() }
}

/// `--contact-sheet`: the chosen frames side by side in one PNG.
final class ContactSheetSink: FrameSink {
    let path: String
    let frames: [Int]
    private var sheet: ContactSheet

    init(path: String, sheet: ContactSheet) throws(CodecError) {
        try AtomicFile.checkWritable(path)
        self.path = path
        self.sheet = sheet
        frames = Array(Set(sheet.frames)).sorted()
    }

    func add(_ frame: Bitmap, index: Int) throws(CodecError) { sheet.place(frame, index: index) }
    func commit() throws(CodecError) { try AtomicFile.write(try PNGCodec.encode(sheet.bitmap), to: path) }
    func discard() {}
}

/// `--mp4` / `--webm`: every frame of the selection piped to ffmpeg at the render's frame rate.
final class VideoSink: FrameSink {
    let frames: [Int]
    private let encoder: VideoEncoder

    init(format: VideoEncoder.Format, path: String, selection: FrameSelection, renderer: Renderer) throws(CodecError) {
        frames = Array(selection.frames)
        let (w, h) = renderer.pixelSize
        encoder = try VideoEncoder(format: format, path: path, width: w, height: h, fps: renderer.canvas.fps,
                                   alpha: renderer.canvas.background.alpha < 1)
    }

    func add(_ frame: Bitmap, index: Int) throws(CodecError) { try encoder.add(frame) }
    func commit() throws(CodecError) { try encoder.finish() }
    func discard() { encoder.discard() }
}
