import AnimRaster
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation  // Darwin's, which brings the C library
#endif

/// Compares a rendered frame with its golden: exactly, within a channel/pixel-count tolerance, or
/// perceptually (CIEDE2000 plus an anti-aliasing test; see `PerceptualCheck.swift`).
///
/// Pixels are premultiplied RGBA8 and compared channel by channel, alpha included. A pixel
/// *differs* when its largest channel difference exceeds `tolerance.maxChannelDelta`. Without a
/// perceptual threshold the frame passes when at most `maxDifferingPixels` pixels differ; with one,
/// a differing pixel counts only when it also fails the perceptual check, and the frame passes when
/// at most `maxDifferingPixels` pixels fail it.
public enum FrameComparator {
    /// The verdict for `actual` against `expected`.
    public static func compare(expected: Bitmap, actual: Bitmap, tolerance: GoldenTolerance) -> FrameVerdict {
        guard expected.width == actual.width, expected.height == actual.height else {
            return .sizeMismatch(expectedWidth: expected.width, expectedHeight: expected.height,
                                 actualWidth: actual.width, actualHeight: actual.height)
        }
        if expected == actual { return .pass(nil) }
        let difference = measure(expected: expected, actual: actual, tolerance: tolerance, classes: nil)
        let counted = difference.perceptualFailures ?? difference.differingPixels
        return counted <= tolerance.maxDifferingPixels ? .pass(difference) : .differs(difference)
    }

    /// The class of every pixel in the area both frames cover (what the diff image colours).
    public static func classify(expected: Bitmap, actual: Bitmap, tolerance: GoldenTolerance) -> PixelClassMap {
        let width = min(expected.width, actual.width), height = min(expected.height, actual.height)
        var map = PixelClassMap(width: width, height: height)
        guard expected.width == actual.width, expected.height == actual.height else {
            // Different sizes have no pixel correspondence: everything in common is marked failing.
            map.classes = [PixelClass](repeating: .failing, count: width * height)
            return map
        }
        map.classes.withUnsafeMutableBufferPointer { classes in
            _ = measure(expected: expected, actual: actual, tolerance: tolerance, classes: classes)
        }
        return map
    }

    /// Counts differing (and, with a perceptual threshold, failing) pixels of two same-size frames,
    /// filling `classes` when given.
    static func measure(expected: Bitmap, actual: Bitmap, tolerance: GoldenTolerance,
                        classes: UnsafeMutableBufferPointer<PixelClass>?) -> FrameDifference {
        let width = expected.width, height = expected.height
        let limit = max(0, tolerance.maxChannelDelta)
        var tally = Tally()
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                var perceptual = tolerance.perceptualDeltaE.map {
                    PerceptualCheck(expected: e, actual: a, width: width, height: height, threshold: $0)
                }
                for y in 0..<height {
                    if rowsEqual(e, a, row: y, rowBytes: width * 4) { continue }
                    for x in 0..<width {
                        let o = (y * width + x) * 4
                        let delta = channelDelta(e, a, o)
                        guard delta > 0 else { continue }
                        var verdict = PixelClass.tolerated
                        if delta > limit {
                            tally.addDiffering(x: x, y: y)
                            if perceptual?.fails(x: x, y: y) ?? true { verdict = .failing }
                        }
                        if verdict == .failing { tally.failing += 1 }
                        tally.maxDelta = max(tally.maxDelta, delta)
                        classes?[y * width + x] = verdict
                    }
                }
            }
        }
        return FrameDifference(differingPixels: tally.differing, maxChannelDelta: tally.maxDelta,
                               perceptualFailures: tolerance.perceptualDeltaE == nil ? nil : tally.failing,
                               changedRect: tally.rect)
    }

    /// Whether row `row` is byte-for-byte the same in both frames (one memcmp; most rows are).
    @inline(__always)
    static func rowsEqual(_ e: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>, row: Int, rowBytes: Int) -> Bool {
        guard let eBase = e.baseAddress, let aBase = a.baseAddress else { return true }
        return memcmp(eBase + row * rowBytes, aBase + row * rowBytes, rowBytes) == 0
    }

    /// The largest absolute channel difference of the pixels at byte offset `o` (0 when equal).
    @inline(__always)
    static func channelDelta(_ e: UnsafeBufferPointer<UInt8>, _ a: UnsafeBufferPointer<UInt8>, _ o: Int) -> Int {
        let dr = abs(Int(e[o]) - Int(a[o])), dg = abs(Int(e[o + 1]) - Int(a[o + 1]))
        let db = abs(Int(e[o + 2]) - Int(a[o + 2])), da = abs(Int(e[o + 3]) - Int(a[o + 3]))
        return max(max(dr, dg), max(db, da))
    }
}

/// Running counts of one comparison.
private struct Tally {
    var differing = 0
    var failing = 0
    var maxDelta = 0
    var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min

    mutating func addDiffering(x: Int, y: Int) {
        differing += 1
        minX = min(minX, x); maxX = max(maxX, x)
        minY = min(minY, y); maxY = max(maxY, y)
    }

    /// The bounding box of the differing pixels (x in minX..<maxX, y in minY..<maxY), nil when none.
    var rect: PixelRect? {
        differing == 0 ? nil : PixelRect(minX: minX, minY: minY, maxX: maxX + 1, maxY: maxY + 1)
    }
}
