@testable import AnimCompositor
import AnimRaster
import AnimTestRandom
import Testing

/// The alpha a shadow is blurred from (`ShadowKey.alpha`: the background's coverage at its alpha,
/// the border's over it), row by row, against the per-pixel formula it was first written as, over
/// random masks that overlap, miss each other and overhang the area, with alphas 0, 255 and between.
struct ShadowAlphaTests {
    static func mask(_ rng: inout SplitMix64) -> CoverageMask {
        let minX = rng.below(40) - 10, minY = rng.below(40) - 10
        let w = 1 + rng.below(50), h = 1 + rng.below(50)
        var coverage: [UInt8] = []
        for _ in 0..<(w * h) { coverage.append(rng.pick([0, 255, rng.byte()])) }
        return CoverageMask(bounds: PixelRect(minX: minX, minY: minY, maxX: minX + w, maxY: minY + h), coverage: coverage)
    }

    static func reference(background: CoverageMask?, _ a1: UInt8, border: CoverageMask?, _ a2: UInt8,
                          area: PixelRect) -> CoverageMask? {
        let bounds = (background?.bounds ?? .empty).union(border?.bounds ?? .empty).intersection(area)
        guard !bounds.isEmpty else { return nil }
        var values: [UInt8] = []
        for y in bounds.minY..<bounds.maxY {
            for x in bounds.minX..<bounds.maxX {
                let s1 = (Int(background?[x, y] ?? 0) * Int(a1) + 127) / 255
                let s2 = (Int(border?[x, y] ?? 0) * Int(a2) + 127) / 255
                values.append(UInt8(s2 + (s1 * (255 - s2) + 127) / 255))
            }
        }
        return CoverageMask(bounds: bounds, coverage: values)
    }

    @Test func rowsEqualThePerPixelFormula() {
        var rng = SplitMix64(seed: 0x5AD0)
        var both = 0
        for _ in 0..<500 {
            let background = rng.below(6) == 0 ? nil : Self.mask(&rng)
            let border = rng.below(3) == 0 ? nil : Self.mask(&rng)
            let a1 = rng.pick([0, 255, rng.byte()]), a2 = rng.pick([0, 255, rng.byte()])
            let area = PixelRect(minX: rng.below(20) - 15, minY: rng.below(20) - 15, maxX: 10 + rng.below(60), maxY: 10 + rng.below(60))
            if background != nil, border != nil { both += 1 }
            let rows = ShadowKey.alpha(background: background, a1, border: border, a2, area: area)
            let pixels = Self.reference(background: background, a1, border: border, a2, area: area)
            #expect(rows?.bounds == pixels?.bounds)
            #expect(rows?.coverage == pixels?.coverage)
        }
        #expect(both > 200)
    }
}
