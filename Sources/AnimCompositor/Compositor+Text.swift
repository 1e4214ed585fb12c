import AnimGeometry
import AnimLayers
import AnimRaster
import AnimText

/// CATextLayer's contents: the layer's string laid out in its bounds (AnimText's `TextLayout`), the
/// glyph outlines from the scene's text catalog placed in layer space, flattened to 1/8 device
/// pixel, mapped through the layer's homography and filled (non-zero) in `foregroundColor`. Like
/// CATextLayer's bounds-sized backing store, the text is cut at the bounds rectangle.
extension Compositor {
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawText(of shape: LayerShape, alpha: Double, into surface: inout Surface) {
        let layer = shape.layer
        let b = layer.bounds.standardized
        guard layer.kind == .text, let string = layer.text.string, !string.isEmpty, b.width > 0, b.height > 0,
              let (face, shaped) = text.lookup(font: layer.text.font, string: string) else { return }
        let placed = TextLayout.place(shaped, face: face, style: layer.text.style, width: b.width)
        let glyphs = Self.glyphs(placed, reaching: b, face: face, fontSize: layer.text.fontSize, map: shape.map)
        let path = TextLayout.outline(of: glyphs, face: face, fontSize: layer.text.fontSize, boundsOrigin: b.origin)
        let contours = path.flattened(tolerance: 0.125 / shape.scale).compactMap { Projection.project($0, shape.map) }
        guard let glyphMask = Rasterizer.coverage(of: contours, clip: canvasRect),
              let bounds = Projection.corners(of: b, shape.map)
        else { return }
        fill(glyphMask.multiplied(by: Rasterizer.coverage(of: [bounds], clip: glyphMask.bounds)),
             color: layer.text.foregroundColor, alpha: alpha, into: &surface)
    }

    /// The glyphs whose pixels the cut at `bounds` can keep. A glyph's outline lies in the box of
    /// its points (control points included); where that box maps wholly above, below or to the
    /// right of the bounds' device box, with 2 px to spare, every pixel it covers is cleared by the
    /// cut, so it is left out before its outline is built: a 4 MB string in a 200 × 100 layer
    /// built 5.6 GB of outlines. Glyphs to the left are kept, since the rasterizer's row sums run
    /// rightward into the bounds. The pixels are those of drawing every glyph.
    static func glyphs(_ glyphs: [PlacedGlyph], reaching bounds: Rect, face: FontFace, fontSize: Double,
                       map: Homography) -> [PlacedGlyph] {
        let scale = face.metrics.scale(forSize: fontSize)
        guard scale > 0, scale.isFinite, let device = Projection.corners(of: bounds, map),
              let top = device.map(\.y).min(), let bottom = device.map(\.y).max(), let right = device.map(\.x).max()
        else { return glyphs }
        var boxes: [UInt32: Rect] = [:]
        return glyphs.filter { g in
            guard let outline = face.outlines[g.glyph] else { return true }
            let box: Rect
            if let known = boxes[g.glyph] { box = known } else { box = outline.bounds; boxes[g.glyph] = box }
            let o = g.origin + bounds.origin
            let placed = Rect(x: o.x + box.minX * scale, y: o.y - box.maxY * scale, width: box.width * scale, height: box.height * scale)
            guard let corners = Projection.corners(of: placed, map), let minY = corners.map(\.y).min(),
                  let maxY = corners.map(\.y).max(), let minX = corners.map(\.x).min() else { return true }
            return !(minY > bottom + 2 || maxY < top - 2 || minX > right + 2)
        }
    }
}
