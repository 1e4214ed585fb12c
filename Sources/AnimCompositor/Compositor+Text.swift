import AnimGeometry
import AnimLayers
import AnimRaster
import AnimText

/// CATextLayer's contents: the layer's string laid out in its bounds (AnimText's `TextLayout`), the
/// glyph outlines from the scene's text catalog placed in layer space, flattened to 1/8 device
/// pixel, mapped through the layer's homography and filled (non-zero) in `foregroundColor`. Like
/// CATextLayer's bounds-sized backing store, the text is cut at the bounds rectangle.
extension Compositor {
    func drawText(of shape: LayerShape, alpha: Double, into surface: inout Surface) {
        let layer = shape.layer
        let b = layer.bounds.standardized
        guard layer.kind == .text, let string = layer.text.string, !string.isEmpty, b.width > 0, b.height > 0,
              let (face, shaped) = text.lookup(font: layer.text.font, string: string) else { return }
        let glyphs = TextLayout.place(shaped, face: face, style: layer.text.style, width: b.width)
        let path = TextLayout.outline(of: glyphs, face: face, fontSize: layer.text.fontSize, boundsOrigin: b.origin)
        let contours = path.flattened(tolerance: 0.125 / shape.scale).compactMap { Projection.project($0, shape.map) }
        guard let glyphMask = Rasterizer.coverage(of: contours, clip: canvasRect),
              let bounds = Projection.corners(of: b, shape.map)
        else { return }
        fill(glyphMask.multiplied(by: Rasterizer.coverage(of: [bounds], clip: glyphMask.bounds)),
             color: layer.text.foregroundColor, alpha: alpha, into: &surface)
    }
}
