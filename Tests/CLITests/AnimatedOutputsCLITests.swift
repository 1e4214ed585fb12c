import AnimCodecs
import AnimRaster
import AnimTestSupport
import Foundation
import Testing

/// APNG (and the other animated outputs) decoded back by independent decoders.
@Suite(.serialized)
struct AnimatedOutputsCLITests {
    /// A transparent canvas with a static half-transparent panel and a moving rounded card: alpha
    /// edges, unchanged areas and a frame range with a pause (identical frames).
    static let sceneJSON = """
        {"canvas": {"width": 120, "height": 90, "background": "clear", "fps": 25, "duration": 1.2},
         "layers": [
           {"id": "panel", "frame": [10, 50, 100, 30], "backgroundColor": "#3366CC80", "cornerRadius": 8},
           {"id": "card", "frame": [8, 8, 40, 30], "backgroundColor": "#FF8800", "cornerRadius": 9,
            "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 28, "toValue": 92,
                            "duration": 0.8, "timingFunction": "easeInEaseOut", "fillMode": "forwards",
                            "removedOnCompletion": false}]}]}
        """

    func scene(in dir: URL) throws -> String {
        let url = dir.appendingPathComponent("scene.json")
        try Data(Self.sceneJSON.utf8).write(to: url)
        return url.path
    }

    @Test(.enabled(if: ExternalTools.hasPillow, "needs python3 with Pillow (scripts/setup-test-tools.sh)"))
    func apngDecodesInPillowToTheRenderedFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let apng = dir.appendingPathComponent("out.png"), frames = dir.appendingPathComponent("frames")
        let r = try CommandRunner.run([try scene(in: dir), "--apng", apng.path, "--png-dir", frames.path, "--loop", "2", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = try ExternalTools.pillowReport(apng, frames: frames, fps: 25)
        #expect(report["frames"] == "30")
        #expect(report["max_diff"] == "0", "\(report)")
        #expect(report["duration_ms"] == "1200.000")
        #expect(report["loop"] == "2")
        // Frames 20…29 are the same picture (the card has stopped), stored once.
        #expect(report["stored"] == "21", "\(report)")
    }

    @Test(.enabled(if: ExternalTools.hasPillow, "needs python3 with Pillow (scripts/setup-test-tools.sh)"))
    func gifOnAClearCanvasDecodesInPillowToTheThresholdedFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let gif = dir.appendingPathComponent("out.gif"), frames = dir.appendingPathComponent("frames")
        let r = try CommandRunner.run([try scene(in: dir), "--gif", gif.path, "--png-dir", frames.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        // Alpha thresholded at 50 %, colours exact (few colours), the moving card cleared behind it.
        let report = try ExternalTools.pillowReport(gif, frames: frames, fps: 25)
        #expect(report["frames"] == "30" && report["max_diff"] == "0" && report["duration_ms"] == "1200.000", "\(report)")
        // giflib agrees: every decoded frame is the rendered frame with its alpha thresholded.
        let decoded = try GIFDecoder.decode(Array(try Data(contentsOf: gif)))
        var shown: [Bitmap] = []
        for f in decoded.frames { shown += Array(repeating: f.image, count: f.delayCentiseconds / 4) }
        #expect(shown.count == 30)
        for (k, image) in shown.enumerated() {
            var expected = try PNGCodec.decodeFile(at: frames.appendingPathComponent(String(format: "frame_%05d.png", k)).path)
            for y in 0..<expected.height { for x in 0..<expected.width {
                let p = expected[x, y]
                expected[x, y] = p.a < 128 ? .transparent : PixelRGBA8(r: un(p.r, p.a), g: un(p.g, p.a), b: un(p.b, p.a), a: 255)
            } }
            #expect(image == expected, "frame \(k)")
        }
    }

    /// Straight colour of a premultiplied channel (PNG's rounding).
    func un(_ c: UInt8, _ a: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))) }

    @Test func apngDecodesInOurDecoderToTheRenderedFrames() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let apng = dir.appendingPathComponent("out.png"), frames = dir.appendingPathComponent("frames")
        let r = try CommandRunner.run([try scene(in: dir), "--apng", apng.path, "--png-dir", frames.path, "--frames", "5..24", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let decoded = try APNGDecoder.decode(Array(try Data(contentsOf: apng)))
        #expect(decoded.plays == 0)
        var shown: [Bitmap] = []
        for f in decoded.frames {
            #expect(f.delay.denominator == 25)
            shown += Array(repeating: f.image, count: f.delay.numerator)
        }
        #expect(shown.count == 20)
        for (k, image) in shown.enumerated() {
            let png = frames.appendingPathComponent(String(format: "frame_%05d.png", k + 5))
            #expect(image == (try PNGCodec.decodeFile(at: png.path)), "frame \(k + 5)")
        }
    }

    @Test func gifAndAPNGAreTheSameForAnyThreadCount() throws {
        let dir = try CommandRunner.temporaryDirectory()
        var outputs: [[Data]] = []
        for threads in ["1", "2"] {
            let gif = dir.appendingPathComponent("t\(threads).gif"), apng = dir.appendingPathComponent("t\(threads).png")
            let r = try CommandRunner.run([try scene(in: dir), "--gif", gif.path, "--apng", apng.path, "--matte", "#FFFFFF",
                                           "--threads", threads, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append([try Data(contentsOf: gif), try Data(contentsOf: apng)])
        }
        #expect(outputs[0] == outputs[1])
    }

    @Test func apngToAMissingFolderFailsCleanly() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let target = dir.appendingPathComponent("missing/out.png")
        let r = try CommandRunner.run([try scene(in: dir), "--apng", target.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains(target.path) && r.stderr.contains("No such file or directory"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["scene.json"])
    }

    // MARK: Video through ffmpeg (checked with ffprobe and ffmpeg's own decoder)

    static let hasFFmpeg = ExternalTools.find("ffmpeg") != nil && ExternalTools.find("ffprobe") != nil

    /// ffprobe's `key=value` lines for the first video stream and the container.
    func probe(_ url: URL) throws -> [String: String] {
        let r = try ExternalTools.run(ExternalTools.find("ffprobe")!, [
            "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
            "stream=codec_name,width,height,pix_fmt,nb_read_frames,color_space,color_primaries,color_transfer,color_range"
                + ":stream_tags=alpha_mode:format=duration",
            "-of", "default=noprint_wrappers=1:nokey=0", url.path])
        var out: [String: String] = [:]
        for line in r.stdout.split(separator: "\n") {
            let kv = line.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { out[String(kv[0]).replacingOccurrences(of: "TAG:", with: "")] = String(kv[1]) }
        }
        return out
    }

    /// Frame `n` of a video as decoded by ffmpeg (libvpx for VP9, so alpha is kept).
    /// With `bt709`, the YUV → RGB conversion uses the BT.709 matrix in limited range, whatever the file says.
    func decodeFrame(_ url: URL, _ n: Int, vp9: Bool, bt709: Bool = false) throws -> Bitmap {
        let png = url.deletingPathExtension().appendingPathExtension("frame\(n).png")
        let decoder = vp9 ? ["-c:v", "libvpx-vp9"] : []
        let filter = "select=eq(n\\,\(n))" + (bt709 ? ",scale=in_color_matrix=bt709:in_range=tv" : "")
        let r = try ExternalTools.run(ExternalTools.find("ffmpeg")!, ["-v", "error"] + decoder + ["-i", url.path, "-vf", filter,
                                                                       "-frames:v", "1", "-y", png.path])
        #expect(r.status == 0, "\(r.stderr)")
        return try PNGCodec.decodeFile(at: png.path)
    }

    /// PSNR over RGB of the overlapping area, both composited over black.
    func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        var se = 0.0, n = 0.0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) {
                let p = a[x, y], q = b[x, y]
                for (u, v) in [(p.r, q.r), (p.g, q.g), (p.b, q.b)] { se += Double((Int(u) - Int(v)) * (Int(u) - Int(v))); n += 1 }
            }
        }
        return se == 0 ? .infinity : 10 * log10(255 * 255 / (se / n))
    }

    @Test func gifOfAManyColourSceneDecodesCloseToTheRenderedFrames() throws {
        // The benchmark grid (about 2000 colours a frame) at the default --gif-quality 85: every
        // decoded frame differs from the rendered one only by the quantizer and by pixels kept
        // within the slack (3× the frame's mean palette error, which keeps whole areas one level
        // off). Measured: 80.2, 63.9, 58.6, 60.7 dB; 144, 3672, 5382, 5810 pixels (under 0.7 %)
        // off by more than one level; at most 14 levels.
        let dir = try CommandRunner.temporaryDirectory()
        let gif = dir.appendingPathComponent("grid.gif"), frames = dir.appendingPathComponent("f")
        let scene = RepositoryPaths.scenes.appendingPathComponent("bench/grid-24-layers.json").path
        let r = try CommandRunner.run([scene, "--gif", gif.path, "--png-dir", frames.path, "--frames", "0..3", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let decoded = try GIFDecoder.decode(Array(try Data(contentsOf: gif))).frames
        #expect(decoded.count == 4)
        for (k, frame) in decoded.enumerated() {
            let rendered = try PNGCodec.decodeFile(at: frames.appendingPathComponent(String(format: "frame_%05d.png", k)).path)
            #expect(psnr(frame.image, rendered) > 58, "frame \(k): \(psnr(frame.image, rendered)) dB")
            var off = 0, worst = 0
            for i in stride(from: 0, to: rendered.pixels.count, by: 4) {
                let d = (0..<3).map { abs(Int(frame.image.pixels[i + $0]) - Int(rendered.pixels[i + $0])) }.max()!
                if d > 1 { off += 1 }
                worst = max(worst, d)
            }
            #expect(off * 100 < rendered.width * rendered.height, "frame \(k): \(off) pixels differ by more than 1")
            #expect(worst <= 32, "frame \(k): largest channel error \(worst)")
        }
    }

    @Test(.enabled(if: hasFFmpeg, "needs ffmpeg and ffprobe (Debian package ffmpeg; scripts/setup-test-tools.sh)"))
    func mp4HasEveryFrameAtTheRightSizeAndDuration() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let mp4 = dir.appendingPathComponent("out.mp4"), frames = dir.appendingPathComponent("f")
        let r = try CommandRunner.run([try scene(in: dir), "--mp4", mp4.path, "--png-dir", frames.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try probe(mp4)
        #expect(p["codec_name"] == "h264" && p["pix_fmt"] == "yuv420p", "\(p)")
        #expect(p["width"] == "120" && p["height"] == "90" && p["nb_read_frames"] == "30", "\(p)")
        #expect(p["duration"].flatMap(Double.init).map { abs($0 - 1.2) < 0.001 } == true, "\(p)")
        // Converted with BT.709 in limited range and tagged so: players that honour the tags (and
        // ffmpeg decoding below) read the colours back.
        #expect(p["color_space"] == "bt709" && p["color_primaries"] == "bt709" && p["color_transfer"] == "bt709"
                && p["color_range"] == "tv", "\(p)")
        // Frame 12 decodes close to the rendered frame over black (H.264 at CRF 18).
        let rendered = try PNGCodec.decodeFile(at: frames.appendingPathComponent("frame_00012.png").path)
        let quality = psnr(try decodeFrame(mp4, 12, vp9: false), rendered)
        #expect(quality > 35, "PSNR \(quality)")
    }

    /// The matrix is BT.709, as tagged: systemGreen decoded with BT.709 comes back within a few
    /// levels in both formats (ffmpeg's default BT.601 conversion gave (39, 177, 84) read so).
    @Test(.enabled(if: hasFFmpeg, "needs ffmpeg and ffprobe (Debian package ffmpeg; scripts/setup-test-tools.sh)"))
    func videoColoursAreBT709() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = dir.appendingPathComponent("green.json")
        try Data(##"{"canvas": {"width": 64, "height": 48, "background": "#34C759", "fps": 10, "duration": 0.3}}"##.utf8).write(to: scene)
        for format in ["mp4", "webm"] {
            let video = dir.appendingPathComponent("green.\(format)")
            let r = try CommandRunner.run([scene.path, "--\(format)", video.path, "--quiet"])
            #expect(r.status == 0, "\(r.stderr)")
            let p = try decodeFrame(video, 0, vp9: format == "webm", bt709: true)[32, 24]
            #expect(abs(Int(p.r) - 52) <= 4 && abs(Int(p.g) - 199) <= 4 && abs(Int(p.b) - 89) <= 4, "\(format): \(p)")
        }
    }

    /// An odd-sized MP4 gets one more column and row repeating the last ones, not a black line
    /// along a light canvas's edge.
    @Test(.enabled(if: hasFFmpeg, "needs ffmpeg and ffprobe (Debian package ffmpeg; scripts/setup-test-tools.sh)"))
    func oddSizedVideoRepeatsItsEdge() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = dir.appendingPathComponent("odd.json")
        try Data(##"{"canvas": {"width": 41, "height": 23, "background": "#F2F2F7", "fps": 10, "duration": 0.3}}"##.utf8).write(to: scene)
        let mp4 = dir.appendingPathComponent("odd.mp4")
        let r = try CommandRunner.run([scene.path, "--mp4", mp4.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("odd.mp4: 3 frames, 42×24 px"), "the summary gives the padded size: \(r.stderr)")
        let frame = try decodeFrame(mp4, 0, vp9: false)
        #expect(frame.width == 42 && frame.height == 24)
        for (x, y) in [(41, 5), (5, 23), (41, 23), (20, 10)] {
            let p = frame[x, y]
            #expect(abs(Int(p.r) - 242) <= 3 && abs(Int(p.g) - 242) <= 3 && abs(Int(p.b) - 247) <= 3, "(\(x), \(y)): \(p)")
        }
    }

    @Test(.enabled(if: hasFFmpeg, "needs ffmpeg and ffprobe (Debian package ffmpeg; scripts/setup-test-tools.sh)"))
    func webmKeepsAlphaAndOddSizes() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let json = Self.sceneJSON.replacingOccurrences(of: "\"width\": 120, \"height\": 90", with: "\"width\": 121, \"height\": 91")
        let scene = dir.appendingPathComponent("odd.json")
        try Data(json.utf8).write(to: scene)
        let webm = dir.appendingPathComponent("out.webm"), mp4 = dir.appendingPathComponent("out.mp4")
        let frames = dir.appendingPathComponent("f")
        let r = try CommandRunner.run([scene.path, "--webm", webm.path, "--mp4", mp4.path, "--png-dir", frames.path, "--frames", "0..9", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let p = try probe(webm)
        #expect(p["codec_name"] == "vp9" && p["alpha_mode"] == "1", "\(p)")
        #expect(p["width"] == "121" && p["height"] == "91" && p["nb_read_frames"] == "10", "\(p)")
        // H.264 4:2:0 needs even sizes: the MP4 is padded by one pixel (`oddSizedVideoRepeatsItsEdge`).
        let q = try probe(mp4)
        #expect(q["width"] == "122" && q["height"] == "92", "\(q)")
        #expect(p["color_space"] == "bt709" && p["color_range"] == "tv", "\(p)")
        let decoded = try decodeFrame(webm, 5, vp9: true)
        let rendered = try PNGCodec.decodeFile(at: frames.appendingPathComponent("frame_00005.png").path)
        #expect(decoded[2, 2].a == 0 && decoded[35, 20].a == 255, "transparent corner, opaque card")
        #expect(psnr(decoded, rendered) > 30)
    }

    @Test(.enabled(if: hasFFmpeg, "needs ffmpeg (Debian package ffmpeg)"))
    func videoIsTheSameForAnyThreadCount() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let a = dir.appendingPathComponent("a.mp4"), b = dir.appendingPathComponent("b.mp4")
        #expect(try CommandRunner.run([try scene(in: dir), "--mp4", a.path, "--threads", "1", "--quiet"]).status == 0)
        #expect(try CommandRunner.run([try scene(in: dir), "--mp4", b.path, "--threads", "2", "--quiet"]).status == 0)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b))
    }

    @Test func missingFFmpegIsNamedWithItsPackageAndNothingIsWritten() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let empty = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let out = dir.appendingPathComponent("out.mp4")
        let r = try CommandRunner.run([try scene(in: dir), "--mp4", out.path], environment: ["PATH": empty.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains("--mp4 needs ffmpeg") && r.stderr.contains("apt-get install ffmpeg"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["bin", "scene.json"])
    }

    @Test(.enabled(if: hasFFmpeg, "needs ffmpeg (Debian package ffmpeg)"))
    func videoToAMissingFolderFailsBeforeRendering() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let target = dir.appendingPathComponent("nope/out.webm")
        let r = try CommandRunner.run([try scene(in: dir), "--webm", target.path])
        #expect(r.status == 1)
        #expect(r.stderr.contains(target.path) && r.stderr.contains("No such file or directory"), "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["scene.json"])
    }

    /// `--to` less than half a millisecond after a frame: that frame would get a delay of 0 ms.
    @Test func aFrameJustBeforeToIsLeftOutAndTheTotalStaysExact() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let apng = dir.appendingPathComponent("out.png")
        let r = try CommandRunner.run([try scene(in: dir), "--apng", apng.path, "--to", "0.8004", "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let decoded = try APNGDecoder.decode(Array(try Data(contentsOf: apng)))
        #expect(decoded.frames.allSatisfy { $0.delay.numerator > 0 }, "\(decoded.frames.map(\.delay))")
        #expect(decoded.frames.allSatisfy { $0.delay.denominator == 1000 })
        #expect(decoded.frames.map(\.delay.numerator).reduce(0, +) == 800)
    }
}
