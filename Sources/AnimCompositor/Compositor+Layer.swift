import AnimGeometry
import AnimLayers
import AnimRaster

extension Compositor {
    /// Draws one layer and its subtree. `alpha` is the opacity inherited from ancestors that do not
    /// group (allowsGroupOpacity false); it multiplies into every draw.
    func drawLayer(_ index: Int, tree: LayerTree, parent: LayerProperties, parentMap: Homography,
                   alpha: Double, into surface: inout Surface) {
        let node = tree.nodes[index]
        let layer = node.properties
        let opacity = layer.opacity.isNaN ? 0 : min(1, max(0, layer.opacity))
        guard !layer.isHidden, opacity > 0, alpha > 0 else { return }
        let map = LayerGeometry.deviceMap(layer, parent: parent, parentMap: parentMap)
        // Overflowing or undefined geometry (infinite sizes, NaN from extreme animation values)
        // has no defined picture: such a layer and its subtree are not drawn.
        guard map.isFinite else { return }
        guard let outline = Projection.project(RoundedRect.contour(layer.bounds, radius: 0, segmentsPerQuarter: 1), map)
        else { return }
        if !layer.isDoubleSided && Projection.signedArea(outline) < 0 { return }

        let visibleChildren = node.children.filter { !tree.nodes[$0].properties.isHidden }
        let groups = opacity < 1 && layer.allowsGroupOpacity && !visibleChildren.isEmpty
        let clips = layer.masksToBounds && !visibleChildren.isEmpty
        if groups || clips {
            var offscreen = Surface(bitmap: Bitmap(width: surface.bitmap.width, height: surface.bitmap.height)!)
            let innerAlpha = groups ? 1 : alpha * opacity
            drawContents(index, tree: tree, map: map, alpha: innerAlpha, into: &offscreen)
            if clips {
                Blend.clip(&offscreen.bitmap, to: shapeMask(layer, map: map, inset: 0), area: offscreen.dirty)
            }
            let outer = groups ? alpha * opacity : 1
            Blend.composite(offscreen.bitmap, opacity: Self.alpha8(outer), area: offscreen.dirty, into: &surface.bitmap)
            surface.dirty = surface.dirty.union(offscreen.dirty)
        } else {
            drawContents(index, tree: tree, map: map, alpha: alpha * opacity, into: &surface)
        }
    }

    /// Background, sublayers, then border: the layer's own drawing order.
    private func drawContents(_ index: Int, tree: LayerTree, map: Homography, alpha: Double, into surface: inout Surface) {
        let layer = tree.nodes[index].properties
        if let background = layer.backgroundColor {
            fill(shapeMask(layer, map: map, inset: 0), color: background, alpha: alpha, into: &surface)
        }
        for child in Self.drawingOrder(tree.nodes[index].children, tree) {
            drawLayer(child, tree: tree, parent: layer, parentMap: map, alpha: alpha, into: &surface)
        }
        if layer.borderWidth > 0 {
            fill(borderMask(layer, map: map), color: layer.borderColor, alpha: alpha, into: &surface)
        }
    }

    private func fill(_ mask: CoverageMask?, color: Color, alpha: Double, into surface: inout Surface) {
        guard let mask else { return }
        var c = color.clamped
        c.alpha *= alpha
        let p = c.premultipliedRGBA8
        Blend.fill(mask, color: PixelRGBA8(r: p.r, g: p.g, b: p.b, a: p.a), into: &surface.bitmap)
        surface.dirty = surface.dirty.union(mask.bounds)
    }

    /// Coverage of the layer's rounded bounds, inset by `inset` points.
    func shapeMask(_ layer: LayerProperties, map: Homography, inset: Double) -> CoverageMask? {
        guard let contour = outline(layer, map: map, inset: inset) else { return nil }
        return Rasterizer.coverage(of: [contour], clip: canvasRect)
    }

    /// The border ring: the rounded bounds minus the bounds inset by borderWidth (inner radius
    /// max(0, r − w)), the inner outline reversed so the ring winds once.
    private func borderMask(_ layer: LayerProperties, map: Homography) -> CoverageMask? {
        guard let outer = outline(layer, map: map, inset: 0) else { return nil }
        let b = layer.bounds.standardized
        let w = min(layer.borderWidth, b.width / 2, b.height / 2)
        var contours = [outer]
        if w < b.width / 2 && w < b.height / 2, let inner = outline(layer, map: map, inset: w) {
            contours.append(inner.reversed())
        }
        return Rasterizer.coverage(of: contours, clip: canvasRect)
    }

    private func outline(_ layer: LayerProperties, map: Homography, inset: Double) -> [Point]? {
        let b = layer.bounds.standardized
        let rect = Rect(x: b.minX + inset, y: b.minY + inset, width: b.width - 2 * inset, height: b.height - 2 * inset)
        guard rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
              rect.origin.x.isFinite, rect.origin.y.isFinite else { return nil }
        let radius = max(0, RoundedRect.effectiveRadius(layer.cornerRadius, in: b) - inset)
        let scale = Projection.pixelScale(of: b, map)
        let n = RoundedRect.segmentsPerQuarter(radiusPixels: radius * scale)
        return Projection.project(RoundedRect.contour(rect, radius: radius, segmentsPerQuarter: n), map)
    }

    private var canvasRect: PixelRect {
        PixelRect(minX: 0, minY: 0, maxX: canvas.pixelWidth, maxY: canvas.pixelHeight)
    }

    static func alpha8(_ a: Double) -> UInt8 {
        guard a.isFinite else { return a == .infinity ? 255 : 0 }
        return UInt8((min(1, max(0, a)) * 255).rounded())
    }
}
