import AnimRender
import AnimScene
import ArgumentParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `animrender [render] SCENE.json --gif OUT.gif | --png-dir DIR | --frame N --png OUT.png`
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a Core Animation / UIKit scene file to an animated GIF, PNG, WebP, video or PNG frames.",
        discussion: """
            Examples:
              animrender Scenes/timing/rocket-ease-in-ease-out.json --gif demo.gif
              animrender scene.json --png-dir frames/
              animrender scene.json --webp out.webp --webp-quality 80
              animrender scene.json --frame 12 --png frame12.png
              animrender scene.json --time 0.5 --png half.png
              animrender - --gif - < scene.json > out.gif

            An output path of - writes that file to standard output once it is complete.

            Exit codes: 0 success, 1 an output could not be written, 2 a bad scene file or a frame or range \
            it does not have, 64 a bad option or combination of options.
            """)

    @Argument(help: "The scene file (JSON); - reads it from standard input.")
    var scene: String

    @Option(name: .long, help: ArgumentHelp("Write every frame to an animated GIF.", valueName: "OUT.gif"))
    var gif: String?

    @Option(name: .long, help: ArgumentHelp("Write every frame to an animated PNG (lossless, exact delays).", valueName: "OUT.png"))
    var apng: String?

    @Option(name: .long, help: ArgumentHelp("Write every frame to an animated WebP (lossless unless --webp-quality).", valueName: "OUT.webp"))
    var webp: String?

    @Option(name: .customLong("webp-quality"), parsing: .unconditional, help: ArgumentHelp("Lossy WebP at quality N, 0…100 (default: lossless).", valueName: "N"))
    var webpQuality: Int?

    @Option(name: .long, help: ArgumentHelp("Write an H.264 MP4 video (needs ffmpeg).", valueName: "OUT.mp4"))
    var mp4: String?

    @Option(name: .long, help: ArgumentHelp("Write a VP9 WebM video, with alpha on a clear canvas (needs ffmpeg).", valueName: "OUT.webm"))
    var webm: String?

    @Option(name: .customLong("png-dir"), help: ArgumentHelp("Write every frame to DIR/frame_00000.png, …", valueName: "DIR"))
    var pngDir: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render frame N only (with --png).", valueName: "N"))
    var frame: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Render at exactly t = T seconds (with --png).", valueName: "T"))
    var time: Double?

    @Option(name: .long, help: ArgumentHelp("The PNG file for --frame or --time.", valueName: "OUT.png"))
    var png: String?

    @Option(name: .customLong("contact-sheet"), help: ArgumentHelp("Write chosen frames side by side to one PNG.", valueName: "OUT.png"))
    var contactSheet: String?

    @Option(name: .customLong("sheet-frames"), parsing: .unconditional, help: ArgumentHelp("Frames for --contact-sheet, comma-separated (default: --sheet-count evenly spaced).", valueName: "A,B,…"))
    var sheetFrames: String?

    @Option(name: .customLong("sheet-count"), parsing: .unconditional, help: "How many evenly spaced frames --contact-sheet shows (default 6).")
    var sheetCount: Int?

    @Option(name: .customLong("sheet-columns"), parsing: .unconditional, help: "Frames per row of --contact-sheet (default: one row).")
    var sheetColumns: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Only frames A to B, both included (A.. and ..B leave one end open).", valueName: "A..B"))
    var frames: String?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Only frames at or after T seconds.", valueName: "T"))
    var from: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Only frames before T seconds; the animation ends at T.", valueName: "T"))
    var to: Double?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How many times the animation plays: 0 = forever (default), 1 = once.", valueName: "N"))
    var loop: Int?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("GIF palette size per frame, 2…256 (default 256).", valueName: "N"))
    var colors: Int?

    @Option(name: .customLong("gif-quality"), parsing: .unconditional, help: ArgumentHelp("GIF quality 1…100 (default 85): below 90 pixels the screen already shows nearly as well as the palette would are kept; below 75 changes smaller than a tolerance are skipped; above 85 ordered dithering; below 40 fewer colours.", valueName: "N"))
    var gifQuality: Int?

    @Option(name: .long, help: ArgumentHelp("GIF: the colour partly transparent pixels are blended over (#RRGGBB, white or black); default on a clear canvas: none (edges cut at half alpha), on an opaque one: black.", valueName: "COLOR"))
    var matte: String?

    @Option(name: .long, parsing: .unconditional, help: "Frames per second, more than 0 and at most 1000 (overrides the canvas).")
    var fps: Double?

    @Option(name: .long, parsing: .unconditional, help: "Pixels per point, more than 0 and at most 16 (overrides the canvas; 2 = @2x).")
    var scale: Double?

    @Flag(name: .customLong("include-end"), help: "Add a last frame at t = duration.")
    var includeEnd = false

    @Option(name: .long, parsing: .unconditional, help: "Rendering threads (default: all cores). The output is identical for any value.")
    var threads: Int?

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if gif == nil && apng == nil && webp == nil && mp4 == nil && webm == nil && pngDir == nil && png == nil && contactSheet == nil {
            throw ValidationError("nothing to write: give --gif OUT.gif, --apng OUT.png, --webp OUT.webp, --mp4 OUT.mp4, --webm OUT.webm, --png-dir DIR, --contact-sheet OUT.png, or --frame N / --time T with --png OUT.png")
        }
        try validateRange()
        try validateOutputs()
        try refuseRepeatedOutputs(CommandLine.arguments.dropFirst())
        if frame != nil && time != nil { throw ValidationError("--frame and --time cannot be used together") }
        if png != nil && frame == nil && time == nil { throw ValidationError("--png needs --frame N or --time T") }
        if (frame != nil || time != nil) && png == nil { throw ValidationError("--frame and --time need --png OUT.png") }
        if png != nil, let other = outputs.first(where: { $0.option != "--png" }) {
            throw ValidationError("--png writes the one frame of --frame or --time; \(other.option) writes a range of frames: run them as two commands")
        }
        if png != nil, let range = rangeOptionGiven {
            throw ValidationError("\(range) chooses the frames of a range; --png writes the one frame of --frame or --time")
        }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if let time, !time.isFinite || time < 0 { throw ValidationError("--time must be a finite number of seconds ≥ 0") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be greater than 0 and at most 1000") }
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be greater than 0 and at most 16") }
        if let threads, threads < 1 { throw ValidationError("--threads must be 1 or more") }
    }

    /// An output option given twice would keep only its last path and drop the first output
    /// without a word: refused instead. `arguments` up to a `--` that ends the options.
    func refuseRepeatedOutputs(_ arguments: ArraySlice<String>) throws {
        let names = ["--gif", "--apng", "--webp", "--mp4", "--webm", "--png-dir", "--png", "--contact-sheet"]
        let given = arguments.prefix { $0 != "--" }.map { $0.split(separator: "=", maxSplits: 1).first.map(String.init) ?? $0 }
        if let name = names.first(where: { name in given.filter { $0 == name }.count > 1 }) {
            throw ValidationError("\(name) is given more than once: one command writes one \(name) output (run it again for another file)")
        }
    }

    /// The first option given that chooses a range of frames (`--frames`, `--from`, `--to`), which
    /// a single frame would otherwise ignore without a word. (`--include-end` is not one: it adds
    /// the frame at the end, which `--frame` may then name.)
    private var rangeOptionGiven: String? {
        [("--frames", frames != nil), ("--from", from != nil), ("--to", to != nil)].first(where: \.1)?.0
    }

    /// Every output with the option that names it.
    private var outputs: [(option: String, path: String)] {
        [("--gif", gif), ("--apng", apng), ("--webp", webp), ("--mp4", mp4), ("--webm", webm), ("--png-dir", pngDir),
         ("--png", png), ("--contact-sheet", contactSheet)].compactMap { item in item.1.map { (item.0, $0) } }
    }

    /// The output paths (``OutputPaths``); "-" writes one file to standard output, and a folder of
    /// frames cannot go there.
    private func validateOutputs() throws {
        if let problem = OutputPaths.problem(scene: scene, outputs: outputs) { throw ValidationError(problem) }
        if pngDir == "-" {
            throw ValidationError("--png-dir needs a folder; standard output (-) takes one file: --gif -, --apng -, --webp -, --mp4 -, --webm -, --png - or --contact-sheet -")
        }
        if outputs.filter({ $0.path == "-" }).count > 1 { throw ValidationError("only one output can be - (standard output)") }
    }

    /// How messages name the scene ("<stdin>" for -).
    private var sceneName: String { SceneLoader.displayName(scene) }

    private func validateRange() throws {
        if frames != nil && (from != nil || to != nil) { throw ValidationError("--frames cannot be combined with --from / --to") }
        if let frames, FrameRange.parse(frames: frames) == nil {
            throw ValidationError("--frames must look like A..B (frame indices ≥ 0, both included), A.., ..B or N, not '\(frames)'")
        }
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, !(value.isFinite && value >= 0) { throw ValidationError("\(name) must be a finite number of seconds ≥ 0") }
        }
        if let from, let to, to <= from { throw ValidationError("--to must be later than --from") }
        if let colors, !(2...256).contains(colors) { throw ValidationError("--colors must be 2…256") }
        if let gifQuality, !GIFQuality.range.contains(gifQuality) { throw ValidationError("--gif-quality must be 1…100, not \(gifQuality)") }
        if let matte, OutputRequest.parseMatte(matte) == nil { throw ValidationError("--matte must be #RRGGBB, white or black, not '\(matte)'") }
        let gifOptions = [("--colors", colors != nil), ("--gif-quality", gifQuality != nil), ("--matte", matte != nil)]
        if gif == nil, let (name, _) = gifOptions.first(where: { $0.1 }) { throw ValidationError("\(name) applies to the GIF: it needs --gif OUT.gif") }
        if let loop, !(0...65_536).contains(loop) { throw ValidationError("--loop must be 0 (forever) to 65536") }
        if loop != nil && gif == nil && apng == nil && webp == nil {
            throw ValidationError("--loop applies to an animation that plays: it needs --gif, --apng or --webp")
        }
        if let webpQuality, !(0...100).contains(webpQuality) { throw ValidationError("--webp-quality must be 0…100") }
        if webpQuality != nil && webp == nil { throw ValidationError("--webp-quality needs --webp OUT.webp") }
        if let loop, loop > 65_535, webp != nil { throw ValidationError("--loop \(loop) cannot be stored in a WebP (at most 65535 plays)") }
        if let sheetFrames, parseList(sheetFrames) == nil {
            throw ValidationError("--sheet-frames must be frame indices separated by commas, like 0,10,20")
        }
        if let sheetCount, sheetCount < 1 { throw ValidationError("--sheet-count must be 1 or more") }
        if let sheetColumns, sheetColumns < 1 { throw ValidationError("--sheet-columns must be 1 or more") }
        let sheetOptions = sheetFrames != nil || sheetCount != nil || sheetColumns != nil
        if sheetOptions && contactSheet == nil { throw ValidationError("--sheet-frames, --sheet-count and --sheet-columns need --contact-sheet OUT.png") }
        if sheetFrames != nil && sheetCount != nil { throw ValidationError("--sheet-frames and --sheet-count cannot be used together") }
    }

    private func parseList(_ text: String) -> [Int]? {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.filter { $0 != " " }) }
        guard !items.isEmpty, items.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        return items.map { $0! }
    }

    func run() throws {
        let loaded: Scene
        var source: [UInt8]?
        do {
            source = try SceneLoader.read(path: scene)
            loaded = try SceneLoader.decode(source!, file: sceneName)
        } catch {
            printError(SceneLoader.report(error, source: source))
            throw ExitCode(2)
        }
        if !quiet { loaded.warnings.forEach { printError("warning: \($0)") } }
        let renderer = Renderer(scene: loaded, options: RenderOptions(fps: fps, scale: scale, includeEnd: includeEnd))
        if let problem = CanvasCheck.problem(renderer, file: sceneName)
            ?? (time == nil ? CanvasCheck.noFrames(renderer, file: sceneName) : nil) {
            printError("error: " + problem.formatted(source: source))
            throw ExitCode(2)
        }
        var job = RenderJob(renderer: renderer, request: request())
        let bar = ProgressBar(enabled: !quiet && isatty(2) != 0)
        job.progress = { done, total in bar.update(done, total) }
        job.warn = { message in if !quiet { printError(message) } }
        if !quiet { OutputPaths.warnings(outputs: outputs).forEach(printError) }
        do {
            try job.run()
            bar.finish()
        } catch {
            bar.finish()
            if let problem = error.sceneProblem {
                printError("error: \(sceneName): \(problem)")
                throw ExitCode(2)
            }
            printError(error.description)
            throw ExitCode(1)
        }
        if !quiet { printSummary(job) }
    }

    private func request() -> OutputRequest {
        var single: OutputRequest.SingleFrame?
        if let png, let frame { single = .index(frame, pngPath: png) }
        if let png, let time { single = .time(time, pngPath: png) }
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        var request = OutputRequest(gifPath: gif, pngDirectory: pngDir, singleFrame: single, threads: threads ?? max(1, cores))
        request.apngPath = apng
        request.webpPath = webp
        request.webpQuality = webpQuality
        request.mp4Path = mp4
        request.webmPath = webm
        if let frames { request.range = FrameRange.parse(frames: frames) }
        if from != nil || to != nil { request.range = .times(from: from, to: to) }
        request.plays = loop ?? 0
        request.gifColors = colors ?? 256
        request.gifQuality = gifQuality ?? GIFQuality.standard
        request.matte = matte.flatMap(OutputRequest.parseMatte)
        if let contactSheet {
            request.contactSheet = ContactSheetRequest(path: contactSheet, frames: sheetFrames.flatMap(parseList),
                                                       count: sheetCount ?? 6, columns: sheetColumns)
        }
        return request
    }

    /// "wrote a.gif, b.png: 31 frames, 320×480 px; sheet.png: 6 frames, 1920×480 px": outputs of
    /// the same frame count and size together, as the job writes them.
    private func printSummary(_ job: RenderJob) {
        guard let written = try? job.outputs(), !written.isEmpty else { return }
        var groups: [(paths: [String], frames: Int, width: Int, height: Int)] = []
        for output in written {
            let name = OutputRequest.displayName(output.path)
            let path = name + (output.isFolder && !name.hasSuffix("/") ? "/" : "")
            if let last = groups.last, (last.frames, last.width, last.height) == (output.frames, output.width, output.height) {
                groups[groups.count - 1].paths.append(path)
            } else {
                groups.append(([path], output.frames, output.width, output.height))
            }
        }
        let parts = groups.map { g in
            "\(g.paths.joined(separator: ", ")): \(g.frames) frame\(g.frames == 1 ? "" : "s"), \(g.width)×\(g.height) px"
        }
        printError("wrote " + parts.joined(separator: "; "))
    }
}
