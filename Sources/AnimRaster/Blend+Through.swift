extension Blend {
    /// Source-over of `src` placed at (x, y), each pixel first multiplied by the coverage of `mask`
    /// (every channel through `mul255`; nothing outside the mask). The bytes of drawing `src` into
    /// a transparent offscreen, clipping that by `mask` (``clip(_:to:area:)``) and compositing it
    /// at full opacity (``composite(_:opacity:area:into:)``), in one pass and without the
    /// offscreen: source-over onto transparent pixels copies `src`, and each step is per pixel.
    /// `src` must be premultiplied (then so is every scaled pixel, and source-over keeps each
    /// channel's low byte as those passes do). Rows `rows` only; `origin`: see ``PixelOffset``.
    public static func composite(_ src: Bitmap, at x: Int, _ y: Int, through mask: CoverageMask,
                                 rows: Range<Int> = PixelRect.allRows, into dst: inout Bitmap,
                                 origin: PixelOffset = .zero) {
        let placed = PixelRect(minX: x, minY: y, maxX: x + src.width, maxY: y + src.height)
        let region = placed.intersection(mask.bounds).intersection(origin.rect(of: dst)).clipped(toRows: rows)
        guard !region.isEmpty else { return }
        let lanes = PixelLanes(repeating: 255), srcWidth = src.width, dstWidth = dst.width, maskWidth = mask.bounds.width
        mask.coverage.withUnsafeBytes { cov in
            src.pixels.withUnsafeBytes { s in
                dst.pixels.withUnsafeMutableBytes { d in
                    for row in region.minY..<region.maxY {
                        let sp = s.baseAddress! + ((row - y) * srcWidth + region.minX - x) * 4
                        let dp = d.baseAddress! + ((row - origin.y) * dstWidth + region.minX - origin.x) * 4
                        let cp = cov.baseAddress! + (row - mask.bounds.minY) * maskWidth + region.minX - mask.bounds.minX
                        throughRow(sp, cp, count: region.width, lanes, onto: dp)
                    }
                }
            }
        }
    }

    /// One row of `composite(_:at:_:through:rows:into:)`: eight pixels a step, skipped under zero
    /// coverage and composited unscaled under full coverage.
    @inline(__always)
    private static func throughRow(_ s: UnsafeRawPointer, _ c: UnsafeRawPointer, count: Int, _ lanes: PixelLanes,
                                   onto d: UnsafeMutableRawPointer) {
        var i = 0
        while i &+ 8 <= count {
            let eight = c.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if eight == ~0 {
                compositeFour(s + i &* 4, opacity: 255, lanes, onto: d + i &* 4)
                compositeFour(s + (i &+ 4) &* 4, opacity: 255, lanes, onto: d + (i &+ 4) &* 4)
            } else if eight != 0 {
                let (low, high) = Lanes.coverage(eight)
                throughFour(s + i &* 4, low, onto: d + i &* 4)
                throughFour(s + (i &+ 4) &* 4, high, onto: d + (i &+ 4) &* 4)
            }
            i &+= 8
        }
        while i < count {
            let k = UInt32(c.load(fromByteOffset: i, as: UInt8.self))
            if k != 0 { compositeOne(scale(s.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self), k), opacity: 255, onto: d + i &* 4) }
            i &+= 1
        }
    }

    /// Four pixels of `s` times the coverage lanes `c`, over the four at `d`.
    @inline(__always)
    private static func throughFour(_ s: UnsafeRawPointer, _ c: PixelLanes, onto d: UnsafeMutableRawPointer) {
        let source = Lanes.mul255(Lanes.load(s), c)
        Lanes.over(d, source: source, inverse: 255 &- Lanes.alphas(source))
    }
}
