import AnimRender
import ArgumentParser

/// `animrender`: renders a scene (the default subcommand, so `animrender SCENE.json --gif OUT.gif`
/// works as the contract says) or checks scenes against golden images (`animrender test`).
@main
struct AnimRenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animrender",
        abstract: "Render Core Animation / UIKit scene files, or test them against golden images.",
        discussion: """
            Examples:
              animrender Scenes/timing/rocket-ease-in-ease-out.json --gif demo.gif
              animrender scene.json --frame 12 --png frame12.png
              animrender test Scenes --goldens Goldens --report report/

            Every option of a render: animrender help render. Of a test: animrender help test.
            """,
        subcommands: [RenderCommand.self, TestCommand.self],
        defaultSubcommand: RenderCommand.self)

    /// Keeps closed standard streams closed to every later file (``OutputCleanup``), tunes the
    /// process's allocator for rendering (``AllocatorTuning``), makes an interruption remove
    /// unfinished outputs (``OutputCleanup``), then parses and runs.
    static func main() {
        OutputCleanup.holdClosedStandardStreams()
        AllocatorTuning.apply()
        OutputCleanup.installSignalHandlers()
        main(nil)
    }
}
