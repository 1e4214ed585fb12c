import AnimGeometry
import AnimLayers
import AnimRaster

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

/// Draws a presentation layer tree into a bitmap: the per-layer order of Core Animation
/// (background, sublayers sorted by zPosition then array order, border on top), flattening
/// each layer into its superlayer's plane, opacity per group or per layer, and bounds clipping.
public struct Compositor: Sendable {
    public let canvas: CanvasSpec

    public init(canvas: CanvasSpec) {
        self.canvas = canvas
    }

    /// Renders one frame. Returns nil only if the canvas size is invalid.
    public func render(_ tree: LayerTree) -> Bitmap? {
        guard var bitmap = Bitmap(width: canvas.pixelWidth, height: canvas.pixelHeight) else { return nil }
        let bg = canvas.background.premultipliedRGBA8
        bitmap.fill(PixelRGBA8(r: bg.r, g: bg.g, b: bg.b, a: bg.a))
        var surface = Surface(bitmap: bitmap)
        let root = canvas.rootLayer
        let rootMap = Homography.scale(canvas.scale, canvas.scale)
        for child in Self.drawingOrder(tree.roots, tree) {
            drawLayer(child, tree: tree, parent: root, parentMap: rootMap, alpha: 1, into: &surface)
        }
        return surface.bitmap
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
}

/// A bitmap being drawn into, with the rectangle that has been touched so far.
struct Surface {
    var bitmap: Bitmap
    var dirty: PixelRect = .empty

    var fullRect: PixelRect { PixelRect(minX: 0, minY: 0, maxX: bitmap.width, maxY: bitmap.height) }
}
