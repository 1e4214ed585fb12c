import AnimGeometry
import AnimLayers
import AnimRaster

/// CAShapeLayer: the path filled with fillColor under fillRule, then stroked with strokeColor,
/// drawn between the layer's contents and its sublayers. Both are built in the layer's bounds
/// space (so the layer's transforms scale the line width and bend it under perspective), flattened
/// to 1/8 device pixel, mapped to the canvas and scan-converted exactly under their fill rule (the
/// stroke's outline is filled non-zero).
extension Compositor {
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawShape(of shape: LayerShape, alpha: Double, into surface: inout Surface) {
        let layer = shape.layer
        guard layer.kind == .shape, let path = layer.shape.path, !path.isEmpty, alpha > 0 else { return }
        let tolerance = 0.125 / Self.pixelsPerPoint(of: path, map: shape.map)
        if let color = layer.shape.fillColor, color.alpha > 0 {
            let contours = path.flattened(tolerance: tolerance).compactMap { Projection.project($0, shape.map) }
            fill(Rasterizer.coverage(of: contours, clip: canvasRect, rule: layer.shape.fillRule),
                 color: color, alpha: alpha, into: &surface)
        }
        if let color = layer.shape.strokeColor, color.alpha > 0 {
            let outline = Stroker.stroke(path, style: layer.shape.stroke, tolerance: tolerance)
            let contours = outline.compactMap { Projection.project($0, shape.map) }
            fill(Rasterizer.coverage(of: contours, clip: canvasRect, rule: .nonZero), color: color, alpha: alpha, into: &surface)
        }
    }

    /// How many device pixels one point of the layer spans around the path, at most: the largest
    /// stretch of the edges and diagonals of the path's bounding box (so a non-uniform scale uses
    /// its larger factor); a box with no width or height (a straight line, a single point, whose
    /// dot is still a disc) is measured over one point across it. Clamped to 1/100…1024.
    static func pixelsPerPoint(of path: Path, map: Homography) -> Double {
        let b = path.bounds
        let (x0, x1) = b.maxX > b.minX ? (b.minX, b.maxX) : (b.minX - 0.5, b.minX + 0.5)
        let (y0, y1) = b.maxY > b.minY ? (b.minY, b.maxY) : (b.minY - 0.5, b.minY + 0.5)
        let corners = [Point(x: x0, y: y0), Point(x: x1, y: y0), Point(x: x1, y: y1), Point(x: x0, y: y1)]
        let projected = corners.map { map.project($0) }
        var stretch = 0.0
        for (i, j) in [(0, 1), (1, 2), (2, 3), (3, 0), (0, 2), (1, 3)] {
            let length = (corners[j] - corners[i]).norm
            guard length > 0, let p = projected[i], let q = projected[j] else { continue }
            stretch = max(stretch, (q - p).norm / length)
        }
        guard stretch > 0, stretch.isFinite else { return 1 }
        return min(1024, max(0.01, stretch))
    }
}
