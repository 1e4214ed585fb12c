@testable import AnimCodecs
import AnimTestRandom
import Testing

/// The palette passes that run in bands on several threads (``VarianceCut``'s nearest-entry passes
/// over the samples, ``KeptPixels/slack(_:colors:percent:threads:)`` over the pixels) give exactly
/// what one pass gives, including the ties that one pass breaks by order.
struct BandedPaletteTests {
    /// `count` distinct samples; with `coarse`, colours on a grid of 16 and weights 1…3, so that
    /// equal distances and equally heavy samples are common.
    static func samples(_ count: Int, coarse: Bool, seed: UInt64) -> [ColourSample] {
        var rng = SplitMix64(seed: seed)
        var seen = Set<Int>(), out: [ColourSample] = []
        while out.count < count {
            let step = coarse ? 16 : 1
            let c = Colour(r: rng.below(256 / step) * step, g: rng.below(256 / step) * step, b: rng.below(256 / step) * step)
            guard seen.insert(c.r << 16 | c.g << 8 | c.b).inserted || coarse else { continue }
            let w = coarse ? 1 + rng.below(3) : 1 + rng.below(1000)
            out.append(ColourSample(sum: ColourSum(weight: w, r: c.r * w, g: c.g * w, b: c.b * w), mean: c))
        }
        return out
    }

    @Test(arguments: [false, true])
    func theCutIsTheSameInBandsOfSamples(coarse: Bool) {
        for (count, limit) in [(5000, 255), (20_000, 255), (12_000, 15)] {
            let samples = Self.samples(count, coarse: coarse, seed: UInt64(count + limit))
            #expect(RowBands.count(rows: samples.count, width: VarianceCut.sampleWeight, threads: 4) > 1)
            let serial = VarianceCut(samples: samples, limit: limit)
            #expect(serial.palette.count == limit)
            for threads in [2, 3, 4] {
                let banded = VarianceCut(samples: samples, limit: limit, threads: threads)
                // Compared as Bools: a failure must not print thousands of entries.
                let samePalette = banded.palette == serial.palette, sameAssignment = banded.assignment == serial.assignment
                #expect(samePalette, "\(count) samples, limit \(limit), \(threads) threads")
                #expect(sameAssignment, "\(count) samples, limit \(limit), \(threads) threads")
            }
        }
    }

    @Test func anEntrySnapsToTheLowerOfTwoEquallyHeavySamplesInDifferentBands() {
        // 200 pairs of colours one blue level apart, equally heavy, the first of each pair among the
        // first samples and the second among the last, with light filler samples (all white)
        // between: the pairs cut apart from each other but not within become entries that each pair
        // holds alone, half and half, and snap to the pair's first colour, which one pass meets first.
        let pairs = (0..<200).map { k in Colour(r: (k % 5) * 40, g: (k / 5 % 5) * 40, b: (k / 25) * 24) }
        func sample(_ c: Colour, _ w: Int) -> ColourSample {
            ColourSample(sum: ColourSum(weight: w, r: c.r * w, g: c.g * w, b: c.b * w), mean: c)
        }
        let white = Colour(r: 255, g: 255, b: 255)
        let samples = pairs.map { sample($0, 1000) } + (0..<7600).map { _ in sample(white, 1) }
            + pairs.map { sample(Colour(r: $0.r, g: $0.g, b: $0.b + 1), 1000) }
        #expect(RowBands.count(rows: samples.count, width: VarianceCut.sampleWeight, threads: 2) == 8)
        let serial = VarianceCut(samples: samples, limit: 255)
        let palette = Set(serial.palette.map { Int($0.r) << 16 | Int($0.g) << 8 | Int($0.b) })
        let snappedToFirst = pairs.filter { c in
            palette.contains(c.r << 16 | c.g << 8 | c.b) && !palette.contains(c.r << 16 | c.g << 8 | (c.b + 1))
        }
        #expect(snappedToFirst.count >= 100)
        for threads in [2, 3, 4] {
            let banded = VarianceCut(samples: samples, limit: 255, threads: threads)
            let samePalette = banded.palette == serial.palette, sameAssignment = banded.assignment == serial.assignment
            #expect(samePalette, "\(threads) threads")
            #expect(sameAssignment, "\(threads) threads")
        }
    }

    @Test func theSlackIsTheSameInBandsOfRows() {
        var rng = SplitMix64(seed: 77)
        let (width, height) = (512, 400)
        let palette = (0..<200).map { _ in RGB8(r: rng.byte(), g: rng.byte(), b: rng.byte()) } + [.black]
        var colors: [UInt32] = [], indices: [UInt8] = []
        for _ in 0..<(width * height) {
            let kind = rng.below(10)
            colors.append(kind == 0 ? OpaqueColors.transparent : UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF)
            indices.append(kind == 1 ? 200 : UInt8(rng.below(200)))
        }
        let image = IndexedImage(width: width, height: height, palette: palette, indices: indices, transparentIndex: 200)
        // One plain pass over the drawn pixels: neither transparent nor the transparent index.
        var sum = 0, count = 0
        for k in colors.indices where colors[k] != OpaqueColors.transparent && indices[k] != 200 {
            sum += KeptPixels.distance(colors[k], palette[Int(indices[k])].packed)
            count += 1
        }
        #expect(count > 0 && RowBands.count(rows: height, width: width, threads: 4) == 12)
        for percent in [1, 85, 300] {
            let expected = percent * sum / (100 * count)
            for threads in [1, 2, 3, 4] {
                #expect(KeptPixels.slack(image, colors: colors, percent: percent, threads: threads) == expected,
                        "\(percent) %, \(threads) threads")
            }
        }
    }
}
