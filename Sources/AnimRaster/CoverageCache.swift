import AnimGeometry
import Synchronization

/// A polygon set as the scan converter sees it: its snapped vertices in 1/256 px, relative to the
/// whole pixel its bounding box starts at. `Accumulator` works in exactly these local coordinates
/// (an integer origin subtracts exactly from a 1/256 grid value), so two shapes with equal keys
/// have the same coverage, moved by whole pixels: a layer that stays put, moves by whole pixels,
/// comes back to the same sub-pixel phase, or repeats another layer's shape (tiles, cells, glyphs).
struct ShapeKey: Hashable, Sendable {
    let width: Int32
    let height: Int32
    /// Each contour's vertex count followed by the x, y of each of its vertices in 1/256 px from
    /// the bounds' origin.
    let steps: [Int32]
    /// A multiply-xor digest of the above, so hashing costs one word and most unequal keys differ
    /// at the first comparison.
    let digest: UInt64

    /// The key of `snapped` contours whose bounding box is `bounds`, or nil when a coordinate does
    /// not fit the key (shapes wider than 2²² px are not cached).
    init?(_ snapped: SnappedContours, bounds: PixelRect) {
        let limit = 1 << 22
        guard bounds.width < limit, bounds.height < limit else { return nil }
        let ox = Double(bounds.minX), oy = Double(bounds.minY)
        var steps = [Int32]()
        steps.reserveCapacity(2 * snapped.points.count + snapped.ends.count)
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bounds.width) &* 31 ^ UInt64(bounds.height)
        snapped.points.withUnsafeBufferPointer { points in
            var start = 0
            for end in snapped.ends {
                steps.append(Int32(end - start))
                h = Self.mix(h, UInt64(end - start))
                for p in points[start..<end] {
                    // Exact: p is a multiple of 1/256 and the origin a whole number inside ±2⁴⁰.
                    let x = Int32((p.x - ox) * Rasterizer.subpixelSteps), y = Int32((p.y - oy) * Rasterizer.subpixelSteps)
                    steps.append(x)
                    steps.append(y)
                    h = Self.mix(h, UInt64(UInt32(bitPattern: x)) << 32 | UInt64(UInt32(bitPattern: y)))
                }
                start = end
            }
        }
        width = Int32(bounds.width)
        height = Int32(bounds.height)
        self.steps = steps
        digest = h
    }

    /// The key of contours given as arrays (already snapped; for tests).
    init?(_ snapped: [[Point]], bounds: PixelRect) {
        self.init(SnappedContours(snapped), bounds: bounds)
    }

    private static func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
        (h ^ v) &* 0x0000_0100_0000_01B3 ^ (h >> 29)
    }

    static func == (a: ShapeKey, b: ShapeKey) -> Bool {
        a.digest == b.digest && a.width == b.width && a.height == b.height && a.steps == b.steps
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}

/// Coverage of shapes seen before, by ``ShapeKey``, kept between frames and shared by the threads
/// rendering frames in parallel. An entry is a function of its key alone (the local coverage, or
/// nil for a shape that covers nothing), so which frame fills it first, and whether it was
/// evicted, cannot change a pixel. A shape is kept the second time it is scan-converted: one that
/// never repeats (a layer easing across the screen) only costs its key, not memory that would push
/// the frame out of the processor's caches.
///
/// Bounded by `capacity` bytes with ``CacheBudget``'s policy: once full it keeps what it holds and
/// takes nothing new while a quarter of its lookups still hit (the 1280×720 grid benchmark, about
/// 40 MB of shapes, drew at 0.93 ms a frame in repeated runs when the cache emptied itself whenever
/// it filled, and at 0.60 with this policy).
final class CoverageCache: Sendable {
    static let shared = CoverageCache()
    static let defaultCapacity = 32 << 20
    /// How many digests of shapes seen once are remembered (forgotten all at once when full).
    static let sightings = 8192
    /// Independent parts, by digest, each with its own lock: two threads drawing frames in parallel
    /// then rarely want the same lock at once (Swift's `Mutex` on Linux sleeps in the kernel when
    /// they do, which cost two threads about 3 % of their time with one lock). They share one byte
    /// budget, so one large mask fits as it did in a single cache.
    static let shardCount = 16

    private struct Entry {
        let key: ShapeKey
        let coverage: [UInt8]?
        let bytes: Int
    }

    /// Entries by digest, each with its whole key: the lock covers the dictionary operations, and
    /// the key comparison (as long as the shape's outline) runs after it. Two shapes with one
    /// digest take turns in the entry; a key that differs is a miss.
    private struct Entries {
        var masks: [UInt64: Entry] = [:]
        var seen = Set<UInt64>()
        var lookups = 0
    }

    private final class Shard: Sendable {
        let entries = Mutex(Entries())
    }

    private let shards = (0..<CoverageCache.shardCount).map { _ in Shard() }
    let capacity: Int
    private let hits = Atomic<Int>(0)
    /// Lookups and hits since the cache was last found full or reviewed (counted only while full).
    private let fullLookups = Atomic<Int>(0)
    private let fullHits = Atomic<Int>(0)
    private let full = Atomic<Bool>(false)
    /// Bytes held by all shards: each entry's size is added when it goes in and taken off when it
    /// is replaced or emptied out, whichever thread does either.
    private let bytes = Atomic<Int>(0)

    init(capacity: Int = CoverageCache.defaultCapacity) {
        self.capacity = capacity
    }

    /// The coverage of the shape `key` at `bounds`: cached, or made by `rasterize` (and kept if
    /// the shape was seen before).
    func coverage(_ key: ShapeKey, at bounds: PixelRect, rasterize: () -> CoverageMask?) -> CoverageMask? {
        let shard = shard(of: key)
        let (entry, again) = shard.entries.withLock { e -> (Entry?, Bool) in
            e.lookups += 1
            if let entry = e.masks[key.digest] { return (entry, true) }
            if e.seen.count >= Self.sightings / Self.shardCount { e.seen.removeAll(keepingCapacity: true) }
            return (nil, !e.seen.insert(key.digest).inserted)
        }
        let found = entry.map { $0.key == key } ?? false
        if full.load(ordering: .relaxed) { review(hit: found) }
        if let entry, found {
            hits.wrappingAdd(1, ordering: .relaxed)
            return entry.coverage.map { CoverageMask(bounds: bounds, coverage: $0) }
        }
        let mask = rasterize()
        let size = (mask?.coverage.count ?? 0) + 2 * key.steps.count + 128
        guard again, size <= capacity else { return mask }
        if bytes.load(ordering: .relaxed) + size > capacity {
            full.store(true, ordering: .relaxed)
            return mask
        }
        let replaced = shard.entries.withLock { e in
            e.masks.updateValue(Entry(key: key, coverage: mask?.coverage, bytes: size), forKey: key.digest)
        }
        bytes.wrappingAdd(size - (replaced?.bytes ?? 0), ordering: .relaxed)
        return mask
    }

    /// Counts a lookup made while full; every `CacheBudget.reviewPeriod` of them, empties the cache
    /// unless it still pays. The counts are approximate under contention, which only moves when the
    /// decision is taken: no pixel depends on it.
    private func review(hit: Bool) {
        if hit { fullHits.wrappingAdd(1, ordering: .relaxed) }
        guard fullLookups.wrappingAdd(1, ordering: .relaxed).newValue == CacheBudget.reviewPeriod else { return }
        let hits = fullHits.exchange(0, ordering: .relaxed)
        fullLookups.store(0, ordering: .relaxed)
        if !CacheBudget.pays(hits: hits) {
            // Emptied first: a thread that finds the old byte count meanwhile may mark it full
            // again, which this clears.
            empty()
            full.store(false, ordering: .relaxed)
        }
    }

    /// Empties every shard (the cache is full), freeing the entries outside the locks.
    private func empty() {
        for shard in shards {
            let dropped = shard.entries.withLock { e -> [UInt64: Entry] in
                var old: [UInt64: Entry] = [:]
                swap(&old, &e.masks)
                return old
            }
            bytes.wrappingSubtract(dropped.values.reduce(0) { $0 + $1.bytes }, ordering: .relaxed)
        }
    }

    /// Whether the coverage of `key` is kept (for tests).
    func holds(_ key: ShapeKey) -> Bool {
        shard(of: key).entries.withLock { $0.masks[key.digest]?.key == key }
    }

    /// The shard of `key`, by the top bits of its digest.
    private func shard(of key: ShapeKey) -> Shard {
        shards[Int(truncatingIfNeeded: key.digest >> 60) % Self.shardCount]
    }

    /// Lookups and hits so far (for tests and the benchmark's report).
    var statistics: (lookups: Int, hits: Int) {
        (shards.reduce(0) { $0 + $1.entries.withLock { $0.lookups } }, hits.load(ordering: .relaxed))
    }
}
