@testable import AnimCodecs
import AnimRaster
import AnimTestRandom
import Testing

/// The per-pixel passes of ``GIFAnimationEncoder`` run in bands of rows on several threads
/// (``RowBands``): the files must be the serial encoder's, byte for byte, for frames large enough to
/// be cut into bands, on every path (exact and quantized palettes, dithering, kept and stale
/// pixels, alternative indices, transparency).
struct BandedGIFTests {
    static let width = 640, height = 420

    /// 10 frames: a gradient of many thousands of colours under moving translucent discs, with a
    /// patch of noise in some frames and, with `alpha`, transparent holes that move. With `bits`,
    /// every channel keeps only its top `bits` bits and there is no noise: 4 leaves a few thousand
    /// distinct colours, which the quantizer counts exactly (``ColourSamples``) instead of in
    /// histogram cells; 2 leaves at most 64, an exact palette (``ExactPalette``).
    static func frames(alpha: Bool, bits: Int = 8, seed: UInt64) -> [Bitmap] {
        let coarse = bits < 8
        var rng = SplitMix64(seed: seed)
        let noise = (0..<(64 * 48)).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        return (0..<10).map { k in
            Bitmap.make(width: width, height: height) { x, y in
                let dx = x - (80 + 37 * k), dy = y - (120 + 11 * k)
                if alpha, (x / 40 + y / 40 + k) % 7 == 0 { return PixelRGBA8(r: 0, g: 0, b: 0, a: 0) }
                if !coarse, k % 3 == 1, (300..<364).contains(x), (200..<248).contains(y) {
                    let n = noise[(y - 200) * 64 + (x - 300)]
                    return PixelRGBA8(r: UInt8(n & 0xFF), g: UInt8((n >> 8) & 0xFF), b: UInt8((n >> 16) & 0xFF), a: 255)
                }
                let m = UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                let base = PixelRGBA8(r: UInt8(x * 255 / width) & m, g: UInt8(y * 255 / height) & m,
                                      b: UInt8((x + y + 9 * k) % 256) & m, a: 255)
                guard dx * dx + dy * dy < 90 * 90 else { return base }
                // A disc at 60 % over the gradient (premultiplied, opaque result).
                func mix(_ c: UInt8, _ d: Int) -> UInt8 { UInt8((Int(c) * 2 + d * 3) / 5) & m }
                return PixelRGBA8(r: mix(base.r, 250), g: mix(base.g, 40), b: mix(base.b, 90), a: 255)
            }
        }
    }

    func gif(_ frames: [Bitmap], options: GIFOptions, threads: Int) throws -> [UInt8] {
        var encoder = try GIFAnimationEncoder(width: Self.width, height: Self.height, loopCount: 0, options: options, threads: threads)
        for f in frames { try encoder.add(f, delay: 4) }
        return try encoder.finish()
    }

    @Test(arguments: [
        GIFOptions(), GIFOptions(quality: 100), GIFOptions(quality: 60), GIFOptions(maxColors: 16, quality: 95),
        GIFOptions(transparent: true, matte: .white), GIFOptions(transparent: true, quality: 70),
    ])
    func bandsOfRowsGiveTheSerialFile(options: GIFOptions) throws {
        // 640×420 is 16 bands of 16 K pixels: 8 on two threads, 12 on three, 16 on four.
        #expect(RowBands.count(rows: Self.height, width: Self.width, threads: 2) == 8)
        #expect(RowBands.count(rows: Self.height, width: Self.width, threads: 8) == 16)
        for bits in [8, 4, 2] {
            let frames = Self.frames(alpha: options.transparent, bits: bits, seed: 5)
            let serial = try gif(frames, options: options, threads: 1)
            for threads in [2, 3, 4] {
                #expect(try gif(frames, options: options, threads: threads) == serial, "threads \(threads), \(bits) bits")
            }
        }
        let frames = Self.frames(alpha: options.transparent, seed: 5)
        let serial = try gif(frames, options: options, threads: 1)
        // Every frame differs from the one before, so all ten are in the file.
        let decoded = try GIFDecoder.decode(serial)
        #expect(decoded.frames.count == 10)
    }

    @Test func bandsCoverEveryRowOnceInOrder() {
        for (rows, width, threads) in [(420, 640, 8), (7, 100_000, 3), (1, 1 << 20, 4), (1000, 10, 4), (0, 640, 2)] {
            let count = RowBands.count(rows: rows, width: width, threads: threads)
            var seen = [Range<Int>](repeating: 0..<0, count: count)
            seen.withUnsafeMutableBufferPointer { seen in
                let out = BandBuffer(seen)
                RowBands.run(rows: rows, width: width, threads: threads) { k, band in out.base[k] = band }
            }
            #expect(count >= 1 && count <= max(1, min(threads * RowBands.bandsPerThread, rows)))
            #expect(seen.map(\.count).reduce(0, +) == rows, "\(rows)×\(width) on \(threads)")
            #expect(seen.first?.lowerBound == 0 && seen.last?.upperBound == rows)
            for k in 1..<max(1, seen.count) { #expect(seen[k].lowerBound == seen[k - 1].upperBound) }
        }
    }

    @Test func coloursCountedInBandsAreTheColoursCountedAtOnce() {
        // Both sample kinds: exact counts (coarse frames) and histogram cells (fine ones).
        for coarse in [true, false] {
            let frame = Self.frames(alpha: false, bits: coarse ? 4 : 8, seed: 9)[3]
            let colours = OpaqueColors.packed(frame, reserveTransparent: false, matte: .black)
            let serial = ColourSamples(colours)
            #expect(serial.isExact == coarse)
            for threads in [2, 4] {
                let banded = ColourSamples(colours, width: Self.width, threads: threads)
                #expect(banded.isExact == serial.isExact)
                #expect(banded.samples.map(\.sum) == serial.samples.map(\.sum), "coarse \(coarse), threads \(threads)")
            }
            // A limit the frame passes only as a whole is still refused after the merge.
            if coarse, let all = DistinctColours.count(colours, limit: 1 << 20) {
                #expect(DistinctColours.count(colours, limit: all.count - 1, width: Self.width, threads: 4) == nil)
                #expect(DistinctColours.count(colours, limit: all.count, width: Self.width, threads: 4)?.count == all.count)
            }
        }
    }
}
