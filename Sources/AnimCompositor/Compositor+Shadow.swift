import AnimGeometry
import AnimLayers
import AnimRaster

/// CALayer shadows (core-animation-semantics.md §8): the shape is `shadowPath` when set, else the
/// alpha of the layer's whole rendering; blurred by a Gaussian of σ = shadowRadius, moved by
/// shadowOffset (both in the layer's space, so they turn and scale with it), tinted with
/// shadowColor × shadowOpacity and drawn behind the layer. masksToBounds clips it.
extension Compositor {
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawShadow(_ draw: LayerDraw, alpha: Double, into surface: inout Surface) {
        precondition(surface.bands == nil, "a layer's own shadow is drawn into its offscreen, never into a banded canvas")
        let shape = draw.shape, layer = shape.layer
        let sigma = max(0, layer.shadowRadius.isFinite ? layer.shadowRadius : 0) * shape.scale
        let offset = Self.deviceOffset(layer.shadowOffset, map: shape.map, at: layer.bounds)
        let reach = canvasRect.grown(by: Self.shadowReach(3 * sigma + abs(offset.x) + abs(offset.y), plus: 1))
        let source = layer.shadowPath.map { shadowPathCoverage($0, shape: shape, clip: reach) }
            ?? GaussianBlur.alpha(of: surface.bitmap, area: surface.dirty)
        guard let source, var blurred = GaussianBlur.blur(source, sigma: sigma, offset: offset, clip: canvasRect) else { return }
        if layer.masksToBounds {
            guard let clipped = blurred.multiplied(by: shape.mask) else { return }
            blurred = clipped
        }
        // Without a shadowPath the shape is the alpha of the layer's rendering, which is already
        // faded by the opacity it is drawn at: the colour takes that opacity only for a path.
        let color = Self.shadowColor(of: layer, alpha: layer.shadowPath == nil ? 1 : alpha)
        Blend.fillBehind(blurred, color: color, into: &surface.bitmap)
        surface.markDrawn(blurred.bounds)
    }

    /// The shadow of a layer that draws only its background and border (``ShadowKey``): blurred
    /// once with the layer at the device origin, then moved to where `map` puts the layer and
    /// drawn over the canvas, before the layer itself. Under an opaque background (`body`, its
    /// coverage), the pixels the background covers fully are not drawn: it replaces them. Over
    /// canvas pixels nothing has been drawn on yet (`Surface.untouched`), it is written, not
    /// blended: copied from the kept picture of the moved shadow over the background colour, or
    /// from a table.
    ///
    /// With `keep`, a shadow that has a kept picture is not drawn but returned with it, for
    /// ``drawPlainLayer(_:layer:map:scale:alpha:into:)`` to draw with the layer's background and
    /// border; nil when it was drawn (or there is none).
    @discardableResult
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawCachedShadow(_ key: ShadowKey, layer: LayerProperties, map: Homography, body: CoverageMask?,
                          alpha: Double, keep: Bool = false, into surface: inout Surface) -> (SolidFill, UniformPicture)? {
        let origin = Point(x: map.g / map.i, y: map.h / map.i)
        // The cached shape is the background and border's alpha as drawn, already at `alpha`.
        let color = Self.shadowColor(of: layer, alpha: 1)
        guard let moved = ShadowCache.shared.shadow(key, of: layer, movedTo: origin, clip: canvasRect,
                                                    hole: key.opaqueInterior(at: origin),
                                                    picture: surface.untouched.map { (color, $0) }) else { return nil }
        let under = key.backgroundAlpha == 255 ? body : nil
        if keep, let picture = moved.picture { return (SolidFill(moved.mask, color: color, under: under), picture) }
        surface.draw(.shadow(moved.mask, color, under: under, picture: moved.picture))
        return nil
    }

    /// A layer that draws only its background and border, without sublayers (``ShadowKey``): its
    /// body and border ring at the layer's sub-pixel phase (``PhaseShapes``), its cached shadow
    /// first, then the body and the border; where the canvas is untouched, all three from their
    /// kept picture over the canvas's initial colour (``LayerPictureCache``). The bytes of drawing
    /// the shadow, then `drawContents` (which draws nothing else for such a layer).
    ///
    /// On a canvas with untouched pixels, what such a layer draws is kept by its shape, phase and
    /// colours (``PlainLayerCache``): a layer that comes back to a phase is one lookup.
    @inline(never)  // out of the recursion's frames (``Compositor/drawLayer(_:tree:placement:alpha:into:)``)
    func drawPlainLayer(_ key: ShadowKey, layer: LayerProperties, map: Homography, scale: Double, alpha: Double,
                        into surface: inout Surface) {
        let origin = Point(x: map.g / map.i, y: map.h / map.i)
        let plain = surface.untouched.flatMap { canvas in
            PlainLayerCache.phase(of: origin).map { phase in
                (phase, PlainLayerCache.Key(shape: key, fx: phase.fx, fy: phase.fy, shadow: Self.shadowColor(of: layer, alpha: 1),
                                            body: layer.backgroundColor.map { Self.drawn($0, alpha: alpha) },
                                            border: layer.borderWidth > 0 ? Self.drawn(layer.borderColor, alpha: alpha) : nil,
                                            initial: canvas.initial))
            }
        }
        if let (phase, k) = plain, let hit = PlainLayerCache.shared.entry(k)?.placed(x: phase.x, y: phase.y, inside: canvasRect) {
            return surface.draw(.layer(hit.fills, hit.picture))
        }
        let shapes = PhaseShapes.shared.shapes(key, layer: layer, map: map, scale: scale, canvas: canvasRect)
        var fills: [SolidFill] = []
        if let background = layer.backgroundColor, let mask = shapes.body {
            fills.append(SolidFill(mask, color: Self.drawn(background, alpha: alpha)))
        }
        if layer.borderWidth > 0, let mask = shapes.border {
            fills.append(SolidFill(mask, color: Self.drawn(layer.borderColor, alpha: alpha)))
        }
        guard let (shadow, picture) = drawCachedShadow(key, layer: layer, map: map, body: shapes.body, alpha: alpha,
                                                       keep: true, into: &surface) else {
            for fill in fills { surface.draw(.fill(fill.mask, fill.color)) }
            return
        }
        fills.insert(shadow, at: 0)
        if let initial = surface.untouched?.initial, let kept = LayerPictureCache.shared.picture(of: fills, over: initial) {
            // Kept only when no mask can have been clipped: a clipped one ends on the canvas's edge.
            let inner = canvasRect.grown(by: -1)
            if let (phase, k) = plain, kept.bounds.intersection(inner) == kept.bounds,
               let entry = PlainLayerCache.Entry(fills: fills, picture: kept).placed(x: -phase.x, y: -phase.y, inside: nil) {
                PlainLayerCache.shared.keep(entry, k)
            }
            return surface.draw(.layer(fills, kept))
        }
        surface.draw(.shadow(shadow.mask, shadow.color, under: shadow.under, picture: picture))
        for fill in fills.dropFirst() { surface.draw(.fill(fill.mask, fill.color)) }
    }

    /// How far a shadow reaches past its shape: `pixels` rounded up, plus `plus`, at most 4096 px.
    /// Huge, infinite or NaN reaches (from an absurd shadowRadius or shadowOffset) give 4096.
    static func shadowReach(_ pixels: Double, plus: Int) -> Int {
        let limit = 4096
        return pixels < Double(limit) ? min(limit, Int(pixels.rounded(.up)) + plus) : limit
    }

    /// shadowColor × shadowOpacity (at most 1) at opacity `alpha`, premultiplied.
    static func shadowColor(of layer: LayerProperties, alpha: Double) -> PixelRGBA8 {
        drawn(layer.shadowColor, alpha: min(1, layer.shadowOpacity) * alpha)
    }

    /// `shadowPath` filled (non-zero) in the layer's space, mapped to the canvas.
    private func shadowPathCoverage(_ path: Path, shape: LayerShape, clip: PixelRect) -> CoverageMask? {
        let contours = path.flattened(tolerance: 0.125 / shape.scale).compactMap { Projection.project($0, shape.map) }
        return Rasterizer.coverage(of: contours, clip: clip)
    }

    /// A layer-space vector, applied at the centre of `bounds`, in device pixels.
    static func deviceOffset(_ v: Size, map: Homography, at bounds: Rect) -> Point {
        let c = Point(x: bounds.midX, y: bounds.midY)
        guard v.width.isFinite, v.height.isFinite, let a = map.project(c),
              let b = map.project(Point(x: c.x + v.width, y: c.y + v.height)) else { return .zero }
        return Point(x: b.x - a.x, y: b.y - a.y)
    }
}
