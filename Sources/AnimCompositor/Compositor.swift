import AnimGeometry
import AnimLayers
import AnimRaster
import AnimText

/// What the root of a frame looks like: its size in points, the pixel scale and the background.
public struct CanvasSpec: Hashable, Sendable {
    public var width: Double
    public var height: Double
    public var scale: Double
    public var background: Color

    public init(width: Double, height: Double, scale: Double = 1, background: Color = .white) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }

    /// The bitmap size: points × scale, rounded to whole pixels.
    public var pixelWidth: Int { Self.pixels(width * scale) }
    public var pixelHeight: Int { Self.pixels(height * scale) }

    /// Whole pixels, clamped so absurd sizes stay representable (they are refused elsewhere).
    static func pixels(_ v: Double) -> Int {
        guard v.isFinite else { return v > 0 ? 1 << 40 : 0 }
        return Int(min(Double(1 << 40), max(0, v.rounded())))
    }

    /// The root layer: bounds = the canvas, the anchor in the middle.
    var rootLayer: LayerProperties {
        var root = LayerProperties()
        root.bounds = Rect(x: 0, y: 0, width: width, height: height)
        root.position = Point(x: width / 2, y: height / 2)
        return root
    }
}

/// Draws a presentation layer tree into a bitmap with Core Animation's rules
/// (core-animation-semantics.md §7.5, §8; docs/compositing.md): per layer its shadow, background,
/// contents, sublayers (by zPosition, then array order) and border; flattening into the
/// superlayer's plane, except under CATransformLayers, whose sublayers are depth-composited in one
/// 3D space; opacity per group or per layer; bounds clipping; mask layers.
public struct Compositor: Sendable {
    public let canvas: CanvasSpec
    /// Decoded `contents` images, by the key layers name them with.
    public let images: [String: Bitmap]
    /// Shaped strings and glyph outlines for text layers.
    public let text: TextCatalog
    /// Mip pyramids of `images`, built on first use and shared by every frame.
    let pyramids: ImagePyramids
    /// Pictures of image draws that repeat between frames; nil fills every draw directly.
    let contentsCache: ContentsCache?
    /// Whether the frame's canvas keeps ``DrawnRows`` (shadows over untouched background are then
    /// written, not blended; same bytes). Off only in tests that check exactly that.
    var tracksUntouched = true
    /// Whether a mask layer that draws only an opaque background clips by its coverage instead of
    /// being drawn into an offscreen (same bytes). Off only in tests that check exactly that.
    var masksByCoverage = true
    /// Rows per band when the frame's canvas is drawn in bands (``CanvasBands``): nil chooses by
    /// the canvas's size, 0 never bands. Set only by tests, which band small canvases to check
    /// the bytes are the same.
    var bandRows: Int?
    /// The offscreen surfaces a frame may hold at once: nil for ``OffscreenLimit``'s; set only by tests.
    var offscreenLimit: Int?

    public init(canvas: CanvasSpec, images: [String: Bitmap] = [:], text: TextCatalog = TextCatalog()) {
        self.init(canvas: canvas, images: images, text: text, pyramids: ImagePyramids(), contentsCache: ContentsCache())
    }

    /// A compositor sharing `pyramids` and `contentsCache` (which must belong to the same `images`).
    init(canvas: CanvasSpec, images: [String: Bitmap], text: TextCatalog, pyramids: ImagePyramids, contentsCache: ContentsCache?) {
        self.canvas = canvas
        self.images = images
        self.text = text
        self.pyramids = pyramids
        self.contentsCache = contentsCache
    }

    /// Renders one frame. Returns nil only if the canvas size is invalid. A frame that needed more
    /// offscreen passes than ``OffscreenLimit`` allows is drawn without them (see
    /// ``render(_:overflow:)``).
    public func render(_ tree: LayerTree) -> Bitmap? {
        var overflow: OffscreenOverflow?
        return render(tree, overflow: &overflow)
    }

    /// Renders one frame; `overflow` says whether it was drawn without some offscreen passes.
    public func render(_ tree: LayerTree, overflow: inout OffscreenOverflow?) -> Bitmap? {
        let bg = canvas.background.premultipliedRGBA8
        let fill = PixelRGBA8(r: bg.r, g: bg.g, b: bg.b, a: bg.a)
        let (width, height) = (canvas.pixelWidth, canvas.pixelHeight)
        // Sizes beyond a bitmap's are refused below (and must not overflow here).
        let fits = width <= Bitmap.maxDimension && height <= Bitmap.maxDimension
        let band = bandRows.map { $0 > 0 ? $0 : nil } ?? CanvasBands.rows(width: width, bytes: fits ? width * height * 4 : 0)
        var bitmap: Bitmap
        // A canvas used before is filled with the background band by band when drawn in bands.
        var background: PixelRGBA8?
        // What a canvas given back holds where it held the background (before any write forgets it).
        var held: KnownBackground?
        if var reused = CanvasCache.shared.take(width: width, height: height) {
            held = reused.knownBackground
            if band == nil { reused.fill(fill, keeping: held) } else { background = fill }
            bitmap = consume reused
        } else if band != nil, let new = Bitmap.unwritten(width: width, height: height) {
            // Every band is filled and streamed in whole (CanvasBands), so the new canvas's bytes
            // are all written before anything reads them.
            background = fill
            bitmap = consume new
        } else {
            guard let new = Bitmap(width: width, height: height, filledWith: fill) else { return nil }
            bitmap = consume new
        }
        let pool = SurfacePool(width: bitmap.width, height: bitmap.height, limit: offscreenLimit)
        // Moved, not copied: a second reference would make the first draw copy the whole canvas.
        var surface = Surface(bitmap: consume bitmap, pool: pool)
        if tracksUntouched {
            surface.untouched = DrawnRows(height: surface.bitmap.height, initial: fill)
        }
        surface.bands = band.map { CanvasBands(rowsPerBand: $0, background: background, held: held) }
        let placement = Placement(parent: canvas.rootLayer, plane: .scale(canvas.scale, canvas.scale))
        drawSublayers(tree.roots, tree: tree, placement: placement, alpha: 1, into: &surface)
        surface.drawBands()
        surface.pool.close()
        // Drawn whole, every write marked in `untouched` (`markDrawn`): the background elsewhere.
        // (Drawn in bands, CanvasBands left its own record, which any later write forgot.)
        if band == nil, let rows = surface.untouched {
            surface.bitmap.knownBackground = KnownBackground(color: fill, drawnRows: rows, in: surface.bitmap)
        }
        if pool.refused > 0 {
            overflow = OffscreenOverflow(limit: pool.limit, width: width, height: height, skipped: pool.refused)
        }
        return surface.bitmap
    }

    /// Gives a frame back once it has been written out, so a later frame can draw into its memory
    /// instead of faulting in a new canvas (optional; a frame still in use elsewhere is copied).
    public static func recycle(_ frame: consuming Bitmap) {
        CanvasCache.shared.give(consume frame)
    }

    /// Siblings sorted by zPosition, ties in array order (a stable sort).
    static func drawingOrder(_ children: [Int], _ tree: LayerTree) -> [Int] {
        children.enumerated()
            .sorted { a, b in
                let za = tree.nodes[a.element].properties.zPosition, zb = tree.nodes[b.element].properties.zPosition
                return za != zb ? za < zb : a.offset < b.offset
            }
            .map(\.element)
    }

    /// Draws sublayers in drawing order; a CATransformLayer starts a 3D rendering context. Siblings
    /// out of the layer's plane are ordered by their depth (``siblingOrder(_:tree:placement:)``).
    func drawSublayers(_ children: [Int], tree: LayerTree, placement: Placement, alpha: Double, into surface: inout Surface) {
        let order: [Int]
        switch siblingOrder(Self.drawingOrder(children, tree), tree: tree, placement: placement) {
        case let .sequence(sequence):
            order = sequence
        case let .context(sequence):
            var planes: [ContextPlane] = []
            for child in sequence { collectPlanes(child, tree: tree, placement: placement, alpha: alpha, into: &planes) }
            return drawPlanes(planes, tree: tree, into: &surface)
        }
        for child in order {
            if let transition = tree.transition(on: child) {
                drawTransition(transition, tree: tree, placement: placement, alpha: alpha, into: &surface)
            } else if tree.nodes[child].properties.kind == .transform {
                drawContext(child, tree: tree, placement: placement, alpha: alpha, into: &surface)
            } else {
                drawLayer(child, tree: tree, placement: placement, alpha: alpha, into: &surface)
            }
        }
    }

    var canvasRect: PixelRect {
        PixelRect(minX: 0, minY: 0, maxX: canvas.pixelWidth, maxY: canvas.pixelHeight)
    }

    static func alpha8(_ a: Double) -> UInt8 {
        guard a.isFinite else { return a == .infinity ? 255 : 0 }
        return UInt8((min(1, max(0, a)) * 255).rounded())
    }
}

/// A bitmap being drawn into, with the rectangle that has been touched so far, and the pool its
/// offscreen companions come from.
struct Surface {
    var bitmap: Bitmap
    var dirty: PixelRect = .empty
    /// Per row, where the bitmap may differ from its fill (the frame's canvas only; nil elsewhere).
    var untouched: DrawnRows?
    let pool: SurfacePool

    /// Set on a frame's canvas drawn in bands: ``CanvasDraw``s are recorded, and drawn band by band
    /// by `drawBands()`, which every other use of `bitmap` must come after.
    var bands: CanvasBands?

    init(bitmap: Bitmap, pool: SurfacePool) {
        self.bitmap = bitmap
        self.pool = pool
    }

    /// Draws `draw` and marks its rectangle: at once, or on a canvas drawn in bands, recorded.
    mutating func draw(_ draw: CanvasDraw) {
        guard let bands else {
            draw.apply(to: &bitmap, rows: PixelRect.allRows, untouched: untouched)
            return markDrawn(draw.rect)
        }
        let full = bands.record(draw, untouched: untouched)
        markDrawn(draw.rect)
        if full { drawBands() }
    }

    /// Draws what the bands hold: before any draw into `bitmap` that is not a ``CanvasDraw``.
    mutating func drawBands() {
        guard let bands, !bands.isEmpty else { return }
        bands.draw(into: &bitmap, pool: pool)
    }

    /// Composites `layer`, an offscreen of this frame, at `opacity` over its drawn area, and gives
    /// it back to the pool (on a canvas drawn in bands, once the bands holding it are drawn).
    mutating func composite(_ layer: inout Surface, opacity: UInt8) {
        guard let bands else {
            draw(.composite(layer.bitmap, opacity: opacity, area: layer.dirty))
            pool.recycle(&layer)
            return
        }
        // Nothing drawn: nothing to record (a recorded draw would share the bitmap the pool hands out next).
        guard !layer.dirty.isEmpty else { return pool.recycle(&layer) }
        let area = layer.dirty
        var offscreen = SurfacePool.placeholder
        swap(&offscreen, &layer.bitmap)
        layer.dirty = .empty
        draw(.composite(offscreen, opacity: opacity, area: area))
        // Consumed: the bands hold the only references, so recycling clears it in place.
        if bands.hold(consume offscreen, area: area) { drawBands() }
    }


    /// A transparent canvas-sized surface for a layer drawn offscreen; give it back with `recycle`.
    /// Nil when the frame holds as many as it may (``OffscreenLimit``): draw without the pass.
    func offscreen() -> Surface? { pool.take() }

    var fullRect: PixelRect { PixelRect(minX: 0, minY: 0, maxX: bitmap.width, maxY: bitmap.height) }

    /// Records a draw that changed pixels only inside `rect`. Every write into `bitmap` must be
    /// followed by one: offscreen surfaces are cleared by `dirty`, and a shadow drawn on the canvas
    /// trusts `untouched`.
    mutating func markDrawn(_ rect: PixelRect) {
        dirty = dirty.union(rect)
        untouched?.mark(rect)
    }
}
