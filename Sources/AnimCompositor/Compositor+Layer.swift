import AnimGeometry
import AnimLayers
import AnimRaster

extension Compositor {
    /// Draws one ordinary layer and its subtree. `alpha` is the opacity inherited from ancestors
    /// that do not group (allowsGroupOpacity false, or transform layers); it multiplies into every draw.
    func drawLayer(_ index: Int, tree: LayerTree, placement: Placement, alpha: Double, into surface: inout Surface) {
        if let transition = tree.transition(on: index) {
            drawTransition(transition, tree: tree, placement: placement, alpha: alpha, into: &surface)
            return
        }
        let layer = tree.nodes[index].properties
        let opacity = layer.opacity.isNaN ? 0 : min(1, max(0, layer.opacity))
        guard !layer.isHidden, opacity > 0, alpha > 0 else { return }
        let node = tree.nodes[index]
        let visibleChildren = node.children.contains { !tree.nodes[$0].properties.isHidden }
        let hasContent = visibleChildren || layer.contents != nil || layer.kind == .gradient || layer.kind == .shape || layer.kind == .text
        // Group opacity matters where sublayers overlap; a layer's own background, contents and border
        // are faded one by one (as before sublayers existed; see docs/compositing.md).
        let groups = opacity < 1 && layer.allowsGroupOpacity && visibleChildren
        let clips = layer.masksToBounds && hasContent && !drawsInsideItsBounds(layer, visibleChildren: visibleChildren)
        let shadows = layer.shadowOpacity > 0 && layer.shadowColor.alpha > 0
        let tint = layer.instanceTint.map(Self.tintFactors)
        guard let placed = placedMap(of: layer, placement: placement) else { return }
        // A layer that draws only its background and border, without sublayers: its shadow, body
        // and border come from their caches by the layer's sub-pixel phase (``PhaseShapes``).
        if shadows, !groups, node.mask == nil, tint == nil, node.children.isEmpty,
           let key = ShadowKey(layer: layer, hasVisibleChildren: false, map: placed.map, alpha: alpha * opacity) {
            return drawPlainLayer(key, layer: layer, map: placed.map, scale: placed.scale, alpha: alpha * opacity, into: &surface)
        }
        let shape = LayerShape(layer: layer, map: placed.map, scale: placed.scale,
                               needsMask: layer.backgroundColor != nil || clips || layer.kind == .gradient, canvas: canvasRect)
        let map = shape.map
        let draw = LayerDraw(index: index, shape: shape, placement: placement.sublayers(of: layer, map: map))
        guard groups || clips || shadows || node.mask != nil || tint != nil else {
            drawContents(draw, tree: tree, alpha: alpha * opacity, into: &surface)
            return
        }
        // A layer that draws only its background and border needs no offscreen pass for its
        // shadow: the cached blurred shadow goes onto the canvas first, the layer over it (the same
        // picture as drawing the shadow behind the layer's own rendering).
        if shadows, !groups, node.mask == nil, tint == nil,
           let key = ShadowKey(layer: layer, hasVisibleChildren: visibleChildren, map: map, alpha: alpha * opacity) {
            drawCachedShadow(key, layer: layer, map: map, body: shape.mask, alpha: alpha * opacity, into: &surface)
            drawContents(draw, tree: tree, alpha: alpha * opacity, into: &surface)
            return
        }
        // A layer that draws only its image, masked by a plain mask: the image's kept picture goes
        // onto the surface through the mask's coverage, without an offscreen.
        if let mask = node.mask, !groups, !clips, !shadows, tint == nil, masksByCoverage,
           Self.drawsOnlyItsImage(layer, hasChildren: !node.children.isEmpty),
           let coverage = plainMaskCoverage(mask, of: draw, tree: tree) {
            drawMaskedImage(draw, coverage: coverage, alpha: alpha * opacity, into: &surface)
            return
        }
        // Past the frame's offscreen limit the layer is drawn straight in (and the frame reports it).
        guard var layerSurface = surface.offscreen() else {
            drawContents(draw, tree: tree, alpha: alpha * opacity, into: &surface)
            return
        }
        let innerAlpha = groups ? 1 : alpha * opacity
        drawContents(draw, tree: tree, alpha: innerAlpha, into: &layerSurface)
        if clips { Blend.clip(&layerSurface.bitmap, to: shape.mask, area: layerSurface.dirty) }
        if shadows { drawShadow(draw, alpha: innerAlpha, into: &layerSurface) }
        if let mask = node.mask { applyMask(mask, of: draw, tree: tree, to: &layerSurface) }
        if let tint { Blend.multiply(&layerSurface.bitmap, by: tint, area: layerSurface.dirty) }
        let outer = groups ? alpha * opacity : 1
        surface.composite(&layerSurface, opacity: Self.alpha8(outer))
    }

    /// Whether everything the layer draws lies inside its bounds' shape, so that masksToBounds
    /// has nothing to clip: no visible sublayers, no shape or text (which may overflow), and its
    /// contents image, if any, placed within the bounds of a layer with square corners. The
    /// background, gradient and border are drawn with the bounds' own shape. Multiplying by the
    /// clip's coverage anyway would count an edge the two share twice (docs/compositing.md).
    func drawsInsideItsBounds(_ layer: LayerProperties, visibleChildren: Bool) -> Bool {
        guard !visibleChildren, layer.kind == .layer || layer.kind == .gradient else { return false }
        guard let key = layer.contents else { return true }
        guard let image = images[key],
              RoundedRect.effectiveRadius(layer.cornerRadius, in: layer.bounds.standardized) == 0 || layer.maskedCorners.isEmpty
        else { return false }
        let dest = ImageDraw.placement(of: layer, image: image).dest.standardized
        let b = layer.bounds.standardized
        return dest.minX >= b.minX && dest.maxX <= b.maxX && dest.minY >= b.minY && dest.maxY <= b.maxY
    }

    /// Whether the layer's drawing is its `contents` image alone: no background, border,
    /// sublayers (even hidden ones, which a transition may show), or content of another kind.
    static func drawsOnlyItsImage(_ layer: LayerProperties, hasChildren: Bool) -> Bool {
        layer.kind == .layer && layer.contents != nil && layer.backgroundColor == nil && !(layer.borderWidth > 0) && !hasChildren
    }

    /// A layer that draws only its image, clipped by a plain mask's `coverage` (`.some(nil)`: it
    /// covers nothing). A kept picture is composited through the coverage in one pass
    /// (``Blend/composite(_:at:_:through:rows:into:)``: the bytes of the offscreen pass); a fill
    /// drawn directly takes the offscreen pass.
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    private func drawMaskedImage(_ draw: LayerDraw, coverage: CoverageMask?, alpha: Double, into surface: inout Surface) {
        guard let coverage, let image = imageDraw(of: draw.shape, alpha: alpha) else { return }
        if case .picture(let picture) = image {
            surface.draw(.maskedPicture(picture, coverage))
            return
        }
        guard var layerSurface = surface.offscreen() else { return surface.draw(image) }
        layerSurface.draw(image)
        Self.clip(&layerSurface, byCoverage: coverage)
        surface.composite(&layerSurface, opacity: 255)
    }

    /// A replicator instance's colour as the bytes its rendering's premultiplied channels are
    /// multiplied by: (r·a, g·a, b·a, a), each component clamped to 0…1.
    static func tintFactors(_ c: Color) -> PixelRGBA8 {
        func byte(_ v: Double) -> UInt8 { v.isNaN ? 0 : UInt8((min(1, max(0, v)) * 255).rounded()) }
        let a = c.alpha.isNaN ? 0 : min(1, max(0, c.alpha))
        return PixelRGBA8(r: byte(c.red * a), g: byte(c.green * a), b: byte(c.blue * a), a: byte(a))
    }

    /// Background, contents, sublayers, then border: the layer's own drawing order.
    private func drawContents(_ draw: LayerDraw, tree: LayerTree, alpha: Double, into surface: inout Surface) {
        let layer = draw.shape.layer
        if let background = layer.backgroundColor {
            fill(draw.shape.mask, color: background, alpha: alpha, into: &surface)
        }
        drawImage(of: draw.shape, alpha: alpha, into: &surface)
        drawGradient(of: draw.shape, alpha: alpha, into: &surface)
        drawShape(of: draw.shape, alpha: alpha, into: &surface)
        drawText(of: draw.shape, alpha: alpha, into: &surface)
        drawSublayers(tree.nodes[draw.index].children, tree: tree, placement: draw.placement, alpha: alpha, into: &surface)
        if layer.borderWidth > 0 {
            fill(draw.shape.borderMask(), color: layer.borderColor, alpha: alpha, into: &surface)
        }
    }

    /// The mask layer, drawn in the masked layer's bounds space; only its alpha is used.
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    private func applyMask(_ mask: Int, of draw: LayerDraw, tree: LayerTree, to surface: inout Surface) {
        precondition(surface.bands == nil, "a mask applies to a layer's offscreen, never to a banded canvas")
        if masksByCoverage, let coverage = plainMaskCoverage(mask, of: draw, tree: tree) {
            // The alpha the mask layer would draw is its coverage: clip by that, no offscreen.
            return Self.clip(&surface, byCoverage: coverage)
        }
        guard var maskSurface = surface.offscreen() else { return }
        let placement = Placement(parent: draw.shape.layer, plane: draw.shape.map)
        drawSublayers([mask], tree: tree, placement: placement, alpha: 1, into: &maskSurface)
        Blend.mask(&surface.bitmap, dstArea: surface.dirty, byAlphaOf: maskSurface.bitmap, srcArea: maskSurface.dirty)
        surface.dirty = surface.dirty.intersection(maskSurface.dirty)
        surface.pool.recycle(&maskSurface)
    }

    /// An offscreen multiplied by a plain mask's coverage (nil: it covers nothing), its drawn
    /// area cut to the coverage's bounds.
    private static func clip(_ surface: inout Surface, byCoverage coverage: CoverageMask?) {
        Blend.clip(&surface.bitmap, to: coverage, area: surface.dirty)
        surface.dirty = surface.dirty.intersection(coverage?.bounds ?? .empty)
    }

    /// The coverage of a mask layer whose drawn alpha is exactly its coverage, so that masking by
    /// it is `Blend.clip` (the same `mul255` per channel as `Blend.mask`): a plain layer, fully
    /// opaque, with an opaque background and nothing else to draw (no sublayers, contents, border,
    /// shadow, mask or transition), facing the viewer. `.some(nil)` when it covers no pixel; nil
    /// when the mask must be drawn into an offscreen instead (so every other case keeps the
    /// drawing path, and its bytes, unchanged).
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    private func plainMaskCoverage(_ index: Int, of draw: LayerDraw, tree: LayerTree) -> CoverageMask?? {
        let node = tree.nodes[index], layer = node.properties
        guard tree.transition(on: index) == nil, layer.kind == .layer, node.children.isEmpty, node.mask == nil,
              !layer.isHidden, layer.opacity == 1, layer.contents == nil, !(layer.borderWidth > 0),
              !(layer.shadowOpacity > 0 && layer.shadowColor.alpha > 0),
              let background = layer.backgroundColor, Self.drawn(background, alpha: 1).a == 255 else { return nil }
        let placement = Placement(parent: draw.shape.layer, plane: draw.shape.map)
        guard let shape = placedShape(of: layer, placement: placement, needsMask: true) else { return nil }
        return .some(shape.mask)
    }

    /// `layer`'s outline on the canvas under `placement`; nil when the layer is not drawn at all:
    /// overflowing or undefined geometry (infinite sizes, NaN from extreme animation values) has
    /// no defined picture, and a single-sided layer facing away is culled, with its subtree.
    private func placedShape(of layer: LayerProperties, placement: Placement, needsMask: Bool) -> LayerShape? {
        guard let placed = placedMap(of: layer, placement: placement) else { return nil }
        return LayerShape(layer: layer, map: placed.map, scale: placed.scale, needsMask: needsMask, canvas: canvasRect)
    }

    /// `layer`'s device map under `placement` and its on-screen scale; nil when the layer is not
    /// drawn at all (as ``placedShape(of:placement:needsMask:)``).
    private func placedMap(of layer: LayerProperties, placement: Placement) -> (map: Homography, scale: Double)? {
        let map = placement.deviceMap(of: layer)
        guard map.isFinite, let corners = Projection.corners(of: layer.bounds, map),
              layer.isDoubleSided || !(Projection.signedArea(corners) < 0) else { return nil }
        return (map, Projection.pixelScale(of: layer.bounds, projected: corners))
    }

    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func fill(_ mask: CoverageMask?, color: Color, alpha: Double, into surface: inout Surface) {
        guard let mask else { return }
        surface.draw(.fill(mask, Self.drawn(color, alpha: alpha)))
    }

    /// `color` as drawn at opacity `alpha`: clamped, its alpha scaled, premultiplied to 8 bits.
    static func drawn(_ color: Color, alpha: Double) -> PixelRGBA8 {
        var c = color.clamped
        c.alpha *= alpha
        let p = c.premultipliedRGBA8
        return PixelRGBA8(r: p.r, g: p.g, b: p.b, a: p.a)
    }
}

/// One layer being drawn: its index, its outline on the canvas and where its sublayers go.
struct LayerDraw {
    let index: Int
    let shape: LayerShape
    let placement: Placement
}
