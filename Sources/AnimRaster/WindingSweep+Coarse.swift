import AnimGeometry

/// The rest of a sweep once ``WindingSweep/exactWork`` has run out, at a cost bounded in advance.
///
/// An exact sweep visits every active edge at every vertex height and at every crossing: with n
/// long edges across a canvas of height H, up to 256·H heights (vertices are snapped to 1/256 px)
/// times n edges, and each re-sort costs more the more edges crossed since the last. 127,000
/// edges of a random zigzag across 64 × 64 px took over 10 s. So past the budget:
/// - coincident edges (a path drawn over itself) become one whose winding is their sum;
/// - the rest of the height is cut into bands of one height h, each classified once, by the
///   edges' order at its middle, and every vertex is moved to the nearest line between bands, so
///   that no edge starts or ends inside one;
/// - h is the smallest multiple of 1/256 px for which the edges' visits (one a band they cross,
///   and one more) times 1 + log₂ n (a sort's comparisons per edge, at most) come to at most
///   ``coarseWork``. At 1/256 px vertices do not move (they are on that grid already, unless the
///   budget ran out at a crossing).
///
/// What this costs in accuracy is local: a vertex moves by at most h/2, so its two edges sweep at
/// most h/2 of a pixel's height out of place; and in a band where two edges cross, the two
/// triangles between them on either side of the crossing are misclassified, together at most
/// h²/8 times the difference of their slopes.
extension WindingSweep {
    /// The edge visits and sort comparisons the coarse bands may take together (about 0.5 s).
    static let coarseWork = 1 << 27

    /// Emits the pieces of the active edges down to `y`, then sweeps the rest of the height (the
    /// active edges below `y` and the edges from `pending` on) in coarse bands.
    mutating func finishCoarsely(from y: Double, pending: Int, _ emit: (Point, Point) -> Void) {
        for a in active { flush(a, at: y, emit) }
        let rest = Self.merged((active.map { edges[$0.edge] } + edges[pending...]).compactMap { $0.clipped(below: y) })
        active = []
        let grid = CoarseGrid(top: y, bottom: bottom, edges: rest)
        var snapped = Self.merged(rest.compactMap(grid.snapped))
        var coarse = WindingSweep(sorting: &snapped, top: y, bottom: bottom, rule: rule)
        coarse.runBands(of: grid, emit)
        visited += coarse.visited
        sortWork += coarse.sortWork
    }

    /// Coincident edges as one, whose winding is their sum (none where it is 0): a path drawn over
    /// itself 500 times sweeps as one.
    static func merged(_ edges: [Edge]) -> [Edge] {
        let sorted = edges.sorted { ($0.y0, $0.x0, $0.y1, $0.x1) < ($1.y0, $1.x0, $1.y1, $1.x1) }
        var out: [Edge] = []
        var i = 0
        while i < sorted.count {
            let e = sorted[i]
            var winding = 0
            while i < sorted.count, (sorted[i].y0, sorted[i].x0, sorted[i].y1, sorted[i].x1) == (e.y0, e.x0, e.y1, e.x1) {
                winding += sorted[i].winding
                i += 1
            }
            if winding != 0 { out.append(Edge(e, winding: winding)) }
        }
        return out
    }

    /// Sweeps band by band of `grid`, the edges' ends on its lines.
    private mutating func runBands(of grid: CoarseGrid, _ emit: (Point, Point) -> Void) {
        var next = 0
        for k in 0..<grid.count {
            let (ya, yb) = (grid.line(k), grid.line(k + 1))
            retire(endingBy: ya, emit)
            admit(startingBy: ya, next: &next)
            if !active.isEmpty { coarseBand(from: ya, to: yb, emit) }
        }
        for a in active { flush(a, at: bottom, emit) }
        active = []
    }

    /// Classifies the edges over [ya, yb] once, by their order at its middle (ties by their order
    /// at its bottom).
    private mutating func coarseBand(from ya: Double, to yb: Double, _ emit: (Point, Point) -> Void) {
        edges.withUnsafeBufferPointer { edges in
            active.withUnsafeMutableBufferPointer { active in
                for i in 0..<active.count { active[i].xBottom = edges[active[i].edge].x(at: yb) }
            }
        }
        takeTops(at: (ya + yb) / 2)
        visited += active.count
        sortActive()
        classify(at: ya, emit)
    }
}

/// The lines of the coarse bands: `top` + k·`step` for k < `count`, then `bottom`.
struct CoarseGrid {
    let top: Double
    let bottom: Double
    let step: Double
    let count: Int

    /// The grid on which `edges` (below `top`) cost at most about ``WindingSweep/coarseWork``: an
    /// edge is visited once a band it crosses (and once more), and each band's sort makes up to
    /// log₂ n comparisons a visit where the edges' order changes much.
    init(top: Double, bottom: Double, edges: [WindingSweep.Edge]) {
        var height = 0.0
        for e in edges { height += Swift.min(bottom, e.y1) - Swift.max(top, e.y0) }
        let perVisit = Double(1 + Int.bitWidth - edges.count.leadingZeroBitCount)
        let wanted = height * perVisit / Double(WindingSweep.coarseWork)
        self.top = top
        self.bottom = bottom
        step = Swift.max(1, (wanted * 256).rounded(.up)) / 256
        count = Swift.max(1, Int(((bottom - top) / step).rounded(.up)))
    }

    /// Line k (`bottom` from `count` on).
    func line(_ k: Int) -> Double { k >= count ? bottom : top + Double(k) * step }

    /// The nearest line to y (the first or last for heights beyond them).
    func snap(_ y: Double) -> Double {
        let k = ((y - top) / step).rounded()
        return line(k <= 0 ? 0 : k >= Double(count) ? count : Int(k))
    }

    /// `e` down to `bottom`, its ends moved to the nearest lines, drawn in the same direction; nil
    /// when both move to one line.
    func snapped(_ e: WindingSweep.Edge) -> WindingSweep.Edge? {
        let lower = Swift.min(bottom, e.y1)
        let a = Point(x: e.x0, y: snap(e.y0)), b = Point(x: e.x(at: lower), y: snap(lower))
        guard a.y < b.y else { return nil }
        return WindingSweep.Edge(WindingSweep.Edge(a, b), winding: e.winding)
    }
}

extension WindingSweep.Edge {
    /// The part below `y`, drawn in the same direction (nil when there is none).
    func clipped(below y: Double) -> Self? {
        guard y1 > y else { return nil }
        guard y0 < y else { return self }
        return Self(Self(Point(x: x(at: y), y: y), Point(x: x1, y: y1)), winding: winding)
    }
}
