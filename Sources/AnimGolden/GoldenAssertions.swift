import AnimRaster
import AnimScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Golden checks for your own tests:
///
/// ```swift
/// let tester = GoldenTester(goldens: URL(fileURLWithPath: "Tests/Goldens"))
/// let result = tester.check(sceneFile: URL(fileURLWithPath: "Scenes/card-flip.json"))
/// #expect(result.passed, Comment(rawValue: result.summary))   // or XCTAssertTrue(result.passed, result.summary)
/// ```
///
/// Missing goldens are recorded (unless `CI` is set; see ``RecordMode``) and the check fails, so a
/// new golden is always looked at before it is committed.
public struct GoldenTester: Sendable {
    public var options: GoldenRunOptions

    /// - Parameters:
    ///   - goldens: the folder of `<name>/fNNNN.png`.
    ///   - artifacts: where failing frames' actual and diff PNGs go; nil = ``GoldenArtifacts/defaultRoot(_:)``.
    ///   - record: nil = `ANIMRENDER_RECORD`, else `never` under CI and `missing` elsewhere.
    ///   - tolerance: nil = the scene's `goldenTolerance`, else exact.
    public init(goldens: URL, artifacts: URL? = nil, record: RecordMode? = nil, tolerance: GoldenTolerance? = nil) {
        options = GoldenRunOptions(goldens: goldens, artifacts: artifacts ?? GoldenArtifacts.defaultRoot(),
                                   record: record ?? RecordMode.resolved(), tolerance: tolerance)
    }

    /// Loads and checks a scene file; `name` (default: the file name without `.json`) picks the
    /// golden folder.
    public func check(sceneFile: URL, name: String? = nil) -> SceneResult {
        let name = name ?? sceneFile.deletingPathExtension().lastPathComponent
        return GoldenRunner.run(scenes: [(name, sceneFile)], options: options).scenes[0]
    }

    /// Checks a scene built in code. The result's `sceneFile` is the golden folder, as there is no file.
    public func check(scene: Scene, name: String) -> SceneResult {
        GoldenRunner.run(scene: scene, name: name, file: GoldenStore(root: options.goldens).folder(scene: name), options: options)
    }

    /// Checks any bitmap against `<goldens>/<name>/fNNNN.png` (time is reported as 0).
    public func check(bitmap: Bitmap, name: String, frame: Int = 0) -> FrameResult {
        checkWithProblems(bitmap: bitmap, name: name, frame: frame).result
    }

    /// The bitmap's result as a scene result, so files that could not be read or written are reported
    /// too, with a ``SceneResult/summary``.
    public func checkScene(bitmap: Bitmap, name: String, frame: Int = 0) -> SceneResult {
        let (result, problems) = checkWithProblems(bitmap: bitmap, name: name, frame: frame)
        return SceneResult(name: name, sceneFile: GoldenStore(root: options.goldens).folder(scene: name),
                           tolerance: options.tolerance ?? .exact, frames: [result], problems: problems)
    }

    private func checkWithProblems(bitmap: Bitmap, name: String, frame: Int) -> (result: FrameResult, problems: [String]) {
        let checker = FrameCheck(store: GoldenStore(root: options.goldens), artifacts: GoldenArtifacts(root: options.artifacts),
                                 record: options.record, tolerance: options.tolerance ?? .exact)
        return checker.check(bitmap, scene: name, frame: frame, time: 0)
    }
}
