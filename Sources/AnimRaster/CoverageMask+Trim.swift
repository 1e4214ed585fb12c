extension CoverageMask {
    /// The same coverage without its rows and columns of zeros at the edges; nil when all zero.
    /// A blurred shadow's bounds reach about 3σ past its shape while its last few pixels round to
    /// 0: trimmed, it draws the same bytes over fewer pixels and marks less of the canvas as drawn.
    public func trimmed() -> CoverageMask? {
        let w = bounds.width, h = bounds.height
        var top = h, bottom = 0, left = w, right = 0
        coverage.withUnsafeBufferPointer { c in
            for y in 0..<h {
                let row = UnsafeBufferPointer(rebasing: c[(y * w)..<(y * w + w)])
                guard let first = row.firstIndex(where: { $0 != 0 }) else { continue }
                let last = row.lastIndex(where: { $0 != 0 })!
                (top, bottom) = (min(top, y), y + 1)
                (left, right) = (min(left, first), max(right, last + 1))
            }
        }
        guard top < bottom else { return nil }
        if (left, top, right, bottom) == (0, 0, w, h) { return self }
        var values = [UInt8]()
        values.reserveCapacity((right - left) * (bottom - top))
        for y in top..<bottom { values += coverage[(y * w + left)..<(y * w + right)] }
        return CoverageMask(bounds: PixelRect(minX: bounds.minX + left, minY: bounds.minY + top,
                                              maxX: bounds.minX + right, maxY: bounds.minY + bottom), coverage: values)
    }
}
