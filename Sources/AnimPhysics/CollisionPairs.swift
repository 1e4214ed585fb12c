/// Which bodies may collide, and the order their contacts are solved in, without listing every
/// pair (n items in one collision behaviour would be n²/2 pairs).
///
/// The sequential-impulse solver's result depends on the contacts' order, which is the order the
/// behaviours add pairs in: behaviour by behaviour; in each, the item pairs by the members'
/// positions, then per boundary segment its members. A pair named by several behaviours keeps its
/// first place. `rank(i, j)` gives that place as a sortable value, so contacts found in any order
/// can be put back into it.
struct CollisionPairs: Hashable, Sendable {
    /// A pair's place in the order behaviours add pairs in (unique per pair).
    struct Rank: Comparable, Hashable, Sendable {
        var behavior: Int
        /// 0 for item pairs, 1 for item–boundary pairs (added after the behaviour's item pairs).
        var phase: Int
        var first: Int
        var second: Int

        static func < (a: Rank, b: Rank) -> Bool {
            (a.behavior, a.phase, a.first, a.second) < (b.behavior, b.phase, b.first, b.second)
        }
    }

    /// A body's first position among a collision behaviour's members.
    struct Membership: Hashable, Sendable {
        var behavior: Int
        var position: Int
    }

    /// A boundary body: its behaviour and the number of its segment there.
    struct Boundary: Hashable, Sendable {
        var behavior: Int
        var segment: Int
    }

    /// Per body, the behaviours in which it collides with other items, by behaviour.
    private(set) var itemMemberships: [[Membership]] = []
    /// Per body, the behaviours in which it collides with boundaries, by behaviour.
    private(set) var boundaryMemberships: [[Membership]] = []
    /// Per body, its boundary (nil for items and anchors).
    private(set) var boundaries: [Boundary?] = []

    /// Adds collision behaviour number `behavior`, in order: its members (body indices, possibly
    /// repeated), whether they collide with each other, and the bodies of its boundary segments.
    mutating func add(behavior: Int, members: [Int], itemsCollide: Bool, segments: [Int]) {
        let count = max(members.max() ?? -1, segments.max() ?? -1) + 1
        if count > boundaries.count { grow(to: count) }
        for (position, body) in members.enumerated() {
            let m = Membership(behavior: behavior, position: position)
            if itemsCollide && itemMemberships[body].last?.behavior != behavior { itemMemberships[body].append(m) }
            if !segments.isEmpty && boundaryMemberships[body].last?.behavior != behavior { boundaryMemberships[body].append(m) }
        }
        for (k, body) in segments.enumerated() { boundaries[body] = Boundary(behavior: behavior, segment: k) }
    }

    private mutating func grow(to count: Int) {
        let extra = count - boundaries.count
        itemMemberships += Array(repeating: [], count: extra)
        boundaryMemberships += Array(repeating: [], count: extra)
        boundaries += Array(repeating: nil, count: extra)
    }

    /// Whether some behaviour lets `body` collide with another item or with a boundary.
    func collides(_ body: Int) -> Bool {
        body < boundaries.count && (!itemMemberships[body].isEmpty || !boundaryMemberships[body].isEmpty)
    }

    /// The place of the pair (i, j), i < j, or nil when no behaviour lets them collide.
    func rank(_ i: Int, _ j: Int) -> Rank? {
        guard j < boundaries.count else { return nil }
        switch (boundaries[i], boundaries[j]) {
        case (nil, nil): return itemRank(i, j)
        case let (nil, b?): return boundaryRank(item: i, b)
        case let (b?, nil): return boundaryRank(item: j, b)
        default: return nil
        }
    }

    /// The first behaviour naming both items: the two lists are sorted by behaviour.
    private func itemRank(_ i: Int, _ j: Int) -> Rank? {
        let a = itemMemberships[i], b = itemMemberships[j]
        var (x, y) = (0, 0)
        while x < a.count && y < b.count {
            if a[x].behavior < b[y].behavior { x += 1 } else if b[y].behavior < a[x].behavior { y += 1 } else {
                let (p, q) = (a[x].position, b[y].position)
                return Rank(behavior: a[x].behavior, phase: 0, first: min(p, q), second: max(p, q))
            }
        }
        return nil
    }

    private func boundaryRank(item: Int, _ b: Boundary) -> Rank? {
        guard let m = boundaryMemberships[item].first(where: { $0.behavior == b.behavior }) else { return nil }
        return Rank(behavior: b.behavior, phase: 1, first: b.segment, second: m.position)
    }
}
