@testable import AnimRaster
import AnimTestRandom
import Testing

/// The vectorized blends (four pixels per step in `PixelLanes`, single pixels at the ends of runs)
/// against a per-pixel, per-channel reference built from `Blend.mul255` alone: every byte must match.
struct BlendLanesTests {
    @Test func laneProductIsMul255ForAllPairs() {
        for a in 0...255 {
            var mismatches = 0
            for b in stride(from: 0, through: 255, by: 16) {
                let bs = PixelLanes((0..<16).map { UInt16(b + $0) })
                let product = Lanes.mul255(PixelLanes(repeating: UInt16(a)), bs)
                for i in 0..<16 where UInt32(product[i]) != Blend.mul255(UInt32(a), UInt32(b + i)) { mismatches += 1 }
            }
            #expect(mismatches == 0, "a = \(a)")
        }
    }

    @Test func coverageLanesRepeatEachByteOverItsPixel() {
        let (low, high) = Lanes.coverage(0x0807_0605_0403_0201)
        #expect(low == PixelLanes(1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4))
        #expect(high == PixelLanes(5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8))
    }

    /// Every coverage level at every position of an eight-pixel step, runs of 0 and 255 mixed in,
    /// widths 1…261 and masks reaching past the bitmap's left edge; then every level through the
    /// single-pixel path alone (a mask seven pixels wide).
    @Test(arguments: Self.colors)
    func solidFillEqualsThePerChannelReference(color: PixelRGBA8) throws {
        var rng = SplitMix64(seed: UInt64(color.packed))
        for width in [1, 3, 7, 8, 9, 15, 16, 17, 31, 33, 70, 261] {
            for minX in [-5, 0, 3] {
                let bounds = PixelRect(minX: minX, minY: 0, maxX: minX + width, maxY: 24)
                let mask = CoverageMask(bounds: bounds, coverage: Self.levels(bounds, &rng))
                for destination in Self.destinations {
                    let dst = try Self.bitmap(width: 280, height: 24, destination, &rng)
                    var fast = dst
                    Blend.fill(mask, color: color, into: &fast)
                    let expected = try Self.reference(dst) { x, y, d in
                        Self.over(color, coverage: UInt32(mask[x, y]), d)
                    }
                    #expect(Self.firstDifference(fast, expected) == nil, "width \(width) at \(minX), \(destination)")
                }
            }
        }
        let singles = CoverageMask(bounds: PixelRect(minX: 2, minY: 1, maxX: 9, maxY: 38), coverage: (0..<259).map { UInt8($0 % 256) })
        for destination in Self.destinations {
            let dst = try Self.bitmap(width: 12, height: 40, destination, &rng)
            var fast = dst
            Blend.fill(singles, color: color, into: &fast)
            let expected = try Self.reference(dst) { x, y, d in Self.over(color, coverage: UInt32(singles[x, y]), d) }
            #expect(Self.firstDifference(fast, expected) == nil, "single pixels, \(destination)")
        }
    }

    /// Runs of zero coverage of every length from 1 to 90, between single non-zero bytes, at every
    /// phase modulo 8: the row blend skips zeros 32 bytes a test, and must stop exactly at the next
    /// non-zero byte and at the row's end.
    @Test func zeroRunsOfAnyLengthEqualThePerChannelReference() throws {
        var rng = SplitMix64(seed: 0x2E40)
        let color = PixelRGBA8(r: 0, g: 0, b: 0, a: 102)
        for length in 1...90 {
            for phase in 0..<8 {
                var row = [UInt8](repeating: 255, count: phase)
                while row.count < 200 { row += [rng.pick([1, 128, 255])] + [UInt8](repeating: 0, count: length) }
                let bounds = PixelRect(minX: 0, minY: 0, maxX: row.count, maxY: 1)
                let mask = CoverageMask(bounds: bounds, coverage: row)
                let dst = try Self.bitmap(width: row.count + 3, height: 1, .premultiplied, &rng)
                var fast = dst
                Blend.fill(mask, color: color, into: &fast)
                let expected = try Self.reference(dst) { x, y, d in Self.over(color, coverage: UInt32(mask[x, y]), d) }
                #expect(Self.firstDifference(fast, expected) == nil, "zero runs of \(length) at phase \(phase)")
            }
        }
    }

    /// Runs of full coverage of every length from 1 to 90, between single bytes below 255, at every
    /// phase modulo 8: the row blend stores or blends full runs 32 bytes a test, and must stop
    /// exactly at the next partial byte and at the row's end.
    @Test(arguments: [PixelRGBA8(r: 12, g: 200, b: 77, a: 255), PixelRGBA8(r: 128, g: 0, b: 64, a: 128)])
    func fullRunsOfAnyLengthEqualThePerChannelReference(color: PixelRGBA8) throws {
        var rng = SplitMix64(seed: 0xF011)
        for length in 1...90 {
            for phase in 0..<8 {
                var row = [UInt8](repeating: 0, count: phase)
                while row.count < 200 { row += [rng.pick([0, 1, 128, 254])] + [UInt8](repeating: 255, count: length) }
                let mask = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: row.count, maxY: 1), coverage: row)
                let dst = try Self.bitmap(width: row.count + 3, height: 1, .anyBytes, &rng)
                var fast = dst
                Blend.fill(mask, color: color, into: &fast)
                let expected = try Self.reference(dst) { x, y, d in Self.over(color, coverage: UInt32(mask[x, y]), d) }
                #expect(Self.firstDifference(fast, expected) == nil, "full runs of \(length) at phase \(phase)")
            }
        }
    }

    /// Every mix of empty and full pixels in an eight-pixel step (a border's side, an edge on whole
    /// pixels: the covered pixels are selected, not blended), in rows of 8 to 15 pixels (the last
    /// few read as the eight bytes ending the row), under every test colour.
    @Test(arguments: Self.colors)
    func everyMixOfEmptyAndFullPixelsEqualsThePerChannelReference(color: PixelRGBA8) throws {
        var rng = SplitMix64(seed: UInt64(color.packed) ^ 0xB0DE)
        for width in 8...15 {
            var coverage: [UInt8] = []
            for pattern in 0..<256 {
                for x in 0..<width { coverage.append(pattern >> (x % 8) & 1 == 1 ? 255 : 0) }
            }
            let mask = CoverageMask(bounds: PixelRect(minX: 1, minY: 0, maxX: 1 + width, maxY: 256), coverage: coverage)
            for destination in Self.destinations {
                let dst = try Self.bitmap(width: width + 10, height: 256, destination, &rng)
                var fast = dst
                Blend.fill(mask, color: color, into: &fast)
                let expected = try Self.reference(dst) { x, y, d in Self.over(color, coverage: UInt32(mask[x, y]), d) }
                #expect(Self.firstDifference(fast, expected) == nil, "width \(width), \(destination)")
            }
        }
    }

    /// Layer sources with runs of transparent, opaque and translucent pixels, every opacity class,
    /// areas of odd widths at odd offsets and reaching past the edges.
    @Test(arguments: [0, 1, 77, 128, 254, 255] as [UInt8])
    func compositeEqualsThePerChannelReference(opacity: UInt8) throws {
        var rng = SplitMix64(seed: 1000 + UInt64(opacity))
        let src = try Self.layer(width: 45, height: 7, &rng)
        for area in Self.areas {
            for destination in Self.destinations {
                let dst = try Self.bitmap(width: 45, height: 7, destination, &rng)
                var fast = dst
                Blend.composite(src, opacity: opacity, area: area, into: &fast)
                let k = UInt32(opacity)
                let expected = try Self.reference(dst) { x, y, d in
                    guard Self.contains(area, x, y) else { return d }
                    let s = src[x, y]
                    let scaled = PixelRGBA8(r: UInt8(Blend.mul255(UInt32(s.r), k)), g: UInt8(Blend.mul255(UInt32(s.g), k)),
                                            b: UInt8(Blend.mul255(UInt32(s.b), k)), a: UInt8(Blend.mul255(UInt32(s.a), k)))
                    return Self.over(scaled, coverage: 255, d)
                }
                #expect(Self.firstDifference(fast, expected) == nil, "area \(area), \(destination)")
            }
        }
    }

    /// A small layer placed on a larger destination at offsets inside, across every edge and
    /// outside it (widths that leave 0–3 pixels after the four-pixel steps).
    @Test(arguments: [1, 3, 4, 6, 13, 45])
    func placedCompositeEqualsThePerChannelReference(width: Int) throws {
        var rng = SplitMix64(seed: 3000 + UInt64(width))
        let src = try Self.layer(width: width, height: 5, &rng)
        for (x, y) in [(0, 0), (7, 2), (-3, -2), (50, 4), (-width, 0), (60, 0), (3, 9), (11, -4)] {
            for destination in Self.destinations {
                let dst = try Self.bitmap(width: 61, height: 9, destination, &rng)
                var fast = dst
                Blend.composite(src, at: x, y, into: &fast)
                let expected = try Self.reference(dst) { px, py, d in
                    guard px >= x, px < x + width, py >= y, py < y + 5 else { return d }
                    return Self.over(src[px - x, py - y], coverage: 255, d)
                }
                #expect(Self.firstDifference(fast, expected) == nil, "width \(width) at (\(x), \(y)), \(destination)")
            }
        }
    }

    /// The same layers as masks: every pair of a destination area and a mask area from `areas`
    /// (disjoint, overlapping, empty, past the edges).
    @Test func maskEqualsThePerChannelReference() throws {
        var rng = SplitMix64(seed: 2024)
        let src = try Self.layer(width: 45, height: 7, &rng)
        for dstArea in Self.areas {
            for srcArea in Self.areas {
                let dst = try Self.bitmap(width: 45, height: 7, .anyBytes, &rng)
                var fast = dst
                Blend.mask(&fast, dstArea: dstArea, byAlphaOf: src, srcArea: srcArea)
                let expected = try Self.reference(dst) { x, y, d in
                    guard Self.contains(dstArea, x, y) else { return d }
                    let k = Self.contains(srcArea, x, y) ? UInt32(src[x, y].a) : 0
                    func ch(_ v: UInt8) -> UInt8 { UInt8(Blend.mul255(UInt32(v), k)) }
                    return PixelRGBA8(r: ch(d.r), g: ch(d.g), b: ch(d.b), a: ch(d.a))
                }
                #expect(Self.firstDifference(fast, expected) == nil, "dst \(dstArea), src \(srcArea)")
            }
        }
    }

    // MARK: - Inputs and the reference

    static let areas: [PixelRect] = [
        PixelRect(minX: 0, minY: 0, maxX: 45, maxY: 7), PixelRect(minX: 1, minY: 1, maxX: 44, maxY: 6),
        PixelRect(minX: 3, minY: 0, maxX: 10, maxY: 3), PixelRect(minX: 5, minY: 2, maxX: 22, maxY: 5),
        PixelRect(minX: -9, minY: -2, maxX: 17, maxY: 30), PixelRect(minX: 30, minY: 4, maxX: 90, maxY: 9),
        PixelRect(minX: 40, minY: 0, maxX: 41, maxY: 7), .empty,
    ]

    static func contains(_ r: PixelRect, _ x: Int, _ y: Int) -> Bool {
        x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY
    }

    /// A premultiplied layer: runs of 1–9 pixels transparent, opaque, of one translucent alpha, or
    /// each of its own (alpha 0, 255 or random).
    static func layer(width: Int, height: Int, _ rng: inout SplitMix64) throws -> Bitmap {
        var b = try #require(Bitmap(width: width, height: height))
        var i = 0, run = 0, kind = 0
        var alpha: UInt8 = 0
        while i < b.pixels.count {
            if run == 0 { run = 1 + rng.below(9); kind = rng.below(4); alpha = rng.byte() }
            let a: UInt8 = switch kind {
            case 0: 0
            case 1: 255
            case 2: alpha
            default: [0, 255, rng.byte()][rng.below(3)]
            }
            b.pixels[i + 3] = a
            for c in 0..<3 { b.pixels[i + c] = UInt8(Blend.mul255(UInt32(rng.byte()), UInt32(a))) }
            i += 4
            run -= 1
        }
        return b
    }


    /// Premultiplied colours (alpha 0, 1, 255, in between; one channel equal to alpha) and one that is
    /// not premultiplied (its channels wrap modulo 256 in every path alike).
    static let colors: [PixelRGBA8] = [
        PixelRGBA8(r: 0, g: 0, b: 0, a: 0), PixelRGBA8(r: 1, g: 0, b: 1, a: 1),
        PixelRGBA8(r: 255, g: 255, b: 255, a: 255), PixelRGBA8(r: 12, g: 200, b: 77, a: 255),
        PixelRGBA8(r: 0, g: 0, b: 0, a: 102), PixelRGBA8(r: 128, g: 0, b: 64, a: 128),
        PixelRGBA8(r: 254, g: 3, b: 90, a: 254), PixelRGBA8(r: 200, g: 10, b: 250, a: 60),
        PixelRGBA8(r: 0, g: 0, b: 0, a: 255), PixelRGBA8(r: 0, g: 0, b: 0, a: 1),
    ]

    enum Destination: CaseIterable { case transparent, opaqueWhite, premultiplied, anyBytes }
    static let destinations = Destination.allCases

    /// Rows 3j of the mask hold level (7x + 33j) mod 256 at column x: all 256 levels in any 256
    /// columns, and over rows j = 0…7 each level at each position modulo 8. Rows 3j + 1 are runs of
    /// 0 and 255; rows 3j + 2 the same with a random level every eleventh pixel.
    static func levels(_ bounds: PixelRect, _ rng: inout SplitMix64) -> [UInt8] {
        var out = [UInt8]()
        for row in 0..<bounds.height {
            for x in 0..<bounds.width {
                switch row % 3 {
                case 0: out.append(UInt8((7 * x + 33 * (row / 3)) % 256))
                case 1: out.append((x / 8) % 2 == 0 ? 255 : 0)
                default: out.append(x % 11 == 5 ? rng.byte() : (x / 8) % 2 == 0 ? 255 : 0)
                }
            }
        }
        return out
    }

    static func bitmap(width: Int, height: Int, _ kind: Destination, _ rng: inout SplitMix64) throws -> Bitmap {
        var b = try #require(Bitmap(width: width, height: height))
        for i in stride(from: 0, to: b.pixels.count, by: 4) {
            switch kind {
            case .transparent: break
            case .opaqueWhite: for c in 0..<4 { b.pixels[i + c] = 255 }
            case .premultiplied:
                let a: UInt8 = [0, 255, rng.byte()][rng.below(3)]
                b.pixels[i + 3] = a
                for c in 0..<3 { b.pixels[i + c] = UInt8(Blend.mul255(UInt32(rng.byte()), UInt32(a))) }
            case .anyBytes: for c in 0..<4 { b.pixels[i + c] = rng.byte() }
            }
        }
        return b
    }

    /// Source-over of `color` scaled by coverage c, one channel at a time: s = mul255(colour, c),
    /// d' = s + mul255(d, 255 − s_a), the low byte kept; coverage 0 and a transparent colour leave d.
    static func over(_ color: PixelRGBA8, coverage c: UInt32, _ d: PixelRGBA8) -> PixelRGBA8 {
        guard c != 0, color.a != 0 else { return d }
        let sa = Blend.mul255(UInt32(color.a), c), inverse = 255 - sa
        func ch(_ s: UInt8, _ d: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: Blend.mul255(UInt32(s), c) + Blend.mul255(UInt32(d), inverse))
        }
        return PixelRGBA8(r: ch(color.r, d.r), g: ch(color.g, d.g), b: ch(color.b, d.b), a: ch(color.a, d.a))
    }

    /// `dst` with every pixel replaced by `pixel(x, y, old)`.
    static func reference(_ dst: Bitmap, _ pixel: (Int, Int, PixelRGBA8) -> PixelRGBA8) throws -> Bitmap {
        var out = dst
        for y in 0..<dst.height {
            for x in 0..<dst.width { out[x, y] = pixel(x, y, dst[x, y]) }
        }
        return out
    }

    /// The first pixel where two bitmaps differ, with both values; nil when every byte is equal.
    static func firstDifference(_ a: Bitmap, _ b: Bitmap) -> String? {
        guard a.pixels != b.pixels else { return nil }
        let i = zip(a.pixels, b.pixels).enumerated().first { $0.element.0 != $0.element.1 }!.offset / 4
        let (x, y) = (i % a.width, i / a.width)
        return "(\(x), \(y)): \(a[x, y]) against \(b[x, y])"
    }
}
