import AnimEngine
import AnimLayers
import AnimRender
import AnimScene
import AnimTestSupport
import Foundation
import Testing

/// A ``Presenter`` keeps the replays of a timeline's first actions between frames: its trees must
/// be the timeline's own, tree for tree, whatever order the times come in (frames on two threads
/// come out of order; a transition's snapshot asks for an earlier time), for every scene in
/// Scenes/ (actions of every kind: `set`, animations, UIView.animate, transitions, interactive
/// transitions and their cancels, dynamics).
struct PresenterSceneTests {
    @Test(arguments: SceneCatalog.all)
    func presenterGivesTheTimelinesTrees(_ entry: SceneCatalog.Entry) throws {
        let renderer = Renderer(scene: try SceneLoader.load(path: entry.file.path))
        let timeline = renderer.scene.timeline
        let presenter = Presenter(timeline)
        for t in Self.times(of: renderer) {
            // A Bool, so a failure does not print the trees.
            let same = presenter.presentation(at: t) == timeline.presentation(at: t)
            #expect(same, "\(entry) at t = \(t)")
        }
    }

    /// The same trees from two threads asking at once, each for every other frame.
    @Test(arguments: SceneCatalog.all.filter { ["controllers/child-swap", "bench/compositor-1280", "dynamics/snap"].contains($0.name) })
    func presenterSharedByThreads(_ entry: SceneCatalog.Entry) async throws {
        let renderer = Renderer(scene: try SceneLoader.load(path: entry.file.path))
        let timeline = renderer.scene.timeline, presenter = Presenter(timeline)
        let frames = (0..<renderer.frameCount).map { renderer.time(ofFrame: $0) }
        let different = await withTaskGroup(of: Int.self) { group in
            for part in 0..<2 {
                group.addTask {
                    stride(from: part, to: frames.count, by: 2).count { presenter.presentation(at: frames[$0]) != timeline.presentation(at: frames[$0]) }
                }
            }
            return await group.reduce(0, +)
        }
        #expect(different == 0, "\(entry): \(different) frames differ")
    }

    /// Every frame's time, last first and then interleaved from both ends, with the times of the
    /// timeline's actions and just before and after each.
    static func times(of renderer: Renderer) -> [Double] {
        let frames = (0..<renderer.frameCount).map { renderer.time(ofFrame: $0) }
        var order: [Double] = []
        var (lo, hi) = (0, frames.count - 1)
        while lo <= hi {
            order.append(frames[hi])
            if lo < hi { order.append(frames[lo]) }
            (lo, hi) = (lo + 1, hi - 1)
        }
        let actionTimes = renderer.scene.timeline.actions.map(\.time).filter(\.isFinite)
        for t in Set(actionTimes).sorted().reversed() {
            order += [t, t.nextDown, t.nextUp, t + 0.05]
        }
        return order
    }
}
