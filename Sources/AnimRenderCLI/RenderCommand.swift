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
        abstract: "Render a Core Animation / UIKit scene file to an animated GIF or PNG frames.",
        discussion: """
            Examples:
              animrender Scenes/timing/rocket-ease-in-ease-out.json --gif demo.gif
              animrender scene.json --png-dir frames/
              animrender scene.json --frame 12 --png frame12.png
              animrender scene.json --time 0.5 --png half.png

            Exit codes: 0 success, 1 output failure, 2 bad scene file or bad arguments.
            """)

    @Argument(help: "The scene file (JSON).")
    var scene: String

    @Option(name: .long, help: ArgumentHelp("Write every frame to an animated GIF.", valueName: "OUT.gif"))
    var gif: String?

    @Option(name: .customLong("png-dir"), help: ArgumentHelp("Write every frame to DIR/frame_00000.png, …", valueName: "DIR"))
    var pngDir: String?

    @Option(name: .long, help: ArgumentHelp("Render frame N only (with --png).", valueName: "N"))
    var frame: Int?

    @Option(name: .long, help: ArgumentHelp("Render at exactly t = T seconds (with --png).", valueName: "T"))
    var time: Double?

    @Option(name: .long, help: ArgumentHelp("The PNG file for --frame or --time.", valueName: "OUT.png"))
    var png: String?

    @Option(name: .long, help: "Frames per second (overrides the canvas).")
    var fps: Double?

    @Option(name: .long, help: "Pixels per point (overrides the canvas; 2 = @2x).")
    var scale: Double?

    @Flag(name: .customLong("include-end"), help: "Add a last frame at t = duration.")
    var includeEnd = false

    @Option(name: .long, help: "Rendering threads (default: all cores). The output is identical for any value.")
    var threads: Int?

    @Flag(name: .long, help: "Print nothing but errors.")
    var quiet = false

    func validate() throws {
        if gif == nil && pngDir == nil && png == nil {
            throw ValidationError("nothing to write: give --gif OUT.gif, --png-dir DIR, or --frame N / --time T with --png OUT.png")
        }
        if frame != nil && time != nil { throw ValidationError("--frame and --time cannot be used together") }
        if png != nil && frame == nil && time == nil { throw ValidationError("--png needs --frame N or --time T") }
        if (frame != nil || time != nil) && png == nil { throw ValidationError("--frame and --time need --png OUT.png") }
        if let frame, frame < 0 { throw ValidationError("--frame must be 0 or more") }
        if let time, !time.isFinite || time < 0 { throw ValidationError("--time must be a finite number of seconds ≥ 0") }
        if let fps, !(fps > 0 && fps <= 1000) { throw ValidationError("--fps must be greater than 0 and at most 1000") }
        if let scale, !(scale > 0 && scale <= 16) { throw ValidationError("--scale must be greater than 0 and at most 16") }
        if let threads, threads < 1 { throw ValidationError("--threads must be 1 or more") }
    }

    func run() throws {
        let loaded: Scene
        do {
            loaded = try SceneLoader.load(path: scene)
        } catch {
            printError(SceneLoader.report(error, source: SceneLoader.source(path: scene)))
            throw ExitCode(2)
        }
        let renderer = Renderer(scene: loaded, options: RenderOptions(fps: fps, scale: scale, includeEnd: includeEnd))
        if let problem = CanvasCheck.problem(renderer) {
            printError("error: \(problem)")
            throw ExitCode(2)
        }
        var job = RenderJob(renderer: renderer, request: request())
        let bar = ProgressBar(enabled: !quiet && isatty(2) != 0)
        job.progress = { done, total in bar.update(done, total) }
        job.warn = { message in if !quiet { printError(message) } }
        do {
            try job.run()
            bar.finish()
        } catch {
            bar.finish()
            printError(error.description)
            if case .usage = error { throw ExitCode(2) }
            throw ExitCode(1)
        }
        if !quiet { printSummary(renderer) }
    }

    private func request() -> OutputRequest {
        var single: OutputRequest.SingleFrame?
        if let png, let frame { single = .index(frame, pngPath: png) }
        if let png, let time { single = .time(time, pngPath: png) }
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        return OutputRequest(gifPath: gif, pngDirectory: pngDir, singleFrame: single, threads: threads ?? max(1, cores))
    }

    private func printSummary(_ renderer: Renderer) {
        let (w, h) = renderer.pixelSize
        var outputs: [String] = []
        if let gif { outputs.append(gif) }
        if let pngDir { outputs.append(pngDir + "/") }
        if let png { outputs.append(png) }
        let frames = png != nil ? 1 : renderer.frameCount
        printError("wrote \(outputs.joined(separator: ", ")): \(frames) frame\(frames == 1 ? "" : "s"), \(w)×\(h) px")
    }
}
