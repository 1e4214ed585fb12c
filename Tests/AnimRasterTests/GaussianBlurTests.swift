import AnimGeometry
import AnimRaster
import AnimTestRandom
import Glibc
import Testing

/// The shadow blur measured against the exact Gaussian. A blurred pixel's true value is the area
/// average over that pixel of the blurred shape (the rasterizer's exact-area convention), computed
/// here from libm's erfc by Simpson's rule, independently of the kernel's closed form.
struct GaussianBlurTests {
    static let sigmas = [0.5, 1, 2, 3, 5, 10, 25]

    // MARK: Helpers

    /// 0.5·erfc(−u/(σ√2)): the blurred half-plane x ≥ 0 at distance u inside it.
    func blurredStep(_ u: Double, _ sigma: Double) -> Double {
        0.5 * erfc(-u / (sigma * 2.0.squareRoot()))
    }

    /// The average of f over [a, a + 1] (Simpson, 256 intervals).
    func pixelAverage(_ a: Double, _ f: (Double) -> Double) -> Double {
        let n = 256
        var sum = f(a) + f(a + 1)
        for i in 1..<n { sum += f(a + Double(i) / Double(n)) * (i % 2 == 1 ? 4 : 2) }
        return sum / Double(3 * n)
    }

    /// A mask over `bounds` whose columns x have coverage `column(x)` in every row.
    func columns(_ bounds: PixelRect, _ column: (Int) -> UInt8) -> CoverageMask {
        var coverage: [UInt8] = []
        for _ in bounds.minY..<bounds.maxY {
            for x in bounds.minX..<bounds.maxX { coverage.append(column(x)) }
        }
        return CoverageMask(bounds: bounds, coverage: coverage)
    }

    /// The largest |blurred − truth| in 1/255 units along row 0, over x in `range`, for a mask of
    /// vertical stripes far taller than the kernel (so the rows near 0 only see the x profile).
    func maxErrorAlongRow(_ mask: CoverageMask, sigma: Double, offset: Double, range: ClosedRange<Int>,
                          truth: (Double) -> Double) -> Double {
        let clip = PixelRect(minX: range.lowerBound, minY: 0, maxX: range.upperBound + 1, maxY: 1)
        guard let out = GaussianBlur.blur(mask, sigma: sigma, offset: Point(x: offset, y: 0), clip: clip) else { return .infinity }
        var worst = 0.0
        for x in range {
            let exact = pixelAverage(Double(x)) { truth($0 - offset) }
            worst = max(worst, abs(Double(out[x, 0]) - 255 * exact))
        }
        return worst
    }

    func randomMask(_ rng: inout SplitMix64, bounds: PixelRect) -> CoverageMask {
        let coverage = (0..<(bounds.width * bounds.height)).map { _ in rng.below(3) == 0 ? 0 : rng.byte() }
        return CoverageMask(bounds: bounds, coverage: coverage)
    }

    func sum(_ mask: CoverageMask?) -> Int { mask?.coverage.reduce(0) { $0 + Int($1) } ?? 0 }

    // MARK: Accuracy

    @Test(arguments: sigmas)
    func stepEdgeWithinOneLevel(sigma: Double) {
        let n = Int(8 * sigma) + 8
        let mask = columns(PixelRect(minX: -2 * n, minY: -n, maxX: 2 * n, maxY: n)) { $0 >= 0 ? 255 : 0 }
        for offset in [0.0, 0.3, 0.5, -1.75] {
            let error = maxErrorAlongRow(mask, sigma: sigma, offset: offset, range: -n...n) { blurredStep($0, sigma) }
            #expect(error <= 1, "σ \(sigma) offset \(offset): \(error) levels")
        }
    }

    @Test(arguments: sigmas)
    func onePixelLineWithinOneLevel(sigma: Double) {
        let n = Int(8 * sigma) + 8
        let mask = columns(PixelRect(minX: -n, minY: -n, maxX: n, maxY: n)) { $0 == 0 ? 255 : 0 }
        for offset in [0.0, 0.25, 0.5] {
            let error = maxErrorAlongRow(mask, sigma: sigma, offset: offset, range: (-n / 2)...(n / 2)) {
                blurredStep($0, sigma) - blurredStep($0 - 1, sigma)
            }
            #expect(error <= 1, "σ \(sigma) offset \(offset): \(error) levels")
        }
    }

    // MARK: Conservation, shifts, clipping

    @Test func massIsConservedWhenNothingIsClipped() throws {
        var rng = SplitMix64(seed: 0x5EED_B1A5)
        let mask = randomMask(&rng, bounds: PixelRect(minX: 3, minY: -7, maxX: 43, maxY: 23))
        let everything = PixelRect(minX: -1000, minY: -1000, maxX: 1000, maxY: 1000)
        for (sigma, offset) in [(0.0, Point(x: 0.5, y: 0.25)), (0.7, Point.zero), (3, Point(x: -2.4, y: 1.1)), (10, Point(x: 7, y: -3))] {
            let out = try #require(GaussianBlur.blur(mask, sigma: sigma, offset: offset, clip: everything))
            // The weights sum to exactly 2¹⁶ per axis, so only rounding moves mass: each output pixel
            // once (±0.5 level) after an intermediate rounding of ±1/512. (Far tails under half a
            // level all round to 0, so the drift is mostly a small loss.)
            let drift = abs(sum(out) - sum(mask))
            #expect(Double(drift) <= 0.51 * Double(out.coverage.count), "σ \(sigma): drift \(drift)")
            #expect(Double(drift) <= 0.005 * Double(sum(mask)), "σ \(sigma): drift \(drift) of \(sum(mask))")
        }
    }

    @Test func noBlurIsTheIdentityAndWholeShiftsAreExact() throws {
        var rng = SplitMix64(seed: 42)
        let mask = randomMask(&rng, bounds: PixelRect(minX: 0, minY: 0, maxX: 17, maxY: 9))
        let clip = PixelRect(minX: -100, minY: -100, maxX: 100, maxY: 100)
        for sigma in [0.0, 0.01, -3] {
            let same = try #require(GaussianBlur.blur(mask, sigma: sigma, offset: .zero, clip: clip))
            #expect(same == mask)
        }
        let moved = try #require(GaussianBlur.blur(mask, sigma: 0, offset: Point(x: -5, y: 3), clip: clip))
        #expect(moved.bounds == PixelRect(minX: -5, minY: 3, maxX: 12, maxY: 12))
        #expect(moved.coverage == mask.coverage)
    }

    @Test(arguments: [0.0, 10, 25])
    func halfPixelShiftIsTheAverageOfItsNeighbours(sigma: Double) throws {
        var rng = SplitMix64(seed: 7)
        let mask = randomMask(&rng, bounds: PixelRect(minX: 0, minY: 0, maxX: 24, maxY: 24))
        let clip = PixelRect(minX: -200, minY: -200, maxX: 200, maxY: 200)
        for axis in [Point(x: 1, y: 0), Point(x: 0, y: 1)] {
            let half = try #require(GaussianBlur.blur(mask, sigma: sigma, offset: axis * 0.5, clip: clip))
            let zero = try #require(GaussianBlur.blur(mask, sigma: sigma, offset: .zero, clip: clip))
            let one = try #require(GaussianBlur.blur(mask, sigma: sigma, offset: axis, clip: clip))
            var worst = 0.0
            for y in half.bounds.minY..<half.bounds.maxY {
                for x in half.bounds.minX..<half.bounds.maxX {
                    let average = (Double(zero[x, y]) + Double(one[x, y])) / 2
                    worst = max(worst, abs(Double(half[x, y]) - average))
                }
            }
            #expect(worst <= 1, "σ \(sigma) axis \(axis): \(worst) levels")
        }
    }

    @Test func clipIsRespectedAndDoesNotChangeValues() throws {
        var rng = SplitMix64(seed: 99)
        let mask = randomMask(&rng, bounds: PixelRect(minX: 10, minY: 10, maxX: 50, maxY: 40))
        let everything = PixelRect(minX: -100, minY: -100, maxX: 200, maxY: 200)
        let whole = try #require(GaussianBlur.blur(mask, sigma: 4, offset: Point(x: 3.5, y: -2.25), clip: everything))
        let clip = PixelRect(minX: 5, minY: 20, maxX: 30, maxY: 33)
        let part = try #require(GaussianBlur.blur(mask, sigma: 4, offset: Point(x: 3.5, y: -2.25), clip: clip))
        #expect(part.bounds == clip)
        for y in clip.minY..<clip.maxY {
            for x in clip.minX..<clip.maxX { #expect(part[x, y] == whole[x, y]) }
        }
        // Bounds: the input grown by the kernel (≈ 3.1σ + 1) and shifted.
        #expect(whole.bounds.minX >= 10 + 3 - 15 && whole.bounds.maxX <= 50 + 4 + 15)
        #expect(GaussianBlur.blur(mask, sigma: 4, offset: .zero, clip: PixelRect(minX: 500, minY: 0, maxX: 600, maxY: 50)) == nil)
    }

    // MARK: Degenerate input

    @Test func emptyInputGivesNil() throws {
        let empty = CoverageMask(bounds: .empty, coverage: [])
        #expect(GaussianBlur.blur(empty, sigma: 3, offset: .zero, clip: PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10)) == nil)
        let zeros = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 4, maxY: 4), coverage: [UInt8](repeating: 0, count: 16))
        #expect(GaussianBlur.blur(zeros, sigma: 3, offset: .zero, clip: PixelRect(minX: 0, minY: 0, maxX: 10, maxY: 10)) == nil)
        let one = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1), coverage: [255])
        #expect(GaussianBlur.blur(one, sigma: 3, offset: .zero, clip: .empty) == nil)

        var bitmap = try #require(Bitmap(width: 8, height: 6))
        #expect(GaussianBlur.alpha(of: bitmap, area: PixelRect(minX: 0, minY: 0, maxX: 8, maxY: 6)) == nil)
        bitmap[3, 2] = PixelRGBA8(r: 10, g: 20, b: 30, a: 200)
        let alpha = try #require(GaussianBlur.alpha(of: bitmap, area: PixelRect(minX: 2, minY: -5, maxX: 50, maxY: 3)))
        #expect(alpha.bounds == PixelRect(minX: 2, minY: 0, maxX: 8, maxY: 3))
        #expect(alpha[3, 2] == 200 && alpha.area == 200.0 / 255)
        #expect(GaussianBlur.alpha(of: bitmap, area: PixelRect(minX: 9, minY: 0, maxX: 20, maxY: 6)) == nil)
    }

    @Test func hugeSigmaIsCappedAndStaysCheap() throws {
        let dot = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 2, maxY: 2), coverage: [255, 255, 255, 255])
        let clip = PixelRect(minX: -5000, minY: -5000, maxX: 5000, maxY: 5000)
        for sigma in [1000.0, 1e9, 1e300] {
            // Four pixels spread over ~2049² pixels round to zero everywhere: nothing to draw.
            #expect(GaussianBlur.blur(dot, sigma: sigma, offset: .zero, clip: clip) == nil)
        }
        // A 64-px block: at σ = 300 (radius ≈ 930) the centre keeps a couple of levels; beyond the
        // cap the kernel is a 2049-tap box and the result (≈ 0.25 level) rounds away.
        let block = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 64, maxY: 64), coverage: [UInt8](repeating: 255, count: 4096))
        let r = GaussianBlur.maxRadius
        let wide = try #require(GaussianBlur.blur(block, sigma: 300, offset: Point(x: 0.5, y: 0), clip: clip))
        #expect(wide.bounds.minX >= -r && wide.bounds.maxX <= 64 + r + 1 && wide[32, 32] >= 1)
        #expect(GaussianBlur.blur(block, sigma: 1e12, offset: Point(x: 0.5, y: 0), clip: clip) == nil)
    }

    @Test func nonFiniteSigmaOrOffsetGivesNil() {
        let mask = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 2, maxY: 1), coverage: [255, 128])
        let clip = PixelRect(minX: -50, minY: -50, maxX: 50, maxY: 50)
        for sigma in [Double.nan, .infinity, -.infinity] {
            #expect(GaussianBlur.blur(mask, sigma: sigma, offset: .zero, clip: clip) == nil)
        }
        for offset in [Point(x: .nan, y: 0), Point(x: 0, y: .infinity), Point(x: 1e300, y: 0), Point(x: -0x1p41, y: 3)] {
            #expect(GaussianBlur.blur(mask, sigma: 2, offset: offset, clip: clip) == nil)
        }
        // Masks at the ends of Int (no caller makes them) give nil instead of overflowing.
        for x in [Int.max - 4, Int.min] {
            let far = CoverageMask(bounds: PixelRect(minX: x, minY: x, maxX: x + 2, maxY: x + 1), coverage: [255, 128])
            #expect(GaussianBlur.blur(far, sigma: 2, offset: Point(x: 0x1p40, y: -0x1p40), clip: far.bounds) == nil)
        }
    }
}
