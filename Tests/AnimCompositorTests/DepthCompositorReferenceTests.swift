@testable import AnimCompositor
import AnimGeometry
import AnimRaster
import AnimTestRandom
import Testing

/// `DepthCompositor` reads the planes through pointers and keeps its per-pixel lists in buffers made
/// once per composite. It must give the bytes of the plain per-pixel rule written out below (arrays
/// per pixel, as it was first written), on random planes that overlap, cross inside pixels and
/// leave holes of zero alpha.
struct DepthCompositorReferenceTests {
    @Test(arguments: 0..<24, [false, true])
    func givesTheBytesOfThePlainRule(seed: Int, ordinary: Bool) {
        var random = SplitMix64(seed: UInt64(0xDE97 + seed))
        let (width, height) = (23, 17)
        let layers = (0..<(2 + random.below(4))).map { _ in Self.plane(&random, width: width, height: height, ordinary: ordinary) }
        var background = Bitmap(width: width, height: height)!
        for y in 0..<height {
            for x in 0..<width { background[x, y] = Self.pixel(&random) }
        }
        var fast = background, plain = background, sampled = background
        DepthCompositor.composite(layers, into: &fast)
        _ = Reference.composite(layers, into: &plain)
        let differing = zip(fast.pixels, plain.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "seed \(seed): \(differing) bytes differ")
        // Without lines (a context too large for their budget) every pixel is sampled: the same bytes.
        DepthCompositor.composite(layers, into: &sampled, lineBudget: 0)
        #expect(sampled.pixels == plain.pixels, "seed \(seed), sampled everywhere")
        // Planes copied out to their areas (as a context of small planes keeps them): the same bytes.
        var cropped = background
        let crops = layers.map { layer in
            guard case .canvas(let bitmap) = layer.pixels else { fatalError("the random planes are canvas-sized") }
            return DepthLayer(cropping: bitmap, to: layer.area, depth: layer.depth)
        }
        #expect(crops.allSatisfy { $0.width == $0.area.width && $0.height == $0.area.height && $0.holdsArea })
        DepthCompositor.composite(crops, into: &cropped)
        #expect(cropped.pixels == plain.pixels, "seed \(seed), cropped planes")
        // Canvas-sized planes past `planesInPlace` cropped by the compositor, all or all but one
        // or two, with planes cropped before mixed in: the same bytes.
        let mixed = layers.indices.map { $0.isMultiple(of: 2) ? crops[$0] : layers[$0] }
        for inPlace in 0...2 {
            var limited = background
            DepthCompositor.composite(mixed, into: &limited, planesInPlace: inPlace)
            #expect(limited.pixels == plain.pixels, "seed \(seed), \(inPlace) planes in place")
        }
    }

    /// More than `insertionSortLimit` planes over a pixel are merge-sorted (their depths, and their
    /// depth ranges where the lines decide): with random tilts (no near-ties) the bytes are the
    /// plain rule's, whose sort is by insertion.
    @Test(arguments: 0..<4)
    func manyPlanesOverAPixelAreMergeSorted(seed: Int) {
        var random = SplitMix64(seed: UInt64(0x3E26 + seed))
        let (width, height) = (23, 17)
        let layers = (0..<120).map { _ in Self.plane(&random, width: width, height: height, ordinary: seed.isMultiple(of: 2)) }
        var fast = Bitmap(width: width, height: height)!, plain = fast, sampled = fast
        DepthCompositor.composite(layers, into: &fast)  // the ranges merge-sorted too
        DepthCompositor.composite(layers, into: &sampled, lineBudget: 0)
        _ = Reference.composite(layers, into: &plain)
        #expect(fast.pixels == plain.pixels)
        #expect(sampled.pixels == plain.pixels)
        let over = (0..<(width * height)).map { p in layers.filter { l in (l.area.minX..<l.area.maxX).contains(p % width) && (l.area.minY..<l.area.maxY).contains(p / width) }.count }.max() ?? 0
        #expect(over > DepthCompositor.insertionSortLimit, "\(over) planes over the most covered pixel")
    }

    /// 20,000 planes (a CATransformLayer's sublayers, or a replicator's instances with
    /// preservesDepth): each plane read in place was a closure deeper on the stack, which
    /// overflowed at about 9,300. Each one-pixel plane covers its own pixel.
    @Test func thousandsOfPlanesDoNotOverflowTheStack() {
        let (width, height) = (200, 100)
        var canvas = Bitmap(width: width, height: height)!
        for k in 0..<(width * height) { canvas[k % width, k / width] = PixelRGBA8(r: UInt8(k % 251), g: 0, b: 0, a: 255) }
        let depth = PlaneDepth(deviceToPlane: .identity, matrix: .identity)
        let layers = (0..<(width * height)).map { k in
            DepthLayer(cropping: canvas, to: PixelRect(minX: k % width, minY: k / width, maxX: k % width + 1, maxY: k / width + 1), depth: depth)
        }
        var out = Bitmap(width: width, height: height)!
        DepthCompositor.composite(layers, into: &out)
        #expect(out.pixels == canvas.pixels)
    }

    /// Across the seeds the planes cross inside some pixels, so the averaged orders are compared too.
    @Test func someSeedsCrossInsidePixels() {
        var crossings = 0
        for seed in 0..<24 {
            var random = SplitMix64(seed: UInt64(0xDE97 + seed))
            let layers = (0..<(2 + random.below(4))).map { _ in Self.plane(&random, width: 23, height: 17) }
            var plain = Bitmap(width: 23, height: 17)!
            crossings += Reference.composite(layers, into: &plain)
        }
        #expect(crossings > 20)
    }

    /// A plane over a random part of the canvas, with random premultiplied pixels (some fully
    /// transparent) and a random tilt, so planes cross one another. The first kind has strong
    /// perspective in its device map (most have a horizon on the canvas); an `ordinary` one is
    /// shifted by up to 5 px with mild perspective, and seen through a perspective of its own
    /// (so z/w's denominator is not the device map's w).
    static func plane(_ random: inout SplitMix64, width: Int, height: Int, ordinary: Bool = false) -> DepthLayer {
        var bitmap = Bitmap(width: width, height: height)!
        let x0 = random.below(width / 2), y0 = random.below(height / 2)
        let area = PixelRect(minX: x0, minY: y0, maxX: min(width, x0 + width / 2 + random.below(width / 2)),
                             maxY: min(height, y0 + height / 2 + random.below(height / 2)))
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX where random.below(8) != 0 { bitmap[x, y] = pixel(&random) }
        }
        func unit() -> Double { Double(random.below(2001)) / 1000 - 1 }
        let (shift, perspective) = ordinary ? (5.0, 0.002) : (0.002, 5.0)
        let deviceToPlane = Homography(1 + 0.1 * unit(), 0.1 * unit(), perspective * unit(),
                                       0.1 * unit(), 1 + 0.1 * unit(), perspective * unit(),
                                       shift * unit(), shift * unit(), 1)
        let tilted = Transform3D.rotation(0.8 * unit(), axis: 0, 1, 0)
            .concatenating(.rotation(0.8 * unit(), axis: 1, 0, 0))
            .concatenating(.translation(0, 0, 3 * unit()))
        let matrix = ordinary ? tilted.concatenating(.perspective(distance: 60)) : tilted
        return DepthLayer(bitmap: bitmap, area: area, depth: PlaneDepth(deviceToPlane: deviceToPlane, matrix: matrix))
    }

    static func pixel(_ random: inout SplitMix64) -> PixelRGBA8 {
        let a = random.byte()
        func channel() -> UInt8 { a == 0 ? 0 : UInt8(random.below(Int(a) + 1)) }
        return PixelRGBA8(r: channel(), g: channel(), b: channel(), a: a)
    }

    /// The rule with arrays per pixel; returns how many pixels averaged four orders.
    enum Reference {
        static func composite(_ layers: [DepthLayer], into dst: inout Bitmap) -> Int {
            var mixed = 0
            for y in 0..<dst.height {
                for x in 0..<dst.width {
                    let covering = layers.indices.filter { k in
                        let r = layers[k].area
                        return x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY && layers[k][x, y].a != 0
                    }
                    guard !covering.isEmpty else { continue }
                    if covering.count == 1 {
                        dst[x, y] = Blend.over(layers[covering[0]][x, y], dst[x, y])
                        continue
                    }
                    let centre = order(covering, layers, Double(x) + 0.5, Double(y) + 0.5)
                    let orders = DepthCompositor.subsamples.map { order(covering, layers, Double(x) + $0.0, Double(y) + $0.1) }
                    if orders.allSatisfy({ $0 == centre }) {
                        dst[x, y] = stack(centre, layers, x, y, dst[x, y])
                        continue
                    }
                    mixed += 1
                    var sum = [UInt32](repeating: 0, count: 4)
                    for o in orders {
                        let p = stack(o, layers, x, y, dst[x, y])
                        sum[0] += UInt32(p.r); sum[1] += UInt32(p.g); sum[2] += UInt32(p.b); sum[3] += UInt32(p.a)
                    }
                    dst[x, y] = PixelRGBA8(r: UInt8((sum[0] + 2) / 4), g: UInt8((sum[1] + 2) / 4),
                                           b: UInt8((sum[2] + 2) / 4), a: UInt8((sum[3] + 2) / 4))
                }
            }
            return mixed
        }

        static func order(_ covering: [Int], _ layers: [DepthLayer], _ px: Double, _ py: Double) -> [Int] {
            let depths = covering.map { layers[$0].depth.depth(px, py) }
            var idx = Array(covering.indices)
            for i in 1..<idx.count {
                var j = i
                while j > 0 && depths[idx[j - 1]] - depths[idx[j]] > 1e-9 * max(1, abs(depths[idx[j - 1]]), abs(depths[idx[j]])) {
                    idx.swapAt(j, j - 1)
                    j -= 1
                }
            }
            return idx.map { covering[$0] }
        }

        static func stack(_ order: [Int], _ layers: [DepthLayer], _ x: Int, _ y: Int, _ background: PixelRGBA8) -> PixelRGBA8 {
            order.reduce(background) { d, k in Blend.over(layers[k][x, y], d) }
        }
    }
}
