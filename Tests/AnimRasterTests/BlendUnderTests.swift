import AnimGeometry
@testable import AnimRaster
import AnimTestRandom
import Testing

/// `Blend.fill(_:color:under:into:)` leaves out the pixels its cover covers fully; followed by the
/// cover filled with an opaque colour (a shadow, then its layer), the result must be the bytes of
/// the plain fill followed by the same cover fill.
struct BlendUnderTests {
    @Test func leavingOutFullyCoveredPixelsChangesNoByteOnceTheCoverIsDrawn() throws {
        var rng = SplitMix64(seed: 0x5AD0)
        for _ in 0..<300 {
            let width = 20 + rng.below(40), height = 10 + rng.below(30)
            let mask = AffineImageRunsTests.mask(&rng, width, height)
            // A cover with rows of no, one and several full runs, placed anywhere over the mask.
            var cover = AffineImageRunsTests.mask(&rng, width - rng.below(10), height - rng.below(8))
            let dx = rng.below(21) - 10, dy = rng.below(13) - 6
            cover = CoverageMask(bounds: PixelRect(minX: cover.bounds.minX + dx, minY: cover.bounds.minY + dy,
                                                   maxX: cover.bounds.maxX + dx, maxY: cover.bounds.maxY + dy),
                                 coverage: cover.coverage)
            var pixels = [UInt8]()
            for _ in 0..<(width * height) {
                let a = rng.pick([0, 255, rng.byte()])
                for _ in 0..<3 { pixels.append(UInt8(UInt32(rng.byte()) * UInt32(a) / 255)) }
                pixels.append(a)
            }
            let canvas = try #require(Bitmap(width: width, height: height, pixels: pixels))
            let a = UInt16(rng.pick([1, 102, 255, rng.byte()]))
            let shadow = PixelRGBA8(r: UInt8(a / 3), g: 0, b: UInt8(a / 2), a: UInt8(a))
            let body = PixelRGBA8(r: rng.byte(), g: rng.byte(), b: rng.byte(), a: 255)
            var plain = canvas, under = canvas
            Blend.fill(mask, color: shadow, into: &plain)
            Blend.fill(cover, color: body, into: &plain)
            Blend.fill(mask, color: shadow, under: cover, into: &under)
            Blend.fill(cover, color: body, into: &under)
            #expect(under.pixels == plain.pixels)
            if under.pixels != plain.pixels { return }
        }
    }

    /// Rows of 0 to 90 bytes mixing 255s with runs of other values, at every phase of the
    /// eight-byte steps, against a byte-by-byte scan.
    @Test func theFullRunMatchesAByteByByteScan() {
        var rng = SplitMix64(seed: 0xF7FF)
        for width in 1...90 {
            for _ in 0..<40 {
                var row: [UInt8] = []
                while row.count < width {
                    let run = 1 + rng.below(rng.pick([3, 12, 40]))
                    row += [UInt8](repeating: rng.pick([255, 255, 0, 254, 1, 128]), count: run)
                }
                row = Array(row.prefix(width))
                var first = 0
                while first < width, row[first] != 255 { first += 1 }
                var end = first
                while end < width, row[end] == 255 { end += 1 }
                let bounds = PixelRect(minX: -3, minY: 5, maxX: width - 3, maxY: 6)
                row.withUnsafeBytes { p in
                    let run = Blend.fullRun(p.baseAddress!, bounds, row: 5)
                    #expect(run == (first - 3)..<(end - 3) || (run.isEmpty && first == end), "\(row)")
                }
            }
        }
    }

    @Test func theFullRunIsTheFirstRunOf255s() {
        let row: [UInt8] = [0, 10, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 200, 255, 255, 0]
        let bounds = PixelRect(minX: 100, minY: 7, maxX: 116, maxY: 8)
        row.withUnsafeBytes { p in
            #expect(Blend.fullRun(p.baseAddress!, bounds, row: 7) == 102..<112)
            #expect(Blend.fullRun(p.baseAddress!, bounds, row: 8).isEmpty)
        }
        [UInt8](repeating: 254, count: 16).withUnsafeBytes { p in
            #expect(Blend.fullRun(p.baseAddress!, bounds, row: 7).isEmpty)
        }
    }
}
