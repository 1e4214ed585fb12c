@testable import AnimCompositor
import AnimGeometry
import AnimRaster
import AnimTestRandom
import Testing

/// `DepthLines` decides a pixel's far-to-near order from the planes' depths at its corners. That
/// is only right if the order is then the same at every point the compositor would sample, and if
/// the ratio it evaluates is the depth the compositor samples.
struct DepthRangesTests {
    typealias Plain = DepthCompositorReferenceTests

    @Test func theRatioIsTheSampledDepth() {
        var random = SplitMix64(seed: 0xDE9A)
        var compared = 0
        for _ in 0..<200 {
            let plane = Plain.plane(&random, width: 40, height: 30).depth
            let x = Double(random.below(4001)) / 100, y = Double(random.below(3001)) / 100
            let signs = plane.ratio.signs(x, y)
            let sampled = plane.depth(x, y), corner = plane.ratio.corner(x, y, signs)
            guard sampled.isFinite else { continue }
            #expect(abs(sampled - corner) <= 1e-12 * max(1, abs(sampled)), "\(x), \(y): \(sampled) vs \(corner)")
            compared += 1
        }
        #expect(compared > 190)
    }

    /// On random tilted planes that cross inside pixels, of both kinds (strong perspective with
    /// horizons on the canvas; ordinary ones seen in perspective), over a region that does not start
    /// at the canvas's corner: wherever the ranges decide, the centre and the four sub-pixel points
    /// all give that order, strictly (so where two planes cross inside a pixel they do not decide).
    @Test(arguments: 0..<24, [false, true])
    func rangesDecideOnlyWhereEverySampleAgrees(seed: Int, ordinary: Bool) {
        var random = SplitMix64(seed: UInt64(0xDE97 + seed))
        let (width, height) = (23, 17)
        let layers = (0..<(2 + random.below(4))).map { _ in
            Plain.plane(&random, width: width, height: height, ordinary: ordinary)
        }
        let region = PixelRect(minX: 3, minY: 2, maxX: width, maxY: height)
        let (decided, undecided, _) = Self.walk(layers, region: region) { x, y, covering, order in
            let points = [(0.5, 0.5)] + DepthCompositor.subsamples
            for (dx, dy) in points {
                let px = Double(x) + dx, py = Double(y) + dy
                #expect(Plain.Reference.order(covering, layers, px, py) == order, "(\(x), \(y)) at +\(dx), +\(dy)")
                let depths = order.map { layers[$0].depth.depth(px, py) }
                for i in 1..<depths.count {
                    #expect(depths[i] - depths[i - 1] > 1e-9 * max(1, abs(depths[i]), abs(depths[i - 1])))
                }
            }
        }
        // These planes are steep and close (within ±3 in z), so many ranges overlap; some never do.
        #expect(decided > 0, "decided \(decided), undecided \(undecided)")
    }

    /// The front and back faces of a box seen in perspective: every pixel they both cover is
    /// decided by the ranges, front over back.
    @Test func parallelFacesAreDecidedEverywhere() {
        let perspective = Transform3D.perspective(distance: 500)
        func face(z: Double) -> DepthLayer {
            let matrix = Transform3D.translation(0, 0, z).concatenating(.rotation(0.5, axis: 0, 1, 0))
                .concatenating(perspective).concatenating(.translation(30, 20, 0))
            let toDevice = matrix.planeHomography
            var bitmap = Bitmap(width: 60, height: 40)!
            bitmap.fill(PixelRGBA8(r: 0, g: 0, b: 200, a: 255))
            return DepthLayer(bitmap: bitmap, area: PixelRect(minX: 0, minY: 0, maxX: 60, maxY: 40),
                              depth: PlaneDepth(deviceToPlane: toDevice.inverse!, matrix: matrix))
        }
        let layers = [face(z: 20), face(z: -20)]
        let (decided, undecided, _) = Self.walk(layers, region: PixelRect(minX: 0, minY: 0, maxX: 60, maxY: 40)) { x, y, _, order in
            #expect(order == [1, 0], "(\(x), \(y))")
        }
        #expect(decided == 60 * 40)
        #expect(undecided == 0)
    }

    /// Beyond a plane's horizon (q.w of the other sign than at its area's centre) a corner has no
    /// depth: the pixels touching such a corner are sampled, the others decided by ranges.
    @Test func noRangeAcrossTheHorizon() {
        // q.w = 0.1·x − 1.05: zero at x = 10.5, positive at the area's centre (x = 11.5).
        let tilted = Homography(1, 0, 0.1, 0, 1, 0, 0, 0, -1.05)
        #expect(DepthRatio(tilted, .identity).corner(10, 5, SIMD2(1, 1)).isNaN)
        #expect(DepthRatio(tilted, .identity).corner(11, 5, SIMD2(1, 1)).isFinite)
        var bitmap = Bitmap(width: 23, height: 17)!
        bitmap.fill(PixelRGBA8(r: 0, g: 90, b: 0, a: 255))
        let area = PixelRect(minX: 0, minY: 0, maxX: 23, maxY: 17)
        let layers = [DepthLayer(bitmap: bitmap, area: area, depth: PlaneDepth(deviceToPlane: tilted, matrix: .identity)),
                      DepthLayer(bitmap: bitmap, area: area, depth: PlaneDepth(deviceToPlane: .identity, matrix: .translation(0, 0, 100)))]
        var decidedColumns = Set<Int>()
        let (decided, undecided, _) = Self.walk(layers, region: area) { x, _, _, order in
            decidedColumns.insert(x)
            #expect(order == [0, 1])
        }
        #expect(decidedColumns == Set(11..<23))
        #expect(decided == 12 * 17 && undecided == 11 * 17)
    }

    /// Calls `decided` for each pixel covered by two planes or more whose order the ranges decide;
    /// returns how many were decided, how many not, and how many of all such pixels have samples
    /// in different orders (an intersection crosses them).
    static func walk(_ layers: [DepthLayer], region: PixelRect,
                     _ decided: (Int, Int, [Int], [Int]) -> Void) -> (Int, Int, Int) {
        let n = layers.count
        let size = DepthLines.capacity(planes: n, region: region)
        let planes = UnsafeMutablePointer<PlaneGeometry>.allocate(capacity: n)
        let doubles = UnsafeMutablePointer<Double>.allocate(capacity: size.doubles + 3 * n)
        let ints = UnsafeMutablePointer<Int>.allocate(capacity: size.ints + 4 * n)
        let signs = UnsafeMutablePointer<SIMD2<Double>>.allocate(capacity: size.signs)
        defer { planes.deallocate(); doubles.deallocate(); ints.deallocate(); signs.deallocate() }
        for (k, l) in layers.enumerated() { (planes + k).initialize(to: PlaneGeometry(area: l.area, depth: l.depth)) }
        let lines = DepthLines(planes, count: n, region: region, doubles: doubles, ints: ints, signs: signs)
        let covering = ints + size.ints, order = ints + size.ints + n
        var counts = (0, 0, 0)
        for y in region.minY..<region.maxY {
            for x in region.minX..<region.maxX {
                let list = layers.indices.filter { k in
                    let r = layers[k].area
                    return x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY && layers[k][x, y].a != 0
                }
                guard list.count > 1 else { continue }
                for (i, k) in list.enumerated() { covering[i] = k }
                let orders = ([(0.5, 0.5)] + DepthCompositor.subsamples).map {
                    Plain.Reference.order(list, layers, Double(x) + $0.0, Double(y) + $0.1)
                }
                if orders.contains(where: { $0 != orders[0] }) { counts.2 += 1 }
                if lines.order(covering, list.count, x: x, y: y, into: order, low: doubles + size.doubles,
                               high: doubles + size.doubles + n,
                               sort: (ints + size.ints + 2 * n, ints + size.ints + 3 * n, doubles + size.doubles + 2 * n)) {
                    counts.0 += 1
                    decided(x, y, list, Array(UnsafeBufferPointer(start: order, count: list.count)))
                } else {
                    counts.1 += 1
                }
            }
        }
        return counts
    }

    /// The one-pass shortcut gives the merge sort's order whenever it applies (never descending,
    /// strictly descending), and declines otherwise: keys in every such shape, with ties.
    @Test func presortedKeysGiveTheMergeSortsOrder() {
        var random = SplitMix64(seed: 0x50F7)
        var taken = 0, declined = 0
        for trial in 0..<600 {
            let count = 2 + random.below(60)
            var keys = (0..<count).map { _ in Double(random.below(8)) }
            switch trial % 4 {
            case 0: keys.sort()
            case 1: keys = (0..<count).map { Double(count - $0) * 0.5 }
            case 2: keys.sort(by: >)  // descending with ties: not strictly, so declined
            default: break
            }
            var shortcut = Array(0..<count), merged = Array(0..<count), temp = Array(repeating: 0, count: count)
            let applied = keys.withUnsafeMutableBufferPointer { k in
                shortcut.withUnsafeMutableBufferPointer { DepthLines.presorted($0.baseAddress!, count, by: k.baseAddress!) }
            }
            keys.withUnsafeMutableBufferPointer { k in
                merged.withUnsafeMutableBufferPointer { m in
                    temp.withUnsafeMutableBufferPointer { t in
                        DepthCompositor.mergeSort(m.baseAddress!, count, by: k.baseAddress!, using: t.baseAddress!) { $0 > $1 }
                    }
                }
            }
            if applied { #expect(shortcut == merged, "\(keys)"); taken += 1 } else { declined += 1 }
        }
        #expect(taken >= 300 && declined >= 150)
    }
}
