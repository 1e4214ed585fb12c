import AnimGeometry
import AnimLayers
import AnimRaster

/// A transition that deforms the layer's picture (page curl, ripple, suck): what shows at each point
/// (u, v) of the layer's bounds, measured from the bounds' top-left corner in points.
protocol LayerWarp {
    /// Which piece of the picture covers (u, v); where neighbouring pixels disagree, the edge
    /// between pieces is supersampled. Outside the bounds: −1.
    func region(u: Double, v: Double) -> Int
    /// Premultiplied colour, channels 0…255.
    func color(u: Double, v: Double) -> SIMD4<Double>
}

/// A snapshot of the layer's rendering in its own bounds space, sampled by layer point.
struct WarpTexture {
    let texture: Texture
    let scaleX: Double, scaleY: Double

    init(_ texture: Texture, _ snapshot: Snapshot) {
        self.texture = texture
        (scaleX, scaleY) = (snapshot.scaleX, snapshot.scaleY)
    }

    /// The rendering, and its pixels per point.
    struct Snapshot {
        let bitmap: Bitmap
        let scaleX: Double, scaleY: Double
    }

    func sample(_ u: Double, _ v: Double) -> SIMD4<Double> {
        texture.sample(u * scaleX, v * scaleY)
    }
}

/// A layer warp seen through the layer's device map: device point → bounds point → colour.
struct DeviceWarp<W: LayerWarp>: WarpField {
    let warp: W
    let inverse: Homography
    let origin: Point

    func region(x: Double, y: Double) -> Int {
        guard let p = inverse.project(Point(x: x, y: y)) else { return -1 }
        return warp.region(u: p.x - origin.x, v: p.y - origin.y)
    }

    func color(x: Double, y: Double) -> SIMD4<Double> {
        guard let p = inverse.project(Point(x: x, y: y)) else { return SIMD4(repeating: 0) }
        return warp.color(u: p.x - origin.x, v: p.y - origin.y)
    }
}

extension Compositor {
    /// Renders a deforming transition: both renderings are captured as textures of the layer's
    /// bounds (what lies outside the bounds is not part of a deformed page), then every device pixel
    /// covered by the bounds is mapped back into the layer and shaded by the effect.
    func drawWarp(_ s: TransitionSources, progress p: Double, placement: Placement, into out: inout Surface) {
        let b = s.live.bounds.standardized
        let map = placement.deviceMap(of: s.live)
        guard b.width > 0, b.height > 0, let inverse = map.inverse,
              let corners = Projection.corners(of: b, map) else { return }
        let k = min(Projection.pixelScale(of: b, projected: corners), 4096 / max(b.width, b.height))
        guard let before = snapshot(s, .old, scale: k, pool: out.pool), let after = snapshot(s, .new, scale: k, pool: out.pool)
        else { return }
        let size = Size(width: b.width, height: b.height)
        let area = PixelRect(enclosing: corners).intersection(canvasRect)
        func render<W: LayerWarp>(_ w: W) {
            Warp.render(DeviceWarp(warp: w, inverse: inverse, origin: b.origin), area: area, into: &out.bitmap)
        }
        Texture.with(before.bitmap) { oldTexels in
            Texture.with(after.bitmap) { newTexels in
                let old = WarpTexture(oldTexels, before), new = WarpTexture(newTexels, after)
                switch s.effect.type {
                case .pageCurl:
                    render(PageCurl(size: size, curling: old, under: new, side: s.effect.subtype ?? .fromBottom, progress: p))
                case .pageUnCurl:
                    render(PageCurl(size: size, curling: new, under: old, side: s.effect.subtype ?? .fromBottom, progress: 1 - p))
                case .rippleEffect:
                    render(Ripple(size: size, old: old, new: new, progress: p))
                default:
                    render(Suck(size: size, old: old, new: new, progress: p))
                }
            }
        }
        out.markDrawn(area)
    }

    /// One rendering of the transitioning layer alone, in its bounds space at `scale` pixels per point.
    /// Its offscreen passes share what the frame (`pool`) has left of its budget, and the passes it
    /// skips count as the frame's.
    private func snapshot(_ s: TransitionSources, _ source: TransitionSource, scale k: Double, pool: SurfacePool) -> WarpTexture.Snapshot? {
        var tree = s.tree(source)
        var props = tree.nodes[s.index].properties
        let b = props.bounds.standardized
        props.transform = .identity
        props.zPosition = 0
        props.position = Point(x: props.anchorPoint.x * b.width, y: props.anchorPoint.y * b.height)
        tree.nodes[s.index].properties = props
        tree.roots = [s.index]
        let spec = CanvasSpec(width: b.width, height: b.height, scale: k, background: .clear)
        guard spec.pixelWidth > 0, spec.pixelHeight > 0 else { return nil }
        var inner = Compositor(canvas: spec, images: images, text: text, pyramids: pyramids, contentsCache: contentsCache)
        inner.offscreenLimit = pool.remainingBytes / (spec.pixelWidth * spec.pixelHeight * 4)
        var overflow: OffscreenOverflow?
        let rendered = inner.render(tree, overflow: &overflow)
        if let overflow { pool.noteSkipped(overflow.skipped) }
        guard let bitmap = rendered else { return nil }
        return WarpTexture.Snapshot(bitmap: bitmap, scaleX: Double(bitmap.width) / b.width,
                                    scaleY: Double(bitmap.height) / b.height)
    }
}

extension PixelRect {
    /// The pixels touched by a polygon's bounding box, each side within ±10⁹ (a layer placed at
    /// 3.4e38 points is far off the canvas, not an Int overflow).
    init(enclosing points: [Point]) {
        let xs = points.map(\.x), ys = points.map(\.y)
        func clamped(_ v: Double) -> Int { Int(min(1e9, max(-1e9, v))) }
        func lo(_ v: Double?) -> Int { clamped((v ?? 0).rounded(.down)) }
        func hi(_ v: Double?) -> Int { clamped((v ?? 0).rounded(.up)) }
        self.init(minX: lo(xs.min()), minY: lo(ys.min()), maxX: hi(xs.max()), maxY: hi(ys.max()))
    }
}

extension SIMD4 where Scalar == Double {
    /// The colour darkened by `k` (1 = unchanged), alpha kept.
    func shaded(_ k: Double) -> SIMD4<Double> {
        SIMD4(x * k, y * k, z * k, w)
    }
}
