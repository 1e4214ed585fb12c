import AnimCompositor
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimScene

/// Options that override the scene's canvas for one render (`--fps`, `--scale`, `--include-end`).
public struct RenderOptions: Hashable, Sendable {
    public var fps: Double?
    public var scale: Double?
    public var includeEnd = false

    public init(fps: Double? = nil, scale: Double? = nil, includeEnd: Bool = false) {
        self.fps = fps
        self.scale = scale
        self.includeEnd = includeEnd
    }
}

/// Renders the frames of a scene. Frame i is a pure function of (scene, i / fps): frames can be
/// rendered in any order, on any thread, with identical results.
public struct Renderer: Sendable {
    public let scene: Scene
    public let canvas: SceneCanvas
    public let includeEnd: Bool
    let compositor: Compositor
    /// The scene's timeline, with the replays of its actions kept between frames.
    private let presenter: Presenter
    /// Frames drawn without some offscreen passes (``OffscreenLimit``), by index.
    private let overflows = OverflowLog()

    public init(scene: Scene, options: RenderOptions = RenderOptions()) {
        self.scene = scene
        var canvas = scene.canvas
        if let fps = options.fps { canvas.fps = fps }
        if let scale = options.scale { canvas.scale = scale }
        self.canvas = canvas
        self.includeEnd = options.includeEnd
        presenter = Presenter(scene.timeline)
        compositor = Compositor(canvas: CanvasSpec(width: canvas.width, height: canvas.height,
                                                   scale: canvas.scale, background: canvas.background),
                                images: scene.images, text: scene.text)
    }

    /// The number of frames rendered.
    public var frameCount: Int { canvas.frameCount(includeEnd: includeEnd) }

    /// The bitmap size in pixels.
    public var pixelSize: (width: Int, height: Int) {
        (compositor.canvas.pixelWidth, compositor.canvas.pixelHeight)
    }

    /// The time of frame `index`: index / fps, from integers; with `includeEnd`, the added last
    /// frame is at t = duration exactly, even where duration · fps is not a whole number.
    public func time(ofFrame index: Int) -> Double {
        includeEnd && index == frameCount - 1 ? canvas.duration : canvas.time(ofFrame: index)
    }

    /// Frame `index`.
    public func renderFrame(_ index: Int) -> Bitmap {
        render(presentation(ofFrame: index), frame: index)
    }

    /// The picture of frame `index`'s presentation tree; a frame drawn without some offscreen
    /// passes is remembered (``overflow(ofFrame:)``).
    public func render(_ tree: LayerTree, frame index: Int) -> Bitmap {
        let (bitmap, overflow) = checkedRender(tree)
        if let overflow { overflows.record(overflow, frame: index) }
        return bitmap
    }

    /// Why frame `index`, drawn by ``render(_:frame:)`` or ``renderFrame(_:)``, is not right: it
    /// needed more offscreen passes than a frame may hold. Nil for a frame drawn in full.
    public func overflow(ofFrame index: Int) -> OffscreenOverflow? {
        overflows.overflow(ofFrame: index)
    }

    /// The picture of a presentation tree, and whether it was drawn without some offscreen passes.
    public func checkedRender(_ tree: LayerTree) -> (bitmap: Bitmap, overflow: OffscreenOverflow?) {
        var overflow: OffscreenOverflow?
        // The canvas size was validated when the scene was loaded, so the bitmap always exists.
        let bitmap = compositor.render(tree, overflow: &overflow)!
        return (bitmap, overflow)
    }

    /// The picture at scene time `t`.
    public func render(at t: Double) -> Bitmap {
        render(presentation(at: t))
    }

    /// The presentation tree at scene time `t` (``Timeline/presentation(at:)``, through a
    /// ``Presenter``): everything the picture at `t` depends on.
    public func presentation(at t: Double) -> LayerTree {
        presenter.presentation(at: t)
    }

    /// The presentation tree of frame `index`: everything a frame's pixels depend on.
    public func presentation(ofFrame index: Int) -> LayerTree {
        presentation(at: time(ofFrame: index))
    }

    /// The picture of a presentation tree. Equal trees give identical pictures.
    public func render(_ tree: LayerTree) -> Bitmap {
        // The canvas size was validated when the scene was loaded, so the bitmap always exists.
        compositor.render(tree)!
    }

    /// Gives a frame back once it is no longer needed, so a later frame draws into its memory.
    public static func recycle(_ frame: consuming Bitmap) {
        Compositor.recycle(frame)
    }
}
