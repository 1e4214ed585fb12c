import AnimCodecs
import AnimRaster
import AnimScene

/// What a command-line run writes.
public struct OutputRequest: Sendable {
    public var gifPath: String?
    /// GIF palette size and matte; `transparent` is set from the canvas background.
    public var gifColors = 256
    /// GIF quality 1…100 (``GIFQuality``).
    public var gifQuality = GIFQuality.standard
    public var matte: RGB8?
    /// An animated PNG.
    public var apngPath: String?
    /// An animated WebP: lossless when `webpQuality` is nil, else lossy at that quality (0…100).
    public var webpPath: String?
    public var webpQuality: Int?
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

    /// A `--matte` value: "#RRGGBB", "RRGGBB", "white" or "black".
    public static func parseMatte(_ text: String) -> RGB8? {
        switch text.lowercased() {
        case "white": return .white
        case "black": return .black
        default:
            let hex = text.hasPrefix("#") ? String(text.dropFirst()) : text
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
            return RGB8(packed: v)
        }
    }

    /// An output path as messages name it: "standard output" for "-" (``StandardOutput``).
    public static func displayName(_ path: String) -> String { StandardOutput.name(path) }

    /// Whether anything besides a single frame is asked for.
    var wantsSequence: Bool {
        gifPath != nil || apngPath != nil || webpPath != nil || mp4Path != nil || webmPath != nil || pngDirectory != nil || contactSheet != nil
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
        let time: Double, path: String, index: Int?
        switch single {
        case let .index(i, p):
            guard i >= 0 && i < renderer.frameCount else {
                throw .usage("--frame \(i) is out of range: the scene has frames 0…\(renderer.frameCount - 1)")
            }
            (time, path, index) = (renderer.time(ofFrame: i), p, i)
        case let .time(t, p):
            (time, path, index) = (t, p, nil)
        }
        do throws(CodecError) { try AtomicFile.checkWritable(path) } catch { throw .output(error) }
        let (bitmap, overflow) = renderer.checkedRender(renderer.presentation(at: time))
        if let overflow { throw .frame(index, time: time, overflow) }
        do {
            try AtomicFile.write(try PNGCodec.encode(bitmap), to: path)
        } catch {
            throw .output(error)
        }
    }
}

/// The GIF quality scale (1…100) and its default, for callers that do not import AnimCodecs.
public typealias GIFQuality = AnimCodecs.GIFQuality
