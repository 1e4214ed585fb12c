import AnimGeometry
import AnimLayers
import AnimRaster
import Synchronization

/// What a plain layer's blurred shadow depends on, apart from where it is on the canvas: the
/// layer's outline (bounds, corners, border), how opaque its background and border are, the linear
/// part of its device map, the blur and the shadow's offset. Two frames in which only the layer's
/// position differs have equal keys, so its shadow is blurred once and moved (``ShadowCache``).
struct ShadowKey: Hashable {
    /// The device map without its translation (affine, normalised to i = 1).
    let linear: Homography
    let bounds: Rect
    let corners: CornerStyle
    let borderWidth: Double
    /// Premultiplied alpha of the background and border as drawn (after inherited opacity).
    let backgroundAlpha: UInt8
    let borderAlpha: UInt8
    /// σ and the shadow offset, in device pixels.
    let sigma: Double
    let offset: Point

    /// The smallest σ whose shadow is cached. Moving a blurred mask by linear interpolation errs
    /// by about ⅛ · 255 · 0.242 / σ² levels (1 level at σ = 4, 2 at σ = 3, 3 at σ = 2; MaskShiftTests),
    /// so sharper shadows are blurred at their exact position instead.
    static let minimumSigma = 4.0

    /// The key of a layer that draws only its background and border, under an affine `map`; nil
    /// when the shadow depends on more (sublayers, contents, shadowPath, a kind with its own drawing)
    /// or is clipped (masksToBounds).
    init?(layer: LayerProperties, hasVisibleChildren: Bool, map: Homography, alpha: Double) {
        guard !hasVisibleChildren, !layer.masksToBounds, layer.kind == .layer, layer.contents == nil, layer.shadowPath == nil,
              map.isAffine, map.i.isFinite, map.i != 0 else { return nil }
        let i = map.i
        linear = Homography(map.a / i, map.b / i, 0, map.d / i, map.e / i, 0, 0, 0, 1)
        // The scale from the linear part alone: the same in every frame where only the position moves.
        guard let projected = Projection.corners(of: layer.bounds, linear) else { return nil }
        let sigma = max(0, layer.shadowRadius.isFinite ? layer.shadowRadius : 0)
            * Projection.pixelScale(of: layer.bounds, projected: projected)
        guard sigma >= Self.minimumSigma, sigma.isFinite else { return nil }
        let offset = Compositor.deviceOffset(layer.shadowOffset, map: linear, at: layer.bounds)
        guard Self.pixels(projected, sigma: sigma, offset: offset) <= Double(Self.maximumPixels) else { return nil }
        bounds = layer.bounds
        corners = CornerStyle(radius: layer.cornerRadius, corners: layer.maskedCorners, curve: layer.cornerCurve)
        borderWidth = layer.borderWidth
        backgroundAlpha = layer.backgroundColor.map { Self.drawnAlpha($0, alpha) } ?? 0
        borderAlpha = layer.borderWidth > 0 ? Self.drawnAlpha(layer.borderColor, alpha) : 0
        self.sigma = sigma
        self.offset = offset
    }

    /// The most pixels a cached shadow may span: 4096 × 4096. The cache blurs a shadow whole, so
    /// a layer scaled far beyond any canvas (a scale of 1000, or a perspective that puts it
    /// next to the eye) would ask for gigabytes; its shadow is drawn uncached instead, blurred
    /// only as far as it reaches the canvas.
    static let maximumPixels = 1 << 24

    /// About the pixels of the box that `blurredShadow` rasterizes and blurs into (which rounds
    /// outward, up to 2 px more a side): the projected corners' bounds grown by the blur's reach
    /// (NaN or infinite when they are).
    static func pixels(_ projected: [Point], sigma: Double, offset: Point) -> Double {
        let xs = projected.map(\.x), ys = projected.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return .infinity }
        let reach = 2 * Double(Compositor.shadowReach(3.2 * sigma + abs(offset.x) + abs(offset.y), plus: 2) + 1)
        return (maxX - minX + reach) * (maxY - minY + reach)
    }

    /// Whole pixels that the layer's opaque background covers completely when the layer sits at
    /// `origin`: there the background replaces whatever is below it, so the shadow need not be
    /// drawn. The larger of the two bands between the rounded corners (inset by 1.6 radii, which
    /// also covers continuous corners), only for an opaque background and an axis-aligned map.
    func opaqueInterior(at origin: Point) -> PixelRect {
        guard backgroundAlpha == 255, linear.b == 0, linear.d == 0 else { return .empty }
        let b = bounds.standardized
        let x0 = origin.x + linear.a * b.minX, x1 = origin.x + linear.a * b.maxX
        let y0 = origin.y + linear.e * b.minY, y1 = origin.y + linear.e * b.maxY
        let r = corners.radius.isFinite ? max(0, corners.radius) * 1.6 : 0
        let rx = r * abs(linear.a), ry = r * abs(linear.e)
        let (left, right) = (min(x0, x1), max(x0, x1)), (top, bottom) = (min(y0, y1), max(y0, y1))
        guard [left, right, top, bottom, rx, ry].allSatisfy({ $0.isFinite && abs($0) < 0x1p40 }) else { return .empty }
        func whole(_ lo: Double, _ hi: Double) -> Range<Int> {
            let a = Int(lo.rounded(.up)), z = Int(hi.rounded(.down))
            return a < z ? a..<z : 0..<0
        }
        let wide = (whole(left, right), whole(top + ry, bottom - ry))
        let tall = (whole(left + rx, right - rx), whole(top, bottom))
        // The areas in Double: ranges up to 2⁴⁰ pixels long would overflow Int.
        func area(_ r: (Range<Int>, Range<Int>)) -> Double { Double(r.0.count) * Double(r.1.count) }
        let pick = area(wide) >= area(tall) ? wide : tall
        guard !pick.0.isEmpty, !pick.1.isEmpty else { return .empty }
        return PixelRect(minX: pick.0.lowerBound, minY: pick.1.lowerBound, maxX: pick.0.upperBound, maxY: pick.1.upperBound)
    }

    /// The premultiplied alpha `Compositor.fill` draws `color` with at opacity `alpha`.
    private static func drawnAlpha(_ color: Color, _ alpha: Double) -> UInt8 {
        Compositor.drawn(color, alpha: alpha).a
    }

    /// The shadow's blurred coverage with the layer drawn through `linear` (its position at the
    /// device origin), computed from the key alone.
    func blurredShadow(of layer: LayerProperties) -> CoverageMask? {
        guard let projected = Projection.corners(of: layer.bounds, linear) else { return nil }
        let scale = Projection.pixelScale(of: layer.bounds, projected: projected)
        let xs = projected.map(\.x), ys = projected.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              max(-minX, maxX, -minY, maxY) < 0x1p30 else { return nil }
        let area = PixelRect(minX: Int(minX.rounded(.down)) - 1, minY: Int(minY.rounded(.down)) - 1,
                             maxX: Int(maxX.rounded(.up)) + 1, maxY: Int(maxY.rounded(.up)) + 1)
        let shape = LayerShape(layer: layer, map: linear, scale: scale, needsMask: backgroundAlpha > 0, canvas: area)
        guard let source = Self.alpha(background: shape.mask, backgroundAlpha,
                                      border: borderAlpha > 0 ? shape.borderMask() : nil, borderAlpha, area: area)
        else { return nil }
        let reach = Compositor.shadowReach(3.2 * sigma + abs(offset.x) + abs(offset.y), plus: 2)
        return GaussianBlur.blur(source, sigma: sigma, offset: offset, clip: area.grown(by: reach))?.trimmed()
    }

    /// The alpha of the background drawn, then the border over it (source-over, rounded as `Blend`):
    /// s1 = mul255(c1, a1) and s2 = mul255(c2, a2), then s2 + mul255(s1, 255 − s2), which is s1
    /// where the border does not reach. Row by row over each mask's part of the bounds.
    static func alpha(background: CoverageMask?, _ a1: UInt8, border: CoverageMask?, _ a2: UInt8,
                      area: PixelRect) -> CoverageMask? {
        let bounds = (background?.bounds ?? .empty).union(border?.bounds ?? .empty).intersection(area)
        guard !bounds.isEmpty else { return nil }
        var values = [UInt8](repeating: 0, count: bounds.width * bounds.height)
        values.withUnsafeMutableBufferPointer { out in
            if let background { scale(background, by: a1, into: out, bounds: bounds, over: false) }
            if let border { scale(border, by: a2, into: out, bounds: bounds, over: true) }
        }
        return CoverageMask(bounds: bounds, coverage: values)
    }

    /// Writes mul255(c, a) of `mask` into `out` (a mask over `bounds`) where the mask lies, or with
    /// `over`, that value source-over what `out` holds.
    private static func scale(_ mask: CoverageMask, by a: UInt8, into out: UnsafeMutableBufferPointer<UInt8>,
                              bounds: PixelRect, over: Bool) {
        let r = mask.bounds.intersection(bounds)
        guard !r.isEmpty else { return }
        let a = UInt32(a)
        mask.coverage.withUnsafeBufferPointer { src in
            for y in r.minY..<r.maxY {
                let s = (y - mask.bounds.minY) * mask.bounds.width + (r.minX - mask.bounds.minX)
                let o = (y - bounds.minY) * bounds.width + (r.minX - bounds.minX)
                for i in 0..<r.width {
                    let v = Blend.mul255(UInt32(src[s &+ i]), a)
                    out[o &+ i] = UInt8(truncatingIfNeeded: over ? v &+ Blend.mul255(UInt32(out[o &+ i]), 255 &- v) : v)
                }
            }
        }
    }
}

/// Blurred shadows of plain layers by ``ShadowKey``, kept between frames (Core Animation caches a
/// layer's shadow the same way) and moved to each frame's position by ``CoverageMask/shifted(by:clip:)``.
/// A cached mask is a function of its key alone, so which frame computes it first, and whether it
/// is still cached, cannot change a pixel. Bounded by `capacity` bytes (``CacheBudget``: once full,
/// kept while a quarter of its lookups hit, emptied when they stop); shared by the threads
/// rendering frames in parallel.
final class ShadowCache: Sendable {
    static let shared = ShadowCache()
    static let capacity = 64 << 20

    /// Capacity of the moved shadows, apart from the blurred ones (which are dearer to make).
    static let movedCapacity = 16 << 20

    private struct Entries {
        var masks: [ShadowKey: CoverageMask?] = [:]
        var budget = CacheBudget(capacity: ShadowCache.capacity)
    }

    /// A blurred shadow moved by a sub-pixel fraction, with the hole relative to the whole-pixel
    /// move (only the part of the hole inside the moved mask, which is all that can matter).
    private struct MovedKey: Hashable {
        let shadow: ShadowKey
        let fx: Int, fy: Int
        let hole: PixelRect
    }

    /// A kept moved mask filled with one colour over one uniform colour (``UniformPicture``).
    private struct PictureKey: Hashable {
        let moved: MovedKey
        let color: PixelRGBA8
        let over: PixelRGBA8
    }

    /// Moved masks are kept on their key's second sighting, like `CoverageCache`'s shapes; their
    /// pictures when first asked for while the mask is kept.
    private struct MovedEntries {
        var masks: [MovedKey: CoverageMask?] = [:]
        var pictures: [PictureKey: UniformPicture] = [:]
        var seen = Set<MovedKey>()
        var budget = CacheBudget(capacity: ShadowCache.movedCapacity)
    }

    /// A moved shadow and, when asked for and its mask is kept, that mask filled with the shadow's
    /// colour over a uniform colour, at the same place.
    struct MovedShadow {
        let mask: CoverageMask
        let picture: UniformPicture?
    }

    private let entries = Mutex(Entries())
    private let moved = Mutex(MovedEntries())

    /// The shadow of `key` moved to `origin` (``CoverageMask/shifted(by:clip:hole:)``). When the
    /// moved mask lies wholly inside `clip`, it is the mask shifted by the fraction of `origin`,
    /// moved by its whole pixels: that is kept by fraction and hole, so a layer that comes back to a
    /// sub-pixel phase (or stays put, or shares another layer's shadow and phase) is not
    /// interpolated again, with the same bytes either way.
    func shadow(_ key: ShadowKey, of layer: LayerProperties, movedTo origin: Point, clip: PixelRect, hole: PixelRect) -> CoverageMask? {
        shadow(key, of: layer, movedTo: origin, clip: clip, hole: hole, picture: nil)?.mask
    }

    /// As above; with `picture` (the shadow's colour, and the canvas it is drawn on), also the
    /// moved mask filled with that colour over the canvas's initial colour, kept with the mask (nil
    /// when the mask is not kept, or when the canvas has been drawn on all over the mask: then no
    /// pixel would be copied from it). A picture is a function of its mask and two colours, like
    /// the mask of its key.
    func shadow(_ key: ShadowKey, of layer: LayerProperties, movedTo origin: Point, clip: PixelRect, hole: PixelRect,
                picture request: (color: PixelRGBA8, canvas: DrawnRows)?) -> MovedShadow? {
        guard let blurred = shadow(key, of: layer), let shift = PixelShift(origin) else { return nil }
        let area = blurred.shiftedBounds(shift)
        guard area.intersection(clip) == area else {
            return blurred.shifted(by: origin, clip: clip, hole: hole).map { MovedShadow(mask: $0, picture: nil) }
        }
        let inside = hole.intersection(area)
        let relative = inside.isEmpty ? PixelRect.empty
            : PixelRect(minX: inside.minX - shift.x, minY: inside.minY - shift.y, maxX: inside.maxX - shift.x, maxY: inside.maxY - shift.y)
        let movedKey = MovedKey(shadow: key, fx: shift.fx, fy: shift.fy, hole: relative)
        let (hit, again): (CoverageMask??, Bool) = moved.withLock { e in
            let hit = e.masks[movedKey]
            if e.budget.lookedUp(hit: hit != nil) {
                (e.masks, e.pictures) = ([:], [:])
                e.budget.emptied()
            }
            if let hit { return (hit, true) }
            if e.seen.count >= 4096 { e.seen.removeAll(keepingCapacity: true) }
            return (nil, !e.seen.insert(movedKey).inserted)
        }
        if let hit {
            guard let kept = hit else { return nil }
            let mask = kept.translated(x: shift.x, y: shift.y)
            let picture = request.flatMap { r in
                r.canvas.covers(mask.bounds) ? nil : self.picture(of: kept, PictureKey(moved: movedKey, color: r.color, over: r.canvas.initial))
            }
            return MovedShadow(mask: mask, picture: picture?.translated(x: shift.x, y: shift.y))
        }
        let mask = blurred.shifted(by: origin, clip: clip, hole: hole)
        defer { if again { keep(mask, movedKey, shift) } }
        return mask.map { MovedShadow(mask: $0, picture: nil) }
    }

    /// The picture of a kept moved mask (at its relative place), made on first use.
    /// nil for a picture larger than a quarter of the moved shadows' capacity (a near-full-screen
    /// shadow): kept, it would evict everything else every frame.
    private func picture(of mask: CoverageMask, _ key: PictureKey) -> UniformPicture? {
        if let hit = moved.withLock({ $0.pictures[key] }) { return hit }
        let size = mask.coverage.count * 4 + 64
        // Room is taken before the picture is made: one that would not be kept is not made (the
        // caller writes from a table instead, which costs less than making a picture to copy).
        guard size <= Self.movedCapacity / 4,
              let generation = moved.withLock({ $0.budget.admit(size) ? $0.budget.generation : nil }) else { return nil }
        let picture = UniformPicture(mask, color: key.color, over: key.over)
        moved.withLock { e in
            // Emptied meanwhile: the room went with it, and the mask the picture belongs to too.
            guard e.budget.generation == generation else { return }
            if e.pictures[key] == nil { e.pictures[key] = picture } else { e.budget.release(size) }
        }
        return picture
    }

    private func keep(_ mask: CoverageMask?, _ movedKey: MovedKey, _ shift: PixelShift) {
        let size = (mask?.coverage.count ?? 0) + 64
        moved.withLock { e in
            guard e.masks[movedKey] == nil, e.budget.admit(size) else { return }
            e.masks[movedKey] = mask?.translated(x: -shift.x, y: -shift.y)
        }
    }

    func shadow(_ key: ShadowKey, of layer: LayerProperties) -> CoverageMask? {
        let hit = entries.withLock { e -> CoverageMask?? in
            let hit = e.masks[key]
            if e.budget.lookedUp(hit: hit != nil) {
                e.masks = [:]
                e.budget.emptied()
            }
            return hit
        }
        if let hit { return hit }
        let mask = key.blurredShadow(of: layer)
        let size = (mask?.coverage.count ?? 0) + 64
        entries.withLock { e in
            guard e.masks[key] == nil, e.budget.admit(size) else { return }
            e.masks[key] = mask
        }
        return mask
    }
}
