/// Sort and sweep: the pairs of boxes that overlap (touching counts), without testing every pair.
/// Boxes are sorted by their lower edge on the axis along which their centres spread more
/// (ties by index, so the order is total); each box is tested only against those that start
/// before it ends on that axis, and a box that does not move only against boxes that do.
enum BroadPhase {
    typealias Box = (lower: Vec2, upper: Vec2)

    /// What a sweep did: the pairs of boxes it compared, and those it reported.
    struct Count: Hashable {
        var tests = 0
        var overlaps = 0
    }

    /// Calls `body(i, j)`, i < j, once for each overlapping pair of which at least one box is
    /// `moving` (nil: all are), in sweep order. Boxes with a NaN are skipped (they overlap
    /// nothing). Pairs of boxes that never move (boundary segments, however many overlap) cost
    /// nothing. After each box it asks `stop` with the count so far, and stops early when told
    /// (n boxes on one spot are n²/2 pairs: a caller may not want to wait for, or store, them all).
    @discardableResult
    static func overlaps(_ boxes: [Box], moving: [Bool]? = nil, until stop: (Count) -> Bool = { _ in false },
                         _ body: (Int, Int) -> Void) -> Count {
        let valid = boxes.indices.filter { boxes[$0].lower.x <= boxes[$0].upper.x && boxes[$0].lower.y <= boxes[$0].upper.y }
        let alongX = spread(valid.map { boxes[$0].lower.x + boxes[$0].upper.x })
            >= spread(valid.map { boxes[$0].lower.y + boxes[$0].upper.y })
        func lower(_ i: Int) -> Double { alongX ? boxes[i].lower.x : boxes[i].lower.y }
        func upper(_ i: Int) -> Double { alongX ? boxes[i].upper.x : boxes[i].upper.y }
        func crossOverlap(_ i: Int, _ j: Int) -> Bool {
            alongX ? boxes[i].lower.y <= boxes[j].upper.y && boxes[j].lower.y <= boxes[i].upper.y
                   : boxes[i].lower.x <= boxes[j].upper.x && boxes[j].lower.x <= boxes[i].upper.x
        }
        // Sorted by (lower edge, index): a total order, so the same pairs in the same order
        // whatever the sort. The keys are made once, not in every comparison.
        let order = valid.map { (lower($0), $0) }.sorted { $0 < $1 }.map(\.1)
        var count = Count()
        // Box `i` against those of `list` from `start` on that start before it ends.
        func sweep(_ i: Int, _ list: [Int], from start: Int) {
            let end = upper(i)
            var m = start
            while m < list.count {
                let j = list[m]
                guard lower(j) <= end else { break }
                if crossOverlap(i, j) {
                    body(min(i, j), max(i, j))
                    count.overlaps += 1
                }
                m += 1
            }
            count.tests += m - start
        }
        let movers = moving.map { m in order.filter { m[$0] } } ?? order
        var moversBefore = 0
        for k in order.indices {
            let i = order[k]
            if moving?[i] ?? true {
                sweep(i, order, from: k + 1)
                moversBefore += 1
            } else {
                sweep(i, movers, from: moversBefore)
            }
            if stop(count) { break }
        }
        return count
    }

    /// The range of finite values (0 when there are none); infinite centres are ignored.
    private static func spread(_ values: [Double]) -> Double {
        let finite = values.filter(\.isFinite)
        guard let low = finite.min(), let high = finite.max() else { return 0 }
        return high - low
    }
}
