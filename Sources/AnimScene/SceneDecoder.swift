import AnimEngine
import AnimGeometry
import AnimLayers

/// Loads a scene file: parses the JSON, decodes and validates everything, and reports every
/// problem found (located by file, line, column and JSON path) before any frame is drawn.
public enum SceneLoader {
    /// The scene path that means standard input.
    public static let standardInput = "-"

    /// How messages name the scene at `path`: "<stdin>" for "-", else the path.
    public static func displayName(_ path: String) -> String {
        path == standardInput ? "<stdin>" : path
    }

    /// Reads and decodes the scene at `path` ("-": standard input, whose relative image and font
    /// paths resolve against the current folder).
    public static func load(path: String) throws(SceneErrors) -> Scene {
        try decode(try read(path: path), file: displayName(path))
    }

    /// The bytes of the scene at `path` ("-": standard input, read once).
    public static func read(path: String) throws(SceneErrors) -> [UInt8] {
        do {
            return try path == standardInput ? SceneFileReader.readStandardInput() : SceneFileReader.read(path)
        } catch {
            throw SceneErrors(errors: [SceneError(file: displayName(path), path: nil, location: nil, message: error.reason, hint: nil)])
        }
    }

    /// Decodes scene JSON; `file` is used in error messages.
    public static func decode(_ bytes: [UInt8], file: String?) throws(SceneErrors) -> Scene {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            var e = error
            e.file = file
            throw SceneErrors(errors: [e])
        }
        let decoder = SceneDecoder(file: file)
        let scene = decoder.decodeScene(JSONReader(node: root, path: .root, file: file))
        if !decoder.errors.isEmpty { throw SceneErrors(errors: decoder.errors) }
        guard let scene else { throw SceneErrors(errors: [SceneError(file: file, path: nil, location: nil, message: "invalid scene", hint: nil)]) }
        return scene
    }
}

/// The decoding pass: collects errors instead of stopping at the first.
final class SceneDecoder {
    let file: String?
    var errors: [SceneError] = []
    var tree = LayerTree()
    var actions: [TimedAction] = []
    /// Where each of `actions` is written (the same count, in the same order).
    var actionPlaces: [ScenePlace] = []
    /// Layer ids seen so far, with the path where each was declared.
    var declared = DeclaredLayers()
    /// The layers of `tree` by id, for references to them.
    var layerIndex = LayerIndex()
    /// What is left of the work that "did you mean" hints among the scene's own ids may cost.
    var idHintBudget = EditDistance.sceneBudget
    /// Every `contents` image, by resolved path, with where it was first named.
    var images = NamedFiles()
    /// Strings and fonts of text layers, shaped once all layers and actions are decoded.
    var text = TextSources()
    /// View controllers and their verbs (lowered after the timeline pass).
    var controllers = ControllerState()
    /// The most pixels a scene's images may hold together once decoded: 2²⁸ (1 GiB), as much as the
    /// largest single image may (each is also limited on its own, in AnimCodecs).
    var maxImagePixels = 1 << 28
    /// The work the scene's dynamics simulations may do (``DynamicsSimulation/budget``).
    var dynamicsBudget = DynamicsSimulation.budget
    /// The canvas's root layer, once a transition needs it as a layer (``rootLayerContainer()``).
    var rootContainer: Int?
    /// The canvas in points (the window's bounds).
    var canvasSize = Size(width: 0, height: 0)

    init(file: String?) {
        self.file = file
    }

    /// Runs `body`, recording a thrown error; returns nil then.
    func attempt<T>(_ body: () throws(SceneError) -> T) -> T? {
        do {
            return try body()
        } catch {
            errors.append(error)
            return nil
        }
    }

    func report(_ list: [SceneError]) {
        errors.append(contentsOf: list)
    }

    static let topLevelKeys = ["canvas", "layers", "viewControllers", "timeline", "title", "description", "goldenFrames", "goldenTolerance", "$schema"]

    func decodeScene(_ reader: JSONReader) -> Scene? {
        guard let object = attempt({ () throws(SceneError) in try reader.object() }) else { return nil }
        report(object.unknownKeys(allowed: Self.topLevelKeys))
        let canvas = attempt { () throws(SceneError) in try object.required("canvas") }.flatMap(decodeCanvas)
        if let canvas { canvasSize = Size(width: canvas.width, height: canvas.height) }
        if let layers = object.optional("layers") {
            decodeLayerList(layers, parent: nil, depth: 0)
            checkReplicatedLayers()
        }
        if let list = object.optional("viewControllers") { decodeViewControllers(list) }
        decodeLayerAnimations()
        if let timeline = object.optional("timeline") { decodeTimeline(timeline) }
        lowerControllerVerbs()
        let title = object.optional("title").flatMap { r in attempt { () throws(SceneError) in try r.string() } }
        _ = object.optional("description").flatMap { r in attempt { () throws(SceneError) in try r.string() } }
        let golden = object.optional("goldenFrames").flatMap(decodeGoldenFrames)
        let tolerance = object.optional("goldenTolerance").flatMap(decodeGoldenTolerance)
        guard var canvas else { return nil }
        let durationSource = decodeDurationSource(object, &canvas)
        checkFrameCount(canvas, object, durationSource: durationSource)
        let images = loadImages()
        let text = loadText()
        checkDynamicsBudget(until: canvas.duration)
        // The timeline runs the dynamics simulations: not with values already found to be wrong.
        guard errors.isEmpty, let timeline = simulateDynamics(until: canvas.duration) else { return nil }
        var scene = Scene(canvas: canvas, timeline: timeline, title: title,
                          goldenFrames: golden?.map(\.frame), goldenTolerance: tolerance, images: images, text: text)
        scene.goldenFrameLocations = golden?.map(\.location) ?? []
        scene.durationSource = durationSource
        scene.warnings = textWarnings(text)
        return scene
    }

    /// Appends timed actions written at `reader` (a layer's animation, a timeline entry, a lowered verb).
    func addActions(_ timed: [TimedAction], from reader: JSONReader) {
        actions += timed
        actionPlaces += Array(repeating: reader.place, count: timed.count)
    }

    /// Layer animations are gathered during the layer pass and added at t = 0, in file order.
    var layerAnimations: [(layer: Int, reader: JSONReader)] = []
    /// The layer whose animation is being decoded, so a key path of another layer class is refused.
    var animatedLayer: Int?

    private func decodeLayerAnimations() {
        for (layer, reader) in layerAnimations {
            guard let list = attempt({ () throws(SceneError) in try reader.array() }) else { continue }
            for item in list {
                if let animation = decodeAnimation(item, on: layer) {
                    addActions([TimedAction(time: 0, action: .addAnimation(layer: layer, animation))], from: item)
                }
            }
        }
    }

    private func decodeGoldenFrames(_ reader: JSONReader) -> [(frame: Int, location: SourceLocation)]? {
        guard let list = attempt({ () throws(SceneError) in try reader.array() }) else { return nil }
        if list.isEmpty {
            errors.append(reader.error("goldenFrames lists no frame, so a golden test of this scene would check nothing",
                                       hint: "list the frames to check, or leave the key out for the first, middle and last frame"))
        }
        var frames: [(frame: Int, location: SourceLocation)] = []
        for item in list {
            guard let n = attempt({ () throws(SceneError) in try item.integer() }) else { continue }
            if n < 0 {
                errors.append(item.error("a frame index must be 0 or more, found \(n)"))
            } else if frames.contains(where: { $0.frame == n }) {
                errors.append(item.error("frame \(n) is listed twice"))
            } else {
                frames.append((n, item.location))
            }
        }
        return frames
    }
}
