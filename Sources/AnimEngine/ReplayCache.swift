import AnimLayers
import Synchronization

/// The model tree after some of a timeline's actions, and what those actions left for the
/// animations to do: the state ``Timeline/presentation(at:)`` builds before it applies them.
struct Replay: Sendable {
    var tree: LayerTree
    /// Each layer's animations, by layer index.
    var attached: [AttachedAnimations]
    /// The transitions started, at most one per layer.
    var started: [StartedTransition] = []
    /// The properties an interactive transition's layers had when it started, by its id.
    var saved: [Int: [(layer: Int, properties: LayerProperties)]] = [:]
    /// Interactive transitions started at the scene time of the last actions applied, whose layers'
    /// time they take over once every action at that time has run: UIKit pauses the layers only
    /// after the animator has added its animations, which therefore begin on the layers' own clock.
    var pendingDrives: [(drive: InteractiveTransition, time: Double)] = []

    init(model: LayerTree) {
        tree = model
        attached = [AttachedAnimations](repeating: AttachedAnimations(), count: model.nodes.count)
    }
}

/// The replays of one timeline's first actions, kept between frames: every frame after the last
/// action replayed every action again (26 `addAnimation`s and two copies of the tree in the
/// 1280×720 benchmark scene, 8 % of a frame). A replay of the first n actions, none of them
/// `dynamics`, is a function of those actions alone (each applies at its own time), so which
/// frame makes it, on which thread, cannot change a tree. Serves one timeline only: made by
/// ``Presenter``, which keeps the two together.
final class ReplayCache: Sendable {
    private let kept = Mutex<[Int: Replay]>([:])
    /// The index of the first `dynamics` action (or the action count): its effect depends on the
    /// time it is sampled at, so no replay kept goes past it.
    private let firstDynamics: Int
    /// At most this many replays are kept, each a copy of the model tree: frames on two threads
    /// need one or two prefixes at a time, and a transition's snapshot one more.
    static let limit = 4

    init(for timeline: Timeline) {
        firstDynamics = timeline.actions.firstIndex {
            if case .dynamics = $0.action { true } else { false }
        } ?? timeline.actions.count
    }

    /// How many leading actions a presentation at `t` with the first `actionCount` actions replays
    /// from a kept replay: those at or before `t`, up to the first `dynamics` action.
    func replayablePrefix(of timeline: Timeline, at t: Double, actionCount: Int) -> Int {
        let end = min(actionCount, firstDynamics)
        var n = 0
        while n < end, timeline.actions[n].time <= t { n += 1 }
        return n
    }

    /// The replay of the first `count` actions: kept, or made by `make` and kept.
    func replay(_ count: Int, make: () -> Replay) -> Replay {
        if let hit = kept.withLock({ $0[count] }) { return hit }
        let made = make()
        kept.withLock { kept in
            if kept.count >= Self.limit { kept.removeAll() }
            kept[count] = made
        }
        return made
    }
}

/// A timeline with the replays of its first actions kept between frames: the presentation trees
/// of ``Timeline/presentation(at:)``, equal tree for tree, at less cost per frame. Copies share the
/// kept replays; safe to use from several threads at once.
public struct Presenter: Sendable {
    public let timeline: Timeline
    private let replays: ReplayCache

    public init(_ timeline: Timeline) {
        self.timeline = timeline
        replays = ReplayCache(for: timeline)
    }

    /// The presentation tree at scene time `t`: ``Timeline/presentation(at:)``.
    public func presentation(at t: Double) -> LayerTree {
        timeline.presentation(at: t, actionCount: timeline.actions.count, replays: replays)
    }
}
