import AnimRaster
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How close a rendered frame must be to its golden PNG.
///
/// Exact by default. `maxChannelDelta` and `maxDifferingPixels` loosen the exact check (a pixel
/// differs when any channel differs by more than `maxChannelDelta`; the frame passes when at most
/// `maxDifferingPixels` pixels differ). `perceptualDeltaE` switches to the perceptual check: every
/// pixel must either be within that CIEDE2000 colour difference of its golden counterpart, or be
/// explained as anti-aliasing (its value lies within the range of the other image's 3×3
/// neighbourhood, in both directions), so a one-pixel edge shift passes while a moved, missing or
/// recoloured shape fails.
public struct GoldenTolerance: Hashable, Sendable {
    public var maxChannelDelta: Int
    public var maxDifferingPixels: Int
    public var perceptualDeltaE: Double?
    /// Why a scene needs a tolerance (required in scene files, shown in reports).
    public var reason: String?

    public init(maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0, perceptualDeltaE: Double? = nil, reason: String? = nil) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDifferingPixels = maxDifferingPixels
        self.perceptualDeltaE = perceptualDeltaE
        self.reason = reason
    }

    public static let exact = GoldenTolerance()
}

/// What was measured between a golden and a rendered frame of the same size.
public struct FrameDifference: Hashable, Sendable {
    /// Pixels whose largest channel difference exceeds the tolerance's `maxChannelDelta`.
    public var differingPixels: Int
    /// The largest channel difference over the frame (0…255).
    public var maxChannelDelta: Int
    /// With a perceptual tolerance: the pixels that failed it (neither close in ΔE nor anti-aliasing).
    public var perceptualFailures: Int?
    /// The bounding box of the differing pixels (nil when none differ).
    public var changedRect: PixelRect?

    public init(differingPixels: Int, maxChannelDelta: Int, perceptualFailures: Int? = nil, changedRect: PixelRect? = nil) {
        self.differingPixels = differingPixels
        self.maxChannelDelta = maxChannelDelta
        self.perceptualFailures = perceptualFailures
        self.changedRect = changedRect
    }
}

/// The outcome for one frame.
public enum FrameVerdict: Hashable, Sendable {
    /// Equal within the tolerance (`difference` is kept when a tolerance let differences through).
    case pass(FrameDifference?)
    /// No golden file exists (and it was not recorded).
    case missingGolden
    /// The golden file exists but cannot be read (why, in words).
    case unreadableGolden(String)
    /// The golden has another pixel size.
    case sizeMismatch(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int)
    /// Different beyond the tolerance.
    case differs(FrameDifference)
    /// The frame could not be drawn in full (why, in words): not compared, never recorded.
    case notDrawn(String)

    public var passed: Bool {
        if case .pass = self { return true }
        return false
    }

    public var notDrawn: Bool {
        if case .notDrawn = self { return true }
        return false
    }
}

/// One frame's result, with the files a report links to.
public struct FrameResult: Hashable, Sendable {
    public var frame: Int
    /// The scene time of the frame, i / fps.
    public var time: Double
    public var verdict: FrameVerdict
    /// The golden PNG (which may not exist).
    public var golden: URL
    /// The rendered frame, written to the artifacts folder when the frame did not pass.
    public var actual: URL?
    /// expected | changed pixels | actual, written when the frame differs.
    public var diff: URL?
    /// Set when this run wrote the golden (a recording run still fails).
    public var recorded: Bool

    public init(frame: Int, time: Double, verdict: FrameVerdict, golden: URL, actual: URL? = nil, diff: URL? = nil, recorded: Bool = false) {
        self.frame = frame
        self.time = time
        self.verdict = verdict
        self.golden = golden
        self.actual = actual
        self.diff = diff
        self.recorded = recorded
    }

    /// Passed and nothing was recorded.
    public var passed: Bool { verdict.passed && !recorded }
}

/// One scene's result.
public struct SceneResult: Hashable, Sendable {
    /// The scene's name relative to the scenes root, without ".json" (e.g. "seeds/shake").
    public var name: String
    public var sceneFile: URL
    public var tolerance: GoldenTolerance
    public var frames: [FrameResult]
    /// Problems that are not about one frame: the scene does not load, `goldenFrames` names a
    /// frame past the end, the golden manifest disagrees with the scene, stale goldens, goldens
    /// without a scene, files that cannot be read or written.
    public var problems: [String]
    /// What this run changed in the golden folder besides frame goldens (a rewritten `golden.json`,
    /// removed stale goldens). Like a recorded frame, a change fails the run: look, then run again.
    public var changes: [String]
    /// The scene file has errors (it does not load, or `goldenFrames` names a frame past the end):
    /// bad input, exit code 2 for `animrender test`.
    public var invalidScene: Bool
    /// The goldens are out of date (`golden.json` disagrees with the scene, or stale goldens) and
    /// this run left them so: `--record failed` is the fix, so messages about missing goldens name it.
    public var goldensOutdated: Bool

    public init(name: String, sceneFile: URL, tolerance: GoldenTolerance = .exact, frames: [FrameResult] = [], problems: [String] = [],
                changes: [String] = [], invalidScene: Bool = false, goldensOutdated: Bool = false) {
        self.name = name
        self.sceneFile = sceneFile
        self.tolerance = tolerance
        self.frames = frames
        self.problems = problems
        self.changes = changes
        self.invalidScene = invalidScene
        self.goldensOutdated = goldensOutdated
    }

    public var passed: Bool { problems.isEmpty && changes.isEmpty && frames.allSatisfy(\.passed) }

    /// Failed only because this run recorded: frames or other changes, and nothing else wrong.
    public var onlyRecorded: Bool {
        !passed && problems.isEmpty && frames.allSatisfy { $0.passed || $0.recorded }
    }

    /// The record mode that records this scene's missing goldens so that the next run can pass:
    /// `failed` when the goldens are out of date, else `missing`.
    public var recordHint: RecordMode { goldensOutdated ? .failed : .missing }
}

/// A whole `animrender test` run.
public struct GoldenRunResult: Hashable, Sendable {
    public var scenes: [SceneResult]

    public init(scenes: [SceneResult]) {
        self.scenes = scenes
    }

    public var passed: Bool { scenes.allSatisfy(\.passed) }
    public var failedScenes: [SceneResult] { scenes.filter { !$0.passed } }
    public var frameCount: Int { scenes.reduce(0) { $0 + $1.frames.count } }
    public var failedFrameCount: Int { scenes.reduce(0) { $0 + $1.frames.filter { !$0.passed }.count } }
    /// Failed scenes that only recorded (see ``SceneResult/onlyRecorded``).
    public var recordedScenes: [SceneResult] { scenes.filter(\.onlyRecorded) }
}
