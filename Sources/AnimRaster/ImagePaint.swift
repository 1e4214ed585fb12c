import AnimGeometry

/// A layer's `contents` image as a paint: the image sampled through a projective map.
///
/// `deviceToImage` maps a device pixel position to image pixel coordinates; pixel (i, j) is
/// sampled at its centre (i + ½, j + ½), and texel (u, v) of the image has its centre at
/// (u + ½, v + ½). Each pixel is divided by its own W (perspective-correct), and pixels with W ≤ 0
/// are not drawn. Outside the image the edge texels extend (clamp to edge): the anti-aliased
/// outline of the image rectangle comes from the coverage mask, not from the sampler. A singular
/// or non-finite map draws nothing.
///
/// Filtering, all in premultiplied space and fixed point:
/// - `.nearest`: the texel containing the sample point (floor), always from the full image.
/// - `.bilinear`: the sample position minus ½ is rounded to 1/256 texel, giving two 8-bit weights
///   fx, fy; the result is ⌊(Σ wᵢⱼ·cᵢⱼ + 32768) / 65536⌋ with weights (256 − fx or fx)·(256 − fy
///   or fy): one rounding (half up) per channel, and c ≤ a is preserved. Texel centres are
///   reproduced exactly, so an identity map (or any integer translation) copies the image.
/// - Positions: an affine map (W constant) steps them in 32.32 fixed point from a per-row start,
///   exact integer arithmetic, rounded to 1/256 texel with ties up (`AffineImageShader`); a
///   projective map divides per pixel in double precision and rounds with ties to even
///   (`ProjectiveImageShader`). Either way a pixel's value depends only on its position.
/// - Minification: with `.bilinear`, where the map shrinks the image by 2× or more the sample is
///   taken from a box-filtered halving (`MipChain`): level ⌊log₂ ρ⌋, ρ being the larger of the
///   lengths of ∂(u, v)/∂x and ∂(u, v)/∂y (OpenGL's scale factor, without trilinear blending, so
///   the choice of level steps where ρ crosses a power of two). An affine map has one ρ for the
///   whole paint; a projective map chooses the level per pixel from its own Jacobian. The levels
///   are built at init, as many as the map needs at the device positions of the image's corners
///   and centre (all of them when part of the image lies beyond the horizon); a pixel that would
///   need a deeper level uses the deepest one built. `.nearest` never uses levels (like
///   kCAFilterNearest as a minification filter, it aliases).
public struct ImagePaint: Hashable, Sendable {
    public enum Filter: Hashable, Sendable { case nearest, bilinear }

    public let image: Bitmap
    public let deviceToImage: Homography
    public let filter: Filter
    /// Nine-part stretching applied after the map (nil: none).
    public let slices: ImageSlices?
    /// Levels 1… of the image (derived from `image` and the map).
    let mips: MipChain

    /// The paint, with the mip levels its map needs built from `image`.
    public init(image: Bitmap, deviceToImage: Homography, filter: Filter = .bilinear) {
        self.init(image: image, deviceToImage: deviceToImage, filter: filter) { MipChain(image, count: $0) }
    }

    /// `pyramid` must return ``MipChain/full(of:)`` of `image`; the paint takes the levels it needs
    /// from it instead of filtering the image again (the pixels are the same either way). It is
    /// called only when the map minifies the image enough to need a level, so an image drawn at
    /// about its size never has its pyramid built.
    public init(image: Bitmap, deviceToImage: Homography, filter: Filter = .bilinear, slices: ImageSlices? = nil,
                pyramid: () -> MipChain) {
        self.init(image: image, deviceToImage: deviceToImage, filter: filter, slices: slices) { pyramid().prefix($0) }
    }

    /// `levels(n)` gives the first n levels, called only for n > 0.
    private init(image: Bitmap, deviceToImage: Homography, filter: Filter, slices: ImageSlices? = nil, levels: (Int) -> MipChain) {
        self.image = image
        self.deviceToImage = deviceToImage
        self.filter = filter
        self.slices = slices
        let steepest = slices.map { max($0.x.steepest, $0.y.steepest) } ?? 1
        let needed = filter == .bilinear ? Self.deepestLevel(deviceToImage, image: image, steepest: steepest) : 0
        mips = needed > 0 ? levels(needed) : .empty
    }

    /// The number of resolution levels available to the sampler: 1 (the image) plus the halvings
    /// built for this map.
    public var mipLevelCount: Int { 1 + mips.levels.count }

    public static func == (l: ImagePaint, r: ImagePaint) -> Bool {
        l.filter == r.filter && l.deviceToImage == r.deviceToImage && l.slices == r.slices && l.image == r.image
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(filter)
        hasher.combine(deviceToImage)
        hasher.combine(slices)
        hasher.combine(image)
    }

    /// True when the map can be sampled at all (finite and invertible).
    static func isUsable(_ h: Homography) -> Bool {
        h.isFinite && h.determinant != 0 && h.determinant.isFinite
    }

    /// The mip level for a squared scale factor ρ²: ⌊log₂ ρ⌋ = ⌊log₂(ρ²) / 2⌋ for ρ ≥ 2, else 0,
    /// read from the binary exponent (no libm).
    @inline(__always)
    static func level(scaleSquared r2: Double) -> Int {
        r2 >= 4 ? (r2.isFinite ? Int(r2.exponent) >> 1 : Int.max) : 0
    }

    /// ρ² of the map at device point (x, y): the larger squared length of ∂(u, v)/∂x and ∂(u, v)/∂y.
    static func scaleSquared(_ h: Homography, x: Double, y: Double) -> Double {
        let q = h.apply(Point(x: x, y: y))
        guard q.w > 0 else { return .infinity }
        let r = 1 / q.w, u = q.x * r, v = q.y * r
        let ux = (h.a - u * h.c) * r, vx = (h.b - v * h.c) * r
        let uy = (h.d - u * h.f) * r, vy = (h.e - v * h.f) * r
        return max(ux * ux + vx * vx, uy * uy + vy * vy)
    }

    /// The deepest level the map asks for over the image (see the type's documentation), with
    /// nine-part stretching minifying up to `steepest` times more than the map.
    static func deepestLevel(_ h: Homography, image: Bitmap, steepest: Double = 1) -> Int {
        guard isUsable(h), let toDevice = h.inverse else { return 0 }
        if steepest != 1 {
            let even = deepestLevel(h, image: image)
            guard steepest > 1 else { return even }
            // Saturating: a piece may be infinitely steep (caps of a denormal length).
            let extra = level(scaleSquared: 4 * steepest * steepest)
            return extra > Int.max - even ? Int.max : even + extra
        }
        if h.isAffine { return h.i > 0 ? level(scaleSquared: scaleSquared(h, x: 0, y: 0)) : 0 }
        let w = Double(image.width), ht = Double(image.height)
        var deepest = 0
        for (u, v) in [(0, 0), (w, 0), (0, ht), (w, ht), (w / 2, ht / 2)] {
            let p = toDevice.apply(Point(x: u, y: v))
            guard p.w > 0 else { return Int.max }
            deepest = max(deepest, level(scaleSquared: scaleSquared(h, x: p.x / p.w, y: p.y / p.w)))
        }
        return deepest
    }
}
