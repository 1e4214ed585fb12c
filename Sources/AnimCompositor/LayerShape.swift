import AnimGeometry
import AnimLayers
import AnimRaster

/// A layer's rounded bounds on the canvas: the outline (flattened once, to 1/8 px at the layer's
/// on-screen scale), its coverage, and the border ring built from the same outer outline.
struct LayerShape {
    let layer: LayerProperties
    let map: Homography
    let scale: Double
    let canvas: PixelRect
    /// The projected outer outline, nil when the bounds are empty or behind the eye.
    let outline: [Point]?
    /// Coverage of the rounded bounds (computed only when a background or a clip needs it).
    let mask: CoverageMask?

    init(layer: LayerProperties, map: Homography, scale: Double, needsMask: Bool, canvas: PixelRect) {
        self.layer = layer
        self.map = map
        self.scale = scale
        self.canvas = canvas
        let needsOutline = needsMask || layer.borderWidth > 0
        outline = needsOutline ? Self.outline(layer, map: map, scale: scale, inset: 0) : nil
        mask = needsMask ? outline.flatMap { Rasterizer.coverage(of: [$0], clip: canvas) } : nil
    }

    /// The border ring: the rounded bounds minus the bounds inset by borderWidth (inner radius
    /// max(0, r − w)), the inner outline reversed so the ring winds once.
    func borderMask() -> CoverageMask? {
        guard let outer = outline else { return nil }
        let b = layer.bounds.standardized
        let w = min(layer.borderWidth, b.width / 2, b.height / 2)
        var contours = [outer]
        if w < b.width / 2 && w < b.height / 2, let inner = Self.outline(layer, map: map, scale: scale, inset: w) {
            contours.append(inner.reversed())
        }
        return Rasterizer.coverage(of: contours, clip: canvas)
    }

    /// The bounds with their corner style (radius, maskedCorners, cornerCurve), inset by `inset`
    /// points (the inner radius is max(0, r − inset)), mapped to the canvas.
    static func outline(_ layer: LayerProperties, map: Homography, scale: Double, inset: Double) -> [Point]? {
        let b = layer.bounds.standardized
        guard b.width > 0, b.height > 0, b.width.isFinite, b.height.isFinite, b.origin.x.isFinite, b.origin.y.isFinite
        else { return nil }
        let style = CornerStyle(radius: layer.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve)
        let contour = OutlineCache.shared.contour(b, style: style, inset: inset, pixelsPerPoint: scale)
        guard contour.count >= 3 else { return nil }
        return Projection.project(contour, map)
    }
}
