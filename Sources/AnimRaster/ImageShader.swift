import AnimGeometry

/// Sampling of an `ImagePaint` through a projective map (see `ImagePaint` for the rules).
///
/// The homogeneous image (U, V, W) of each pixel centre comes from three `PixelForm`s; u = U/W and
/// v = V/W (double precision) are clamped to the level's extent, which equals clamp to edge, then
/// rounded to 1/256 texel (ties to even) for `TexelLevel`. The mip level comes from the pixel's
/// own Jacobian.
struct ProjectiveImageShader: RowShader {
    let levels: [TexelLevel]
    let map: Homography
    let u, v, w: PixelForm
    let bilinear: Bool
    let opacity: UInt32
    var fu = RowForm.zero, fv = RowForm.zero, fw = RowForm.zero

    init(levels: [TexelLevel], map: Homography, bilinear: Bool, opacity: UInt8) {
        self.levels = levels
        self.map = map
        u = PixelForm(map, u: 1, v: 0, w: 0)
        v = PixelForm(map, u: 0, v: 1, w: 0)
        w = PixelForm(map, u: 0, v: 0, w: 1)
        self.bilinear = bilinear
        self.opacity = UInt32(opacity)
    }

    mutating func startRow(_ y: Int) {
        fu = u.row(y)
        fv = v.row(y)
        fw = w.row(y)
    }

    @inline(__always)
    func shade(_ x: Int) -> UInt32 {
        let wh = fw.at(x)
        guard wh > 0 else { return 0 }
        let r = 1 / wh
        let su = fu.at(x) * r, sv = fv.at(x) * r
        let p: UInt32
        if bilinear {
            let level = levels.count == 1 ? levels[0] : levels[pixelLevel(su, sv, r)]
            let lu = Self.clamp(su * level.scaleX, Double(level.width))
            let lv = Self.clamp(sv * level.scaleY, Double(level.height))
            p = level.bilinear(Self.roundToInt(lu * 256 - 128), Self.roundToInt(lv * 256 - 128))
        } else {
            let level = levels[0]
            p = level.clampedTexel(Int(Self.clamp(su, Double(level.width))), Int(Self.clamp(sv, Double(level.height))))
        }
        return opacity == 255 ? p : Blend.scale(p, opacity)
    }

    /// The level from the Jacobian of (u, v) at this pixel: ∂u/∂x = (a − u·c)/W and so on.
    @inline(__always)
    func pixelLevel(_ su: Double, _ sv: Double, _ r: Double) -> Int {
        let h = map
        let ux = (h.a - su * h.c) * r, vx = (h.b - sv * h.c) * r
        let uy = (h.d - su * h.f) * r, vy = (h.e - sv * h.f) * r
        let r2 = max(ux * ux + vx * vx, uy * uy + vy * vy)
        return min(levels.count - 1, ImagePaint.level(scaleSquared: r2))
    }

    /// `t` clamped to [0, limit]; NaN becomes 0.
    @inline(__always)
    static func clamp(_ t: Double, _ limit: Double) -> Double {
        t > 0 ? (t < limit ? t : limit) : 0
    }

    /// round(t) for |t| < 2³¹, ties to even, without a range check: adding 1.5·2⁵² leaves the
    /// rounded integer in the low bits of the sum (IEEE round to nearest even).
    @inline(__always)
    static func roundToInt(_ t: Double) -> Int {
        Int(Int32(truncatingIfNeeded: (t + 6_755_399_441_055_744.0).bitPattern))
    }
}

/// Sampling of an `ImagePaint` through an affine map, in fixed point.
///
/// u and v are affine in the pixel position, so each row needs one start and one step per
/// coordinate, both rounded once to 32.32 fixed point (texel units, relative to texel centres);
/// a pixel's position is start + x·step in exact integer arithmetic (so it depends only on the
/// pixel, not on where its span began) and is rounded to 1/256 texel, ties up. Maps whose positions
/// over the largest possible canvas could leave ±2²⁸ texels use `ProjectiveImageShader` instead.
/// A map that puts every pixel centre on a texel centre (an integer translation at scale 1) reads
/// texels directly: bilinear weights would all be 0 there, so the result is the same.
struct AffineImageShader: RowShader {
    let level: TexelLevel
    let bilinear: Bool
    let opacity: UInt32
    /// Level texel coordinates minus ½ at device (x, y) = (0, 0)… as u = u0 + x·ux + y·uy.
    let u0, ux, uy, v0, vx, vy: Double
    var rowU: Int64 = 0, rowV: Int64 = 0
    let stepU, stepV: Int64
    /// Bilinear with v constant along each row (stepV = 0): `shadeRun` blends the two texel rows
    /// column by column into `columns` (level width + 2 words), then the columns pairwise.
    let rowsAligned: Bool
    let columns: UnsafeMutablePointer<UInt64>?
    /// The row's two texel rows (byte offsets) and their weight, when `rowsAligned`.
    var topRow = 0, bottomRow = 0, fy: UInt64 = 0

    static let one = 4_294_967_296.0  // 2³²
    static let limit = 268_435_456.0  // 2²⁸

    /// nil when the map is not affine with W > 0 or its positions could overflow the fixed point.
    /// `columns`, when given, must hold `level.width + 2` words; without it `shadeRun` is `shade`
    /// pixel by pixel.
    init?(level: TexelLevel, map h: Homography, bilinear: Bool, opacity: UInt8,
          columns: UnsafeMutablePointer<UInt64>? = nil) {
        guard h.isAffine, h.i > 0 else { return nil }
        let sx = level.scaleX / h.i, sy = level.scaleY / h.i
        // At pixel centre (x + ½, y + ½); relative to texel centres (− ½).
        ux = h.a * sx
        uy = h.d * sx
        u0 = (0.5 * h.a + 0.5 * h.d + h.g) * sx - 0.5
        vx = h.b * sy
        vy = h.e * sy
        v0 = (0.5 * h.b + 0.5 * h.e + h.h) * sy - 0.5
        let extent = Double(Bitmap.maxDimension + 1)
        for (c, dx, dy) in [(u0, ux, uy), (v0, vx, vy)] {
            guard abs(c) + extent * (abs(dx) + abs(dy)) < Self.limit else { return nil }
        }
        stepU = Int64((ux * Self.one).rounded())
        stepV = Int64((vx * Self.one).rounded())
        self.level = level
        let aligned = ux == 1 && vx == 0 && uy == 0 && vy == 1 && u0 == u0.rounded(.down) && v0 == v0.rounded(.down)
        self.bilinear = bilinear && !aligned
        self.opacity = UInt32(opacity)
        rowsAligned = self.bilinear && stepV == 0 && columns != nil
        self.columns = columns
    }

    mutating func startRow(_ y: Int) {
        rowU = Int64(((u0 + Double(y) * uy) * Self.one).rounded())
        rowV = Int64(((v0 + Double(y) * vy) * Self.one).rounded())
        if rowsAligned { alignRow() }
    }

    @inline(__always)
    func shade(_ x: Int) -> UInt32 {
        let u = rowU &+ Int64(x) &* stepU, v = rowV &+ Int64(x) &* stepV
        let p: UInt32
        if bilinear {
            // 1/256 texel, ties up; clamping to [−128, 256·size − 128] is clamp to edge.
            p = level.bilinear(quantizedX(u), quantizedY(v))
        } else {
            // floor(position) = floor(u + ½).
            p = level.clampedTexel(Int((u &+ (1 << 31)) >> 32), Int((v &+ (1 << 31)) >> 32))
        }
        return opacity == 255 ? p : Blend.scale(p, opacity)
    }

    /// A 32.32 position in 1/256 texel, ties up, clamped to [−128, 256·width − 128] (clamp to edge).
    @inline(__always)
    func quantizedX(_ u: Int64) -> Int {
        min(max(Int((u &+ (1 << 23)) >> 24), -128), level.width &<< 8 &- 128)
    }

    @inline(__always)
    func quantizedY(_ v: Int64) -> Int {
        min(max(Int((v &+ (1 << 23)) >> 24), -128), level.height &<< 8 &- 128)
    }
}

extension Blend {
    /// `runs: false` shades every pixel on its own (the reference the run path is tested against).
    /// `origin`: see `fill(_:shader:rows:into:origin:)`.
    static func fill(_ mask: CoverageMask, image paint: ImagePaint, opacity: UInt8, rows: Range<Int> = PixelRect.allRows,
                     into dst: inout Bitmap, origin: PixelOffset = .zero, runs: Bool = true) {
        let map = paint.deviceToImage
        guard ImagePaint.isUsable(map) else { return }
        let image = paint.image, mips = paint.mips, bilinear = paint.filter == .bilinear
        image.pixels.withUnsafeBytes { level0 in
            mips.texels.withUnsafeBytes { chain in
                var levels = [TexelLevel(texels: level0.baseAddress!, width: image.width, height: image.height,
                                         scaleX: 1, scaleY: 1)]
                for l in mips.levels {
                    levels.append(TexelLevel(texels: chain.baseAddress! + l.offset * 4, width: l.width,
                                             height: l.height, scaleX: l.scaleX, scaleY: l.scaleY))
                }
                if let slices = paint.slices {
                    var shader = SlicedImageShader(levels: levels, map: map, slices: slices, bilinear: bilinear, opacity: opacity)
                    return fill(mask, shader: &shader, rows: rows, into: &dst, origin: origin)
                }
                let affineLevel = bilinear && map.isAffine
                    ? min(levels.count - 1, ImagePaint.level(scaleSquared: ImagePaint.scaleSquared(map, x: 0, y: 0))) : 0
                let level = levels[affineLevel]
                if var shader = AffineImageShader(level: level, map: map, bilinear: bilinear, opacity: opacity) {
                    guard runs, shader.bilinear, shader.stepV == 0 else { return fill(mask, shader: &shader, rows: rows, into: &dst, origin: origin) }
                    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: level.width + 2) { columns in
                        var aligned = AffineImageShader(level: level, map: map, bilinear: bilinear, opacity: opacity,
                                                        columns: columns.baseAddress!)!
                        fill(mask, runs: &aligned, rows: rows, into: &dst, origin: origin)
                    }
                } else {
                    var shader = ProjectiveImageShader(levels: levels, map: map, bilinear: bilinear, opacity: opacity)
                    fill(mask, shader: &shader, rows: rows, into: &dst, origin: origin)
                }
            }
        }
    }

    /// What `fill(_:image:opacity:into:)` writes over a transparent canvas inside `mask.bounds`,
    /// as a bitmap of that size whose first pixel is the bounds' corner: the same bytes, without a
    /// canvas-sized bitmap to draw into. nil when the bounds are empty.
    public static func picture(of mask: CoverageMask, image paint: ImagePaint, opacity: UInt8) -> Bitmap? {
        let bounds = mask.bounds
        guard var pixels = Bitmap(width: bounds.width, height: bounds.height) else { return nil }
        fill(mask, image: paint, opacity: opacity, into: &pixels, origin: PixelOffset(x: bounds.minX, y: bounds.minY))
        return pixels
    }
}
