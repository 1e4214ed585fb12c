import AnimRender
import AnimScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A scene ready to be checked: its renderer, the frames to check and how, and the problems found
/// before rendering (a failed load, `goldenFrames` past the end).
struct PreparedScene: Sendable {
    let name: String
    let file: URL
    let renderer: Renderer?
    let checker: FrameCheck
    let selection: FrameSelection
    let frames: [Int]
    /// The result before any frame is checked.
    let result: SceneResult

    /// `sceneFile` is the path errors name and quote (nil for a scene built in code).
    init(name: String, file: URL, scene: Scene, sceneFile: String?, options: GoldenRunOptions) {
        let renderer = Renderer(scene: scene)
        let tolerance = options.tolerance ?? GoldenRunner.sceneTolerance(scene) ?? .exact
        let count = renderer.frameCount
        let wanted = options.frames.frames(for: scene, frameCount: count)
        let errors = scene.goldenFrameErrors(file: sceneFile)
        var problems = Self.report(errors, sceneFile: sceneFile)
        if let noFrames = CanvasCheck.noFrames(renderer, file: sceneFile) { problems += Self.report([noFrames], sceneFile: sceneFile) }
        self.name = name
        self.file = file
        self.renderer = renderer
        checker = FrameCheck(store: GoldenStore(root: options.goldens), artifacts: GoldenArtifacts(root: options.artifacts),
                             record: options.record, tolerance: tolerance)
        selection = options.frames
        frames = wanted.filter { $0 >= 0 && $0 < count }
        result = SceneResult(name: name, sceneFile: file, tolerance: tolerance, problems: problems, invalidScene: !errors.isEmpty)
    }

    init(name: String, file: URL, failure: SceneErrors, options: GoldenRunOptions) {
        self.name = name
        self.file = file
        renderer = nil
        checker = FrameCheck(store: GoldenStore(root: options.goldens), artifacts: GoldenArtifacts(root: options.artifacts),
                             record: options.record, tolerance: options.tolerance ?? .exact)
        selection = options.frames
        frames = []
        result = SceneResult(name: name, sceneFile: file, tolerance: checker.tolerance,
                             problems: Self.report(failure.errors, sceneFile: file.path), invalidScene: true)
    }

    /// One problem per scene error, each with its source line and a caret when the file is known;
    /// past `SceneLoader.reportedErrors`, one line saying how many more there are.
    static func report(_ errors: [SceneError], sceneFile: String?) -> [String] {
        guard !errors.isEmpty else { return [] }
        let source = sceneFile.flatMap(SceneLoader.source(path:))
        let shown = SceneErrors(errors: errors).sorted.prefix(SceneLoader.reportedErrors).map { $0.formatted(source: source) }
        return shown + (SceneLoader.moreErrors(errors.count).map { [$0] } ?? [])
    }

    /// Renders and checks one frame (only called for scenes that loaded).
    func check(frame: Int) -> (FrameResult, [String]) {
        guard let renderer else {
            return (FrameResult(frame: frame, time: 0, verdict: .missingGolden, golden: checker.store.url(scene: name, frame: frame)), [])
        }
        let time = renderer.time(ofFrame: frame)
        let (bitmap, overflow) = renderer.checkedRender(renderer.presentation(ofFrame: frame))
        if let overflow {  // not compared, and never recorded: the frame is not what the scene asks for
            return (FrameResult(frame: frame, time: time, verdict: .notDrawn(overflow.description),
                                golden: checker.store.url(scene: name, frame: frame)), [])
        }
        return checker.check(bitmap, scene: name, frame: frame, time: time)
    }

    /// Checks the golden folder once the frames are checked (see ``GoldenFolderCheck``); nothing for
    /// a scene that did not load.
    func settleFolder(recorded: Bool) -> GoldenFolderCheck.Outcome {
        guard let renderer else { return GoldenFolderCheck.Outcome() }
        let current = GoldenManifest(fps: renderer.canvas.fps, frameCount: renderer.frameCount,
                                     width: renderer.pixelSize.width, height: renderer.pixelSize.height)
        return GoldenFolderCheck(store: checker.store, scene: name, record: checker.record)
            .settle(current: current, checked: frames, selection: selection, recorded: recorded)
    }
}
