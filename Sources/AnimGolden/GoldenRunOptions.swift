#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a golden run does: where goldens and artifacts live, whether it records, how it compares,
/// which frames and on how many threads.
public struct GoldenRunOptions: Hashable, Sendable {
    /// The goldens folder: `<goldens>/<scene name>/fNNNN.png` and `golden.json`.
    public var goldens: URL
    /// Where a frame that did not pass writes `<scene name>/fNNNN-actual.png` and `fNNNN-diff.png`.
    public var artifacts: URL
    public var record: RecordMode
    /// A tolerance for every scene (the command line's); nil = each scene's own, else exact.
    public var tolerance: GoldenTolerance?
    public var frames: FrameSelection
    /// Frames rendered and compared at once; 1 or less = serially. Results never depend on it.
    public var threads: Int

    public init(goldens: URL, artifacts: URL, record: RecordMode = .resolved(), tolerance: GoldenTolerance? = nil,
                frames: FrameSelection = .golden, threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.goldens = goldens
        self.artifacts = artifacts
        self.record = record
        self.tolerance = tolerance
        self.frames = frames
        self.threads = threads
    }
}
