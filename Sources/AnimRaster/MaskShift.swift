import AnimGeometry

extension CoverageMask {
    /// The mask moved by `offset` pixels, clipped to `clip`: whole pixels by moving the bounds, the
    /// fraction by linear interpolation between neighbours, with weights in 1/256 px (as a GPU
    /// samples a cached texture between texels). Integer arithmetic, rounded to nearest, so the
    /// result is the same on every machine; an offset in whole pixels copies exactly. Pixels inside
    /// `hole` are left at 0 (a caller that will cover them anyway need not pay for them).
    ///
    /// Interpolation softens a sharp edge, so this is meant for smooth masks such as blurred
    /// shadows: for a Gaussian blur of σ ≥ 4 px it stays within 1/255 of blurring the shifted mask.
    /// Nil when the result is empty, or the offset is not finite or beyond ±2⁴⁰ px.
    public func shifted(by offset: Point, clip: PixelRect, hole: PixelRect = .empty) -> CoverageMask? {
        guard let shift = PixelShift(offset) else { return nil }
        let out = shiftedBounds(shift).intersection(clip)
        guard !out.isEmpty else { return nil }
        // A hole beside `out` intersects it in an inverted rectangle: no hole then.
        let cut = hole.intersection(out), hole = cut.isEmpty ? PixelRect.empty : cut
        var values = [UInt8](repeating: 0, count: out.width * out.height)
        let any = coverage.withUnsafeBufferPointer { src in
            values.withUnsafeMutableBufferPointer { dst in shift.fx == 0 || shift.fy == 0
                ? shiftAlongOneAxis(src, shift, out: out, hole: hole, into: dst.baseAddress!)
                : shiftDiagonally(src, shift, out: out, hole: hole, into: dst.baseAddress!)
            }
        }
        guard any else { return nil }
        return CoverageMask(bounds: out, coverage: values)
    }

    /// The output columns of row `y` outside `hole`: two spans, either or both empty.
    private static func spans(_ y: Int, out: PixelRect, hole: PixelRect) -> (Range<Int>, Range<Int>) {
        let skip = y >= hole.minY && y < hole.maxY ? hole.minX..<hole.maxX : 0..<0
        return (out.minX..<max(out.minX, skip.lowerBound), max(out.minX, skip.upperBound)..<out.maxX)
    }

    /// `shifted` with both fractions: rows blended into 16-bit sums (``blendRows``), then columns
    /// interpolated and rounded from 16 bits. True when any output row had a source row.
    private func shiftDiagonally(_ src: UnsafeBufferPointer<UInt8>, _ s: PixelShift, out: PixelRect, hole: PixelRect,
                                 into dst: UnsafeMutablePointer<UInt8>) -> Bool {
        // One source row blended vertically, with a zero column on each side: index c + 1 holds
        // source column c (−1…width).
        Self.withZeroedRow(of: UInt16.self, count: bounds.width + 2) { v in
            let first = s.x + bounds.minX - 1  // output column reading v[0] at weight 256 − fx
            var any = false
            for y in out.minY..<out.maxY {
                let sy = y - s.y - bounds.minY
                guard blendRows(src, below: sy, above: sy - 1, weight: s.fy, into: v) else { continue }
                any = true
                let row = dst + (y - out.minY) * out.width, (a, b) = Self.spans(y, out: out, hole: hole)
                Self.interpolate(v, weight: s.fx, first: first, columns: a, into: row, startingAt: out.minX)
                Self.interpolate(v, weight: s.fx, first: first, columns: b, into: row, startingAt: out.minX)
            }
            return any
        }
    }

    /// `body` given a buffer of `count` zeros, freed after it.
    private static func withZeroedRow<T: FixedWidthInteger, R>(of _: T.Type, count: Int,
                                                               _ body: (UnsafeMutableBufferPointer<T>) -> R) -> R {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
        buffer.initialize(repeating: 0)
        defer { buffer.deallocate() }
        return body(buffer)
    }

    /// `shifted` with at most one fraction, in one pass per row, rounded from 8 bits. With no
    /// horizontal fraction (a shadow moving only up or down) each output pixel is the rows' blend
    /// v rounded, ⌊(v + 128) / 256⌋: what ``interpolate`` gives at weight 0 (k0 = 256, so its sum
    /// is 256·v). With no vertical one (a shadow moving sideways) it is one source row interpolated
    /// between columns: the row's vertical weight is 256, so ``interpolate``'s B is 0. The same bytes
    /// as the two passes. True when any output row had a source row.
    private func shiftAlongOneAxis(_ src: UnsafeBufferPointer<UInt8>, _ s: PixelShift, out: PixelRect, hole: PixelRect,
                                   into dst: UnsafeMutablePointer<UInt8>) -> Bool {
        // Sideways: the source row with a zero column on each side (index c + 1 holds column c).
        Self.withZeroedRow(of: UInt8.self, count: s.fx > 0 ? bounds.width + 2 : 0) { p in
            shiftRowsAlongOneAxis(src, s, out: out, hole: hole, row: p, into: dst)
        }
    }

    /// ``shiftAlongOneAxis`` with its scratch row `p` (used when moving sideways).
    private func shiftRowsAlongOneAxis(_ src: UnsafeBufferPointer<UInt8>, _ s: PixelShift, out: PixelRect, hole: PixelRect,
                                       row p: UnsafeMutableBufferPointer<UInt8>, into dst: UnsafeMutablePointer<UInt8>) -> Bool {
        let first = s.x + bounds.minX - 1  // output column reading p[0] at weight 256 − fx
        var any = false
        for y in out.minY..<out.maxY {
            let sy = y - s.y - bounds.minY
            guard let used = sourceRows(below: sy, above: sy - 1, weight: s.fy) else { continue }
            any = true
            let row = dst + (y - out.minY) * out.width, (a, b) = Self.spans(y, out: out, hole: hole)
            if s.fx > 0 {
                (p.baseAddress! + 1).update(from: src.baseAddress! + sy * bounds.width, count: bounds.width)
                Self.interpolate(p, weight: s.fx, first: first, columns: a, into: row, startingAt: out.minX)
                Self.interpolate(p, weight: s.fx, first: first, columns: b, into: row, startingAt: out.minX)
            } else {
                blendRowsRounded(src, below: sy, above: sy - 1, used, weight: s.fy, from: a.lowerBound - s.x - bounds.minX,
                                 count: a.count, into: row + (a.lowerBound - out.minX))
                if !b.isEmpty {  // right of a hole
                    blendRowsRounded(src, below: sy, above: sy - 1, used, weight: s.fy, from: b.lowerBound - s.x - bounds.minX,
                                     count: b.count, into: row + (b.lowerBound - out.minX))
                }
            }
        }
        return any
    }

    /// Source rows `below` (weight 256 − `weight`) and `above` (weight `weight`) summed into
    /// `v[1...width]` (at most 256 · 255, so 16 bits suffice); false when both are outside the mask
    /// (the output row is zero).
    private func blendRows(_ src: UnsafeBufferPointer<UInt8>, below: Int, above: Int, weight: Int,
                           into v: UnsafeMutableBufferPointer<UInt16>) -> Bool {
        guard let (useBelow, useAbove) = sourceRows(below: below, above: above, weight: weight) else { return false }
        let w = bounds.width
        let kb = UInt16(256 - weight), ka = UInt16(weight)
        let out = v.baseAddress! + 1
        if useBelow && useAbove {
            let b = src.baseAddress! + below * w, a = src.baseAddress! + above * w
            for c in 0..<w { out[c] = kb &* UInt16(b[c]) &+ ka &* UInt16(a[c]) }
        } else {
            let row = src.baseAddress! + (useBelow ? below : above) * w, k = useBelow ? kb : ka
            for c in 0..<w { out[c] = k &* UInt16(row[c]) }
        }
        return true
    }

    /// Which of source rows `below` (weight 256 − `weight`) and `above` (weight `weight`) count:
    /// inside the mask and with a weight; nil when neither does.
    private func sourceRows(below: Int, above: Int, weight: Int) -> (below: Bool, above: Bool)? {
        let h = bounds.height
        let useBelow = below >= 0 && below < h && weight < 256, useAbove = above >= 0 && above < h && weight > 0
        return useBelow || useAbove ? (useBelow, useAbove) : nil
    }

    /// `count` source columns from `column` of rows `below` and `above` blended as ``blendRows``
    /// does and rounded to 8 bits, ⌊(v + 128) / 256⌋: what ``interpolate`` gives v at weight 0
    /// (k0 = 256, so the sum is 256·v), in one pass. `used` says which rows count (``sourceRows``).
    private func blendRowsRounded(_ src: UnsafeBufferPointer<UInt8>, below: Int, above: Int, _ used: (below: Bool, above: Bool),
                                  weight: Int, from column: Int, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        let (useBelow, useAbove) = used
        let w = bounds.width
        let kb = UInt16(256 - weight), ka = UInt16(weight)
        if useBelow && useAbove {
            let b = src.baseAddress! + below * w + column, a = src.baseAddress! + above * w + column
            for c in 0..<count { out[c] = UInt8(truncatingIfNeeded: (kb &* UInt16(b[c]) &+ ka &* UInt16(a[c]) &+ 128) >> 8) }
        } else {
            let row = src.baseAddress! + (useBelow ? below : above) * w + column, k = useBelow ? kb : ka
            for c in 0..<count { out[c] = UInt8(truncatingIfNeeded: (k &* UInt16(row[c]) &+ 128) >> 8) }
        }
    }

    /// Output columns `columns` of one row (`row` starts at column `rowX`): v at x − `first`
    /// (weight 256 − `weight`) and the entry before it, rounded from 16 fractional bits.
    ///
    /// That is ⌊(k0·s + k1·s′ + 2¹⁵) / 2¹⁶⌋ with k0 + k1 = 256 and s, s′ ≤ 256 · 255, computed in
    /// 16-bit lanes (eight per SSE2 register): with s = 256·h + l, the sum is 256·A + B for
    /// A = k0·h + k1·h′ and B = k0·l + k1·l′ (each ≤ 256 · 255), and the result equals
    /// ⌊(A + ⌊B / 256⌋ + 128) / 256⌋, whose sum stays below 2¹⁶.
    private static func interpolate(_ v: UnsafeMutableBufferPointer<UInt16>, weight: Int, first: Int,
                                    columns: Range<Int>, into row: UnsafeMutablePointer<UInt8>, startingAt rowX: Int) {
        // The caller's columns always read v[1…count − 1] and the entry before: no checks needed.
        let k0 = UInt16(256 - weight), k1 = UInt16(weight)
        let source = v.baseAddress! + (columns.lowerBound - first), out = row + (columns.lowerBound - rowX)
        for i in 0..<columns.count {
            let s = source[i], t = source[i - 1]
            let a = k0 &* (s >> 8) &+ k1 &* (t >> 8), b = k0 &* (s & 255) &+ k1 &* (t & 255)
            out[i] = UInt8(truncatingIfNeeded: (a &+ (b >> 8) &+ 128) >> 8)
        }
    }

    /// Output columns `columns` of one row from one source row `p` (index c + 1 holds source
    /// column c, zero on each side): p at x − `first` (weight 256 − `weight`) and the entry before
    /// it, rounded from 8 fractional bits. With the row's vertical weight 256, that is what
    /// ``interpolate(_:weight:first:columns:into:startingAt:)`` gives from 16 (its B is 0).
    private static func interpolate(_ p: UnsafeMutableBufferPointer<UInt8>, weight: Int, first: Int,
                                    columns: Range<Int>, into row: UnsafeMutablePointer<UInt8>, startingAt rowX: Int) {
        let k0 = UInt16(256 - weight), k1 = UInt16(weight)
        let source = p.baseAddress! + (columns.lowerBound - first), out = row + (columns.lowerBound - rowX)
        for i in 0..<columns.count {
            out[i] = UInt8(truncatingIfNeeded: (k0 &* UInt16(source[i]) &+ k1 &* UInt16(source[i - 1]) &+ 128) >> 8)
        }
    }

    /// The rectangle `shifted(by:clip:hole:)` fills before clipping: the bounds moved by whole
    /// pixels, one wider (taller) when there is a fraction to spread into the next column (row).
    public func shiftedBounds(_ s: PixelShift) -> PixelRect {
        PixelRect(minX: bounds.minX + s.x, minY: bounds.minY + s.y,
                  maxX: bounds.maxX + s.x + (s.fx > 0 ? 1 : 0), maxY: bounds.maxY + s.y + (s.fy > 0 ? 1 : 0))
    }

    /// The same coverage moved by whole pixels (no resampling).
    public func translated(x dx: Int, y dy: Int) -> CoverageMask {
        CoverageMask(bounds: PixelRect(minX: bounds.minX + dx, minY: bounds.minY + dy, maxX: bounds.maxX + dx, maxY: bounds.maxY + dy),
                     coverage: coverage)
    }
}

/// An offset as `CoverageMask.shifted(by:clip:hole:)` applies it: whole pixels `x`, `y` and the rest
/// `fx`, `fy` in 1/256 px (0…255), rounded to the nearest 1/256. Apart from clipping, a shift is
/// its fraction followed by a whole-pixel move, so masks shifted by offsets with equal fractions are
/// translations of each other (`ShadowCache` keeps them by fraction).
public struct PixelShift: Hashable, Sendable {
    public let x: Int, y: Int
    public let fx: Int, fy: Int

    /// Nil when the offset is not finite or beyond ±2⁴⁰ px.
    public init?(_ offset: Point) {
        guard offset.x.isFinite, offset.y.isFinite, abs(offset.x) < 0x1p40, abs(offset.y) < 0x1p40 else { return nil }
        let sx = Int((offset.x * 256).rounded()), sy = Int((offset.y * 256).rounded())
        (x, fx, y, fy) = (sx >> 8, sx & 255, sy >> 8, sy & 255)
    }
}
