import AnimGeometry

/// Sampling of an `ImagePaint` with nine-part stretching (``ImageSlices``): as
/// `ProjectiveImageShader` (u = U/W, v = V/W per pixel, double precision), then each coordinate
/// moved onto the grid, clamped to the level's extent and rounded to 1/256 texel (ties to even).
/// The mip level comes from the pixel's Jacobian times the slope of the grid's piece there.
struct SlicedImageShader: RowShader {
    /// The even stretch's sampling: its levels, map, filter, opacity and per-row forms.
    var even: ProjectiveImageShader
    let slices: ImageSlices

    init(levels: [TexelLevel], map: Homography, slices: ImageSlices, bilinear: Bool, opacity: UInt8) {
        even = ProjectiveImageShader(levels: levels, map: map, bilinear: bilinear, opacity: opacity)
        self.slices = slices
    }

    mutating func startRow(_ y: Int) {
        even.startRow(y)
    }

    @inline(__always)
    func shade(_ x: Int) -> UInt32 {
        let wh = even.fw.at(x)
        guard wh > 0 else { return 0 }
        let r = 1 / wh
        let su = even.fu.at(x) * r, sv = even.fv.at(x) * r
        let (gu, ku) = slices.x.apply(su), (gv, kv) = slices.y.apply(sv)
        let p: UInt32
        if even.bilinear {
            let level = even.levels.count == 1 ? even.levels[0] : even.levels[pixelLevel(su, sv, r, ku, kv)]
            let lu = ProjectiveImageShader.clamp(gu * level.scaleX, Double(level.width))
            let lv = ProjectiveImageShader.clamp(gv * level.scaleY, Double(level.height))
            p = level.bilinear(ProjectiveImageShader.roundToInt(lu * 256 - 128), ProjectiveImageShader.roundToInt(lv * 256 - 128))
        } else {
            let level = even.levels[0]
            p = level.clampedTexel(Int(ProjectiveImageShader.clamp(gu, Double(level.width))),
                                   Int(ProjectiveImageShader.clamp(gv, Double(level.height))))
        }
        return even.opacity == 255 ? p : Blend.scale(p, even.opacity)
    }

    /// The level from the Jacobian of the even stretch (as `ProjectiveImageShader`), each image
    /// coordinate's row scaled by the slope of its piece.
    @inline(__always)
    func pixelLevel(_ su: Double, _ sv: Double, _ r: Double, _ ku: Double, _ kv: Double) -> Int {
        let h = even.map
        let ux = (h.a - su * h.c) * r * ku, vx = (h.b - sv * h.c) * r * kv
        let uy = (h.d - su * h.f) * r * ku, vy = (h.e - sv * h.f) * r * kv
        let r2 = max(ux * ux + vx * vx, uy * uy + vy * vy)
        return min(even.levels.count - 1, ImagePaint.level(scaleSquared: r2))
    }
}
