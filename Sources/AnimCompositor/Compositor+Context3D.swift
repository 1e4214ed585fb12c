import AnimGeometry
import AnimLayers
import AnimRaster

/// A CATransformLayer and its chain of transform-layer descendants form one 3D rendering context
/// (CSS `transform-style: preserve-3d`): their ordinary descendants are planes in one 3D space.
/// Each plane is drawn (flattening its own subtree) into its own surface; then, pixel by pixel,
/// the planes covering the pixel are composited far to near by their depth at that pixel, so
/// intersecting planes show the correct half of each, as Core Animation cuts them (§7.5;
/// docs/compositing.md). Ties keep tree order. An ordinary layer's sublayers out of its plane are
/// composited the same way (``siblingOrder(_:tree:placement:)``).
extension Compositor {
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawContext(_ index: Int, tree: LayerTree, placement: Placement, alpha: Double, into surface: inout Surface) {
        var planes: [ContextPlane] = []
        collectPlanes(index, tree: tree, placement: placement, alpha: alpha, into: &planes)
        drawPlanes(planes, tree: tree, into: &surface)
    }

    /// Draws the planes of one rendering context, each flattening its subtree, composited pixel by
    /// pixel far to near by their depth there (ties in the order given).
    func drawPlanes(_ planes: [ContextPlane], tree: LayerTree, into surface: inout Surface) {
        guard planes.count > 1 else {
            for p in planes { drawLayer(p.index, tree: tree, placement: p.placement, alpha: p.alpha, into: &surface) }
            return
        }
        var layers: [DepthLayer] = []
        var planeSurfaces: [Surface] = []
        var copied = 0
        for p in planes {
            guard var planeSurface = surface.offscreen() else {
                drawLayer(p.index, tree: tree, placement: p.placement, alpha: p.alpha, into: &surface)
                continue
            }
            drawLayer(p.index, tree: tree, placement: p.placement, alpha: p.alpha, into: &planeSurface)
            let layer = tree.nodes[p.index].properties
            // A plane seen exactly edge-on covers no area and has no depth to sort by.
            guard !planeSurface.dirty.isEmpty, let inverse = p.placement.deviceMap(of: layer).inverse else {
                surface.pool.recycle(&planeSurface)
                continue
            }
            let depth = PlaneDepth(deviceToPlane: inverse, matrix: p.placement.matrix(of: layer))
            surface.markDrawn(planeSurface.dirty)
            // A plane drawn over less than half the canvas is copied out and its surface given back,
            // so a context of many small planes holds one surface, not one per plane (OffscreenLimit);
            // so is every plane past the canvas-sized ones the depth compositor reads in place, so
            // it never has to copy them again, uncounted.
            let small = planeSurface.dirty.width * planeSurface.dirty.height * 2 < planeSurface.bitmap.width * planeSurface.bitmap.height
            if small || planeSurfaces.count >= DepthCompositor.planesReadInPlace {
                let plane = DepthLayer(cropping: planeSurface.bitmap, to: planeSurface.dirty, depth: depth)
                layers.append(plane)
                copied += plane.byteCount
                surface.pool.reserve(plane.byteCount)
                surface.pool.recycle(&planeSurface)
            } else {
                layers.append(DepthLayer(bitmap: planeSurface.bitmap, area: planeSurface.dirty, depth: depth))
                planeSurfaces.append(planeSurface)
            }
        }
        if !layers.isEmpty { surface.drawBands() }
        DepthCompositor.composite(layers, into: &surface.bitmap)
        layers.removeAll()
        while var s = planeSurfaces.popLast() { surface.pool.recycle(&s) }
        surface.pool.release(copied)
    }

    /// The ordinary layers of the context, in tree order; transform layers pass their opacity to
    /// each of them (no group) and draw nothing of their own.
    func collectPlanes(_ index: Int, tree: LayerTree, placement: Placement, alpha: Double,
                       into planes: inout [ContextPlane]) {
        let layer = tree.nodes[index].properties
        let opacity = layer.opacity.isNaN ? 0 : min(1, max(0, layer.opacity))
        guard !layer.isHidden, opacity > 0, alpha > 0 else { return }
        // A transform layer in a transition is one plane: drawLayer draws the transition's effect
        // between snapshots of its flattened subtree (as at the top level).
        guard layer.kind == .transform, tree.transition(on: index) == nil else {
            planes.append(ContextPlane(index: index, placement: placement, alpha: alpha))
            return
        }
        let inner = placement.sublayers(of: layer, map: placement.deviceMap(of: layer))
        for child in Self.drawingOrder(tree.nodes[index].children, tree) {
            collectPlanes(child, tree: tree, placement: inner, alpha: alpha * opacity, into: &planes)
        }
    }
}

/// One ordinary layer inside a 3D rendering context.
struct ContextPlane {
    let index: Int
    let placement: Placement
    let alpha: Double
}
