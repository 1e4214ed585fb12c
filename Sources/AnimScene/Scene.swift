import AnimEngine
import AnimGeometry
import AnimRaster
import AnimText

/// A loaded, validated scene: the canvas and a timeline, ready to be evaluated at any time.
public struct Scene: Hashable, Sendable {
    public var canvas: SceneCanvas
    public var timeline: Timeline
    public var title: String?
    /// Frames the golden tests check; nil = first, middle and last.
    public var goldenFrames: [Int]?
    /// Where each `goldenFrames` entry is written in the scene file (empty for a scene built in
    /// code), so a frame past the end is reported like any scene error (``goldenFrameErrors(file:)``).
    public var goldenFrameLocations: [SourceLocation] = []
    /// Where the duration comes from in the scene file: `canvas.duration`, or, when it is inferred,
    /// the animation or action that ends last; nil for the default 1 s or a scene built in code.
    /// Problems with when a render ends are located there (``durationError(_:hint:file:)``).
    public var durationSource: ScenePlace?
    /// How close rendered frames must be to their goldens; nil = exactly equal.
    public var goldenTolerance: SceneGoldenTolerance?
    /// The decoded `contents` images (premultiplied), keyed by the resolved paths layers name.
    public var images: [String: Bitmap]
    /// Every text layer string shaped with every font the scene uses (see `TextCatalog`).
    public var text: TextCatalog
    /// What the scene may not draw as meant, located like its errors (characters no font of the
    /// scene has); the command line prints them unless `--quiet`.
    public var warnings: [SceneError] = []

    public init(canvas: SceneCanvas, timeline: Timeline, title: String? = nil, goldenFrames: [Int]? = nil,
                goldenTolerance: SceneGoldenTolerance? = nil, images: [String: Bitmap] = [:], text: TextCatalog = TextCatalog()) {
        self.images = images
        self.text = text
        self.canvas = canvas
        self.timeline = timeline
        self.title = title
        self.goldenFrames = goldenFrames
        self.goldenTolerance = goldenTolerance
    }
}

/// A place in a scene file: its JSON path, and where it is written.
public struct ScenePlace: Hashable, Sendable {
    public var path: JSONPath
    public var location: SourceLocation?

    public init(path: JSONPath, location: SourceLocation?) {
        self.path = path
        self.location = location
    }
}

extension Scene {
    /// An error about the render's end, located where the scene's duration comes from
    /// (`file:line:column: canvas.duration: …`; only the file for a scene without one).
    public func durationError(_ message: String, hint: String? = nil, file: String?) -> SceneError {
        SceneError(file: file, path: durationSource?.path, location: durationSource?.location, message: message, hint: hint)
    }
}

/// A scene's `goldenTolerance`: a maximum per-channel difference and a maximum count of
/// differing pixels, or a perceptual CIEDE2000 threshold, always with the `reason` it is needed.
public struct SceneGoldenTolerance: Hashable, Sendable {
    public var maxChannelDelta: Int
    public var maxDifferingPixels: Int
    public var perceptualDeltaE: Double?
    public var reason: String

    public init(maxChannelDelta: Int = 0, maxDifferingPixels: Int = 0, perceptualDeltaE: Double? = nil, reason: String) {
        self.maxChannelDelta = maxChannelDelta
        self.maxDifferingPixels = maxDifferingPixels
        self.perceptualDeltaE = perceptualDeltaE
        self.reason = reason
    }
}

/// The `canvas` object: size in points, pixel scale, background, frame rate and duration.
public struct SceneCanvas: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double = 1
    public var background: Color = .white
    public var fps: Double = 50
    public var duration: Double = 1

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The number of frames: round(duration · fps), plus one with `includeEnd` (the frame at t = duration).
    public func frameCount(includeEnd: Bool = false) -> Int {
        let frames = (duration * fps).rounded(.toNearestOrAwayFromZero)
        // Far beyond any limit; keeps the conversion to Int defined.
        let n = frames.isFinite ? Int(min(frames, 1e15)) : Int(1e15)
        return includeEnd ? n + 1 : n
    }

    /// The time of frame `index`, computed from integers: index / fps.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }
}

/// Limits that keep a scene from asking for absurd work.
public enum SceneLimits {
    /// The largest canvas side in pixels (after scale).
    public static let maxPixelDimension = 16_384.0
    /// The largest canvas area in pixels.
    public static let maxPixelCount = 64.0 * 1024 * 1024
    /// The most frames one render may produce.
    public static let maxFrames = 100_000
    /// The latest time a render may end, in seconds (a day): keeps frame delays and timestamps
    /// (centiseconds, milliseconds) far inside the integers the encoders use.
    public static let maxDuration = 86_400.0
    /// The deepest layer nesting accepted, sublayers and masks each counting a level. Drawing
    /// recurses once a level, up to about 16 KB of stack at worst (a chain of masks): 128 levels
    /// stay within 2–3 MB of the 8 MB a Linux thread gets by default. At 256 a chain of 217
    /// layers overflowed the stack (session 59's audit).
    public static let maxDepth = 128
    /// The most characters of text a scene may shape, all its different strings together: each
    /// glyph's outline is kept (about 1.4 KB a glyph at worst), so 6 million characters asked for
    /// 8 GB before this limit (session 59's audit); 200,000 keep it under 300 MB.
    public static let maxTextCharacters = 200_000
}
