import AnimGeometry
import AnimLayers
import AnimRaster

/// A layer with a transition in progress (CATransition, UIView transitions; docs/transitions.md):
/// instead of its rendering, the effect between its snapshot from just before the transition's
/// changes (the `old` tree, frozen) and its live rendering, composited once with the layer's opacity.
extension Compositor {
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawTransition(_ tr: LayerTransition, tree: LayerTree, placement: Placement, alpha: Double, into surface: inout Surface) {
        let live = tree.nodes[tr.layer].properties
        let opacity = live.opacity.isNaN ? 0 : min(1, max(0, live.opacity))
        guard !live.isHidden, opacity > 0, alpha > 0, placement.deviceMap(of: live).isFinite else { return }
        let sources = TransitionSources(transition: tr, live: tree)
        // Past the frame's offscreen limit: the new state, without the effect.
        guard var out = surface.offscreen() else {
            drawAnyLayer(sources.index, tree: sources.tree(.new), placement: placement, alpha: alpha * opacity, into: &surface)
            return
        }
        let p = min(1, max(0, tr.progress.isFinite ? tr.progress : 0))
        switch tr.effect.type {
        case .fade:
            drawDissolve(sources, progress: p, placement: placement, into: &out)
        case .moveIn, .push, .reveal, .cube, .oglFlip:
            drawPoses(sources, progress: p, placement: placement, into: &out)
        case .pageCurl, .pageUnCurl, .rippleEffect, .suckEffect:
            if p == 0 {
                // Nothing has moved yet: the old state as it was drawn, not resampled through the
                // warp (which blended a corner pixel of a curl and the bottom row of a suck).
                drawAnyLayer(sources.index, tree: sources.tree(.old), placement: placement, alpha: 1, into: &out)
            } else {
                drawWarp(sources, progress: p, placement: placement, into: &out)
            }
        case .cameraIris, .cameraIrisHollowOpen, .cameraIrisHollowClose:
            drawIris(sources, progress: p, placement: placement, into: &out)
        }
        surface.composite(&out, opacity: Self.alpha8(alpha * opacity))
    }

    /// Draws a layer whatever its class: a transform layer starts a 3D context.
    func drawAnyLayer(_ index: Int, tree: LayerTree, placement: Placement, alpha: Double, into surface: inout Surface) {
        if tree.nodes[index].properties.kind == .transform {
            drawContext(index, tree: tree, placement: placement, alpha: alpha, into: &surface)
        } else {
            drawLayer(index, tree: tree, placement: placement, alpha: alpha, into: &surface)
        }
    }

    /// fade: old × (1 − p) + new × p, per premultiplied channel.
    private func drawDissolve(_ s: TransitionSources, progress p: Double, placement: Placement, into out: inout Surface) {
        drawAnyLayer(s.index, tree: s.tree(.old), placement: placement, alpha: 1, into: &out)
        guard var new = out.offscreen() else {  // past the frame's limit: the new state alone
            out.bitmap.clear(out.dirty)
            out.dirty = .empty
            drawAnyLayer(s.index, tree: s.tree(.new), placement: placement, alpha: 1, into: &out)
            return
        }
        drawAnyLayer(s.index, tree: s.tree(.new), placement: placement, alpha: 1, into: &new)
        let area = out.dirty.union(new.dirty)
        Blend.dissolve(&out.bitmap, toward: new.bitmap, weight: Self.alpha8(p), area: area)
        out.dirty = area
        out.pool.recycle(&new)
    }

    /// Rigid poses (moveIn, push, reveal, cube, oglFlip), back to front; slides are clipped to the
    /// layer's rounded bounds when it masks to bounds.
    private func drawPoses(_ s: TransitionSources, progress p: Double, placement: Placement, into out: inout Surface) {
        let bounds = s.live.bounds.standardized
        for pose in TransitionPose.poses(s.effect, progress: p, bounds: bounds) ?? [] {
            let tree = s.tree(pose.source, pose: pose.transform)
            guard pose.dim > 0 else {
                drawAnyLayer(s.index, tree: tree, placement: placement, alpha: 1, into: &out)
                continue
            }
            guard var face = out.offscreen() else {
                drawAnyLayer(s.index, tree: tree, placement: placement, alpha: 1, into: &out)
                continue
            }
            drawAnyLayer(s.index, tree: tree, placement: placement, alpha: 1, into: &face)
            Blend.darken(&face.bitmap, by: Self.alpha8(pose.dim), area: face.dirty)
            Blend.composite(face.bitmap, opacity: 255, area: face.dirty, into: &out.bitmap)
            out.markDrawn(face.dirty)
            out.pool.recycle(&face)
        }
        let slides: Set<TransitionType> = [.moveIn, .push, .reveal]
        if s.live.masksToBounds, slides.contains(s.effect.type) {
            Blend.clip(&out.bitmap, to: boundsMask(s.live, placement: placement), area: out.dirty)
        }
    }

    /// Coverage of a layer's rounded bounds on the canvas.
    func boundsMask(_ layer: LayerProperties, placement: Placement) -> CoverageMask? {
        let map = placement.deviceMap(of: layer)
        guard let corners = Projection.corners(of: layer.bounds, map)
        else { return nil }
        let scale = Projection.pixelScale(of: layer.bounds, projected: corners)
        return LayerShape(layer: layer, map: map, scale: scale, needsMask: true, canvas: canvasRect).mask
    }
}

/// The two renderings a transition shows, as trees in which the transitioning layer draws plainly:
/// the live tree without this transition, and the frozen old tree with the layer placed where it
/// is now (a snapshot is shown in the layer's current geometry). Both at full opacity: the layer's
/// opacity applies once, to the transition's result.
struct TransitionSources {
    let index: Int
    let effect: TransitionEffect
    let live: LayerProperties
    private let newTree: LayerTree
    private let oldTree: LayerTree

    init(transition tr: LayerTransition, live tree: LayerTree) {
        index = tr.layer
        effect = tr.effect
        live = tree.nodes[tr.layer].properties
        var new = tree
        new.transitions.removeAll { $0.layer == tr.layer }
        new.nodes[index].properties.opacity = 1
        newTree = new
        var old = tr.old
        var props = old.nodes[index].properties
        props.position = live.position
        props.anchorPoint = live.anchorPoint
        props.anchorPointZ = live.anchorPointZ
        props.zPosition = live.zPosition
        props.transform = live.transform
        props.opacity = 1
        old.nodes[index].properties = props
        oldTree = old
    }

    /// One rendering, with an extra transform in the layer's bounds space applied before its own.
    func tree(_ source: TransitionSource, pose: Transform3D = .identity) -> LayerTree {
        var t = source == .old ? oldTree : newTree
        guard !pose.isIdentity else { return t }
        var props = t.nodes[index].properties
        let b = props.bounds
        let ax = b.origin.x + props.anchorPoint.x * b.size.width, ay = b.origin.y + props.anchorPoint.y * b.size.height
        // The layer maps bounds points through anchor, transform, position; the pose acts in bounds
        // space, so it is conjugated into the anchor's frame: A⁻¹ · pose · A · transform.
        props.transform = Transform3D.translation(ax, ay, props.anchorPointZ).concatenating(pose)
            .concatenating(.translation(-ax, -ay, -props.anchorPointZ)).concatenating(props.transform)
        t.nodes[index].properties = props
        return t
    }
}

extension Compositor {
    /// The camera iris: the rendering that shows through, then the blades (the bounds minus the
    /// aperture) and their seams, all clipped to the layer's rounded bounds.
    func drawIris(_ s: TransitionSources, progress p: Double, placement: Placement, into out: inout Surface) {
        let iris = CameraIris(s.effect.type, progress: p)
        drawAnyLayer(s.index, tree: s.tree(iris.source), placement: placement, alpha: 1, into: &out)
        let b = s.live.bounds.standardized
        let map = placement.deviceMap(of: s.live)
        let frame = RoundedRect.contour(b, radius: 0, segmentsPerQuarter: 1)
        var hole = iris.aperture(in: b)
        if (Projection.signedArea(frame) < 0) == (Projection.signedArea(hole) < 0) { hole.reverse() }
        if let outer = Projection.project(frame, map), let inner = Projection.project(hole, map) {
            fill(Rasterizer.coverage(of: [outer, inner], clip: canvasRect), color: CameraIris.bladeColor, alpha: 1, into: &out)
        }
        let seams = iris.seams(in: b).compactMap { Projection.project($0, map) }
        fill(Rasterizer.coverage(of: seams, clip: canvasRect), color: CameraIris.seamColor, alpha: 1, into: &out)
        Blend.clip(&out.bitmap, to: boundsMask(s.live, placement: placement), area: out.dirty)
    }
}
