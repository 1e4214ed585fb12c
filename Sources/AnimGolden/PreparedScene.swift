import AnimRender
import AnimScene
import Foundation

/// A scene ready to be checked: its renderer, the frames to check and how, and the problems found
/// before rendering (a failed load, listed frames beyond the end).
struct PreparedScene: Sendable {
    let name: String
    let file: URL
    let renderer: Renderer?
    let checker: FrameCheck
    let frames: [Int]
    /// The result before any frame is checked.
    let result: SceneResult

    init(name: String, file: URL, scene: Scene, options: GoldenRunOptions) {
        let renderer = Renderer(scene: scene)
        let tolerance = options.tolerance ?? GoldenRunner.sceneTolerance(scene) ?? .exact
        let count = renderer.frameCount
        let wanted = options.frames.frames(for: scene, frameCount: count)
        var problems = wanted.filter { $0 < 0 || $0 >= count }.map {
            "goldenFrames lists frame \($0) but the scene has \(GoldenManifest.frames(count))"
        }
        if count == 0 { problems.append("the scene has no frames to check (duration × fps rounds to 0)") }
        self.name = name
        self.file = file
        self.renderer = renderer
        checker = FrameCheck(store: GoldenStore(root: options.goldens), artifacts: GoldenArtifacts(root: options.artifacts),
                             record: options.record, tolerance: tolerance)
        frames = wanted.filter { $0 >= 0 && $0 < count }
        result = SceneResult(name: name, sceneFile: file, tolerance: tolerance, problems: problems)
    }

    init(name: String, file: URL, failure: String, options: GoldenRunOptions) {
        self.name = name
        self.file = file
        renderer = nil
        checker = FrameCheck(store: GoldenStore(root: options.goldens), artifacts: GoldenArtifacts(root: options.artifacts),
                             record: options.record, tolerance: options.tolerance ?? .exact)
        frames = []
        result = SceneResult(name: name, sceneFile: file, tolerance: checker.tolerance, problems: [failure])
    }

    /// Renders and checks one frame (only called for scenes that loaded).
    func check(frame: Int) -> (FrameResult, [String]) {
        guard let renderer else {
            return (FrameResult(frame: frame, time: 0, verdict: .missingGolden, golden: checker.store.url(scene: name, frame: frame)), [])
        }
        return checker.check(renderer.renderFrame(frame), scene: name, frame: frame, time: renderer.time(ofFrame: frame))
    }

    /// Reports a manifest that disagrees with the scene's timing, and writes the manifest when this
    /// run recorded a frame into a folder without one, or when re-recording (`failed`, `all`) and it
    /// differs or cannot be read. In `missing` mode an existing manifest is never replaced, so the
    /// mismatch keeps being reported until the goldens are re-recorded.
    func settleManifest(recorded: Bool) -> [String] {
        guard let renderer else { return [] }
        let store = checker.store
        let current = GoldenManifest(fps: renderer.canvas.fps, frameCount: renderer.frameCount,
                                     width: renderer.pixelSize.width, height: renderer.pixelSize.height)
        var problems: [String] = []
        let stored: GoldenManifest?
        var unreadable = false
        do {
            stored = try store.manifest(scene: name)
        } catch {
            problems.append("the golden manifest cannot be read: \(error)")
            stored = nil
            unreadable = true
        }
        let mismatch = stored.flatMap { $0.timingMismatch(with: current) }
        let rerecording = checker.record == .failed || checker.record == .all
        let write = stored == nil ? (unreadable ? rerecording : recorded) : stored != current && rerecording
        if write {
            do {
                try store.writeManifest(current, scene: name)
            } catch {
                problems.append("cannot write \(error)")
            }
        }
        if let mismatch { problems.append(mismatch + (write ? " (\(GoldenStore.manifestName) re-recorded)" : "")) }
        return problems
    }
}
