/// Runs of an `AffineImageShader` whose rows keep v constant (no rotation or shear: stepV = 0).
///
/// Every pixel of such a row has the same texel rows y0, y1 and weight fy, so the vertical pass
/// is done once per texel column the run touches, c(x, y0)·(256 − fy) + c(x, y1)·fy in 16-bit
/// lanes, and each pixel then blends two columns with its fx. The bilinear sum is an exact
/// integer either way (`TexelLevel.mix`), so the bytes equal `shade`'s.
extension AffineImageShader: RunShader {
    /// The row's texel rows and weight, from v (constant along the row).
    mutating func alignRow() {
        let qy = quantizedY(rowV), iy = qy >> 8
        fy = UInt64(truncatingIfNeeded: qy & 255)
        topRow = min(max(iy, 0), level.height &- 1) &* level.width &<< 2
        bottomRow = min(max(iy &+ 1, 0), level.height &- 1) &* level.width &<< 2
    }

    func shadeRun(_ x: Int, _ count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard rowsAligned, let columns else {
            for i in 0..<count { out[i] = shade(x &+ i) }
            return
        }
        // Column j of `columns` is texel column j − 1 clamped to the image, for j in 0…width + 1;
        // a pixel at qx reads columns (qx >> 8) + 1 and + 2. qx is monotonic along the row.
        let first = quantizedX(rowU &+ Int64(x) &* stepU)
        let last = quantizedX(rowU &+ Int64(x &+ count &- 1) &* stepU)
        fillColumns(columns, from: (min(first, last) >> 8) &+ 1, through: (max(first, last) >> 8) &+ 2)
        var u = rowU &+ Int64(x) &* stepU
        for i in 0..<count {
            let qx = quantizedX(u)
            let j = (qx >> 8) &+ 1
            let p = TexelLevel.mix(columns[j], columns[j &+ 1], UInt64(truncatingIfNeeded: qx & 255))
            out[i] = opacity == 255 ? p : Blend.scale(p, opacity)
            u &+= stepU
        }
    }

    /// columns[j] for j in lo…hi: the vertical pass of texel column j − 1 (clamped).
    @inline(__always)
    func fillColumns(_ columns: UnsafeMutablePointer<UInt64>, from lo: Int, through hi: Int) {
        let texels = level.texels, last = level.width &- 1, gy = 256 &- fy
        for j in lo...hi {
            let o = min(max(j &- 1, 0), last) &<< 2
            let top = TexelLevel.lanes(texels.loadUnaligned(fromByteOffset: topRow &+ o, as: UInt32.self))
            let bottom = TexelLevel.lanes(texels.loadUnaligned(fromByteOffset: bottomRow &+ o, as: UInt32.self))
            columns[j] = top &* gy &+ bottom &* fy
        }
    }
}
