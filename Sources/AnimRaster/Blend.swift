/// Compositing of premultiplied RGBA8 pixels. All products of two 8-bit values divide by 255 with
/// exact rounding (`mul255`, pixman's MUL_UN8), so results do not depend on evaluation order.
public enum Blend {
    /// round(a·b / 255) for a, b in 0…255, exactly.
    @inlinable @inline(__always)
    public static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }

    /// Source-over of a solid premultiplied colour through a coverage mask: for coverage c, the
    /// source is s = mul255(colour, c) per channel and each channel becomes
    /// s + mul255(d, 255 − s_a) (the byte's low 8 bits, if a channel of the colour exceeds its alpha).
    ///
    /// Eight mask bytes at a time: empty ones are skipped (runs of them 32 bytes a test), full ones under an opaque colour store
    /// the colour, and any other eight are blended four pixels per vector step (`PixelLanes`),
    /// computing the source per pixel; the pixels left at the end of a row go one by one.
    public static func fill(_ mask: CoverageMask, color: PixelRGBA8, into dst: inout Bitmap) {
        fill(mask, color: color, into: &dst) { _ in nil }
    }

    /// `fill(_:color:into:)` in rows `rows` only (one band of a canvas drawn band by band): the
    /// same bytes there, nothing elsewhere. `origin` is the device pixel that `dst`'s first pixel
    /// stands for (a band drawn in a buffer of its own; see ``PixelOffset``).
    public static func fill(_ mask: CoverageMask, color: PixelRGBA8, rows: Range<Int>, into dst: inout Bitmap,
                            origin: PixelOffset = .zero) {
        fill(mask, color: color, into: &dst, rows: rows, origin: origin) { _ in nil }
    }

    /// `fill(_:color:into:)` leaving out, in each row y, the columns `skip(y)` (none for nil). With
    /// `untouched`, the columns of a row outside its drawn run are written, not blended: copied from
    /// `picture` (this mask and colour over the initial colour) when given, else from a
    /// ``UniformBlend`` table; the same bytes, without reading the destination.
    /// `columns(y)`: only those columns of row y are drawn (all of them by default; a layer's
    /// draws inside a row's drawn run, ``Blend/fill(_:picture:untouched:rows:into:origin:)``).
    @inline(__always)
    static func fill(_ mask: CoverageMask, color: PixelRGBA8, into dst: inout Bitmap, untouched: DrawnRows? = nil,
                     picture: UniformPicture? = nil, rows: Range<Int> = PixelRect.allRows, origin: PixelOffset = .zero,
                     columns: (Int) -> Range<Int> = { _ in PixelRect.allRows },
                     skipping skip: (Int) -> Range<Int>?) {
        let area = mask.bounds.intersection(origin.rect(of: dst)).clipped(toRows: rows)
        guard !area.isEmpty, color.a > 0 else { return }
        precondition(picture == nil || picture!.bounds == mask.bounds)
        let solid = SolidSource(color)
        let dstWidth = dst.width, maskWidth = mask.bounds.width, pixelCount = dst.width * dst.height
        let copied = picture?.pixels ?? []
        mask.coverage.withUnsafeBytes { cov in
            copied.withUnsafeBytes { from in dst.pixels.withUnsafeMutableBytes { raw in
                let covBase = cov.baseAddress!, px = raw.baseAddress!
                // Made on the first write only: a mask wholly over drawn canvas needs none.
                var table: UniformBlend?
                @inline(__always) func blendRow(_ y: Int, _ lo: Int, _ hi: Int) {
                    guard lo < hi else { return }
                    let m = (y &- mask.bounds.minY) &* maskWidth &+ (lo &- mask.bounds.minX)
                    let o = (y &- origin.y) &* dstWidth &+ (lo &- origin.x)
                    solid.blendRow(px + o &* 4, coverage: covBase + m, count: hi &- lo, room: pixelCount &- o)
                }
                @inline(__always) func write(_ y: Int, _ lo: Int, _ hi: Int) {
                    guard lo < hi else { return }
                    let m = (y &- mask.bounds.minY) &* maskWidth &+ (lo &- mask.bounds.minX)
                    let p = px + ((y &- origin.y) &* dstWidth &+ (lo &- origin.x)) &* 4
                    if picture != nil {
                        p.copyMemory(from: from.baseAddress! + m &* 4, byteCount: (hi &- lo) &* 4)
                    } else {
                        if table == nil, let rows = untouched { table = UniformBlend(color, over: rows.initial) }
                        table!.writeRow(p, coverage: covBase + m, count: hi &- lo)
                    }
                }
                /// Columns lo..<hi of row y: written outside the row's drawn run, blended inside it.
                @inline(__always) func blend(_ y: Int, _ lo: Int, _ hi: Int) {
                    guard lo < hi else { return }
                    guard let rows = untouched else { return blendRow(y, lo, hi) }
                    let drawn = rows.drawn(row: y)
                    // The drawn run clamped to lo..<hi: a..<b (empty where the row is untouched).
                    let a = min(hi, max(lo, drawn.lowerBound)), b = max(a, min(hi, drawn.upperBound))
                    write(y, lo, a)
                    blendRow(y, a, b)
                    write(y, b, hi)
                }
                for y in area.minY..<area.maxY {
                    let only = columns(y)
                    let lo = max(area.minX, only.lowerBound), hi = min(area.maxX, only.upperBound)
                    guard lo < hi else { continue }
                    var cut = hi, resume = hi
                    if let run = skip(y) {
                        let a = max(lo, min(hi, run.lowerBound)), b = max(a, min(hi, run.upperBound))
                        if a < b { (cut, resume) = (a, b) }
                    }
                    blend(y, lo, cut)
                    blend(y, resume, hi)
                }
            } }
        }
    }

    /// round(x·k / 255) for the two 8-bit lanes of `x` (bits 0–7 and 16–23) at once, exactly.
    @inline(__always)
    static func mul255x2(_ x: UInt32, _ k: UInt32) -> UInt32 {
        let t = x &* k &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }

    /// Source-over of `src` (a whole canvas, as `dst` is without an `origin`) scaled by `opacity`, within `area`: with
    /// s = mul255(src, opacity) per channel, d' = s + mul255(d, 255 − s_a) (the low byte, if a
    /// channel of `src` exceeds its alpha). Four pixels per step (`PixelLanes`): skipped where the
    /// source is transparent, copied where it is opaque at opacity 255.
    /// With `origin`, `dst` holds only the part of the canvas that starts there (a band of the
    /// canvas drawn in a buffer of its own; see ``PixelOffset``); `src` holds the canvas from (0, 0).
    public static func composite(_ src: Bitmap, opacity: UInt8, area: PixelRect, into dst: inout Bitmap,
                                 origin: PixelOffset = .zero) {
        let region = area.intersection(origin.rect(of: dst))
            .intersection(PixelRect(minX: 0, minY: 0, maxX: src.width, maxY: src.height))
        guard !region.isEmpty, opacity > 0 else { return }
        let k = UInt32(opacity), lanes = PixelLanes(repeating: UInt16(opacity))
        let srcWidth = src.width, dstWidth = dst.width
        src.pixels.withUnsafeBytes { s in
            dst.pixels.withUnsafeMutableBytes { d in
                for y in region.minY..<region.maxY {
                    let sp = s.baseAddress! + (y &* srcWidth &+ region.minX) &* 4
                    let dp = d.baseAddress! + ((y &- origin.y) &* dstWidth &+ (region.minX &- origin.x)) &* 4
                    let bytes = region.width &* 4
                    var o = 0
                    while o &+ 16 <= bytes {
                        compositeFour(sp + o, opacity: k, lanes, onto: dp + o)
                        o &+= 16
                    }
                    while o < bytes {
                        compositeOne(sp.loadUnaligned(fromByteOffset: o, as: UInt32.self), opacity: k, onto: dp + o)
                        o &+= 4
                    }
                }
            }
        }
    }

    /// Source-over of the whole of `src` with its pixel (0, 0) on pixel (x, y) of `dst` (what lies
    /// outside `dst` is dropped): d' = s + mul255(d, 255 − s_a) (the low byte, if a channel of `src`
    /// exceeds its alpha), which is `composite(_:opacity:area:into:)` at opacity 255 for a source
    /// smaller than the destination, such as a cached picture. Four pixels per step (`PixelLanes`):
    /// skipped where the source is transparent, copied where it is opaque.
    /// `origin`: see ``PixelOffset``.
    public static func composite(_ src: Bitmap, at x: Int, _ y: Int, rows: Range<Int> = PixelRect.allRows,
                                 into dst: inout Bitmap, origin: PixelOffset = .zero) {
        let placed = PixelRect(minX: x, minY: y, maxX: x + src.width, maxY: y + src.height)
        let region = placed.intersection(origin.rect(of: dst)).clipped(toRows: rows)
        guard !region.isEmpty else { return }
        let lanes = PixelLanes(repeating: 255), srcWidth = src.width, dstWidth = dst.width
        src.pixels.withUnsafeBytes { s in
            dst.pixels.withUnsafeMutableBytes { d in
                let sp = s.baseAddress!, dp = d.baseAddress!
                for row in region.minY..<region.maxY {
                    var so = ((row - y) * srcWidth + region.minX - x) * 4
                    var o = ((row - origin.y) * dstWidth + region.minX - origin.x) * 4
                    let end = o + region.width * 4
                    while o &+ 16 <= end {
                        compositeFour(sp + so, opacity: 255, lanes, onto: dp + o)
                        so &+= 16
                        o &+= 16
                    }
                    while o < end {
                        compositeOne(sp.loadUnaligned(fromByteOffset: so, as: UInt32.self), opacity: 255, onto: dp + o)
                        so &+= 4
                        o &+= 4
                    }
                }
            }
        }
    }

    /// Four pixels of `s` scaled by `opacity` (also given in every lane) over the four at `d`.
    @inline(__always)
    static func compositeFour(_ s: UnsafeRawPointer, opacity: UInt32, _ lanes: PixelLanes, onto d: UnsafeMutableRawPointer) {
        let alphas: UInt64 = 0xFF00_0000_FF00_0000
        let s0 = s.loadUnaligned(as: UInt64.self), s1 = s.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        if s0 | s1 == 0 { return }
        if opacity == 255 && s0 & s1 & alphas == alphas {
            d.storeBytes(of: s.loadUnaligned(as: SIMD4<UInt32>.self), as: SIMD4<UInt32>.self)
            return
        }
        var source = Lanes.load(s)
        if opacity != 255 { source = Lanes.mul255(source, lanes) }
        Lanes.over(d, source: source, inverse: 255 &- Lanes.alphas(source))
    }

    /// One packed source pixel scaled by `opacity` over the pixel at `d` (two channels per multiply).
    @inline(__always)
    static func compositeOne(_ sw: UInt32, opacity k: UInt32, onto d: UnsafeMutableRawPointer) {
        guard sw != 0 else { return }
        var rb = sw & 0x00FF_00FF, ga = (sw >> 8) & 0x00FF_00FF
        if k != 255 { rb = mul255x2(rb, k); ga = mul255x2(ga, k) }
        let inverse = 255 - (ga >> 16), dw = d.loadUnaligned(as: UInt32.self)
        let outRB = (rb &+ mul255x2(dw & 0x00FF_00FF, inverse)) & 0x00FF_00FF
        let outGA = (ga &+ mul255x2((dw >> 8) & 0x00FF_00FF, inverse)) & 0x00FF_00FF
        d.storeBytes(of: outRB | outGA << 8, as: UInt32.self)
    }

    /// Destination-in: multiplies every pixel of `dst` within `area` by the mask's coverage
    /// (pixels outside the mask become transparent), each channel through `mul255`. Rows and
    /// parts of rows outside the mask are cleared at once; inside, eight coverage bytes that are
    /// all 255 leave their pixels alone and eight that are all 0 clear them.
    public static func clip(_ dst: inout Bitmap, to mask: CoverageMask?, area: PixelRect) {
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        let inside = mask.map { region.intersection($0.bounds) } ?? .empty
        let width = dst.width, maskWidth = mask?.bounds.width ?? 0
        let mx = mask?.bounds.minX ?? 0, my = mask?.bounds.minY ?? 0
        let coverage = mask?.coverage ?? []
        coverage.withUnsafeBytes { cov in
            dst.pixels.withUnsafeMutableBytes { raw in
                let px = raw.baseAddress!
                for y in region.minY..<region.maxY {
                    let row = px + y * width * 4
                    guard !inside.isEmpty, y >= inside.minY, y < inside.maxY else {
                        clear(row, region.minX, region.maxX)
                        continue
                    }
                    clear(row, region.minX, inside.minX)
                    clear(row, inside.maxX, region.maxX)
                    clipRow(row, coverage: cov.baseAddress! + (y - my) * maskWidth - mx, inside.minX, inside.maxX)
                }
            }
        }
    }

    /// Pixels lo..<hi of a row made transparent.
    @inline(__always)
    private static func clear(_ row: UnsafeMutableRawPointer, _ lo: Int, _ hi: Int) {
        guard hi > lo else { return }
        (row + lo * 4).initializeMemory(as: UInt8.self, repeating: 0, count: (hi - lo) * 4)
    }

    /// Pixels lo..<hi of a row times their coverage (`coverage` indexed by x).
    @inline(__always)
    private static func clipRow(_ row: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, _ lo: Int, _ hi: Int) {
        var x = lo
        while x &+ 8 <= hi {
            let eight = coverage.loadUnaligned(fromByteOffset: x, as: UInt64.self)
            if eight == 0 {
                (row + x &* 4).initializeMemory(as: UInt8.self, repeating: 0, count: 32)
            } else if eight != ~0 {
                for i in x..<(x &+ 8) { clipPixel(row, i, UInt32(coverage.load(fromByteOffset: i, as: UInt8.self))) }
            }
            x &+= 8
        }
        while x < hi {
            clipPixel(row, x, UInt32(coverage.load(fromByteOffset: x, as: UInt8.self)))
            x &+= 1
        }
    }

    @inline(__always)
    private static func clipPixel(_ row: UnsafeMutableRawPointer, _ x: Int, _ c: UInt32) {
        guard c != 255 else { return }
        let o = x &* 4
        row.storeBytes(of: c == 0 ? 0 : scale(row.loadUnaligned(fromByteOffset: o, as: UInt32.self), c), toByteOffset: o, as: UInt32.self)
    }
}
