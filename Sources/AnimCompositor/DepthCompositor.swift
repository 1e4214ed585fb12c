import AnimGeometry
import AnimRaster

/// The depth of a plane at each device pixel: device → the plane's bounds space (the inverse of
/// its device map), then z/w in the rendering context's 3D space. z/w grows toward the viewer
/// (the eye looks down −z), perspective included, so larger is nearer.
struct PlaneDepth {
    let deviceToPlane: Homography
    let matrix: Transform3D
    /// The same depth as a ratio of two affine functions of the device point (see ``DepthRatio``).
    let ratio: DepthRatio

    init(deviceToPlane: Homography, matrix: Transform3D) {
        self.deviceToPlane = deviceToPlane
        self.matrix = matrix
        ratio = DepthRatio(deviceToPlane, matrix)
    }

    func depth(_ x: Double, _ y: Double) -> Double {
        let q = deviceToPlane.apply(Point(x: x, y: y))
        guard q.w != 0 else { return -.infinity }
        let u = q.x / q.w, v = q.y / q.w
        let z = u * matrix.m13 + v * matrix.m23 + matrix.m43
        let w = u * matrix.m14 + v * matrix.m24 + matrix.m44
        let d = z / w
        return d.isFinite ? d : -.infinity
    }
}

/// Per-pixel far-to-near compositing of the planes of a 3D rendering context.
///
/// Where one plane covers a pixel it is composited as is. Where several do, their order is taken
/// at the pixel centre and at four sub-pixel points (±¼ px); if the order changes inside the
/// pixel (an intersection line crosses it) the four orders are composited and averaged, which
/// anti-aliases the intersection.
///
/// Most pixels covered by several planes need none of those five samples: the planes' depths at
/// the corners of the pixels (``DepthLines``: about one z/w per plane and pixel, each corner shared
/// by four pixels) bound each plane's depth over the pixel (``DepthRatio``), and where those ranges
/// are apart the order is the same at every point of the pixel, so it is taken from them. The
/// bytes are the same as sampling (`DepthCompositorReferenceTests`); the cube scene and
/// intersecting-planes drew about twice as fast.
///
/// The planes' pixels are read through pointers and every per-pixel list (the planes covering the
/// pixel, their depths, the five orders) lives in buffers made once per composite, so a pixel
/// allocates nothing (the cube scene took 19 ms a frame at 240×240, most of it in malloc and release).
enum DepthCompositor {
    static let subsamples: [(Double, Double)] = [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)]

    /// `lineBudget`: the most doubles of ``DepthLines`` (two lines of corners per plane) to allocate;
    /// a context with more planes × width than that is sampled everywhere (the same bytes).
    /// `planesInPlace`: how many planes are read in place (``planesReadInPlace``; the same bytes
    /// for any number).
    static func composite(_ layers: [DepthLayer], into dst: inout Bitmap, lineBudget: Int = DepthLines.budget,
                          planesInPlace: Int = planesReadInPlace) {
        var region = PixelRect.empty
        for l in layers { region = region.union(l.area) }
        region = region.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        // The planes are read without bounds checks, only inside their areas.
        precondition(layers.allSatisfy(\.holdsArea), "a plane's bitmap must hold its area")
        let width = dst.width
        dst.pixels.withUnsafeMutableBytes { out in
            withPlanePixels(layers, inPlace: planesInPlace) { planes in
                withScratch(layers, region: region, lineBudget: lineBudget) { scratch, lines in
                    for y in region.minY..<region.maxY {
                        for x in region.minX..<region.maxX {
                            var count = 0
                            for k in 0..<layers.count where contains(scratch.planes[k].area, x, y) && planes[k].alpha(x, y) != 0 {
                                scratch.covering[count] = k
                                count += 1
                            }
                            guard count > 0 else { continue }
                            let o = (y * width + x) * 4
                            let background = PixelRGBA8(r: out[o], g: out[o + 1], b: out[o + 2], a: out[o + 3])
                            let p = pixel(x, y, count, scratch, lines, planes, background: background)
                            out[o] = p.r; out[o + 1] = p.g; out[o + 2] = p.b; out[o + 3] = p.a
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with the per-pixel buffers and the depth lines for `layers` over `region`,
    /// valid while it runs.
    private static func withScratch(_ layers: [DepthLayer], region: PixelRect, lineBudget: Int,
                                    _ body: (Scratch, DepthLines?) -> Void) {
        let n = layers.count
        let full = DepthLines.capacity(planes: n, region: region)
        let lined = full.doubles <= lineBudget
        let size = lined ? full : (doubles: 0, ints: 0, signs: 0)
        // Initialized and never deinitialized: only plain values may live in these buffers.
        assert(_isPOD(PlaneGeometry.self) && _isPOD(PlanePixels.self))
        withUnsafeTemporaryAllocation(of: PlaneGeometry.self, capacity: n) { geometry in
            for (k, layer) in layers.enumerated() {
                (geometry.baseAddress! + k).initialize(to: PlaneGeometry(area: layer.area, depth: layer.depth))
            }
            let g = geometry.baseAddress!
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n * 8 + size.ints) { ints in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: n * 3 + size.doubles) { doubles in
                    withUnsafeTemporaryAllocation(of: SIMD2<Double>.self, capacity: size.signs) { signs in
                        let i = ints.baseAddress!, d = doubles.baseAddress!
                        let scratch = Scratch(planes: g, covering: i, orders: i + n, index: i + 6 * n, merged: i + 7 * n,
                                              depths: d, low: d + n, high: d + 2 * n)
                        body(scratch, lined ? DepthLines(g, count: n, region: region, doubles: d + 3 * n, ints: i + 8 * n,
                                                         signs: signs.baseAddress!) : nil)
                    }
                }
            }
        }
    }

    /// The buffers one composite reuses for every pixel: the planes' geometry (`n`), the covering
    /// planes (`n`), five orders of them (centre, then the four sub-pixel points; `5n`), the sort's
    /// positions (`n`) and the merge sort's (`n`), depths (`n`), and the low and high ends of the planes' depth ranges over
    /// the pixel (`n` each).
    private struct Scratch {
        /// Each plane's area and depth, read in place (an element of `[DepthLayer]` was copied,
        /// and its bitmap retained, at each read).
        let planes: UnsafePointer<PlaneGeometry>
        let covering: UnsafeMutablePointer<Int>
        let orders: UnsafeMutablePointer<Int>
        let index: UnsafeMutablePointer<Int>
        /// The merge sort's other half (`n`).
        let merged: UnsafeMutablePointer<Int>
        let depths: UnsafeMutablePointer<Double>
        let low: UnsafeMutablePointer<Double>
        let high: UnsafeMutablePointer<Double>
    }

    private static func pixel(_ x: Int, _ y: Int, _ count: Int, _ s: Scratch, _ lines: DepthLines?,
                              _ planes: UnsafeBufferPointer<PlanePixels>, background: PixelRGBA8) -> PixelRGBA8 {
        if count == 1 { return Blend.over(planes[s.covering[0]][x, y], background) }
        // Ranges apart: every sample point would give this order (the same bytes, without sampling).
        if let lines, lines.order(s.covering, count, x: x, y: y, into: s.orders, low: s.low, high: s.high,
                                  sort: (s.index, s.merged, s.depths)) {
            return stack(s.orders, count, planes, x, y, background)
        }
        order(into: s.orders, count, s, Double(x) + 0.5, Double(y) + 0.5)
        var same = true
        for (k, (dx, dy)) in subsamples.enumerated() {
            let o = s.orders + (k + 1) * count
            order(into: o, count, s, Double(x) + dx, Double(y) + dy)
            for i in 0..<count where o[i] != s.orders[i] { same = false }
        }
        if same { return stack(s.orders, count, planes, x, y, background) }
        var r: UInt32 = 0, g: UInt32 = 0, b: UInt32 = 0, a: UInt32 = 0
        for k in 1...subsamples.count {
            let p = stack(s.orders + k * count, count, planes, x, y, background)
            r += UInt32(p.r); g += UInt32(p.g); b += UInt32(p.b); a += UInt32(p.a)
        }
        return PixelRGBA8(r: UInt8((r + 2) / 4), g: UInt8((g + 2) / 4), b: UInt8((b + 2) / 4), a: UInt8((a + 2) / 4))
    }

    /// The covering planes far to near at (px, py), written to `out`; planes at equal depth keep
    /// tree order.
    private static func order(into out: UnsafeMutablePointer<Int>, _ count: Int, _ s: Scratch,
                              _ px: Double, _ py: Double) {
        for i in 0..<count {
            s.depths[i] = s.planes[s.covering[i]].depth.depth(px, py)
            s.index[i] = i
        }
        if count <= insertionSortLimit {
            // Insertion sort: few planes per pixel, and a tolerance that is not a strict order.
            for i in 1..<count {
                var j = i
                while j > 0 && nearer(s.depths[s.index[j - 1]], than: s.depths[s.index[j]]) {
                    (s.index[j], s.index[j - 1]) = (s.index[j - 1], s.index[j])
                    j -= 1
                }
            }
        } else {
            mergeSort(s.index, count, by: s.depths, using: s.merged)
        }
        for i in 0..<count { out[i] = s.covering[s.index[i]] }
    }

    /// Up to this many planes over a pixel are sorted by insertion, whose work grows with the
    /// square of their number (2,000 instances of a replicator with preservesDepth took 3 s a
    /// frame); more by a stable merge sort. The two can differ only among planes whose depths
    /// are within the tolerance of one another but not of a third (the tolerance is not
    /// transitive), never for exact ties, which keep tree order in both.
    static let insertionSortLimit = 32

    /// Sorts `index[0..<count]` far to near by `depths`, stably, bottom-up through `temp`.
    private static func mergeSort(_ index: UnsafeMutablePointer<Int>, _ count: Int, by depths: UnsafeMutablePointer<Double>,
                                  using temp: UnsafeMutablePointer<Int>) {
        mergeSort(index, count, by: depths, using: temp, after: nearer)
    }

    /// Sorts `index[0..<count]` stably, bottom-up through `temp`: a key goes after another when
    /// `after(it, other)`.
    static func mergeSort(_ index: UnsafeMutablePointer<Int>, _ count: Int, by depths: UnsafeMutablePointer<Double>,
                          using temp: UnsafeMutablePointer<Int>, after: (Double, Double) -> Bool) {
        var (src, dst) = (index, temp)
        var width = 1
        while width < count {
            var start = 0
            while start < count {
                let mid = min(start + width, count), end = min(start + 2 * width, count)
                var (i, j, k) = (start, mid, start)
                while i < mid && j < end {
                    // The right one goes first only when the left one is nearer (stable for ties).
                    if after(depths[src[i]], depths[src[j]]) { dst[k] = src[j]; j += 1 } else { dst[k] = src[i]; i += 1 }
                    k += 1
                }
                while i < mid { dst[k] = src[i]; i += 1; k += 1 }
                while j < end { dst[k] = src[j]; j += 1; k += 1 }
                start = end
            }
            (src, dst) = (dst, src)
            width *= 2
        }
        if src != index { index.update(from: src, count: count) }
    }

    /// True when depth `a` is nearer the viewer than `b` by more than rounding noise.
    static func nearer(_ a: Double, than b: Double) -> Bool {
        a - b > 1e-9 * max(1, abs(a), abs(b))
    }

    private static func stack(_ order: UnsafeMutablePointer<Int>, _ count: Int, _ planes: UnsafeBufferPointer<PlanePixels>,
                              _ x: Int, _ y: Int, _ background: PixelRGBA8) -> PixelRGBA8 {
        // Over an opaque pixel nothing beneath shows: start from the nearest one (the same bytes).
        var first = -1
        for i in stride(from: count - 1, through: 0, by: -1) where planes[order[i]].alpha(x, y) == 255 {
            first = i
            break
        }
        var d = first < 0 ? background : planes[order[first]][x, y]
        for i in (first + 1)..<count { d = Blend.over(planes[order[i]][x, y], d) }
        return d
    }

    @inline(__always)
    private static func contains(_ r: PixelRect, _ x: Int, _ y: Int) -> Bool {
        x >= r.minX && x < r.maxX && y >= r.minY && y < r.maxY
    }

    /// How many canvas-sized planes are read in place: each is one closure deeper on the stack
    /// (about 1 KB), so thousands of them overflowed it. The compositor crops every plane past
    /// this many as it draws them (counted against the frame's budget); a direct caller's extra
    /// canvas-sized planes are cropped here, the smallest areas first.
    static let planesReadInPlace = 64

    /// Calls `body` with a pointer to each plane's pixels, valid while it runs: cropped planes
    /// where they are, canvas-sized bitmaps in place.
    private static func withPlanePixels<R>(_ layers: [DepthLayer], inPlace limit: Int,
                                           _ body: (UnsafeBufferPointer<PlanePixels>) -> R) -> R {
        let layers = croppingPast(limit, layers)
        let canvases = layers.indices.compactMap { k -> (index: Int, bitmap: Bitmap)? in
            if case .canvas(let bitmap) = layers[k].pixels { (k, bitmap) } else { nil }
        }
        return withExtendedLifetime(layers) {
            withUnsafeTemporaryAllocation(of: PlanePixels.self, capacity: layers.count) { planes in
                func pixels(_ k: Int, _ bytes: UnsafeRawBufferPointer) {
                    (planes.baseAddress! + k).initialize(to: PlanePixels(bytes: bytes, width: layers[k].width,
                                                                         originX: layers[k].originX, originY: layers[k].originY))
                }
                for (k, layer) in layers.enumerated() {
                    if case .cropped(let c) = layer.pixels { pixels(k, UnsafeRawBufferPointer(c.bytes)) }
                }
                func bind(_ i: Int) -> R {
                    guard i < canvases.count else { return body(UnsafeBufferPointer(planes)) }
                    return canvases[i].bitmap.pixels.withUnsafeBytes { bytes in
                        pixels(canvases[i].index, bytes)
                        return bind(i + 1)
                    }
                }
                return bind(0)
            }
        }
    }

    /// `layers` with all but the `limit` largest-area canvas-sized planes cropped to their areas.
    private static func croppingPast(_ limit: Int, _ layers: [DepthLayer]) -> [DepthLayer] {
        let canvases = layers.indices.filter { if case .canvas = layers[$0].pixels { true } else { false } }
        guard canvases.count > max(0, limit) else { return layers }
        let bySize = canvases.sorted {
            let a = layers[$0].area.width * layers[$0].area.height, b = layers[$1].area.width * layers[$1].area.height
            return a != b ? a > b : $0 < $1
        }
        var result = layers
        for k in bySize.dropFirst(max(0, limit)) {
            guard case .canvas(let bitmap) = layers[k].pixels else { continue }
            result[k] = DepthLayer(cropping: bitmap, to: layers[k].area, depth: layers[k].depth)
        }
        return result
    }
}

/// A plane's premultiplied pixels, read in place (see ``DepthCompositor``).
private struct PlanePixels {
    let bytes: UnsafeRawBufferPointer
    let width: Int
    let originX: Int, originY: Int

    @inline(__always)
    subscript(x: Int, y: Int) -> PixelRGBA8 {
        let o = ((y - originY) * width + x - originX) * 4
        return PixelRGBA8(r: bytes[o], g: bytes[o + 1], b: bytes[o + 2], a: bytes[o + 3])
    }

    @inline(__always)
    func alpha(_ x: Int, _ y: Int) -> UInt8 { bytes[((y - originY) * width + x - originX) * 4 + 3] }
}
