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
        guard let corners = Projection.project(RoundedRect.contour(layer.bounds, radius: 0, segmentsPerQuarter: 1), map)
        else { return }
        if !layer.isDoubleSided && Projection.signedArea(corners) < 0 { return }

        let visibleChildren = node.children.contains { !tree.nodes[$0].properties.isHidden }
        let groups = opacity < 1 && layer.allowsGroupOpacity && visibleChildren
        let clips = layer.masksToBounds && visibleChildren
        // The rounded bounds are flattened and scan-converted once, for the background and the clip.
        let shape = LayerShape(layer: layer, map: map, scale: Projection.pixelScale(of: layer.bounds, projected: corners),
                               needsMask: layer.backgroundColor != nil || clips, canvas: canvasRect)
        if groups || clips {
            var offscreen = Surface(bitmap: Bitmap(width: surface.bitmap.width, height: surface.bitmap.height)!)
            let innerAlpha = groups ? 1 : alpha * opacity
            drawContents(index, tree: tree, shape: shape, alpha: innerAlpha, into: &offscreen)
            if clips { Blend.clip(&offscreen.bitmap, to: shape.mask, area: offscreen.dirty) }
            let outer = groups ? alpha * opacity : 1
            Blend.composite(offscreen.bitmap, opacity: Self.alpha8(outer), area: offscreen.dirty, into: &surface.bitmap)
            surface.dirty = surface.dirty.union(offscreen.dirty)
        } else {
            drawContents(index, tree: tree, shape: shape, alpha: alpha * opacity, into: &surface)
        }
    }

    /// Background, sublayers, then border: the layer's own drawing order.
    private func drawContents(_ index: Int, tree: LayerTree, shape: LayerShape, alpha: Double, into surface: inout Surface) {
        let layer = tree.nodes[index].properties
        if let background = layer.backgroundColor {
            fill(shape.mask, color: background, alpha: alpha, into: &surface)
        }
        for child in Self.drawingOrder(tree.nodes[index].children, tree) {
            drawLayer(child, tree: tree, parent: layer, parentMap: shape.map, alpha: alpha, into: &surface)
        }
        if layer.borderWidth > 0 {
            fill(shape.borderMask(), color: layer.borderColor, alpha: alpha, into: &surface)
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

    var canvasRect: PixelRect {
        PixelRect(minX: 0, minY: 0, maxX: canvas.pixelWidth, maxY: canvas.pixelHeight)
    }

    static func alpha8(_ a: Double) -> UInt8 {
        guard a.isFinite else { return a == .infinity ? 255 : 0 }
        return UInt8((min(1, max(0, a)) * 255).rounded())
    }
}
