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
    /// returned as listed, so a frame beyond the end can be reported.
    public func frames(for scene: Scene, frameCount: Int) -> [Int] {
        switch self {
        case .golden:
            if let listed = scene.goldenFrames { return listed }
            guard frameCount > 0 else { return [] }
            return Array(Set([0, frameCount / 2, frameCount - 1])).sorted()
        case .all:
            return Array(0..<max(0, frameCount))
        case let .every(step):
            return Array(stride(from: 0, to: max(0, frameCount), by: max(1, step)))
        }
    }
}
