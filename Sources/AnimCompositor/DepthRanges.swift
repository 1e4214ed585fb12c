import AnimGeometry
import AnimRaster

/// A plane's area on the canvas and its depth: what the depth compositor reads of a ``DepthLayer``
/// for every pixel, without the bitmap (so a read copies no reference).
struct PlaneGeometry {
    let area: PixelRect
    let depth: PlaneDepth
}

/// A plane's depth z/w as a ratio of two affine functions of the device point (x, y).
///
/// With q = (x, y, 1)·H (device → the plane's bounds, homogeneous), u = q.x/q.w, v = q.y/q.w and
/// z = u·m13 + v·m23 + m43, w = u·m14 + v·m24 + m44, multiplying both by q.w gives
/// z/w = (q.x·m13 + q.y·m23 + q.w·m43) / (q.x·m14 + q.y·m24 + q.w·m44) = A(x, y) / B(x, y),
/// wherever q.w ≠ 0. Where B and q.w keep one sign over a pixel, z/w is finite there and its level
/// sets are the lines A − c·B = 0, so its least and greatest values over the pixel are at the
/// pixel's corners.
struct DepthRatio {
    /// Coefficients of x, y and 1 of A, B and q.w.
    let a, b, q: SIMD3<Double>

    init(_ h: Homography, _ m: Transform3D) {
        let qx = SIMD3(h.a, h.d, h.g), qy = SIMD3(h.b, h.e, h.h), qw = SIMD3(h.c, h.f, h.i)
        a = qx * m.m13 + qy * m.m23 + qw * m.m43
        b = qx * m.m14 + qy * m.m24 + qw * m.m44
        q = qw
    }

    /// The signs of B and q.w at (x, y), each −1, 0 or 1.
    func signs(_ x: Double, _ y: Double) -> SIMD2<Double> {
        func sign(_ v: Double) -> Double { v > 0 ? 1 : v < 0 ? -1 : 0 }
        return SIMD2(sign(b.x * x + b.y * y + b.z), sign(q.x * x + q.y * y + q.z))
    }

    /// z/w at (x, y); NaN unless B and q.w have the signs `reference` there and z/w is finite.
    @inline(__always)
    func corner(_ x: Double, _ y: Double, _ reference: SIMD2<Double>) -> Double {
        let bv = b.x * x + b.y * y + b.z, qv = q.x * x + q.y * y + q.z
        guard bv * reference.x > 0, qv * reference.y > 0 else { return .nan }
        let d = (a.x * x + a.y * y + a.z) / bv
        return d.isFinite ? d : .nan
    }
}

/// The planes' depths at the corners of the pixels of a composite's region, a line of corners at a
/// time and two lines per plane (a row's top and bottom; the bottom is the next row's top), each
/// computed the first time a pixel of the row needs it. From them, a pixel's far-to-near order
/// is known without sampling it when the planes' depth ranges over the pixel are apart
/// (``DepthCompositor``).
struct DepthLines {
    private let planes: UnsafePointer<PlaneGeometry>
    private let values: UnsafeMutablePointer<Double>
    /// Which line each plane's two slots hold (Int.min: none yet).
    private let tags: UnsafeMutablePointer<Int>
    private let minX: Int, stride: Int
    /// Per plane, the signs of B and q.w at its area's centre: corners with other signs give no range
    /// (so a plane whose visible part lies across its horizon from that centre is always sampled:
    /// slower, never wrong).
    private let reference: UnsafeMutablePointer<SIMD2<Double>>

    /// Ranges must be at least this far apart, relative to the depths (and never less than this
    /// far), to decide the order: beyond the 1e-9 within which ``DepthCompositor`` calls two depths
    /// equal, and, for planes that are not nearly edge-on, far beyond the rounding of either way of
    /// computing z/w (it grows with the terms of A over B, not with the depth; the checksums of
    /// every scene and `DepthRangesTests` found no pixel where it mattered).
    static let separation = 1e-6

    /// The most doubles a composite allocates for its lines (8 MB: 1,000 planes 500 px wide, or
    /// 136 planes across a 3840-pixel canvas); beyond, every pixel is sampled.
    static let budget = 1 << 20

    /// Scalars of memory needed for `planes` planes over `region`.
    static func capacity(planes: Int, region: PixelRect) -> (doubles: Int, ints: Int, signs: Int) {
        (planes * 2 * (region.width + 1), planes * 2, planes)
    }

    init(_ planes: UnsafePointer<PlaneGeometry>, count: Int, region: PixelRect, doubles: UnsafeMutablePointer<Double>,
         ints: UnsafeMutablePointer<Int>, signs: UnsafeMutablePointer<SIMD2<Double>>) {
        self.planes = planes
        values = doubles
        tags = ints
        tags.initialize(repeating: Int.min, count: count * 2)
        minX = region.minX
        stride = region.width + 1
        reference = signs
        for k in 0..<count {
            let c = planes[k].area
            let s = planes[k].depth.ratio.signs(Double(c.minX + c.maxX) / 2, Double(c.minY + c.maxY) / 2)
            (signs + k).initialize(to: s)
        }
    }

    /// The depths of plane `k` at the corners of line `y`, from the corner at x = the region's minX
    /// (set over the plane's area).
    private func line(_ k: Int, _ y: Int) -> UnsafeMutablePointer<Double> {
        let slot = k &* 2 &+ (y & 1)
        let row = values + slot &* stride
        guard tags[slot] != y else { return row }
        tags[slot] = y
        let ratio = planes[k].depth.ratio, signs = reference[k], area = planes[k].area
        let first = max(minX, area.minX), last = min(minX + stride - 1, area.maxX)
        if first <= last {
            for x in first...last { row[x &- minX] = ratio.corner(Double(x), Double(y), signs) }
        }
        return row
    }

    /// Writes to `order` the planes `covering` (count ≥ 2) far to near at pixel (x, y) and returns
    /// true when their depth ranges over the pixel are apart: then the order is the same at every
    /// point of the pixel, and strict. `low` and `high` are scratch for `count` values each.
    func order(_ covering: UnsafeMutablePointer<Int>, _ count: Int, x: Int, y: Int,
               into order: UnsafeMutablePointer<Int>, low: UnsafeMutablePointer<Double>,
               high: UnsafeMutablePointer<Double>,
               sort: (index: UnsafeMutablePointer<Int>, temp: UnsafeMutablePointer<Int>, keys: UnsafeMutablePointer<Double>)) -> Bool {
        if count > DepthCompositor.insertionSortLimit {
            guard ranges(covering, count, x: x, y: y, into: order, low: low, high: high, sort: sort) else { return false }
        } else {
            guard insertRanges(covering, count, x: x, y: y, into: order, low: low, high: high) else { return false }
        }
        for i in 1..<count {
            let gap = Self.separation * max(1, abs(high[i &- 1]), abs(low[i]))
            guard low[i] - high[i &- 1] > gap else { return false }
        }
        return true
    }

    /// The covering planes' depth ranges over the pixel, sorted by their low ends by insertion
    /// (stable); false when a corner has no depth.
    private func insertRanges(_ covering: UnsafeMutablePointer<Int>, _ count: Int, x: Int, y: Int,
                              into order: UnsafeMutablePointer<Int>, low: UnsafeMutablePointer<Double>,
                              high: UnsafeMutablePointer<Double>) -> Bool {
        for i in 0..<count {
            let k = covering[i]
            let top = line(k, y), bottom = line(k, y &+ 1)
            let i0 = x &- minX
            let c0 = top[i0], c1 = top[i0 &+ 1], c2 = bottom[i0], c3 = bottom[i0 &+ 1]
            // NaN fails both comparisons: a corner without a depth gives no range.
            let lo = min(min(c0, c1), min(c2, c3)), hi = max(max(c0, c1), max(c2, c3))
            guard c0 == c0, c1 == c1, c2 == c2, c3 == c3 else { return false }
            // Insertion by the range's low end.
            var j = i
            while j > 0 && low[j &- 1] > lo {
                low[j] = low[j &- 1]; high[j] = high[j &- 1]; order[j] = order[j &- 1]
                j &-= 1
            }
            low[j] = lo; high[j] = hi; order[j] = k
        }
        return true
    }

    /// The same order by a stable merge sort, for many planes (insertion's work grows with the
    /// square of their number): the same result, since both sort stably by a strict order.
    private func ranges(_ covering: UnsafeMutablePointer<Int>, _ count: Int, x: Int, y: Int,
                        into order: UnsafeMutablePointer<Int>, low: UnsafeMutablePointer<Double>, high: UnsafeMutablePointer<Double>,
                        sort: (index: UnsafeMutablePointer<Int>, temp: UnsafeMutablePointer<Int>, keys: UnsafeMutablePointer<Double>)) -> Bool {
        for i in 0..<count {
            let top = line(covering[i], y), bottom = line(covering[i], y &+ 1)
            let i0 = x &- minX
            let c0 = top[i0], c1 = top[i0 &+ 1], c2 = bottom[i0], c3 = bottom[i0 &+ 1]
            guard c0 == c0, c1 == c1, c2 == c2, c3 == c3 else { return false }
            sort.keys[i] = min(min(c0, c1), min(c2, c3))
            high[i] = max(max(c0, c1), max(c2, c3))
            sort.index[i] = i
        }
        if !Self.presorted(sort.index, count, by: sort.keys) {
            DepthCompositor.mergeSort(sort.index, count, by: sort.keys, using: sort.temp) { $0 > $1 }
        }
        for i in 0..<count {
            let from = sort.index[i]
            order[i] = covering[from]
            low[i] = sort.keys[from]
        }
        // high in the same order, through the keys (no longer needed).
        for i in 0..<count { sort.keys[i] = high[i] }
        for i in 0..<count { high[i] = sort.keys[sort.index[i]] }
        return true
    }

    /// Whether the identity `index[0..<count]` already sorts `keys` ascending, stably: true as it
    /// is when they never descend, and true after reversing it when they strictly descend (a
    /// tunnel's planes listed the other way). One pass instead of the merge sort, same result.
    static func presorted(_ index: UnsafeMutablePointer<Int>, _ count: Int, by keys: UnsafeMutablePointer<Double>) -> Bool {
        var ascending = true, descending = true
        for i in 1..<count {
            if keys[i &- 1] > keys[i] { ascending = false } else { descending = false }
            if !ascending && !descending { return false }
        }
        if descending {
            for i in 0..<count / 2 { (index[i], index[count &- 1 &- i]) = (index[count &- 1 &- i], index[i]) }
        }
        return true
    }
}
