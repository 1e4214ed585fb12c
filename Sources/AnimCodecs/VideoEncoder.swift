#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AnimRaster

/// MP4 (H.264) and WebM (VP9) through an installed `ffmpeg`: raw RGBA frames go to its standard
/// input, it writes a temporary file beside the target, and ``finish()`` renames that into place,
/// so a failure leaves nothing behind. For "-" (``StandardOutput``) the temporary file is in
/// TMPDIR (or /tmp) and ``finish()`` copies it to standard output.
///
/// MP4 has no alpha: frames are shown over black (premultiplied colour is exactly colour over black),
/// as yuv420p, padded to even sizes with the edge repeated. WebM keeps alpha (yuva420p) when `alpha`
/// is set. Both are BT.709, limited range, and tagged so (``codecArguments(_:alpha:width:height:)``). Metadata is
/// bit-exact (no encoder version, no dates), so the same frames give the same file.
public final class VideoEncoder {
    public enum Format: String, Sendable {
        case mp4, webm
    }

    public let format: Format
    public let path: String
    public let width: Int
    public let height: Int
    private let alpha: Bool
    private let temporary: String
    /// Where the file goes: `path`, or where the symbolic link at `path` leads (``AtomicFile``).
    private let target: String
    private let temporaryToken: Interruption.Token
    private var child: ChildProcess?

    /// Starts ffmpeg; throws ``CodecError/missingTool(tool:package:purpose:)`` when it is not installed.
    public init(format: Format, path: String, width: Int, height: Int, fps: Double, alpha: Bool) throws(CodecError) {
        guard let ffmpeg = ChildProcess.find("ffmpeg") else {
            throw .missingTool(tool: "ffmpeg", package: "ffmpeg", purpose: "--\(format.rawValue)")
        }
        self.format = format
        self.path = path
        self.width = width
        self.height = height
        self.alpha = alpha && format == .webm
        target = StandardOutput.isStandardOutput(path) ? path : AtomicFile.linkTarget(of: path)
        (temporary, temporaryToken) = try Self.reserveTemporary(for: target)
        let input = ["-f", "rawvideo", "-pix_fmt", self.alpha ? "rgba" : "rgb0", "-s", "\(width)x\(height)",
                     "-framerate", Self.rate(fps), "-i", "-"]
        do {
            // -xerror: without it ffmpeg 5 exits 0 after "Error writing trailer …: No space left on device"
            // (or File too large), which would rename a truncated file into place.
            child = try ChildProcess(ffmpeg, ["-hide_banner", "-nostdin", "-loglevel", "error", "-xerror", "-y"] + input
                                     + Self.codecArguments(format, alpha: self.alpha, width: width, height: height)
                                     + ["-f", format.rawValue, temporary])
        } catch {
            unlink(temporary)
            Interruption.deregister(temporaryToken)
            throw error
        }
    }

    deinit {
        if child != nil { discard() }
    }

    /// Sends one frame (premultiplied, width×height).
    public func add(_ frame: Bitmap) throws(CodecError) {
        guard let child else { throw .invalidImage("the video encoder is already finished") }
        guard frame.width == width, frame.height == height else {
            throw .invalidImage("frame is \(frame.width)×\(frame.height) but the video is \(width)×\(height)")
        }
        let pixels = alpha ? Alpha.unpremultiplied(frame.pixels) : frame.pixels
        do {
            try pixels.withUnsafeBytes { raw in Result { () throws(CodecError) in try child.write(raw) } }.get()
        } catch {
            discard()
            throw annotate(error)
        }
    }

    /// Waits for ffmpeg and moves the file into place.
    public func finish() throws(CodecError) {
        guard let child else { throw .invalidImage("the video encoder is already finished") }
        do {
            try child.finish()
        } catch {
            discard()
            throw annotate(error)
        }
        self.child = nil
        if StandardOutput.isStandardOutput(path) { return try copyToStandardOutput() }
        defer { Interruption.deregister(temporaryToken) }
        var st = stat()
        if stat(target, &st) == 0, st.st_mode & S_IFMT == S_IFREG { chmod(temporary, st.st_mode & 0o7777) }
        guard rename(temporary, target) == 0 else {
            let reason = SystemError.lastMessage()
            unlink(temporary)
            throw .io(path: path, reason: reason)
        }
    }

    /// The finished temporary file written to standard output, then removed.
    private func copyToStandardOutput() throws(CodecError) {
        defer {
            unlink(temporary)
            Interruption.deregister(temporaryToken)
        }
        try StandardOutput.write(try FileReader.readAll(temporary))
    }

    /// Stops ffmpeg and removes its temporary file.
    public func discard() {
        child = nil
        unlink(temporary)
        Interruption.deregister(temporaryToken)
    }

    private func annotate(_ error: CodecError) -> CodecError {
        guard case let .tool(message) = error else { return error }
        return .tool("cannot write \(StandardOutput.name(path)): \(message)")
    }

    /// Creates an empty ".<name>.tmp-<pid>-<n>.<ext>" beside `path` (O_EXCL), which ffmpeg then overwrites;
    /// a missing folder or no permission fails here, before any frame is drawn.
    private static func reserveTemporary(for path: String) throws(CodecError) -> (String, Interruption.Token) {
        if StandardOutput.isStandardOutput(path) {
            try StandardOutput.checkWritable()
            let tmp = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            return try reserveTemporary(for: tmp + (tmp.hasSuffix("/") ? "" : "/") + "animrender-video")
        }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        for attempt in 0..<1000 {
            let temp = folder + "." + name + ".tmp-\(getpid())-\(attempt)"
            let token = Interruption.register(.file(temp))
            let fd = open(temp, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o644)
            if fd >= 0 {
                close(fd)
                return (temp, token)
            }
            let code = errno
            Interruption.deregister(token)
            guard code == EEXIST else {
                let reason = code == ENOTDIR ? AtomicFile.notAFolderReason(folder, output: path) : nil
                throw .io(path: path, reason: reason ?? SystemError.message(code))
            }
        }
        throw .io(path: path, reason: "no free temporary file name")
    }

    /// "50" for whole rates, else the decimal form ffmpeg parses.
    private static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : String(fps)
    }

    /// The encoder and its pixel pipeline. The RGB frames are converted to YUV with the BT.709
    /// matrix in limited range and tagged so (primaries, transfer, matrix, range): an untagged
    /// video is read as BT.601 by some players and BT.709 by others, which shifts saturated
    /// colours by up to 20 levels (ffmpeg's default conversion is BT.601, untagged). H.264's 4:2:0
    /// needs even sizes: an odd width or height gets one more column or row repeating the last
    /// one (`fillborders` smear), not a black line.
    static func codecArguments(_ format: Format, alpha: Bool, width: Int, height: Int) -> [String] {
        let exact = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]
        let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv"]
        let toYUV = "scale=out_color_matrix=bt709:out_range=tv,format=" + (alpha ? "yuva420p" : "yuv420p")
        switch format {
        case .mp4:
            var filters = ["format=gbrp"]
            let (padRight, padBottom) = (width % 2, height % 2)
            if padRight + padBottom > 0 {
                filters.append("pad=\(width + padRight):\(height + padBottom)")
                filters.append("fillborders=right=\(padRight):bottom=\(padBottom):mode=smear")
            }
            return ["-c:v", "libx264", "-preset", "medium", "-crf", "18", "-vf", (filters + [toYUV]).joined(separator: ","),
                    "-movflags", "+faststart"] + tags + exact
        case .webm:
            return ["-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "1",
                    "-vf", (alpha ? "format=gbrap," : "format=gbrp,") + toYUV] + tags + exact
        }
    }
}
