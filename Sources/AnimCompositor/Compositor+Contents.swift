import AnimGeometry
import AnimLayers
import AnimRaster

/// A layer's contents: its `contents` image placed by contentsGravity, contentsRect and
/// contentsScale, or a CAGradientLayer's gradient. Both are sampled through the inverse of the
/// layer's device map, so they are perspective-correct under any 3D transform.
extension Compositor {
    /// The image goes through `contentsCache` when the same draw (``ImageDraw``) repeats: its
    /// picture is filled once over transparent pixels and composited in every frame, which writes
    /// the same bytes as filling it again.
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawImage(of shape: LayerShape, alpha: Double, into surface: inout Surface) {
        if let draw = imageDraw(of: shape, alpha: alpha) { surface.draw(draw) }
    }

    /// What `drawImage` draws: a kept picture, or the fill itself; nil when nothing.
    func imageDraw(of shape: LayerShape, alpha: Double) -> CanvasDraw? {
        let layer = shape.layer
        guard let key = layer.contents, let image = images[key],
              let draw = ImageDraw(layer: layer, image: key, of: image, map: shape.map, canvas: canvasRect,
                                   opacity: Self.alpha8(alpha)) else { return nil }
        if draw.opacity > 0, let cache = contentsCache,
           let picture = cache.picture(of: draw, build: { draw.picture(image, pyramid: { self.pyramids.pyramid(key, of: image) }) }) {
            return .picture(picture)
        }
        return draw.canvasDraw(image, pyramid: { pyramids.pyramid(key, of: image) })
    }

    /// CAGradientLayer: the gradient fills the rounded bounds, like a background.
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawGradient(of shape: LayerShape, alpha: Double, into surface: inout Surface) {
        let layer = shape.layer
        let stops = layer.gradient.stops
        let b = layer.bounds.standardized
        guard layer.kind == .gradient, !stops.isEmpty, b.width > 0, b.height > 0,
              let mask = shape.mask, let toLayer = shape.map.inverse else { return }
        let toUnit = Homography(1 / b.width, 0, 0, 0, 1 / b.height, 0, -b.minX / b.width, -b.minY / b.height, 1)
        let gradient = GradientPaint(kind: Self.paintKind(layer.gradient.type),
                                     stops: stops.map { GradientPaint.Stop(location: $0.location, color: $0.color) },
                                     start: layer.gradient.startPoint, end: layer.gradient.endPoint,
                                     deviceToUnit: toLayer.concatenating(toUnit))
        surface.draw(.paint(mask, .gradient(gradient), opacity: Self.alpha8(alpha)))
    }

    private static func paintKind(_ k: LayerGradient.Kind) -> GradientPaint.Kind {
        switch k {
        case .axial: .axial
        case .radial: .radial
        case .conic: .conic
        }
    }
}
