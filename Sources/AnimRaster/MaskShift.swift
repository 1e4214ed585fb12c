import AnimGeometry

extension CoverageMask {
    /// The mask moved by `offset` pixels, clipped to `clip`: whole pixels by moving the bounds, the
    /// fraction by linear interpolation between neighbours, with weights in 1/256 px (as a GPU
    /// samples a cached texture between texels). Integer arithmetic, rounded to nearest, so the
    /// result is the same on every machine; an offset in whole pixels copies exactly.
    ///
    /// Interpolation softens a sharp edge, so this is meant for smooth masks such as blurred
    /// shadows: for a Gaussian blur of σ ≥ 4 px it stays within 1/255 of blurring the shifted mask. Nil when the
    /// result is empty, or the offset is not finite or beyond ±2⁴⁰ px.
    public func shifted(by offset: Point, clip: PixelRect) -> CoverageMask? {
        guard offset.x.isFinite, offset.y.isFinite, abs(offset.x) < 0x1p40, abs(offset.y) < 0x1p40 else { return nil }
        let (ix, wx) = Self.split(offset.x), (iy, wy) = Self.split(offset.y)
        let moved = PixelRect(minX: bounds.minX + ix, minY: bounds.minY + iy,
                              maxX: bounds.maxX + ix + (wx > 0 ? 1 : 0), maxY: bounds.maxY + iy + (wy > 0 ? 1 : 0))
        let out = moved.intersection(clip)
        guard !out.isEmpty else { return nil }
        var values = [UInt8](repeating: 0, count: out.width * out.height)
        coverage.withUnsafeBufferPointer { src in
            values.withUnsafeMutableBufferPointer { dst in
                for y in out.minY..<out.maxY {
                    let sy = y - iy - bounds.minY
                    let row = dst.baseAddress! + (y - out.minY) * out.width
                    interpolateRow(src, below: sy, above: sy - 1, weight: wy, xShift: ix + bounds.minX, xWeight: wx,
                                   columns: out.minX..<out.maxX, into: row)
                }
            }
        }
        guard values.contains(where: { $0 != 0 }) else { return nil }
        return CoverageMask(bounds: out, coverage: values)
    }

    /// One output row: source rows `below` (weight 256 − `weight`) and `above` (weight `weight`),
    /// source column x − `xShift` (weight 256 − `xWeight`) and the one before it.
    private func interpolateRow(_ src: UnsafeBufferPointer<UInt8>, below: Int, above: Int, weight: Int,
                                xShift: Int, xWeight: Int, columns: Range<Int>,
                                into row: UnsafeMutablePointer<UInt8>) {
        let w = bounds.width, h = bounds.height
        let rb = below >= 0 && below < h && weight < 256 ? below : -1
        let ra = above >= 0 && above < h && weight > 0 ? above : -1
        @inline(__always) func at(_ r: Int, _ c: Int) -> Int {
            r < 0 || c < 0 || c >= w ? 0 : Int(src[r * w + c])
        }
        for x in columns {
            let c = x - xShift
            let lower = (256 - xWeight) * at(rb, c) + xWeight * at(rb, c - 1)
            let upper = (256 - xWeight) * at(ra, c) + xWeight * at(ra, c - 1)
            let sum = (256 - weight) * lower + weight * upper
            row[x - columns.lowerBound] = UInt8(truncatingIfNeeded: (sum + 32768) >> 16)
        }
    }

    /// Whole pixels and the fraction in 1/256 px (0…255) of an offset, rounded to the nearest 1/256.
    static func split(_ v: Double) -> (Int, Int) {
        let steps = Int((v * 256).rounded())
        return (steps >> 8, steps & 255)
    }
}
