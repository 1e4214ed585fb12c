@testable import AnimCompositor
import AnimGeometry
import AnimTestRandom
import Testing

/// A kept outline is the one `RoundedRect.contour` computes for the same input, bit for bit, and
/// inputs that differ only in a zero's sign or a NaN are told apart.
struct OutlineCacheTests {
    static func bits(_ points: [Point]) -> [UInt64] { points.flatMap { [$0.x.bitPattern, $0.y.bitPattern] } }

    @Test func keptOutlinesEqualComputedOnes() {
        var rng = SplitMix64(seed: 0x0C7)
        let cache = OutlineCache()
        for _ in 0..<400 {
            // Few distinct values, so that inputs differing in one field only meet the same cache.
            let rect = Rect(x: rng.pick([0.0, -0.0, 10.25]), y: rng.pick([0.0, -0.0, 7.5]),
                            width: rng.pick([40, 120.5]), height: rng.pick([30, 90]))
            let style = CornerStyle(radius: rng.pick([0, 4, 12.5, 18, 1000, .nan]), corners: rng.pick([.all, [.minXMinY], []]),
                                    curve: rng.pick(CornerCurve.allCases))
            let inset = rng.pick([0.0, 3, 1.5]), scale = rng.pick([1.0, 2, 3, 0.5])
            let kept = cache.contour(rect, style: style, inset: inset, pixelsPerPoint: scale)
            let again = cache.contour(rect, style: style, inset: inset, pixelsPerPoint: scale)
            let fresh = RoundedRect.contour(rect, style: style, inset: inset, pixelsPerPoint: scale)
            let keptSame = Self.bits(kept) == Self.bits(fresh), againSame = Self.bits(again) == Self.bits(fresh)
            #expect(keptSame, "\(rect) \(style) inset \(inset) scale \(scale)")
            #expect(againSame)
        }
    }
}
