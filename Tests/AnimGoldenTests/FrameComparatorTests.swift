import AnimGolden
import AnimRaster
import Testing

/// Exact and tolerance comparison, the size check and the diff image.
struct FrameComparatorTests {
    static func solid(_ w: Int, _ h: Int, _ p: PixelRGBA8 = PixelRGBA8(r: 10, g: 20, b: 30, a: 255)) -> Bitmap {
        var b = Bitmap(width: w, height: h)!
        b.fill(p)
        return b
    }

    /// A 20×10 frame with three changed pixels: (2, 3) by 30 in red, (7, 1) by 40 in alpha, (11, 8) by 1 in blue.
    static func changed() -> (Bitmap, Bitmap) {
        let expected = solid(20, 10)
        var actual = expected
        actual[2, 3] = PixelRGBA8(r: 40, g: 20, b: 30, a: 255)
        actual[7, 1] = PixelRGBA8(r: 10, g: 20, b: 30, a: 215)
        actual[11, 8] = PixelRGBA8(r: 10, g: 20, b: 31, a: 255)
        return (expected, actual)
    }

    @Test func equalFramesPassWithoutADifference() {
        #expect(FrameComparator.compare(expected: Self.solid(8, 8), actual: Self.solid(8, 8), tolerance: .exact) == .pass(nil))
        #expect(FrameComparator.compare(expected: Self.solid(8, 8), actual: Self.solid(8, 8), tolerance: .perceptual()) == .pass(nil))
    }

    @Test func anotherSizeIsASizeMismatch() {
        let verdict = FrameComparator.compare(expected: Self.solid(8, 6), actual: Self.solid(9, 6), tolerance: .perceptual())
        #expect(verdict == .sizeMismatch(expectedWidth: 8, expectedHeight: 6, actualWidth: 9, actualHeight: 6))
        #expect(!verdict.passed)
    }

    @Test func exactCountsEveryChangedPixelAndBoundsThem() {
        let (expected, actual) = Self.changed()
        let verdict = FrameComparator.compare(expected: expected, actual: actual, tolerance: .exact)
        #expect(verdict == .differs(FrameDifference(differingPixels: 3, maxChannelDelta: 40,
                                                    changedRect: PixelRect(minX: 2, minY: 1, maxX: 12, maxY: 9))))
    }

    @Test func aChannelToleranceIgnoresSmallDifferences() {
        let (expected, actual) = Self.changed()
        let verdict = FrameComparator.compare(expected: expected, actual: actual, tolerance: GoldenTolerance(maxChannelDelta: 5))
        // The blue +1 is within 5 and no longer bounds the changed rectangle.
        #expect(verdict == .differs(FrameDifference(differingPixels: 2, maxChannelDelta: 40,
                                                    changedRect: PixelRect(minX: 2, minY: 1, maxX: 8, maxY: 4))))
        let all = FrameComparator.compare(expected: expected, actual: actual, tolerance: GoldenTolerance(maxChannelDelta: 40))
        #expect(all == .pass(FrameDifference(differingPixels: 0, maxChannelDelta: 40)))
    }

    @Test func aPixelCountToleranceLetsThatManyThrough() {
        let (expected, actual) = Self.changed()
        let three = FrameComparator.compare(expected: expected, actual: actual, tolerance: GoldenTolerance(maxDifferingPixels: 3))
        #expect(three == .pass(FrameDifference(differingPixels: 3, maxChannelDelta: 40,
                                               changedRect: PixelRect(minX: 2, minY: 1, maxX: 12, maxY: 9))))
        #expect(!FrameComparator.compare(expected: expected, actual: actual, tolerance: GoldenTolerance(maxDifferingPixels: 2)).passed)
        let both = FrameComparator.compare(expected: expected, actual: actual,
                                           tolerance: GoldenTolerance(maxChannelDelta: 1, maxDifferingPixels: 2))
        #expect(both.passed)
    }

    @Test func perceptualModeReportsFailuresBesideDifferingPixels() {
        let (expected, actual) = Self.changed()
        let verdict = FrameComparator.compare(expected: expected, actual: actual, tolerance: .perceptual())
        guard case let .differs(d) = verdict else {
            Issue.record("expected a difference, got \(verdict)")
            return
        }
        // The blue +1 is invisible (ΔE < 2); red +30 and alpha −40 are not.
        #expect(d.differingPixels == 3)
        #expect(d.perceptualFailures == 2)
    }

    @Test func theDiffImageShowsExpectedChangesAndActual() {
        let (expected, actual) = Self.changed()
        let diff = DiffImage.make(expected: expected, actual: actual, tolerance: GoldenTolerance(maxChannelDelta: 1))!
        #expect(diff.width == 60 && diff.height == 10)
        #expect(diff[2, 3] == expected[2, 3] && diff[42, 3] == actual[2, 3])
        #expect(diff[22, 3] == DiffImage.failingColor)
        #expect(diff[27, 1] == DiffImage.failingColor)
        #expect(diff[31, 8] == DiffImage.toleratedColor)
        let grey = diff[20, 0]
        #expect(grey.r == grey.g && grey.g == grey.b && grey.r >= 200 && grey.a == 255)
    }

    @Test func theDiffImageMarksAnotherSizeRed() {
        let diff = DiffImage.make(expected: Self.solid(4, 4), actual: Self.solid(6, 4), tolerance: .exact)!
        #expect(diff.width == 18 && diff.height == 4)
        #expect((6..<12).allSatisfy { diff[$0, 0] == DiffImage.failingColor })
    }

    @Test func classesMatchTheVerdict() {
        let (expected, actual) = Self.changed()
        let map = FrameComparator.classify(expected: expected, actual: actual, tolerance: GoldenTolerance(maxChannelDelta: 5))
        #expect(map.classes.filter { $0 == .failing }.count == 2)
        #expect(map.classes.filter { $0 == .tolerated }.count == 1)
        #expect(map[0, 0] == .same)
    }
}
