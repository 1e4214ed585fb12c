import AnimTestRandom
import Testing
@testable import AnimPhysics

/// The sweep that finds overlapping boxes, and the ranks that put contacts back into the order
/// behaviours add pairs in: both against the brute-force forms they replace.
struct BroadPhaseTests {
    /// Boxes on a small integer grid (so many touch exactly), some degenerate, some huge.
    func boxes(_ random: inout SplitMix64, count: Int) -> [BroadPhase.Box] {
        (0..<count).map { _ in
            let x = Double(random.below(20)), y = Double(random.below(20))
            let w = Double(random.below(5)), h = Double(random.below(5))
            switch random.below(12) {
            case 0: return (Vec2(-.infinity, y), Vec2(.infinity, y + h))
            case 1: return (Vec2(.nan, y), Vec2(x + w, y + h))
            default: return (Vec2(x, y), Vec2(x + w, y + h))
            }
        }
    }

    func bruteForce(_ boxes: [BroadPhase.Box]) -> [Pair] {
        var out: [Pair] = []
        for i in boxes.indices {
            for j in boxes.indices where i < j {
                let (a, b) = (boxes[i], boxes[j])
                if a.lower.x <= b.upper.x && b.lower.x <= a.upper.x && a.lower.y <= b.upper.y && b.lower.y <= a.upper.y {
                    out.append(Pair(a: i, b: j))
                }
            }
        }
        return out
    }

    struct Pair: Hashable, Comparable {
        var a: Int, b: Int
        static func < (l: Pair, r: Pair) -> Bool { (l.a, l.b) < (r.a, r.b) }
    }

    @Test(arguments: [1, 2, 30, 200])
    func sweepFindsEveryOverlapOnce(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        for _ in 0..<20 {
            let b = boxes(&random, count: count)
            var found: [Pair] = []
            BroadPhase.overlaps(b) { i, j in found.append(Pair(a: i, b: j)) }
            #expect(found.allSatisfy { $0.a < $0.b })
            #expect(found.sorted() == bruteForce(b))
        }
    }

    /// Boxes that do not move are tested only against boxes that do: the pairs with a moving box
    /// are those of the full sweep, in the same order.
    @Test(arguments: [2, 30, 200])
    func sweepSkipsOnlyPairsThatNeverMove(count: Int) {
        var random = SplitMix64(seed: 3 &* UInt64(count))
        for _ in 0..<20 {
            let b = boxes(&random, count: count)
            let moving = b.indices.map { _ in random.below(3) == 0 }
            var all: [Pair] = [], found: [Pair] = []
            BroadPhase.overlaps(b) { i, j in all.append(Pair(a: i, b: j)) }
            BroadPhase.overlaps(b, moving: moving) { i, j in found.append(Pair(a: i, b: j)) }
            #expect(found == all.filter { moving[$0.a] || moving[$0.b] })
        }
    }

    /// One collision behaviour as the builder sees it.
    struct Behavior {
        var index: Int
        var members: [Int]
        var itemsCollide: Bool
        var segments: [Int]
    }

    /// The pair list the builder used to make: behaviour by behaviour, item pairs in member order,
    /// then each segment with every member; a pair already listed keeps its place.
    func explicitPairs(_ behaviors: [Behavior]) -> [Pair] {
        var list: [Pair] = [], seen: Set<Pair> = []
        func add(_ p: Pair) { if seen.insert(p).inserted { list.append(p) } }
        for c in behaviors {
            if c.itemsCollide {
                for (k, i) in c.members.enumerated() { for j in c.members[(k + 1)...] where i != j { add(Pair(a: min(i, j), b: max(i, j))) } }
            }
            for s in c.segments { for i in c.members { add(Pair(a: i, b: s)) } }
        }
        return list
    }

    /// Random behaviours over `items` items: members drawn with repeats, mixed modes, boundary
    /// bodies (and the odd anchor body) appended after the items as the builder appends them.
    func behaviors(_ random: inout SplitMix64, items: Int) -> (behaviors: [Behavior], bodies: Int) {
        var out: [Behavior] = [], bodies = items
        for index in 0..<(1 + random.below(5)) {
            if random.below(3) == 0 { bodies += 1; continue }  // an attachment's anchor, or another behaviour
            let members = (0..<random.below(items + 3)).map { _ in random.below(items) }
            let mode = random.below(3)  // 0 items, 1 boundaries, 2 everything
            var segments: [Int] = []
            if mode != 0 { for _ in 0..<random.below(4) { segments.append(bodies); bodies += 1 } }
            out.append(Behavior(index: index, members: members, itemsCollide: mode != 1, segments: segments))
        }
        return (out, bodies)
    }

    @Test(arguments: [2, 5, 12])
    func ranksKeepTheOrderBehavioursAddPairsIn(items: Int) {
        var random = SplitMix64(seed: 7 &* UInt64(items))
        for _ in 0..<200 {
            let (list, bodies) = behaviors(&random, items: items)
            var pairs = CollisionPairs()
            for c in list { pairs.add(behavior: c.index, members: c.members, itemsCollide: c.itemsCollide, segments: c.segments) }
            let expected = explicitPairs(list)
            var ranked: [(CollisionPairs.Rank, Pair)] = []
            for i in 0..<bodies { for j in (i + 1)..<max(bodies, i + 1) { if let r = pairs.rank(i, j) { ranked.append((r, Pair(a: i, b: j))) } } }
            #expect(ranked.sorted { $0.0 < $1.0 }.map(\.1) == expected)
            #expect(Set(ranked.map(\.0)).count == ranked.count, "ranks are unique")
        }
    }
}
