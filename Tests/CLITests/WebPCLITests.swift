import AnimCodecs
import AnimRaster
import AnimTestSupport
import Foundation
import Testing

/// `--webp` decoded back by independent decoders: Pillow (every frame and its duration), libwebp's
/// webpmux/webpinfo (frames, loop count, durations, compression) and dwebp (each stored frame's pixels).
@Suite(.serialized)
struct WebPCLITests {
    static let pillow = "needs python3 with Pillow built with WebP (scripts/setup-test-tools.sh)"
    static let webpTools = "needs webpmux, webpinfo and dwebp (Debian package webp; scripts/setup-test-tools.sh)"

    /// The animated-outputs scene (transparent canvas, half-transparent panel, moving card that stops).
    func scene(in dir: URL, json: String = AnimatedOutputsCLITests.sceneJSON) throws -> String {
        let url = dir.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: url)
        return url.path
    }

    /// Renders `--webp` (plus the frames as PNG) and returns (webp, frames folder).
    func render(_ extra: [String] = [], json: String = AnimatedOutputsCLITests.sceneJSON) throws -> (URL, URL) {
        let dir = try CommandRunner.temporaryDirectory()
        let webp = dir.appendingPathComponent("out.webp"), frames = dir.appendingPathComponent("frames")
        let r = try CommandRunner.run([try scene(in: dir, json: json), "--webp", webp.path, "--png-dir", frames.path, "--quiet"] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return (webp, frames)
    }

    // MARK: Pillow

    @Test(.enabled(if: ExternalTools.hasPillowWebP, Comment(rawValue: pillow)))
    func losslessDecodesInPillowToTheRenderedFrames() throws {
        let (webp, frames) = try render(["--loop", "2"])
        let report = try ExternalTools.pillowReport(webp, frames: frames, fps: 25)
        #expect(report["frames"] == "30")
        #expect(report["max_diff"] == "0", "\(report)")
        #expect(report["duration_ms"] == "1200.000", "\(report)")
        #expect(report["loop"] == "2", "\(report)")
        // Frames 20…29 are one picture (the card has stopped): stored once, shown for 400 ms.
        #expect(report["stored"] == "21", "\(report)")
    }

    @Test(.enabled(if: ExternalTools.hasPillowWebP, Comment(rawValue: pillow)))
    func opaqueCanvasDecodesExactlyWithItsBackgroundColour() throws {
        let json = AnimatedOutputsCLITests.sceneJSON.replacingOccurrences(of: "\"background\": \"clear\"", with: "\"background\": \"#204060\"")
        let (webp, frames) = try render(json: json)
        let report = try ExternalTools.pillowReport(webp, frames: frames, fps: 25)
        #expect(report["max_diff"] == "0" && report["duration_ms"] == "1200.000" && report["loop"] == "0", "\(report)")
        if ExternalTools.hasWebPTools {
            // The ANIM chunk's background hint is the canvas colour (webpmux prints it as 0xAARRGGBB).
            #expect(try muxInfo(webp).background == "0xFF204060")
        }
    }

    @Test(.enabled(if: ExternalTools.hasPillowWebP, Comment(rawValue: pillow)))
    func lossyDecodesInPillowCloseToTheRenderedFrames() throws {
        let (webp, frames) = try render(["--webp-quality", "75"])
        let report = try ExternalTools.pillowReport(webp, frames: frames, fps: 25)
        #expect(report["frames"] == "30" && report["duration_ms"] == "1200.000", "\(report)")
        // Mean PSNR over the 30 frames, RGB over black (measured 46.4 dB at quality 75 with libwebp 1.2.4).
        let psnr = report["psnr"].flatMap(Double.init) ?? 0
        #expect(psnr > 40, "\(report)")
        #expect(report["max_diff"] != "0", "lossy output should not be exact: \(report)")
    }

    // MARK: webpmux, webpinfo, dwebp

    struct MuxFrame {
        var width, height, x, y, duration: Int
        var dispose, blend, compression: String
    }

    struct MuxInfo {
        var canvas = ""
        var background = ""
        var loop = -1
        var frameCount = -1
        var frames: [MuxFrame] = []
    }

    /// `webpmux -info`, parsed.
    func muxInfo(_ webp: URL) throws -> MuxInfo {
        let r = try ExternalTools.run(ExternalTools.find("webpmux")!, ["-info", webp.path])
        guard r.status == 0 else { throw ToolFailure(message: r.stderr) }
        var info = MuxInfo()
        for line in r.stdout.split(separator: "\n").map(String.init) {
            if line.hasPrefix("Canvas size:") { info.canvas = line.dropFirst(12).trimmingCharacters(in: .whitespaces) }
            if line.hasPrefix("Number of frames:") { info.frameCount = Int(line.dropFirst(17).trimmingCharacters(in: .whitespaces)) ?? -2 }
            if line.hasPrefix("Background color") {
                let words = line.split(separator: " ")
                info.background = words.first { $0.hasPrefix("0x") }.map(String.init) ?? ""
                info.loop = words.last.flatMap { Int($0) } ?? -2
            }
            let fields = line.split(separator: " ")
            if let first = fields.first, first.hasSuffix(":"), Int(first.dropLast()) != nil, fields.count == 11 {
                let n = fields.map(String.init)
                info.frames.append(MuxFrame(width: Int(n[1])!, height: Int(n[2])!, x: Int(n[4])!, y: Int(n[5])!,
                                            duration: Int(n[6])!, dispose: n[7], blend: n[8], compression: n[10]))
            }
        }
        return info
    }

    @Test(.enabled(if: ExternalTools.hasWebPTools, Comment(rawValue: webpTools)))
    func webpmuxAndWebpinfoSeeTheFramesLoopAndDurations() throws {
        let (webp, _) = try render(["--loop", "3"])
        let info = try muxInfo(webp)
        #expect(info.canvas == "120 x 90")
        #expect(info.loop == 3 && info.background == "0x00000000", "\(info)")
        #expect(info.frameCount == 21 && info.frames.count == 21)
        #expect(info.frames.map(\.duration) == Array(repeating: 40, count: 20) + [400])
        #expect(info.frames.allSatisfy { $0.compression == "lossless" })
        let check = try ExternalTools.run(ExternalTools.find("webpinfo")!, [webp.path])
        #expect(check.status == 0 && check.stdout.contains("No error detected"), "\(check.stdout)")
    }

    @Test(.enabled(if: ExternalTools.hasWebPTools, Comment(rawValue: webpTools)))
    func durationsComeFromAbsoluteTimesAtFractionalFrameRates() throws {
        // 29.97 fps, frames 3…12: each frame starts at round(1000·k/29.97) ms, the last ends at frame 13's time.
        let (webp, _) = try render(["--fps", "29.97", "--frames", "3..12"])
        let durations = try muxInfo(webp).frames.map(\.duration)
        let stops = (3...13).map { Int((1000 * Double($0) / 29.97).rounded()) }
        #expect(durations == (0..<10).map { stops[$0 + 1] - stops[$0] })
        #expect(durations.reduce(0, +) == 334 && Set(durations) == [33, 34])
    }

    /// A PAM file (`dwebp -pam`): straight RGBA.
    func readPAM(_ url: URL) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let data = Array(try Data(contentsOf: url))
        let end = Array("ENDHDR\n".utf8)
        guard let at = (0...(data.count - end.count)).first(where: { Array(data[$0..<($0 + end.count)]) == end }) else {
            throw ToolFailure(message: "\(url.path) is not a PAM file")
        }
        var fields: [String: Int] = [:]
        for line in String(decoding: data[..<at], as: UTF8.self).split(separator: "\n") {
            let kv = line.split(separator: " ")
            if kv.count == 2, let v = Int(kv[1]) { fields[String(kv[0])] = v }
        }
        let w = fields["WIDTH"] ?? 0, h = fields["HEIGHT"] ?? 0
        guard fields["DEPTH"] == 4, fields["MAXVAL"] == 255 else { throw ToolFailure(message: "unexpected PAM header \(fields)") }
        return (w, h, Array(data[(at + end.count)...]))
    }

    /// Stored frame `n` (1-based) as dwebp decodes it: the frame's own rectangle, straight RGBA.
    func extractFrame(_ webp: URL, _ n: Int) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let one = webp.deletingLastPathComponent().appendingPathComponent("frame\(n).webp")
        let pam = webp.deletingLastPathComponent().appendingPathComponent("frame\(n).pam")
        let get = try ExternalTools.run(ExternalTools.find("webpmux")!, ["-get", "frame", String(n), webp.path, "-o", one.path])
        guard get.status == 0 else { throw ToolFailure(message: get.stderr) }
        let decode = try ExternalTools.run(ExternalTools.find("dwebp")!, [one.path, "-pam", "-o", pam.path])
        guard decode.status == 0 else { throw ToolFailure(message: decode.stderr) }
        return try readPAM(pam)
    }

    /// Straight colour of a premultiplied channel (the rounding animrender's PNG and WebP writers use).
    func un(_ c: UInt8, _ a: UInt8) -> UInt8 { a == 0 ? 0 : UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))) }

    @Test(.enabled(if: ExternalTools.hasWebPTools, Comment(rawValue: webpTools)))
    func dwebpDecodesEveryStoredFrameToTheRenderedPixels() throws {
        let (webp, frames) = try render()
        let info = try muxInfo(webp)
        var start = 0, compared = 0, different = 0
        for (k, frame) in info.frames.enumerated() {
            #expect(start % 40 == 0)
            let rendered = try PNGCodec.decodeFile(at: frames.appendingPathComponent(String(format: "frame_%05d.png", start / 40)).path)
            let decoded = try extractFrame(webp, k + 1)
            #expect(decoded.width == frame.width && decoded.height == frame.height)
            for y in 0..<decoded.height {
                for x in 0..<decoded.width {
                    let o = (y * decoded.width + x) * 4
                    let d = Array(decoded.rgba[o..<(o + 4)])
                    // With blending, a transparent pixel keeps what is on screen; it cannot be checked alone.
                    if frame.blend == "yes" && d[3] == 0 { continue }
                    let p = rendered[frame.x + x, frame.y + y]
                    let expected = p.a == 0 ? [0, 0, 0, 0] : [un(p.r, p.a), un(p.g, p.a), un(p.b, p.a), p.a]
                    compared += 1
                    if (p.a == 0 ? [0, 0, 0, d[3]] : d) != expected { different += 1 }
                }
            }
            start += frame.duration
        }
        #expect(start == 1200)
        #expect(compared > 20_000, "\(compared) pixels compared")  // 32154: no frame uses blending here
        #expect(different == 0, "\(different) of \(compared) pixels differ")
    }

    @Test(.enabled(if: ExternalTools.hasWebPTools, Comment(rawValue: webpTools)))
    func lossyFrameDecodedByDwebpIsCloseToTheRenderedFrame() throws {
        let (webp, frames) = try render(["--webp-quality", "75"])
        let info = try muxInfo(webp)
        #expect(info.frames.allSatisfy { $0.compression == "lossy" }, "\(info.frames.map(\.compression))")
        #expect(info.frames.map(\.duration).reduce(0, +) == 1200)
        // Frame 1 (the key frame) against rendered frame 0, premultiplied RGB (over black) inside its rectangle.
        let first = info.frames[0], decoded = try extractFrame(webp, 1)
        let rendered = try PNGCodec.decodeFile(at: frames.appendingPathComponent("frame_00000.png").path)
        var se = 0.0, n = 0.0
        for y in 0..<decoded.height {
            for x in 0..<decoded.width {
                let o = (y * decoded.width + x) * 4, a = Int(decoded.rgba[o + 3])
                let p = rendered[first.x + x, first.y + y]
                for (c, e) in zip(decoded.rgba[o..<(o + 3)], [p.r, p.g, p.b]) {
                    let d = Double((Int(c) * a + 127) / 255 - Int(e))
                    se += d * d
                    n += 1
                }
            }
        }
        let psnr = se == 0 ? Double.infinity : 10 * log10(255 * 255 / (se / n))
        #expect(psnr > 38, "PSNR \(psnr) dB")  // measured 40.2 dB with libwebp 1.2.4
    }

    // MARK: Determinism and options

    @Test func sameBytesForAnyThreadCountAndRun() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try scene(in: dir)
        var outputs: [[Data]] = []
        for (k, threads) in ["1", "2", "2"].enumerated() {
            let lossless = dir.appendingPathComponent("l\(k).webp"), lossy = dir.appendingPathComponent("q\(k).webp")
            #expect(try CommandRunner.run([scene, "--webp", lossless.path, "--threads", threads, "--quiet"]).status == 0)
            #expect(try CommandRunner.run([scene, "--webp", lossy.path, "--webp-quality", "60", "--threads", threads, "--quiet"]).status == 0)
            outputs.append([try Data(contentsOf: lossless), try Data(contentsOf: lossy)])
        }
        #expect(outputs[0] == outputs[1] && outputs[1] == outputs[2])
        #expect(outputs[0][0] != outputs[0][1])
    }

    @Test func badWebPOptionsAreRefusedBeforeRendering() throws {
        let dir = try CommandRunner.temporaryDirectory()
        let scene = try scene(in: dir), out = dir.appendingPathComponent("x.webp").path
        for (args, message) in [(["--webp", out, "--webp-quality", "101"], "--webp-quality must be 0…100"),
                                (["--gif", dir.appendingPathComponent("x.gif").path, "--webp-quality", "50"], "--webp-quality needs --webp"),
                                (["--webp", out, "--loop", "65536"], "at most 65535 plays")] {
            let r = try CommandRunner.run([scene] + args)
            #expect(r.status == 64, "\(args): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
        #expect(RestrictedRun.listing(dir) == ["scene.json"])
    }
}
