/// One solid colour through a coverage mask, as ``Blend/fill(_:color:under:untouched:picture:rows:into:origin:)``
/// draws it: with `under`, the pixels that mask covers fully in a row's first run of them are left
/// out (a shadow under its layer's opaque background, which replaces them).
public struct SolidFill: Sendable {
    public let mask: CoverageMask
    public let color: PixelRGBA8
    public let under: CoverageMask?

    public init(_ mask: CoverageMask, color: PixelRGBA8, under: CoverageMask? = nil) {
        self.mask = mask
        self.color = color
        self.under = under
    }

    /// Draws the fill into `dst` in rows `rows`, and of each row y only columns `columns(y)`.
    @inline(__always)
    func draw(into dst: inout Bitmap, rows: Range<Int> = PixelRect.allRows, origin: PixelOffset,
              columns: (Int) -> Range<Int> = { _ in PixelRect.allRows }) {
        guard let cover = under else {
            return Blend.fill(mask, color: color, into: &dst, rows: rows, origin: origin, columns: columns) { _ in nil }
        }
        cover.coverage.withUnsafeBytes { full in
            Blend.fill(mask, color: color, into: &dst, rows: rows, origin: origin, columns: columns) { y in
                Blend.fullRun(full.baseAddress!, cover.bounds, row: y, before: columns(y).upperBound)
            }
        }
    }
}

/// Solid fills drawn in order over pixels that all hold one colour, kept as one picture: where a
/// canvas still holds that colour, drawing the fills again is a copy of the picture's pixels (a
/// plain layer's shadow, background and border, as Core Animation keeps a layer's backing store;
/// ``Blend/fill(_:picture:untouched:rows:into:origin:)``). Made by drawing the fills themselves, so
/// it holds their bytes by construction.
public struct LayerPicture: Sendable {
    /// The bounding box of the fills' masks.
    public let bounds: PixelRect
    /// Premultiplied RGBA8 bytes over `bounds`, row-major.
    public let bytes: [UInt8]

    /// `fills` drawn in order over `initial`; nil when they cover no pixel.
    public init?(_ fills: [SolidFill], over initial: PixelRGBA8) {
        let box = Self.bounds(of: fills)
        guard !box.isEmpty, var bitmap = Bitmap(width: box.width, height: box.height, filledWith: initial) else { return nil }
        let origin = PixelOffset(x: box.minX, y: box.minY)
        for fill in fills { fill.draw(into: &bitmap, origin: origin) }
        bounds = box
        bytes = bitmap.pixels
    }

    private init(bounds: PixelRect, bytes: [UInt8]) {
        self.bounds = bounds
        self.bytes = bytes
    }

    /// The bounding box of the masks of `fills`.
    public static func bounds(of fills: [SolidFill]) -> PixelRect {
        fills.reduce(PixelRect.empty) { $0.union($1.mask.bounds) }
    }

    /// The same pixels moved by whole pixels.
    public func translated(x dx: Int, y dy: Int) -> LayerPicture {
        LayerPicture(bounds: PixelRect(minX: bounds.minX + dx, minY: bounds.minY + dy, maxX: bounds.maxX + dx, maxY: bounds.maxY + dy),
                     bytes: bytes)
    }

    /// Bytes held.
    public var byteCount: Int { bytes.count }
}

extension Blend {
    /// `fills` drawn in order, in rows `rows`, over a canvas whose pixels outside each row's drawn
    /// run still hold `untouched.initial`: there the pixels are copied from `picture` (the fills
    /// over that colour), inside the run the fills are blended, each over that run's columns only.
    /// The same bytes as drawing each fill in turn (every pixel a fill writes depends on that
    /// pixel alone). Without `untouched`, every fill is drawn. `origin`: see ``PixelOffset``.
    public static func fill(_ fills: [SolidFill], picture: LayerPicture, untouched: DrawnRows?,
                            rows: Range<Int> = PixelRect.allRows, into dst: inout Bitmap, origin: PixelOffset = .zero) {
        precondition(picture.bounds == LayerPicture.bounds(of: fills), "a layer picture drawn with other fills")
        guard let untouched else {
            for fill in fills { fill.draw(into: &dst, rows: rows, origin: origin) }
            return
        }
        let area = picture.bounds.intersection(origin.rect(of: dst)).clipped(toRows: rows)
        guard !area.isEmpty else { return }
        /// Row y's drawn run within the area (empty where the row is untouched there).
        func drawn(_ y: Int) -> Range<Int> {
            let run = untouched.drawn(row: y)
            let a = min(area.maxX, max(area.minX, run.lowerBound)), b = max(a, min(area.maxX, run.upperBound))
            return a..<b
        }
        copyUntouched(picture, area: area, drawn: drawn, into: &dst, origin: origin)
        // After the copies: a row blend may rewrite, unchanged, a few pixels past its columns.
        for fill in fills { fill.draw(into: &dst, rows: rows, origin: origin, columns: drawn) }
    }

    /// The pixels of `area` outside each row's `drawn` columns, copied from `picture`.
    private static func copyUntouched(_ picture: LayerPicture, area: PixelRect, drawn: (Int) -> Range<Int>,
                                      into dst: inout Bitmap, origin: PixelOffset) {
        let pictureWidth = picture.bounds.width, dstWidth = dst.width
        picture.bytes.withUnsafeBytes { src in
            dst.pixels.withUnsafeMutableBytes { raw in
                func copy(_ y: Int, _ lo: Int, _ hi: Int) {
                    guard lo < hi else { return }
                    let s = ((y &- picture.bounds.minY) &* pictureWidth &+ (lo &- picture.bounds.minX)) &* 4
                    let d = ((y &- origin.y) &* dstWidth &+ (lo &- origin.x)) &* 4
                    (raw.baseAddress! + d).copyMemory(from: src.baseAddress! + s, byteCount: (hi &- lo) &* 4)
                }
                for y in area.minY..<area.maxY {
                    let run = drawn(y)
                    guard !run.isEmpty else {
                        copy(y, area.minX, area.maxX)
                        continue
                    }
                    copy(y, area.minX, run.lowerBound)
                    copy(y, run.upperBound, area.maxX)
                }
            }
        }
    }
}
