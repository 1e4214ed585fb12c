/// Runs of short segments at round turns, thinned before the pen draws them.
///
/// Where a segment is shorter than the pen's reach across the turn at its end, the outline cannot
/// cut across the inner side of that corner and passes through its vertex: two edges as long as
/// the half width (see `Pen.corner`). A path drawn as hundreds of short lines round a tight turn
/// (a hand-drawn loop under a wide pen) gives hundreds of such edges, all crossing one another,
/// and the sweep's work grows with the product: half a second a frame for 1,500 lines.
///
/// With round joins and round caps the stroke is the polyline swept by a disc: every point within
/// the half width of it lies on a normal of a segment, in a join's wedge or in a cap, whichever of
/// the polyline's points is nearest to it. So any polyline within a distance d of it, both ways,
/// gives a stroke within d of it. Vertices of such runs are dropped while every dropped one stays
/// within the tolerance of the chord that replaces it (and the chord then within it of them: the
/// path between its ends projects onto all of it). With butt or square caps the stroke is not that
/// sum near its ends (a point nearest to an end is cut off, or squared), so there only vertices
/// farther than three half widths from both ends may go: every point their removal can change is
/// then nearer to some other point of the path than to an end.
///
/// Miter and bevel joins (CAShapeLayer's default lineJoin is miter) at a turn of α differ from a
/// round one by at most r·(1/cos(α/2) − 1) (the miter's tip beyond the arc; a bevel comes within
/// r·(1 − cos(α/2)) of it, less). Where that is within half the tolerance the vertex counts as
/// round: it may go when it and both its neighbours count as round, and a vertex kept next to one
/// that went is joined round (within that half tolerance of its own join). In a polyline where a
/// corner counts as round the chords are held to the other half, since at a bend the two errors
/// add (a miter's tip beyond the arc, the chord inside it). A sharper corner, and the segments on
/// either side of it, are kept as they are. The two vertices at each end of an open polyline (its
/// caps face the end segments) and every vertex where the outline can cut across are kept, so
/// ordinary strokes are left as they are.
extension StrokePolyline {
    /// The polyline with the vertices of runs of short round turns dropped, as above, within
    /// `tolerance` (under corner joins, half of it for the chords and half for the joins counted
    /// round). `roundJoins` and `roundCaps` say whether the layer's lineJoin and lineCap are round
    /// (vertices inside a flattened curve are round in any case). Its spans are dropped when it
    /// changes (they are used only before, for the cut ends).
    func thinningShortTurns(halfWidth: Double, tolerance: Double, roundJoins: Bool, roundCaps: Bool) -> StrokePolyline {
        let line = opened
        let n = line.points.count
        guard n >= 5, halfWidth > 0 else { return self }
        let (first, last) = (line.points[0], line.points[n - 1])
        let clear = 3 * halfWidth + tolerance
        // cos²(α/2) from which a corner join is within tolerance/2 of a round one.
        let roundEnough = (halfWidth / (halfWidth + tolerance / 2)) * (halfWidth / (halfWidth + tolerance / 2))
        // Each inner vertex's turn, measured once. The ends' entries are never read as joins (the
        // two vertices at each end are kept, and with them the join at vertex 0 of a closed
        // polyline): round only so that their neighbours may go.
        let turns = (0..<n).map { j in j == 0 || j == n - 1 ? Turn.none : line.turn(at: j) }
        let round = (0..<n).map { j in
            roundJoins || j == 0 || j == n - 1 || line.isSmooth[j] || turns[j].halfCosineSquared >= roundEnough
        }
        // Where a corner join counts as round the chords get the other half of the tolerance.
        let cornersCounted = !roundJoins && (1..<(n - 1)).contains { !line.isSmooth[$0] && round[$0] }
        let chordTolerance = cornersCounted ? tolerance / 2 : tolerance
        let removable = (0..<n).map { j in
            j >= 2 && j <= n - 3 && round[j - 1] && round[j] && round[j + 1] && turns[j].isPivot(halfWidth: halfWidth)
                && (isClosed || roundCaps || ((line.points[j] - first).norm > clear && (line.points[j] - last).norm > clear))
        }
        guard removable.contains(true) else { return self }
        var out = StrokePolyline(points: [line.points[0]], isSmooth: [line.isSmooth[0]], direction: direction)
        var anchor = 0
        var i = 1
        while i < n {
            var best = i
            var j = i + 1
            while j < n, j - anchor <= 64, removable[j - 1],
                  line.staysNear(from: anchor, to: j, within: chordTolerance) {
                best = j
                j += 1
            }
            // The vertices on either side of dropped ones counted as round: they are joined round.
            // (Both ends of the polyline are always kept with their neighbours, so neither is one.)
            let dropped = best > i
            if dropped { out.isSmooth[out.isSmooth.count - 1] = true }
            out.points.append(line.points[best])
            out.isSmooth.append(line.isSmooth[best] || dropped)
            anchor = best
            i = best + 1
        }
        guard out.points.count < n else { return self }
        if isClosed {
            out.points.removeLast()
            out.isSmooth.removeLast()
            out.isClosed = true
        }
        return out
    }

    /// The turn at an inner vertex: the lengths of the segments either side, and the sine and
    /// cosine of the angle α between their directions (NaN where a segment has no length).
    private struct Turn {
        let incoming: Double, outgoing: Double, cross: Double, dot: Double
        static let none = Turn(incoming: 0, outgoing: 0, cross: .nan, dot: .nan)

        /// True when a segment is shorter than the pen's reach across the turn (r·max(tan(α/2),
        /// sin α)), so that the outline passes through the vertex.
        func isPivot(halfWidth: Double) -> Bool {
            guard incoming > 0, outgoing > 0, 1 + dot > 0 else { return true }
            let reach = halfWidth * Swift.max(abs(cross) / (1 + dot), abs(cross))
            return reach > Swift.min(incoming, outgoing)
        }

        /// cos²(α/2) = (1 + cos α) / 2; 0 where a segment has no length.
        var halfCosineSquared: Double { incoming > 0 && outgoing > 0 ? (1 + dot) / 2 : 0 }
    }

    private func turn(at j: Int) -> Turn {
        let u = points[j] - points[j - 1], v = points[j + 1] - points[j]
        let (lu, lv) = (u.norm, v.norm)
        return Turn(incoming: lu, outgoing: lv, cross: (u.x * v.y - u.y * v.x) / (lu * lv), dot: (u.x * v.x + u.y * v.y) / (lu * lv))
    }

    /// True when every vertex strictly between `a` and `b` lies within `tolerance` of the segment
    /// from vertex a to vertex b.
    private func staysNear(from a: Int, to b: Int, within tolerance: Double) -> Bool {
        let (p, q) = (points[a], points[b])
        let d = q - p
        let length2 = d.x * d.x + d.y * d.y
        for k in (a + 1)..<b {
            let w = points[k] - p
            let t = length2 > 0 ? Swift.min(1, Swift.max(0, (w.x * d.x + w.y * d.y) / length2)) : 0
            let e = w - d * t
            if e.x * e.x + e.y * e.y > tolerance * tolerance { return false }
        }
        return true
    }
}
