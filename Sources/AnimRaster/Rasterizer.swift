import AnimGeometry
import CPixelStores

/// Scan conversion of polygons into exact-area anti-aliased coverage.
///
/// The method is the signed-area accumulation buffer (as in font-rs): every edge adds, to each pixel
/// it crosses, the signed area it sweeps to its right; a prefix sum along each row then gives the
/// winding-weighted coverage of each pixel square, clamped to [0, 1]. For simple contours and for
/// rings whose holes wind the other way this is the exact covered area. Vertices are snapped to a
/// 1/256-pixel grid (24.8 fixed point) before scan conversion, so coverage does not depend on noise in
/// the floating-point geometry above the raster. Pixel (i, j) is the square [i, i+1) × [j, j+1).
public enum Rasterizer {
    /// Fixed-point precision of vertices: 1/256 px.
    public static let subpixelSteps = 256.0

    /// The coverage of closed polygons (each an array of vertices in pixel coordinates) inside `clip`.
    /// Returns nil when nothing is covered.
    ///
    /// A shape that lies wholly inside `clip` is looked up in ``CoverageCache`` first: its coverage
    /// depends only on its vertices relative to its bounds (``ShapeKey``), so a shape drawn again at
    /// the same sub-pixel phase is not scan-converted again, and the result is the same either way.
    public static func coverage(of contours: [[Point]], clip: PixelRect) -> CoverageMask? {
        coverage(of: contours, clip: clip, cache: .shared)
    }

    /// `coverage(of:clip:)` with another cache than the process's (for tests).
    static func coverage(of contours: [[Point]], clip: PixelRect, cache: CoverageCache) -> CoverageMask? {
        let snapped = SnappedContours(contours)
        guard let whole = snapped.bounds else { return nil }
        let bounds = whole.intersection(clip)
        guard !bounds.isEmpty else { return nil }
        if bounds == whole, let key = ShapeKey(snapped, bounds: bounds) {
            return cache.coverage(key, at: bounds) { scanConvert(snapped, bounds: bounds) }
        }
        return scanConvert(snapped, bounds: bounds)
    }

    /// Signed-area accumulation of snapped contours over `bounds`.
    static func scanConvert(_ snapped: SnappedContours, bounds: PixelRect) -> CoverageMask? {
        var acc = Accumulator(bounds: bounds)
        snapped.points.withUnsafeBufferPointer { points in
            var start = 0
            for end in snapped.ends {
                var previous = points[end - 1]
                for i in start..<end {
                    acc.addEdge(previous, points[i])
                    previous = points[i]
                }
                start = end
            }
        }
        return acc.resolve()
    }

    /// `scanConvert` of contours given as arrays (already snapped; for tests).
    static func scanConvert(_ snapped: [[Point]], bounds: PixelRect) -> CoverageMask? {
        scanConvert(SnappedContours(snapped), bounds: bounds)
    }

    static func snap(_ p: Point) -> Point {
        Point(x: snap(p.x), y: snap(p.y))
    }

    /// v on the 1/256 grid, rounded to nearest with halves away from zero, clamped to ±10⁷ (±10⁷
    /// for infinities, −10⁷ for NaN).
    @inline(__always)
    static func snap(_ v: Double) -> Double {
        guard v.isFinite else { return v > 0 ? 1e7 : -1e7 }
        return roundedHalfAway(min(1e7, max(-1e7, v)) * subpixelSteps) / subpixelSteps
    }

    /// `x.rounded()` (to nearest, halves away from zero; the sign of a zero kept) for |x| < 2⁶²,
    /// without a call into libm (baseline x86-64 has no rounding instruction): the integer part
    /// by truncation is exact, and so is the fraction x − t left over. A rounded value that is not
    /// zero has the sign of x, so the result takes x's sign, which also gives a zero result the
    /// sign of x. (The compiler still branches on the two comparisons.)
    @inline(__always)
    static func roundedHalfAway(_ x: Double) -> Double {
        let t = Double(Int64(x))
        let f = x - t
        let r = t + (f >= 0.5 ? 1 : 0) - (f <= -0.5 ? 1 : 0)
        return Double(signOf: x, magnitudeOf: r)
    }

    /// ⌊x⌋ for 0 ≤ x < 2⁶³ without a call into libm: truncation is the floor there.
    @inline(__always)
    static func floorNonNegative(_ x: Float) -> Float {
        Float(Int(x))
    }

    /// ⌈x⌉ for 0 ≤ x < 2⁶³ without a call into libm (exact: a Float of 2²⁴ or more is whole).
    @inline(__always)
    static func ceilNonNegative(_ x: Float) -> Float {
        let t = Float(Int(x))
        return t < x ? t + 1 : t
    }

    static func boundingRect(_ contours: [[Point]]) -> PixelRect? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for c in contours {
            for p in c {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        return pixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The whole pixels reaching from (minX, minY) to (maxX, maxY); nil when that is empty
    /// (no point was seen: the minima are still +∞).
    static func pixelBounds(minX: Double, minY: Double, maxX: Double, maxY: Double) -> PixelRect? {
        guard minX <= maxX, minY <= maxY else { return nil }
        return PixelRect(minX: Int(minX.rounded(.down)), minY: Int(minY.rounded(.down)),
                         maxX: Int(maxX.rounded(.up)), maxY: Int(maxY.rounded(.up)))
    }
}

/// Closed polygons snapped to the 1/256-pixel grid in one pass, flattened: contour k is
/// `points[ends[k − 1]..<ends[k]]` (from 0 for the first). Contours of fewer than three vertices
/// are left out. One array for every vertex, so a shape found in ``CoverageCache`` costs a pass
/// over its vertices and its key, not an array per contour.
struct SnappedContours {
    private(set) var points: [Point] = []
    private(set) var ends: [Int] = []
    /// The whole pixels the snapped vertices reach; nil when no contour is left.
    private(set) var bounds: PixelRect?

    init(_ contours: [[Point]]) {
        var total = 0
        for contour in contours where contour.count >= 3 { total += contour.count }
        guard total > 0 else { return }
        points.reserveCapacity(total)
        ends.reserveCapacity(contours.count)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for contour in contours where contour.count >= 3 {
            for p in contour {
                let x = Rasterizer.snap(p.x), y = Rasterizer.snap(p.y)
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
                points.append(Point(x: x, y: y))
            }
            ends.append(points.count)
        }
        bounds = Rasterizer.pixelBounds(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}

/// The signed-area buffer of one scan conversion, in coordinates local to `bounds`. Its cells come
/// from the thread's ``CellScratch`` and go back to it, zeroed, once resolved.
struct Accumulator: ~Copyable {
    let bounds: PixelRect
    let width: Int
    let height: Int
    /// Row-major, `width + 1` cells a row (one extra column on the right takes the spill of edges
    /// at the right border); possibly longer than that, the rest zero and unused.
    var cells: [Float]
    /// Whether `resolve()` has zeroed every cell again.
    private var zeroed = false
    /// Whether a vertical line's whole rows add two values worked out once (the same values
    /// `spanRow` works out row by row). Off only in tests that check exactly that.
    let verticalRuns: Bool

    init(bounds: PixelRect, verticalRuns: Bool = true) {
        self.verticalRuns = verticalRuns
        self.bounds = bounds
        width = bounds.width
        height = bounds.height
        cells = CellScratch.take(count: (width + 1) * height)
    }

    deinit {
        if zeroed { CellScratch.give(cells) }
    }

    /// Adds the edge from a to b (absolute pixel coordinates).
    mutating func addEdge(_ a: Point, _ b: Point) {
        let ox = Double(bounds.minX), oy = Double(bounds.minY)
        var p0 = Point(x: a.x - ox, y: a.y - oy), p1 = Point(x: b.x - ox, y: b.y - oy)
        let h = Double(height), w = Double(width)
        // Clip vertically: rows outside the buffer receive nothing.
        if p0.y == p1.y { return }
        if p0.y > p1.y { swap(&p0, &p1); addDirected(clipY(p0, p1, h), w, direction: -1) } else {
            addDirected(clipY(p0, p1, h), w, direction: 1)
        }
    }

    /// The part of a downward edge (p0.y < p1.y) inside 0 ≤ y ≤ h, or nil.
    private func clipY(_ p0: Point, _ p1: Point, _ h: Double) -> (Point, Point)? {
        if p1.y <= 0 || p0.y >= h { return nil }
        var a = p0, b = p1
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        if a.y < 0 { a = Point(x: p0.x + (0 - p0.y) * dxdy, y: 0) }
        if b.y > h { b = Point(x: p0.x + (h - p0.y) * dxdy, y: h) }
        return (a, b)
    }

    /// Splits a downward edge at x = 0 and x = w and clamps the outside parts onto the borders
    /// (an edge left of the buffer still winds every pixel to its right). No allocation: at most
    /// three pieces, added in order along the edge.
    private mutating func addDirected(_ edge: (Point, Point)?, _ w: Double, direction: Float) {
        guard let (p0, p1) = edge else { return }
        if let m = Self.crossing(p0, p1, 0) {
            addSplit(p0, m, w, direction: direction)
            addSplit(m, p1, w, direction: direction)
        } else {
            addSplit(p0, p1, w, direction: direction)
        }
    }

    /// The piece from s to e split where it crosses x = w, each part clamped into 0…w and added.
    private mutating func addSplit(_ s: Point, _ e: Point, _ w: Double, direction: Float) {
        if let m = Self.crossing(s, e, w) {
            addClamped(s, m, w, direction: direction)
            addClamped(m, e, w, direction: direction)
        } else {
            addClamped(s, e, w, direction: direction)
        }
    }

    /// The piece from s to e with x clamped into 0…w (onto the border it lies beyond), added.
    private mutating func addClamped(_ s: Point, _ e: Point, _ w: Double, direction: Float) {
        addLine(Point(x: min(w, max(0, s.x)), y: s.y), Point(x: min(w, max(0, e.x)), y: e.y), direction: direction)
    }

    /// Where the segment from s to e crosses x = `bound` strictly between its ends, or nil.
    private static func crossing(_ s: Point, _ e: Point, _ bound: Double) -> Point? {
        guard (s.x - bound) * (e.x - bound) < 0 else { return nil }
        let t = (bound - s.x) / (e.x - s.x)
        return Point(x: bound, y: s.y + (e.y - s.y) * t)
    }

    /// Adds a downward line inside the buffer (0 ≤ x ≤ width, 0 ≤ y ≤ height).
    private mutating func addLine(_ p0: Point, _ p1: Point, direction: Float) {
        let x0f = Float(p0.x), y0f = Float(p0.y), x1f = Float(p1.x), y1f = Float(p1.y)
        guard y1f > y0f else { return }
        let dxdy = (x1f - x0f) / (y1f - y0f)
        var x = x0f
        // Both ends lie in 0…height (clipped by addEdge).
        let rowStart = Int(Rasterizer.floorNonNegative(y0f)), rowEnd = min(height, Int(Rasterizer.ceilNonNegative(y1f)))
        let stride = width + 1
        let right = Float(width)
        cells.withUnsafeMutableBufferPointer { cells in
            @inline(__always) func step(_ row: Int) {
                let dy = min(Float(row + 1), y1f) - max(Float(row), y0f)
                // Kept inside 0…width: stepping x row by row drifts, and an edge ending at x = 0
                // could reach −1e-9, whose column −1 lies before the row (before the buffer in row 0).
                let xNext = min(right, max(0, x + dxdy * dy))
                let d = dy * direction
                Self.spanRow(cells, base: row * stride, x, xNext, d, limit: width)
                x = xNext
            }
            guard verticalRuns, dxdy == 0, rowEnd - rowStart > 2 else {
                for row in rowStart..<rowEnd { step(row) }
                return
            }
            // A vertical line (a side of most interface shapes): past its first row, x no longer
            // changes (x + 0 · dy), and the rows before its last are whole (dy = 1, so d = direction),
            // so each of them adds the same two values to the same two columns.
            step(rowStart)
            let (i0, a, i1, b) = Self.oneColumn(x, x, direction, limit: width)
            for row in (rowStart + 1)..<(rowEnd - 1) {
                cells[row * stride + i0] += a
                cells[row * stride + i1] += b
            }
            step(rowEnd - 1)
        }
    }

    /// What `spanRow` adds for a piece from xa to xb within one pixel column (⌈max⌉ ≤ ⌊min⌋ + 1):
    /// `a` to column `i0` and `b` to column `i1`, the area right of the piece's mid x.
    @inline(__always)
    private static func oneColumn(_ xa: Float, _ xb: Float, _ d: Float, limit: Int) -> (Int, Float, Int, Float) {
        let loFloor = Rasterizer.floorNonNegative(min(xa, xb))
        let i0 = Int(loFloor)
        let mid = 0.5 * (xa + xb) - loFloor
        return (min(i0, limit), d - d * mid, min(i0 + 1, limit), d * mid)
    }

    /// Distributes the signed area of one row's piece of an edge, from x to xNext, over the cells.
    private static func spanRow(_ cells: UnsafeMutableBufferPointer<Float>, base: Int,
                                _ xa: Float, _ xb: Float, _ d: Float, limit: Int) {
        // Both in 0…width (clamped by addClamped and addLine).
        let lo = min(xa, xb), hi = max(xa, xb)
        let loFloor = Rasterizer.floorNonNegative(lo), hiCeil = Rasterizer.ceilNonNegative(hi)
        let i0 = Int(loFloor), i1 = Int(hiCeil)
        if i1 <= i0 + 1 {
            let (c0, a, c1, b) = oneColumn(xa, xb, d, limit: limit)
            cells[base + c0] += a
            cells[base + c1] += b
            return
        }
        let s = 1 / (hi - lo)
        let f0 = lo - loFloor
        let a0 = 0.5 * s * (1 - f0) * (1 - f0)
        let f1 = hi - hiCeil + 1
        let am = 0.5 * s * f1 * f1
        cells[base + i0] += d * a0
        if i1 == i0 + 2 {
            cells[base + i0 + 1] += d * (1 - a0 - am)
        } else {
            let a1 = s * (1.5 - f0)
            cells[base + i0 + 1] += d * (a1 - a0)
            var xi = i0 + 2
            while xi < i1 - 1 {
                cells[base + xi] += d * s
                xi += 1
            }
            let a2 = a1 + Float(i1 - i0 - 3) * s
            cells[base + i1 - 1] += d * (1 - a2 - am)
        }
        cells[base + min(i1, limit)] += d * am
    }

    /// Prefix-sums each row into 8-bit coverage, rounding to nearest, and zeroes the cells again
    /// (`animrender_resolve_row`: runs of cells without an edge copy the coverage before them,
    /// the rest are summed cell by cell and converted four at a time).
    mutating func resolve() -> CoverageMask? {
        let (width, height) = (self.width, self.height)
        // Every byte is written by the rows (runs of eight and 32 end inside the row), so none is zeroed first.
        var out = [UInt8](unsafeUninitializedCapacity: width * height) { _, count in count = width * height }
        var any = false
        let stride = width + 1
        cells.withUnsafeMutableBufferPointer { cells in
            out.withUnsafeMutableBufferPointer { out in
                for row in 0..<height {
                    let covered = animrender_resolve_row(cells.baseAddress! + row * stride, out.baseAddress! + row * width, width)
                    if covered != 0 { any = true }
                }
            }
        }
        zeroed = true
        return any ? CoverageMask(bounds: bounds, coverage: out) : nil
    }
}
