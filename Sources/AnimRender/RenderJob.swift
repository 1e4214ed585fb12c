import AnimCodecs
import AnimRaster
import AnimScene

/// What a command-line run writes.
public struct OutputRequest: Sendable {
    public var gifPath: String?
    /// An animated PNG.
    public var apngPath: String?
    /// Videos through ffmpeg.
    public var mp4Path: String?
    public var webmPath: String?
    public var pngDirectory: String?
    /// A single frame (`--frame N` or `--time T`) to `pngPath`.
    public var singleFrame: SingleFrame?
    public var threads: Int
    /// The part of the render written to the animated outputs (every frame when nil).
    public var range: FrameRange?
    /// How many times animations play: 0 = forever (the default), 1 = once, …
    public var plays = 0
    /// An image strip of chosen frames.
    public var contactSheet: ContactSheetRequest?

    /// Whether anything besides a single frame is asked for.
    var wantsSequence: Bool {
        gifPath != nil || apngPath != nil || mp4Path != nil || webmPath != nil || pngDirectory != nil || contactSheet != nil
    }

    public enum SingleFrame: Sendable {
        case index(Int, pngPath: String)
        case time(Double, pngPath: String)
    }

    public init(gifPath: String? = nil, pngDirectory: String? = nil, singleFrame: SingleFrame? = nil, threads: Int = 1) {
        self.gifPath = gifPath
        self.pngDirectory = pngDirectory
        self.singleFrame = singleFrame
        self.threads = threads
    }
}

/// Runs one render: frames in order to each requested output, each output written atomically.
public struct RenderJob {
    public let renderer: Renderer
    public let request: OutputRequest
    /// Called after each frame with (frames done, total); for progress bars.
    public var progress: (Int, Int) -> Void = { _, _ in }
    /// Called with warnings (for example fps over 50 for a GIF).
    public var warn: (String) -> Void = { _ in }

    public init(renderer: Renderer, request: OutputRequest) {
        self.renderer = renderer
        self.request = request
    }

    /// Writes every requested output. Nothing is left behind when it throws.
    public func run() throws(RenderError) {
        if let single = request.singleFrame { try writeSingle(single) }
        if request.wantsSequence { try writeSequence() }
    }

    private func writeSingle(_ single: OutputRequest.SingleFrame) throws(RenderError) {
        let bitmap: Bitmap, path: String
        switch single {
        case let .index(i, p):
            guard i >= 0 && i < renderer.frameCount else {
                throw .usage("--frame \(i) is out of range: the scene has frames 0…\(renderer.frameCount - 1)")
            }
            bitmap = renderer.renderFrame(i)
            path = p
        case let .time(t, p):
            bitmap = renderer.render(at: t)
            path = p
        }
        do {
            try AtomicFile.write(try PNGCodec.encode(bitmap), to: path)
        } catch {
            throw .output(error)
        }
    }
}
