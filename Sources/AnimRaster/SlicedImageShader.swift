import AnimGeometry

/// Sampling of an `ImagePaint` with nine-part stretching (``ImageSlices``): as
/// `ProjectiveImageShader` (u = U/W, v = V/W per pixel, double precision), then each coordinate
/// moved onto the grid, clamped to the level's extent and rounded to 1/256 texel (ties to even).
/// The mip level comes from the pixel's Jacobian times the slope of the grid's piece there.
struct SlicedImageShader: RowShader {
    let levels: [TexelLevel]
    let map: Homography
    let slices: ImageSlices
    let u, v, w: PixelForm
    let bilinear: Bool
    let opacity: UInt32
    var fu = RowForm.zero, fv = RowForm.zero, fw = RowForm.zero

    init(levels: [TexelLevel], map: Homography, slices: ImageSlices, bilinear: Bool, opacity: UInt8) {
        self.levels = levels
        self.map = map
        self.slices = slices
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
        let (gu, ku) = slices.x.apply(su), (gv, kv) = slices.y.apply(sv)
        let p: UInt32
        if bilinear {
            let level = levels.count == 1 ? levels[0] : levels[pixelLevel(su, sv, r, ku, kv)]
            let lu = ProjectiveImageShader.clamp(gu * level.scaleX, Double(level.width))
            let lv = ProjectiveImageShader.clamp(gv * level.scaleY, Double(level.height))
            p = level.bilinear(ProjectiveImageShader.roundToInt(lu * 256 - 128), ProjectiveImageShader.roundToInt(lv * 256 - 128))
        } else {
            let level = levels[0]
            p = level.clampedTexel(Int(ProjectiveImageShader.clamp(gu, Double(level.width))),
                                   Int(ProjectiveImageShader.clamp(gv, Double(level.height))))
        }
        return opacity == 255 ? p : Blend.scale(p, opacity)
    }

    /// The level from the Jacobian of the even stretch (as `ProjectiveImageShader`), each image
    /// coordinate's row scaled by the slope of its piece.
    @inline(__always)
    func pixelLevel(_ su: Double, _ sv: Double, _ r: Double, _ ku: Double, _ kv: Double) -> Int {
        let h = map
        let ux = (h.a - su * h.c) * r * ku, vx = (h.b - sv * h.c) * r * kv
        let uy = (h.d - su * h.f) * r * ku, vy = (h.e - sv * h.f) * r * kv
        let r2 = max(ux * ux + vx * vx, uy * uy + vy * vy)
        return min(levels.count - 1, ImagePaint.level(scaleSquared: r2))
    }
}
