/// Compositing of premultiplied RGBA8 pixels. All products of two 8-bit values divide by 255 with
/// exact rounding (`mul255`, pixman's MUL_UN8), so results do not depend on evaluation order.
public enum Blend {
    /// round(a·b / 255) for a, b in 0…255, exactly.
    @inline(__always)
    public static func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a * b + 128
        return (t + (t >> 8)) >> 8
    }

    /// Source-over of a solid premultiplied colour through a coverage mask.
    ///
    /// The source for each coverage level is tabulated once per call; each pixel then costs one
    /// table load and two packed two-channel multiplies (`mul255x2`), with the same exact rounding
    /// as `mul255` per channel.
    public static func fill(_ mask: CoverageMask, color: PixelRGBA8, into dst: inout Bitmap) {
        let area = mask.bounds.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !area.isEmpty, color.a > 0 else { return }
        let table = SourceTable(color)
        let dstWidth = dst.width, maskWidth = mask.bounds.width
        let opaque = table.entries[255].inverse == 0, solid = table.entries[255].source
        let solidBytes = UInt64(solid) | UInt64(solid) << 32, inverse = UInt64(table.entries[255].inverse)
        mask.coverage.withUnsafeBufferPointer { cov in
          table.entries.withUnsafeBufferPointer { entries in
            dst.pixels.withUnsafeMutableBytes { raw in
                let px = raw.baseAddress!
                for y in area.minY..<area.maxY {
                    var m = (y - mask.bounds.minY) * maskWidth + (area.minX - mask.bounds.minX)
                    var o = (y * dstWidth + area.minX) * 4
                    var x = area.minX
                    while x < area.maxX {
                        // Eight pixels at a time where the mask is empty (skip) or full under an
                        // opaque colour (the colour replaces the pixels): the same bytes as one by one.
                        if x + 8 <= area.maxX {
                            let eight = UnsafeRawPointer(cov.baseAddress! + m).loadUnaligned(as: UInt64.self)
                            if eight == 0 || eight == ~0 {
                                if eight != 0 && opaque {
                                    for k in 0..<8 { px.storeBytes(of: solid, toByteOffset: o + 4 * k, as: UInt32.self) }
                                } else if eight != 0 {
                                    blendEight(px + o, source: solidBytes, inverse: inverse)
                                }
                                m += 8
                                o += 32
                                x += 8
                                continue
                            }
                        }
                        x += 1
                        let c = Int(cov[m])
                        if c != 0 {
                            let entry = entries[c]
                            if entry.inverse == 0 {
                                px.storeBytes(of: entry.source, toByteOffset: o, as: UInt32.self)
                            } else {
                                let d = px.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                                let rb = mul255x2(d & 0x00FF_00FF, entry.inverse)
                                let ga = mul255x2((d >> 8) & 0x00FF_00FF, entry.inverse)
                                px.storeBytes(of: entry.source &+ (rb | (ga << 8)), toByteOffset: o, as: UInt32.self)
                            }
                        }
                        m += 1
                        o += 4
                    }
                }
            }
          }
        }
    }

    /// Source-over of one premultiplied colour (`source`: two pixels' words) at full coverage onto
    /// eight pixels: each channel becomes source + round(channel · inverse / 255), the arithmetic of
    /// `mul255x2` on four 16-bit lanes per 64-bit word.
    @inline(__always)
    static func blendEight(_ p: UnsafeMutableRawPointer, source: UInt64, inverse: UInt64) {
        let m: UInt64 = 0x00FF_00FF_00FF_00FF, half: UInt64 = 0x0080_0080_0080_0080
        for k in 0..<4 {
            let d = p.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)
            let t0 = (d & m) &* inverse &+ half, t1 = ((d >> 8) & m) &* inverse &+ half
            let r0 = ((t0 &+ ((t0 >> 8) & m)) >> 8) & m, r1 = ((t1 &+ ((t1 >> 8) & m)) >> 8) & m
            p.storeBytes(of: source &+ (r0 | (r1 << 8)), toByteOffset: 8 * k, as: UInt64.self)
        }
    }

    /// round(x·k / 255) for the two 8-bit lanes of `x` (bits 0–7 and 16–23) at once, exactly.
    @inline(__always)
    static func mul255x2(_ x: UInt32, _ k: UInt32) -> UInt32 {
        let t = x &* k &+ 0x0080_0080
        return ((t &+ ((t >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
    }

    /// Source-over of `src` (same size as `dst`) scaled by `opacity`, within `area`.
    public static func composite(_ src: Bitmap, opacity: UInt8, area: PixelRect, into dst: inout Bitmap) {
        precondition(src.width == dst.width && src.height == dst.height)
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty, opacity > 0 else { return }
        let k = UInt32(opacity), width = dst.width
        src.pixels.withUnsafeBytes { s in
            dst.pixels.withUnsafeMutableBytes { d in
                let sp = s.baseAddress!, dp = d.baseAddress!
                for y in region.minY..<region.maxY {
                    var o = (y * width + region.minX) * 4
                    for _ in region.minX..<region.maxX {
                        let sw = sp.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                        if sw != 0 {
                            // Two channels per multiply, each exactly round(x·k/255) (mul255x2).
                            var rb = sw & 0x00FF_00FF, ga = (sw >> 8) & 0x00FF_00FF
                            if k != 255 { rb = mul255x2(rb, k); ga = mul255x2(ga, k) }
                            let inv = 255 - (ga >> 16)
                            let dw = dp.loadUnaligned(fromByteOffset: o, as: UInt32.self)
                            let drb = mul255x2(dw & 0x00FF_00FF, inv), dga = mul255x2((dw >> 8) & 0x00FF_00FF, inv)
                            dp.storeBytes(of: (rb &+ drb) | ((ga &+ dga) << 8), toByteOffset: o, as: UInt32.self)
                        }
                        o += 4
                    }
                }
            }
        }
    }

    /// Destination-in: multiplies every pixel of `dst` within `area` by the mask's coverage
    /// (pixels outside the mask become transparent).
    public static func clip(_ dst: inout Bitmap, to mask: CoverageMask?, area: PixelRect) {
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        let width = dst.width
        dst.pixels.withUnsafeMutableBufferPointer { d in
            for y in region.minY..<region.maxY {
                var o = (y * width + region.minX) * 4
                for x in region.minX..<region.maxX {
                    let c = UInt32(mask?[x, y] ?? 0)
                    if c != 255 {
                        d[o] = UInt8(mul255(UInt32(d[o]), c))
                        d[o + 1] = UInt8(mul255(UInt32(d[o + 1]), c))
                        d[o + 2] = UInt8(mul255(UInt32(d[o + 2]), c))
                        d[o + 3] = UInt8(mul255(UInt32(d[o + 3]), c))
                    }
                    o += 4
                }
            }
        }
    }
}

/// For one premultiplied colour, the source pixel and the destination factor at each coverage level.
struct SourceTable {
    struct Entry {
        /// The scaled source as little-endian RGBA bytes in one word.
        var source: UInt32
        /// 255 − source alpha.
        var inverse: UInt32
    }

    var entries: [Entry]

    init(_ color: PixelRGBA8) {
        entries = (0...255).map { c -> Entry in
            let k = UInt32(c)
            let r = Blend.mul255(UInt32(color.r), k), g = Blend.mul255(UInt32(color.g), k)
            let b = Blend.mul255(UInt32(color.b), k), a = Blend.mul255(UInt32(color.a), k)
            return Entry(source: r | (g << 8) | (b << 16) | (a << 24), inverse: 255 - a)
        }
    }
}
