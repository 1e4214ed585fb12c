extension PixelRect {
    /// The rectangle grown by `d` pixels on every side.
    public func grown(by d: Int) -> PixelRect {
        PixelRect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d)
    }
}

extension CoverageMask {
    /// The product of two coverages (a clip applied to a mask); nil when nothing is left.
    /// A nil `other` covers nothing.
    public func multiplied(by other: CoverageMask?) -> CoverageMask? {
        guard let other else { return nil }
        let area = bounds.intersection(other.bounds)
        guard !area.isEmpty else { return nil }
        var out = [UInt8](repeating: 0, count: area.width * area.height)
        var any = false
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX {
                let v = UInt8(Blend.mul255(UInt32(self[x, y]), UInt32(other[x, y])))
                out[(y - area.minY) * area.width + (x - area.minX)] = v
                if v != 0 { any = true }
            }
        }
        return any ? CoverageMask(bounds: area, coverage: out) : nil
    }
}
