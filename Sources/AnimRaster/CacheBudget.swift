/// How the renderer's caches stay within a byte budget without emptying themselves in a loop.
///
/// Once full, a cache takes nothing new and keeps what it holds for as long as that pays: every
/// `reviewPeriod` lookups made while full, it is emptied if fewer than a quarter of them hit (the
/// animation has moved on to other shapes) and kept otherwise. Emptying whenever it filled kept
/// nothing of a looping animation that needs a little more than the budget: each entry was dropped
/// before it came round again. Which entries a cache holds never changes a pixel, only how much is
/// drawn again.
///
/// The state of one cache, kept under its lock (``CoverageCache``, whose shards have a lock each,
/// keeps the same counts in atomics and uses `pays(hits:)`).
public struct CacheBudget: Sendable {
    /// Lookups made while full between two decisions to keep or empty the cache.
    public static let reviewPeriod = 4096

    public let capacity: Int
    /// What the entries held take, in the cache's own unit (bytes, or entries).
    public private(set) var used = 0
    /// Whether an entry was refused for want of room since the cache was last emptied.
    public private(set) var isFull = false
    /// How many times the cache was emptied: room taken under one lock and filled under another
    /// is filled only if the cache was not emptied in between (the emptying gave that room back).
    public private(set) var generation = 0
    private var lookups = 0
    private var hits = 0

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// Whether the entries held still pay, after `hits` hits in `reviewPeriod` lookups made while full.
    @inline(__always)
    public static func pays(hits: Int) -> Bool {
        hits * 4 >= reviewPeriod
    }

    /// Counts a lookup; true when the cache must be emptied now (its owner drops every entry and
    /// calls `emptied()`).
    public mutating func lookedUp(hit: Bool) -> Bool {
        guard isFull else { return false }
        lookups += 1
        if hit { hits += 1 }
        guard lookups == Self.reviewPeriod else { return false }
        defer { (lookups, hits) = (0, 0) }
        return !Self.pays(hits: hits)
    }

    /// Whether an entry of `size` may go in, counting it if so; a refusal marks the cache full.
    public mutating func admit(_ size: Int) -> Bool {
        guard used + size <= capacity else {
            isFull = true
            return false
        }
        used += size
        return true
    }

    /// An entry of `size` left the cache (replaced by another under the same key).
    public mutating func release(_ size: Int) {
        used -= size
    }

    /// Every entry was dropped.
    public mutating func emptied() {
        (used, isFull, lookups, hits) = (0, false, 0, 0)
        generation &+= 1
    }
}
