import AnimRender
import AnimScene
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Renders scenes and checks their frames against goldens: the engine of `animrender test`.
///
/// Every checked frame of every scene is one job; jobs run on `options.threads` threads and their
/// results are put back in scene and frame order, so a run's result does not depend on the thread
/// count. Nothing reads a clock.
public struct GoldenRunner {
    /// Loads, renders and checks each scene. A scene that does not load becomes a result whose
    /// problem is the loader's report.
    public static func run(scenes: [(name: String, file: URL)], options: GoldenRunOptions) -> GoldenRunResult {
        let prepared = scenes.map { entry -> PreparedScene in
            do throws(SceneErrors) {
                let scene = try SceneLoader.load(path: entry.file.path)
                return PreparedScene(name: entry.name, file: entry.file, scene: scene, sceneFile: entry.file.path, options: options)
            } catch {
                return PreparedScene(name: entry.name, file: entry.file, failure: error, options: options)
            }
        }
        return GoldenRunResult(scenes: check(prepared, options: options))
    }

    /// Checks one scene that is already loaded (`file` is only reported; errors are not located in it).
    public static func run(scene: Scene, name: String, file: URL, options: GoldenRunOptions) -> SceneResult {
        check([PreparedScene(name: name, file: file, scene: scene, sceneFile: nil, options: options)], options: options)[0]
    }

    /// Renders and compares every frame of every scene, then settles each scene's golden folder.
    static func check(_ scenes: [PreparedScene], options: GoldenRunOptions) -> [SceneResult] {
        let jobs = scenes.indices.flatMap { s in scenes[s].frames.map { (scene: s, frame: $0) } }
        let checked = OrderedWork.map(count: jobs.count, threads: options.threads) { k in
            scenes[jobs[k].scene].check(frame: jobs[k].frame)
        }
        var results = scenes.map(\.result)
        for (job, (frame, problems)) in zip(jobs, checked) {
            results[job.scene].frames.append(frame)
            results[job.scene].problems += problems
        }
        for s in scenes.indices {
            let folder = scenes[s].settleFolder(recorded: results[s].frames.contains(where: \.recorded))
            results[s].problems += folder.problems
            results[s].changes += folder.changes
            results[s].goldensOutdated = folder.outdated
        }
        return results
    }

    /// The scene's own `goldenTolerance`, converted; nil when the scene has none.
    static func sceneTolerance(_ scene: Scene) -> GoldenTolerance? {
        scene.goldenTolerance.map(GoldenTolerance.init(scene:))
    }
}

extension GoldenTolerance {
    /// The tolerance a scene file asks for in `goldenTolerance`.
    public init(scene tolerance: SceneGoldenTolerance) {
        self.init(maxChannelDelta: tolerance.maxChannelDelta, maxDifferingPixels: tolerance.maxDifferingPixels,
                  perceptualDeltaE: tolerance.perceptualDeltaE, reason: tolerance.reason)
    }
}
