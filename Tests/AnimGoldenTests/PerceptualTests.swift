import AnimGolden
import AnimRaster
import Testing

/// The perceptual check (issue 9's acceptance criteria): edges moved by up to one pixel pass; a
/// shape moved by two pixels, a recoloured region and a vanished line fail.
struct PerceptualTests {
    let perceptual = GoldenTolerance.perceptual()

    func difference(_ verdict: FrameVerdict) -> FrameDifference? {
        switch verdict {
        case let .pass(d): d
        case let .differs(d): d
        default: nil
        }
    }

    @Test func theDefaultThresholdIsTwo() {
        #expect(GoldenTolerance.defaultPerceptualDeltaE == 2)
        #expect(perceptual.perceptualDeltaE == 2 && perceptual.maxDifferingPixels == 0 && perceptual.maxChannelDelta == 0)
    }

    /// Measured: 78–120 pixels differ, none fails.
    @Test(arguments: [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (1.0, 1.0), (0.5, 0.0), (0.0, 0.5), (0.5, 0.5), (0.25, 0.75)])
    func anEdgeMovedByUpToOnePixelPasses(_ dx: Double, _ dy: Double) throws {
        let golden = try GoldenFixtures.card(x: 20, y: 12)
        let moved = try GoldenFixtures.card(x: 20 + dx, y: 12 + dy)
        let verdict = FrameComparator.compare(expected: golden, actual: moved, tolerance: perceptual)
        let d = try #require(difference(verdict))
        #expect(verdict.passed, "\(verdict)")
        #expect(d.perceptualFailures == 0)
        #expect(d.differingPixels > 0)
        #expect(!FrameComparator.compare(expected: golden, actual: moved, tolerance: .exact).passed)
    }

    /// Measured: 84 failing pixels for ±2 px in x, 100 for 2 px in y, 50 for 1.5 px in x.
    @Test(arguments: [(2.0, 0.0), (0.0, 2.0), (-2.0, 0.0), (1.5, 0.0)])
    func aShapeMovedByTwoPixelsFails(_ dx: Double, _ dy: Double) throws {
        let golden = try GoldenFixtures.card(x: 20, y: 12)
        let moved = try GoldenFixtures.card(x: 20 + dx, y: 12 + dy)
        let verdict = FrameComparator.compare(expected: golden, actual: moved, tolerance: perceptual)
        let d = try #require(difference(verdict))
        #expect(!verdict.passed)
        #expect((d.perceptualFailures ?? 0) > 0)
        #expect(!FrameComparator.compare(expected: golden, actual: moved, tolerance: .exact).passed)
    }

    /// A 6×6 block changed by 10/255 in one channel: inside the card (green, ΔE 3.6) and on the
    /// white background (each channel, ΔE 4.5–7.2).
    @Test(arguments: [(26, 18, 1, 10), (26, 18, 1, -10), (4, 4, 0, -10), (4, 4, 1, -10), (4, 4, 2, -10)])
    func aSmallRecolouredRegionFails(_ x: Int, _ y: Int, _ channel: Int, _ delta: Int) throws {
        let golden = try GoldenFixtures.card(x: 20, y: 12)
        let changed = GoldenFixtures.recolored(golden, x: x, y: y, channel: channel, delta: delta)
        let verdict = FrameComparator.compare(expected: golden, actual: changed, tolerance: perceptual)
        let d = try #require(difference(verdict))
        #expect(!verdict.passed)
        #expect(d.perceptualFailures == 36)
        #expect(d.differingPixels == 36 && d.maxChannelDelta == 10)
        #expect(d.changedRect == PixelRect(minX: x, minY: y, maxX: x + 6, maxY: y + 6))
        // Exact fails; a channel tolerance of 10 lets it through, 9 does not.
        #expect(!FrameComparator.compare(expected: golden, actual: changed, tolerance: .exact).passed)
        #expect(FrameComparator.compare(expected: golden, actual: changed, tolerance: GoldenTolerance(maxChannelDelta: 10)) == .pass(
            FrameDifference(differingPixels: 0, maxChannelDelta: 10)))
        #expect(!FrameComparator.compare(expected: golden, actual: changed, tolerance: GoldenTolerance(maxChannelDelta: 9)).passed)
    }

    @Test(arguments: [8.0, 8.5])
    func aVanishedOnePixelLineFails(_ lineX: Double) throws {
        let golden = try GoldenFixtures.card(x: 20, y: 12, line: lineX)
        let without = try GoldenFixtures.card(x: 20, y: 12)
        let verdict = FrameComparator.compare(expected: golden, actual: without, tolerance: perceptual)
        let d = try #require(difference(verdict))
        #expect(!verdict.passed)
        #expect(d.perceptualFailures == d.differingPixels)
        #expect(d.perceptualFailures == (lineX == 8 ? 44 : 88))
        #expect(!FrameComparator.compare(expected: golden, actual: without, tolerance: .exact).passed)
        // The other way round (a line appears) fails as well.
        #expect(!FrameComparator.compare(expected: without, actual: golden, tolerance: perceptual).passed)
    }

    @Test func aLineMovedByOnePixelIsAntiAliasingButByTwoIsNot() throws {
        let golden = try GoldenFixtures.card(x: 20, y: 12, line: 8)
        #expect(FrameComparator.compare(expected: golden, actual: try GoldenFixtures.card(x: 20, y: 12, line: 9), tolerance: perceptual).passed)
        #expect(!FrameComparator.compare(expected: golden, actual: try GoldenFixtures.card(x: 20, y: 12, line: 10), tolerance: perceptual).passed)
    }

    @Test func failingPixelsUpToTheLimitPass() throws {
        let golden = try GoldenFixtures.card(x: 20, y: 12)
        let changed = GoldenFixtures.recolored(golden, x: 4, y: 4, channel: 1, delta: -10)
        #expect(FrameComparator.compare(expected: golden, actual: changed, tolerance: .perceptual(maxFailingPixels: 36)).passed)
        #expect(!FrameComparator.compare(expected: golden, actual: changed, tolerance: .perceptual(maxFailingPixels: 35)).passed)
        // A looser ΔE lets the change through: ΔE of white's green − 10 is 7.2.
        #expect(FrameComparator.compare(expected: golden, actual: changed, tolerance: .perceptual(deltaE: 7.5)).passed)
    }

    @Test func smallNoiseStaysBelowTheThreshold() throws {
        let golden = try GoldenFixtures.card(x: 20, y: 12)
        var noisy = golden
        for i in stride(from: 0, to: noisy.pixels.count, by: 4 * 7) where noisy.pixels[i + 1] > 0 {
            noisy.pixels[i + 1] -= 1
        }
        let verdict = FrameComparator.compare(expected: golden, actual: noisy, tolerance: perceptual)
        #expect(verdict.passed)
        #expect(difference(verdict)?.perceptualFailures == 0)
    }
}
