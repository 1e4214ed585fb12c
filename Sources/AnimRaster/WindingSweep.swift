import AnimGeometry

extension Rasterizer {
    /// The coverage of polygons under a fill rule, self-intersections and overlaps included: exact,
    /// unless the sweep's budget of exact work runs out (millions of crossings, or vertices), after
    /// which the rest is swept in coarse bands at a bounded cost (`WindingSweep.exactWork`,
    /// WindingSweep+Coarse.swift).
    ///
    /// `coverage(of:clip:)` sums signed areas, which is exact only where the winding number is 0
    /// or ±1; here a sweep first reduces the polygons to their boundary under `rule` (see
    /// `WindingSweep`), whose signed-area sum is the covered fraction of every pixel. Vertices are
    /// snapped to 1/256 px as in `coverage(of:clip:)`, so for simple polygons both agree.
    public static func coverage(of contours: [[Point]], clip: PixelRect, rule: FillRule) -> CoverageMask? {
        coverage(of: contours, clip: clip, rule: rule, exactWork: WindingSweep.exactWork)
    }

    /// The same with the sweep's budget for exact splits (``WindingSweep/exactWork``) given.
    static func coverage(of contours: [[Point]], clip: PixelRect, rule: FillRule, exactWork: Int) -> CoverageMask? {
        let snapped = contours.map { $0.map(snap) }.filter { $0.count >= 3 }
        guard let bounds = boundingRect(snapped)?.intersection(clip), !bounds.isEmpty else { return nil }
        var acc = Accumulator(bounds: bounds)
        var sweep = WindingSweep(contours: snapped, top: Double(bounds.minY), bottom: Double(bounds.maxY), rule: rule)
        sweep.exactWorkLeft = exactWork
        sweep.run { a, b in acc.addEdge(a, b) }
        return acc.resolve()
    }
}

/// A top-to-bottom sweep that finds, between consecutive event heights (vertices and edge
/// crossings), which edges bound the region inside under the fill rule.
///
/// Between two events no edges cross, so sorted by x they split the band into trapezoids whose
/// winding numbers are the running sums of the edges' directions. An edge whose two sides differ
/// in insideness is a boundary: it is emitted downward where the inside lies to its right and
/// upward where it lies to its left, so the signed area the accumulator sums is exactly 1 inside
/// and 0 outside. Crossings are found as the sweep goes: if no two edges adjacent at the top of a
/// band swap by its bottom, none cross in it; otherwise the band ends at the earliest swap (a
/// band is at least 2⁻¹⁶ px high, which bounds the work on nearly parallel edges at a negligible
/// area). Past ``exactWork`` the rest of the height is swept in coarse bands instead
/// (``finishCoarsely(from:pending:_:)``). An edge's consecutive boundary pieces are emitted as one.
struct WindingSweep {
    struct Edge {
        let x0, y0, x1, y1: Double
        /// +1 for an edge drawn downward, −1 upward (in the coarse bands, the sum of coincident edges').
        let winding: Int
        let slope: Double

        init(_ a: Point, _ b: Point) {
            let down = a.y < b.y
            let (p, q) = down ? (a, b) : (b, a)
            (x0, y0, x1, y1) = (p.x, p.y, q.x, q.y)
            winding = down ? 1 : -1
            slope = (q.x - p.x) / (q.y - p.y)
        }

        /// The edge with another winding: the sum of coincident edges' (WindingSweep+Coarse.swift).
        init(_ e: Edge, winding: Int) {
            (x0, y0, x1, y1, slope) = (e.x0, e.y0, e.x1, e.y1, e.slope)
            self.winding = winding
        }

        func x(at y: Double) -> Double {
            if y <= y0 { return x0 }
            if y >= y1 { return x1 }
            return x0 + (y - y0) * slope
        }
    }

    /// An edge in the sweep, where it is at the top and bottom of the current band, and the
    /// boundary piece it is emitting: from `since`, with direction +1 (inside to the right), −1
    /// (inside to the left) or 0 (not a boundary).
    struct Active {
        let edge: Int
        /// The edge's `Edge.winding` (+1 drawn downward, −1 upward; not the boundary `direction`
        /// below) and its lower end, kept here for the walks over every active edge (`classify`,
        /// `retire`).
        let winding: Int
        let end: Double
        var since: Double
        var direction: Int
        var xTop = 0.0
        var xBottom = 0.0
        /// The height `xBottom` was taken at (NaN before the first band): the next band's top is
        /// this band's bottom, where the edge's x is the same number.
        var bottomAt = Double.nan

        init(edge: Int, of e: Edge, since: Double, direction: Int) {
            self.edge = edge
            winding = e.winding
            end = e.y1
            self.since = since
            self.direction = direction
        }

        /// Left-to-right order at the top of a band, ties broken by the order just below it.
        func precedes(_ o: Active) -> Bool { xTop < o.xTop || (xTop == o.xTop && xBottom < o.xBottom) }
    }

    static let minimumBand = 1.0 / 65536

    let edges: [Edge]
    let top: Double
    let bottom: Double
    let rule: FillRule
    var active: [Active] = []
    /// What is left of ``exactWork``.
    var exactWorkLeft = Self.exactWork
    /// The work done so far (for tests): edges visited by the bands and their parts; and
    /// by sorting (``sortActive()``), edges moved by insertion and comparisons made after it.
    var visited = 0
    var sortWork = 0

    init(contours: [[Point]], top: Double, bottom: Double, rule: FillRule) {
        var edges: [Edge] = []
        for contour in contours {
            var previous = contour[contour.count - 1]
            for point in contour {
                if previous.y != point.y {
                    let e = Edge(previous, point)
                    if e.y1 > top && e.y0 < bottom { edges.append(e) }
                }
                previous = point
            }
        }
        self.init(sorting: &edges, top: top, bottom: bottom, rule: rule)
    }

    /// A sweep of `edges` from `top` to `bottom`, which sorts them by their tops.
    init(sorting edges: inout [Edge], top: Double, bottom: Double, rule: FillRule) {
        edges.sort { ($0.y0, $0.x0) < ($1.y0, $1.x0) }
        self.edges = edges
        self.top = top
        self.bottom = bottom
        self.rule = rule
    }

    /// Sweeps the whole height, handing each boundary piece to `emit` as a directed line. The
    /// active edges stay in an array sorted left to right, re-sorted at each band (it changes by
    /// the edges that start or end and the pairs that cross, so this is nearly linear; see
    /// `sortActive`).
    mutating func run(_ emit: (Point, Point) -> Void) {
        var ys: [Double] = [top, bottom]
        ys.reserveCapacity(2 * edges.count + 2)
        for e in edges {
            if e.y0 > top { ys.append(e.y0) }
            if e.y1 < bottom { ys.append(e.y1) }
        }
        ys.sort()
        var events: [Double] = []
        events.reserveCapacity(ys.count)
        for y in ys where events.last != y { events.append(y) }
        var next = 0
        for k in 0..<(events.count - 1) {
            let (ya, yb) = (events[k], events[k + 1])
            if exactWorkLeft < 0 { return finishCoarsely(from: ya, pending: next, emit) }
            retire(endingBy: ya, emit)
            admit(startingBy: ya, next: &next)
            if !active.isEmpty, let stop = band(from: ya, to: yb, emit) {
                return finishCoarsely(from: stop, pending: next, emit)
            }
        }
        for a in active { flush(a, at: events[events.count - 1], emit) }
        active = []
    }

    /// Makes the edges from `next` on that start by `y` active (from `y`), moving `next` past them.
    mutating func admit(startingBy y: Double, next: inout Int) {
        while next < edges.count, edges[next].y0 <= y {
            if edges[next].y1 > y { active.append(Active(edge: next, of: edges[next], since: y, direction: 0)) }
            next += 1
        }
    }

    /// Emits the boundary pieces of the edges that end by `y`, in their order, and drops them from
    /// the active list in the same pass.
    mutating func retire(endingBy y: Double, _ emit: (Point, Point) -> Void) {
        var kept = 0
        for i in active.indices {
            let a = active[i]
            if a.end <= y {
                flush(a, at: y, emit)
            } else {
                if kept != i { active[kept] = a }
                kept += 1
            }
        }
        active.removeLast(active.count - kept)
    }

    /// Classifies the edges over [ya, yb], splitting it at crossings. Each edge's x at the band's
    /// bottom is taken once (every part of the band ends there) and serves as its x at the next
    /// band's top; only the tops of the parts after a crossing are taken anew. Returns where it
    /// stopped when ``exactWork`` ran out before the band's end (nil when it got there).
    private mutating func band(from ya: Double, to yb: Double, _ emit: (Point, Point) -> Void) -> Double? {
        var y = ya
        let n = active.count
        let edges = edges
        edges.withUnsafeBufferPointer { edges in
            active.withUnsafeMutableBufferPointer { active in
                for i in 0..<n {
                    let e = edges[active[i].edge]
                    active[i].xTop = active[i].bottomAt == ya ? active[i].xBottom : e.x(at: ya)
                    active[i].xBottom = e.x(at: yb)
                    active[i].bottomAt = yb
                }
            }
        }
        var parts = 0
        while y < yb {
            if parts > 0 && exactWorkLeft < n { return y }
            exactWorkLeft -= n
            visited += n
            if y != ya { takeTops(at: y) }
            exactWorkLeft -= sortActive()
            let end = active.withUnsafeBufferPointer { active in Self.firstSwap(active, from: y, to: yb) }
            classify(at: y, emit)
            y = end
            parts += 1
        }
        return nil
    }

    /// How much work the sweep may spend on bands and their parts (each visits every active edge,
    /// then sorts them: ``sortActive()``'s work) before the rest of the height is swept coarsely
    /// (``finishCoarsely(from:pending:_:)``): about 0.1 s. Strokes of thousands of segments
    /// crossing each other cross millions of times, and split at each crossing they took minutes
    /// a frame (2,000 segments over 100 × 100 px: 92 s). A band's first part is always exact; the
    /// band after the one that spends the budget starts the coarse sweep, crossings or not.
    static let exactWork = 1 << 25

    /// Every active edge's x at `y` as its `xTop` (its `xBottom` stays at the band's bottom, which
    /// orders edges tied at `y` as they are below it).
    mutating func takeTops(at y: Double) {
        edges.withUnsafeBufferPointer { edges in
            active.withUnsafeMutableBufferPointer { active in
                for i in 0..<active.count { active[i].xTop = edges[active[i].edge].x(at: y) }
            }
        }
    }

    /// Where the part of the band from `y` to `yb` ends: at the earliest height where two edges
    /// adjacent at its top swap (linearly between their gaps at top and bottom), at least
    /// ``minimumBand`` below `y`; `yb` when none do.
    private static func firstSwap(_ active: UnsafeBufferPointer<Active>, from y: Double, to yb: Double) -> Double {
        var end = yb
        for k in 0..<max(0, active.count - 1) {
            let (l, r) = (active[k], active[k + 1])
            let gapBelow = l.xBottom - r.xBottom
            guard gapBelow > 0 else { continue }
            let gapAbove = max(0, r.xTop - l.xTop)
            end = min(end, y + (yb - y) * gapAbove / (gapAbove + gapBelow))
        }
        if end < yb { end = min(yb, max(end, y + minimumBand)) }
        return end
    }

    /// Sorts the active edges by `Active.precedes`. They are nearly in order already (only the
    /// edges that started and the pairs that crossed since the last sort are out of place), so by
    /// insertion, which moves each edge once per edge it passes: linear, unless bundles of
    /// coincident edges cross (a polyline drawn over itself 500 times, whose 500 copies of two
    /// lines pass each other: 250,000 moves). Once the moves outnumber the edges the standard
    /// library's sort finishes the job: it is stable (SE-0372), as insertion is, and each step of
    /// insertion keeps the order of edges that neither precedes, so the order is the same.
    /// Returns the work done: edges moved, or n plus the comparisons made after giving up.
    @discardableResult
    mutating func sortActive() -> Int {
        let n = active.count
        let moves = active.withUnsafeMutableBufferPointer { Self.insertionSort($0, moves: n) }
        let work = moves ?? finishSorting()
        sortWork += work
        return work
    }

    /// The standard library's sort of the active edges: n plus the comparisons it made.
    @inline(never)
    private mutating func finishSorting() -> Int {
        var comparisons = 0
        active.sort {
            comparisons += 1
            return $0.precedes($1)
        }
        return active.count + comparisons
    }

    /// Insertion sort by `Active.precedes`: the moves it made, or nil when it gave up after
    /// `limit` (the edges are then in some order, each nearer its place).
    @inline(__always)
    static func insertionSort(_ a: UnsafeMutableBufferPointer<Active>, moves limit: Int) -> Int? {
        guard a.count > 1 else { return 0 }
        var moves = 0
        for i in 1..<a.count {
            let item = a[i]
            var j = i
            while j > 0, item.precedes(a[j - 1]) {
                a[j] = a[j - 1]
                j -= 1
            }
            if j != i {
                a[j] = item
                moves += i - j
                if moves > limit { return nil }
            }
        }
        return moves
    }

    /// Walks the edges left to right with the running winding number and updates which are boundaries.
    mutating func classify(at y: Double, _ emit: (Point, Point) -> Void) {
        var winding = 0
        let (rule, edges) = (rule, edges)
        active.withUnsafeMutableBufferPointer { active in
            for i in 0..<active.count {
                let before = rule.contains(winding: winding)
                winding += active[i].winding
                let after = rule.contains(winding: winding)
                let direction = before == after ? 0 : (after ? 1 : -1)
                if direction != active[i].direction {
                    Self.flush(active[i], at: y, edges: edges, emit)
                    active[i].since = y
                    active[i].direction = direction
                }
            }
        }
    }

    /// Emits an edge's current boundary piece, from where it began down to `y`.
    func flush(_ a: Active, at y: Double, _ emit: (Point, Point) -> Void) {
        Self.flush(a, at: y, edges: edges, emit)
    }

    private static func flush(_ a: Active, at y: Double, edges: [Edge], _ emit: (Point, Point) -> Void) {
        guard a.direction != 0, y > a.since else { return }
        let e = edges[a.edge]
        let p = Point(x: e.x(at: a.since), y: a.since), q = Point(x: e.x(at: y), y: y)
        if a.direction > 0 { emit(p, q) } else { emit(q, p) }
    }
}
