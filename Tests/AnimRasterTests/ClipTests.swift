@testable import AnimRaster
import AnimTestRandom
import Testing

/// `Blend.clip` (destination-in by a coverage mask) against the plain per-pixel formula: every
/// channel of every pixel in the area times its coverage through `mul255`, 0 outside the mask.
struct ClipTests {
    static func reference(_ dst: inout Bitmap, to mask: CoverageMask?, area: PixelRect) {
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX {
                let c = UInt32(mask?[x, y] ?? 0), p = dst[x, y]
                dst[x, y] = PixelRGBA8(r: UInt8(Blend.mul255(UInt32(p.r), c)), g: UInt8(Blend.mul255(UInt32(p.g), c)),
                                       b: UInt8(Blend.mul255(UInt32(p.b), c)), a: UInt8(Blend.mul255(UInt32(p.a), c)))
            }
        }
    }

    @Test func clipEqualsThePerPixelFormula() throws {
        var rng = SplitMix64(seed: 11)
        var zeroRuns = 0, fullRuns = 0
        for round in 0..<500 {
            let width = 1 + rng.below(rng.pick([9, 40, 90])), height = 1 + rng.below(20)
            var pixels: [UInt8] = []
            for _ in 0..<(width * height) {
                let a = rng.pick([0, 255, rng.byte()])
                for _ in 0..<3 { pixels.append(UInt8(UInt32(rng.byte()) * UInt32(a) / 255)) }
                pixels.append(a)
            }
            let original = try #require(Bitmap(width: width, height: height, pixels: pixels))
            var mask: CoverageMask?
            if rng.below(8) != 0 {
                let minX = rng.below(width + 6) - 3, minY = rng.below(height + 6) - 3
                let w = 1 + rng.below(width + 4), h = 1 + rng.below(height + 4)
                var coverage: [UInt8] = []
                while coverage.count < w * h {
                    let value = rng.pick([0, 255, 255, rng.byte()])
                    let run = 1 + rng.below(rng.pick([3, 12, 40]))
                    if run >= 8 { if value == 0 { zeroRuns += 1 } else if value == 255 { fullRuns += 1 } }
                    coverage += [UInt8](repeating: value, count: run)
                }
                mask = CoverageMask(bounds: PixelRect(minX: minX, minY: minY, maxX: minX + w, maxY: minY + h),
                                    coverage: Array(coverage.prefix(w * h)))
            }
            let ax = rng.below(width + 4) - 2, ay = rng.below(height + 4) - 2
            let area = PixelRect(minX: ax, minY: ay, maxX: ax + rng.below(width + 4), maxY: ay + rng.below(height + 4))
            var fast = original, slow = original
            Blend.clip(&fast, to: mask, area: area)
            Self.reference(&slow, to: mask, area: area)
            let differs = fast.pixels.indices.first { fast.pixels[$0] != slow.pixels[$0] }
            #expect(differs == nil, "round \(round): byte \(differs ?? 0), \(width)×\(height), area \(area), mask \(mask?.bounds ?? .empty)")
        }
        #expect(zeroRuns > 200 && fullRuns > 200)
    }
}
