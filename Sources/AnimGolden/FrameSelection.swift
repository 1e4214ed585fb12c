import AnimScene

/// Which frames of a scene a golden run checks.
public enum FrameSelection: Hashable, Sendable {
    /// The scene's `goldenFrames`, else the first, middle and last frame.
    case golden
    /// Every frame.
    case all
    /// Frames 0, n, 2n, … (n < 1 counts as 1).
    case every(Int)

    /// The frames to check for `scene` with `frameCount` frames, ascending. `goldenFrames` is
    /// returned whole (sorted), so a frame beyond the end can be reported.
    public func frames(for scene: Scene, frameCount: Int) -> [Int] {
        switch self {
        case .golden:
            if let listed = scene.goldenFrames { return listed.sorted() }
            guard frameCount > 0 else { return [] }
            return Array(Set([0, frameCount / 2, frameCount - 1])).sorted()
        case .all:
            return Array(0..<max(0, frameCount))
        case let .every(step):
            return Array(stride(from: 0, to: max(0, frameCount), by: max(1, step)))
        }
    }

    /// Whether a golden of `frame` that this run does not check is stale. The scene's own
    /// selection and `all` check every golden the scene should have, so any other golden is stale
    /// (left by an earlier frame rate, duration or `goldenFrames`); `every` checks a subset on
    /// purpose, so only goldens past the scene's last frame are.
    func isStale(frame: Int, frameCount: Int) -> Bool {
        switch self {
        case .golden, .all: true
        case .every: frame >= frameCount
        }
    }
}
