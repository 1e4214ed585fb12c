import AnimGeometry
import AnimLayers
import AnimRaster

/// A layer's contents: its `contents` image placed by contentsGravity, contentsRect and
/// contentsScale, or a CAGradientLayer's gradient. Both are sampled through the inverse of the
/// layer's device map, so they are perspective-correct under any 3D transform.
extension Compositor {
    func drawImage(of shape: LayerShape, alpha: Double, into surface: inout Surface) {
        let layer = shape.layer
        guard let key = layer.contents, let image = images[key], let toLayer = shape.map.inverse else { return }
        let w = Double(image.width), h = Double(image.height), cr = layer.contentsRect
        let source = Rect(x: cr.origin.x * w, y: cr.origin.y * h, width: cr.size.width * w, height: cr.size.height * h)
        let scale = layer.contentsScale > 0 && layer.contentsScale.isFinite ? layer.contentsScale : 1
        let dest = layer.contentsGravity.placement(of: Size(width: abs(source.size.width) / scale, height: abs(source.size.height) / scale),
                                                   in: layer.bounds)
        guard dest.size.width > 0, dest.size.height > 0, source.size.width != 0, source.size.height != 0 else { return }
        let sx = source.size.width / dest.size.width, sy = source.size.height / dest.size.height
        let layerToImage = Homography(sx, 0, 0, 0, sy, 0, source.origin.x - dest.origin.x * sx, source.origin.y - dest.origin.y * sy, 1)
        guard let outline = Projection.corners(of: dest, shape.map),
              let mask = Rasterizer.coverage(of: [outline], clip: canvasRect) else { return }
        let paint = Paint.image(ImagePaint(image: image, deviceToImage: toLayer.concatenating(layerToImage),
                                           pyramid: pyramids.pyramid(key, of: image)))
        Blend.fill(mask, paint: paint, opacity: Self.alpha8(alpha), into: &surface.bitmap)
        surface.dirty = surface.dirty.union(mask.bounds)
    }

    /// CAGradientLayer: the gradient fills the rounded bounds, like a background.
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
        Blend.fill(mask, paint: .gradient(gradient), opacity: Self.alpha8(alpha), into: &surface.bitmap)
        surface.dirty = surface.dirty.union(mask.bounds)
    }

    private static func paintKind(_ k: LayerGradient.Kind) -> GradientPaint.Kind {
        switch k {
        case .axial: .axial
        case .radial: .radial
        case .conic: .conic
        }
    }
}
