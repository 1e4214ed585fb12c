extension Blend {
    /// `fill(_:color:into:)`, except under pixels that `cover` covers fully: a caller about to draw an
    /// opaque colour through `cover` replaces those pixels whatever lies below (s = colour and
    /// 255 − s_a = 0 wherever the coverage is 255), so blending into them first changes no byte of
    /// the result (a shadow under its own opaque layer). Per row, the first run of full coverage in
    /// `cover` is left out; the rest of the row is blended as by `fill`.
    ///
    /// With `untouched` (where `dst` may differ from the colour it was filled with), pixels outside
    /// a row's drawn run are written from a table over that colour (``DrawnRows``), not blended.
    /// `picture`, when given, is `mask` filled with `color` over that colour: those pixels are then
    /// copied from it. With `rows`, only those rows are drawn (one band of a canvas drawn band by band);
    /// `origin`: see ``PixelOffset``.
    public static func fill(_ mask: CoverageMask, color: PixelRGBA8, under cover: CoverageMask?,
                            untouched: DrawnRows? = nil, picture: UniformPicture? = nil,
                            rows: Range<Int> = PixelRect.allRows, into dst: inout Bitmap, origin: PixelOffset = .zero) {
        guard let cover else {
            return fill(mask, color: color, into: &dst, untouched: untouched, picture: picture, rows: rows, origin: origin) { _ in nil }
        }
        cover.coverage.withUnsafeBytes { full in
            fill(mask, color: color, into: &dst, untouched: untouched, picture: picture, rows: rows, origin: origin) { y in
                fullRun(full.baseAddress!, cover.bounds, row: y)
            }
        }
    }

    /// The columns of the first run of 255s in row `y` of a mask over `bounds` (empty when the row
    /// is outside the mask or has none): bytes to the first 255, then 32 and eight at a time while all 255.
    /// With `limit`, only the run's part before column `limit` is sought (a draw of the columns
    /// before it): the search stops there.
    static func fullRun(_ coverage: UnsafeRawPointer, _ bounds: PixelRect, row y: Int, before limit: Int = .max) -> Range<Int> {
        guard y >= bounds.minY, y < bounds.maxY else { return 0..<0 }
        let width = limit >= bounds.maxX ? bounds.width : limit <= bounds.minX ? 0 : limit - bounds.minX
        let row = coverage + (y - bounds.minY) * bounds.width
        var i = 0
        while i < width, row.load(fromByteOffset: i, as: UInt8.self) != 255 { i &+= 1 }
        var j = i
        while j &+ 32 <= width, SolidSource.full32(row + j) { j &+= 32 }
        while j &+ 8 <= width, row.loadUnaligned(fromByteOffset: j, as: UInt64.self) == ~0 { j &+= 8 }
        while j < width, row.load(fromByteOffset: j, as: UInt8.self) == 255 { j &+= 1 }
        return bounds.minX + i..<bounds.minX + j
    }
}
