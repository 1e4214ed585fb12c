@testable import AnimCodecs
import AnimTestRandom
import Testing

/// ``ChangedPixels``' eight-pixel rule and its row passes give what the one-pixel rule gives.
struct ChangedPixelsTests {
    /// A pixel near `base`: the transparent mark, `base` itself, or one channel moved by up to 12,
    /// so distances fall on both sides of the tolerances.
    static func near(_ base: UInt32, _ rng: inout SplitMix64) -> UInt32 {
        switch rng.below(6) {
        case 0: return OpaqueColors.transparent
        case 1, 2: return base
        default:
            let shift = UInt32(8 * rng.below(3)), channel = Int((base >> shift) & 0xFF)
            let moved = UInt32(min(255, max(0, channel + rng.below(25) - 12)))
            return (base & ~(0xFF << shift)) | moved << shift
        }
    }

    /// Rows of target, previous and shown pixels, each near one random colour per pixel.
    static func rows(_ count: Int, _ rng: inout SplitMix64) -> (target: [UInt32], previous: [UInt32], shown: [UInt32]) {
        var t: [UInt32] = [], p: [UInt32] = [], s: [UInt32] = []
        for _ in 0..<count {
            let base = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
            t.append(near(base, &rng))
            p.append(near(base, &rng))
            s.append(near(base, &rng))
        }
        return (t, p, s)
    }

    @Test(arguments: [0, 1, 5, 6, 40])
    func eightPixelsAtOnceGiveThePixelRule(tolerance: Int) {
        var rng = SplitMix64(seed: UInt64(100 + tolerance))
        var drawn = 0, kept = 0
        for _ in 0..<2000 {
            let (t, p, s) = Self.rows(8, &rng)
            let mask = ChangedPixels.changed(ChangedPixels.Lanes(t), ChangedPixels.Lanes(p), ChangedPixels.Lanes(s),
                                             tolerance: tolerance)
            for k in 0..<8 {
                let one = ChangedPixels.changed(t[k], p[k], s[k], tolerance: tolerance)
                #expect(mask[k] == one, "\(t[k]) \(p[k]) \(s[k]) at tolerance \(tolerance)")
                if one { drawn += 1 } else { kept += 1 }
            }
        }
        #expect(drawn > 2000 && kept > 2000)
    }

    @Test func rowPassesGiveThePixelRuleAtEveryLength() {
        var rng = SplitMix64(seed: 7)
        for count in 0..<45 {
            for tolerance in [0, 6] {
                let (t, p, s) = Self.rows(count, &rng)
                let expected = (0..<count).map { ChangedPixels.changed(t[$0], p[$0], s[$0], tolerance: tolerance) }
                var out = [UInt32](repeating: 0xABCDEF, count: count)
                let left = t.withUnsafeBufferPointer { t in
                    p.withUnsafeBufferPointer { p in
                        s.withUnsafeBufferPointer { s in
                            out.withUnsafeMutableBufferPointer { o in
                                ChangedPixels.copyRow(target: t.baseAddress!, previous: p.baseAddress!, shown: s.baseAddress!,
                                                      into: o.baseAddress!, count: count, tolerance: tolerance)
                            }
                        }
                    }
                }
                #expect(out == (0..<count).map { expected[$0] ? t[$0] : 0xABCDEF }, "\(count) pixels")
                #expect(left == expected.contains(false), "\(count) pixels")
                let span = t.withUnsafeBufferPointer { t in
                    p.withUnsafeBufferPointer { p in
                        s.withUnsafeBufferPointer { s in
                            ChangedPixels.span(target: t.baseAddress!, previous: p.baseAddress!, shown: s.baseAddress!,
                                               count: count, tolerance: tolerance)
                        }
                    }
                }
                #expect(span?.first == expected.firstIndex(of: true) && span?.last == expected.lastIndex(of: true),
                        "\(count) pixels")
            }
        }
    }
}
