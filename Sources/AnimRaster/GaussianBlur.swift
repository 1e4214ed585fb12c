import AnimGeometry

/// Gaussian blur of A8 masks, for layer shadows (core-animation-semantics.md §8: the shadow is the
/// alpha of the layer's rendering, blurred with σ ≈ shadowRadius and offset by shadowOffset).
///
/// The blur is separable and computed in fixed point: a horizontal pass over whole rows into 8.8-bit
/// intermediates, then a vertical pass, both with the integer weights of `GaussianKernel` (sum 2¹⁶,
/// sub-pixel offset folded in). The result is the pixel-area average of the blurred coverage
/// (pixels are squares of constant coverage, as the rasterizer produces them), within 1/255 of the
/// exact value: ≤ 0.5 level of final rounding, ≤ 0.25 level of kernel truncation (tails under
/// 1/1024 per side, about 3.1σ), and about 0.01 level of weight quantisation and intermediate
/// rounding (GaussianBlurTests measures ≤ 0.75 level on step edges and 1-px lines, σ 0.5…25).
/// Integer arithmetic only in the pixel loops, so the result is the same on every machine.
///
/// Direct convolution, 16 columns at a time in vector registers (`WeightedRows`): cascades of box
/// filters (running sums, O(1) per pixel) miss the 1/255 bound by up to 5 levels. The cost is
/// input rows × taps × output width for the horizontal pass and output pixels × min(taps, input
/// rows) for the vertical one, with taps ≈ 6.2σ + 2; all-zero rows are skipped. The radius is capped
/// at `maxRadius` = 1024 px (reached at σ ≈ 330 px): wider kernels are cut there and renormalised.
public enum GaussianBlur {
    /// The largest kernel radius in pixels.
    public static let maxRadius = GaussianKernel.maxRadius

    /// The alpha channel of `bitmap` inside `area` as an A8 mask (nil when all zero / empty).
    public static func alpha(of bitmap: Bitmap, area: PixelRect) -> CoverageMask? {
        let r = area.intersection(PixelRect(minX: 0, minY: 0, maxX: bitmap.width, maxY: bitmap.height))
        guard !r.isEmpty else { return nil }
        var coverage = [UInt8](repeating: 0, count: r.width * r.height)
        var any: UInt8 = 0
        bitmap.pixels.withUnsafeBufferPointer { src in
            coverage.withUnsafeMutableBufferPointer { dst in
                for y in 0..<r.height {
                    let row = ((r.minY + y) * bitmap.width + r.minX) * 4 + 3
                    let out = y * r.width
                    for x in 0..<r.width {
                        let a = src[row + 4 * x]
                        dst[out + x] = a
                        any |= a
                    }
                }
            }
        }
        return any == 0 ? nil : CoverageMask(bounds: r, coverage: coverage)
    }

    /// `mask` convolved with a 2D Gaussian of standard deviation `sigma` pixels and translated by
    /// `offset` pixels, clipped to `clip`.
    ///
    /// A fractional offset is part of the kernel (no resampling pass); `sigma` ≤ 0.01 (or negative)
    /// means no blur, only the shift, by exact areas. The output bounds are the input bounds grown by
    /// the kernel (about 3.1σ + 1 px each side) and shifted, ∩ `clip`. Returns nil when that is
    /// empty or the result is all zero, and for NaN or infinite `sigma` or `offset` (an infinite
    /// blur or shift leaves nothing visible), offsets beyond ±2⁴⁰ px and masks beyond ±2⁴⁸ px.
    public static func blur(_ mask: CoverageMask, sigma: Double, offset: Point, clip: PixelRect) -> CoverageMask? {
        guard !mask.bounds.isEmpty,
              let kx = GaussianKernel(sigma: sigma, offset: offset.x),
              let ky = GaussianKernel(sigma: sigma, offset: offset.y) else { return nil }
        let b = mask.bounds
        // Far from Int's limits, so no sum below can overflow (offsets are within ±2⁴⁰ + 1026 px).
        guard [b.minX, b.minY, b.maxX, b.maxY].allSatisfy({ $0.magnitude <= 1 << 48 }) else { return nil }
        let full = PixelRect(minX: b.minX + kx.first, minY: b.minY + ky.first, maxX: b.maxX + kx.last, maxY: b.maxY + ky.last)
        let out = full.intersection(clip)
        guard !out.isEmpty else { return nil }
        // Only the input rows that some output row reads.
        let rows = max(b.minY, out.minY - ky.last)..<min(b.maxY, out.maxY - ky.first)
        let rowPass = horizontal(mask, rows: rows, columns: out.minX..<out.maxX, kernel: kx)
        let coverage = vertical(rowPass, firstRow: rows.lowerBound, rows: out.minY..<out.maxY, kernel: ky)
        guard coverage.contains(where: { $0 != 0 }) else { return nil }
        return CoverageMask(bounds: out, coverage: coverage)
    }
}

/// The horizontally blurred rows: 8.8 fixed point (0…65280), `width` per row, and which rows are zero.
struct RowPass {
    var values: [UInt16]
    var isZero: [Bool]
    /// The first row of the run of identical input rows each row belongs to (a shape's straight
    /// sides give long runs), so equal rows are convolved once and equal windows summed once.
    var run: [Int]
    let width: Int
}

extension GaussianBlur {
    /// Blurs input `rows` along x into output `columns` (absolute): each row is copied into a
    /// zero-padded 16-bit scratch row, then every output pixel is the weighted sum of the pixels
    /// under the kernel, rounded to 8.8 fixed point.
    static func horizontal(_ mask: CoverageMask, rows: Range<Int>, columns: Range<Int>, kernel: GaussianKernel) -> RowPass {
        let width = columns.count, inWidth = mask.bounds.width
        var pass = RowPass(values: [UInt16](repeating: 0, count: rows.count * width),
                           isZero: [Bool](repeating: true, count: rows.count), run: Array(0..<rows.count), width: width)
        guard width > 0 else { return pass }
        // Padded index p holds input column columns.lowerBound − kernel.last + p, so output i with
        // tap k reads p = i + (kernel.last − k).
        let padStart = columns.lowerBound - kernel.last
        var padded = [UInt16](repeating: 0, count: width + kernel.weights.count - 1)
        let copyFrom = max(mask.bounds.minX, padStart), copyTo = min(mask.bounds.maxX, padStart + padded.count)
        let taps = WeightedRows(kernel.weights.indices.map { kernel.weights.count - 1 - $0 }, kernel.weights)
        mask.coverage.withUnsafeBufferPointer { src in
            pass.values.withUnsafeMutableBufferPointer { dst in
                padded.withUnsafeMutableBufferPointer { pad in
                    for (r, y) in rows.enumerated() {
                        let row = src.baseAddress! + (y - mask.bounds.minY) * inWidth - mask.bounds.minX
                        if r > 0, copyFrom < copyTo, (copyFrom..<copyTo).allSatisfy({ row[$0] == row[$0 - inWidth] }) {
                            pass.run[r] = pass.run[r - 1]
                            pass.isZero[r] = pass.isZero[r - 1]
                            if !pass.isZero[r] { (dst.baseAddress! + r * width).update(from: dst.baseAddress! + (r - 1) * width, count: width) }
                            continue
                        }
                        guard copyFrom < copyTo, (copyFrom..<copyTo).contains(where: { row[$0] != 0 }) else { continue }
                        pass.isZero[r] = false
                        for x in copyFrom..<copyTo { pad[x - padStart] = UInt16(row[x]) }
                        taps.sum(pad.baseAddress!, width: width, shift: 8, into: dst.baseAddress! + r * width)
                    }
                }
            }
        }
        return pass
    }

    /// Blurs the row pass along y into output `rows` (absolute), rounding to 8 bits: each output row
    /// is the weighted sum of the source rows under the kernel (zero rows skipped).
    static func vertical(_ pass: RowPass, firstRow: Int, rows: Range<Int>, kernel: GaussianKernel) -> [UInt8] {
        let width = pass.width
        var out = [UInt8](repeating: 0, count: rows.count * width)
        guard width > 0 else { return out }
        var taps = WeightedRows([], [])
        taps.reserveCapacity(kernel.weights.count)
        pass.values.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for (r, y) in rows.enumerated() {
                    // The windows of this row and the one above span only identical rows: same sums.
                    let low = y - kernel.first - (kernel.weights.count - 1) - firstRow - 1, high = y - kernel.first - firstRow
                    if r > 0, low >= 0, high < pass.run.count, pass.run[low] == pass.run[high] {
                        (dst.baseAddress! + r * width).update(from: dst.baseAddress! + (r - 1) * width, count: width)
                        continue
                    }
                    taps.removeAll()
                    for (t, w) in kernel.weights.enumerated() where w != 0 {
                        let source = y - (kernel.first + t) - firstRow
                        guard source >= 0, source < pass.isZero.count, !pass.isZero[source] else { continue }
                        taps.append(offset: source * width, weight: w)
                    }
                    guard !taps.isEmpty else { continue }
                    taps.sum(src.baseAddress!, width: width, shift: 24, into: dst.baseAddress! + r * width)
                }
            }
        }
        return out
    }
}
