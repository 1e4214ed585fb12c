import AnimRaster
import Glibc
import Synchronization

/// Kept pictures of plain layers' shadow, background and border over the canvas's initial colour
/// (``LayerPicture``), so that a layer drawn again where the canvas is untouched is one copy
/// instead of three blends (Core Animation keeps a layer's backing store the same way).
///
/// A picture is a function of its fills' masks and colours and the initial colour. The masks come
/// from the caches (``CoverageCache``, ``ShadowCache``), which hand out the same stored coverage
/// each time a shape comes back; so the key names each mask by its stored coverage's address, with
/// its place relative to the first mask, and a hit is taken only when every mask's coverage equals,
/// byte for byte, the coverage the picture was made from (an address can be reused by another
/// mask once the first is freed). Which pictures are kept never changes a pixel, only how much is
/// drawn. Made on a key's second sighting, so a shape seen once (a new sub-pixel phase each frame)
/// costs a lookup, and only when there is room to keep it; bounded by `capacity` bytes
/// (``CacheBudget``); shared by the threads rendering frames in parallel.
final class LayerPictureCache: Sendable {
    static let shared = LayerPictureCache()
    static let capacity = 64 << 20

    /// One mask of a key: where its coverage is stored, and its bounds relative to the first mask's origin.
    private struct MaskName: Hashable {
        let storage: Int
        let x, y, width, height: Int

        init(_ mask: CoverageMask, from origin: (x: Int, y: Int)) {
            storage = mask.coverage.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            (x, y) = (mask.bounds.minX - origin.x, mask.bounds.minY - origin.y)
            (width, height) = (mask.bounds.width, mask.bounds.height)
        }
    }

    private struct FillName: Hashable {
        let mask: MaskName
        let color: PixelRGBA8
        let under: MaskName?
    }

    private struct Key: Hashable {
        let fills: [FillName]
        let initial: PixelRGBA8
    }

    /// A kept picture, placed relative to its first mask's origin, with the coverage it was made
    /// from and the room it takes in the budget.
    private struct Entry {
        let coverage: [[UInt8]]
        let picture: LayerPicture
        let size: Int
    }

    private struct Entries {
        var pictures: [Key: Entry] = [:]
        var seen = Set<Key>()
        var budget: CacheBudget
    }

    private let entries: Mutex<Entries>
    /// This cache's budget in bytes.
    let capacity: Int

    init(capacity: Int = LayerPictureCache.capacity) {
        self.capacity = capacity
        entries = Mutex(Entries(budget: CacheBudget(capacity: capacity)))
    }

    /// The picture of `fills` over `initial`, placed where the fills are: kept, made now (on the
    /// second sighting of its key), or nil.
    func picture(of fills: [SolidFill], over initial: PixelRGBA8) -> LayerPicture? {
        guard let first = fills.first else { return nil }
        let origin = (x: first.mask.bounds.minX, y: first.mask.bounds.minY)
        let key = Key(fills: fills.map { FillName(mask: MaskName($0.mask, from: origin), color: $0.color,
                                                   under: $0.under.map { MaskName($0, from: origin) }) },
                      initial: initial)
        let (hit, again): (Entry?, Bool) = entries.withLock { e in
            let entry = e.pictures[key].flatMap { Self.same($0.coverage, fills) ? $0 : nil }
            if e.budget.lookedUp(hit: entry != nil) {
                e.pictures = [:]
                e.budget.emptied()
            }
            if let entry { return (entry, true) }
            if e.seen.count >= 4096 { e.seen.removeAll(keepingCapacity: true) }
            return (nil, !e.seen.insert(key).inserted)
        }
        if let hit { return hit.picture.translated(x: origin.x, y: origin.y) }
        guard again else { return nil }
        // Room is taken before the picture is made: one that would not be kept is not made (with
        // the budget full, each frame would make pictures to use once; the fills drawn one after
        // another cost less). None above a quarter of the budget, as in `ShadowCache`.
        let box = LayerPicture.bounds(of: fills)
        let size = box.width * box.height * 4 + 256
        guard size <= capacity / 4,
              let generation = entries.withLock({ $0.budget.admit(size) ? $0.budget.generation : nil }) else { return nil }
        guard let picture = LayerPicture(fills, over: initial) else {
            entries.withLock { e in if e.budget.generation == generation { e.budget.release(size) } }
            return nil
        }
        let coverage = fills.flatMap { [$0.mask.coverage] + ($0.under.map { [$0.coverage] } ?? []) }
        entries.withLock { e in
            // Emptied meanwhile: the room went with it.
            guard e.budget.generation == generation else { return }
            let entry = Entry(coverage: coverage, picture: picture.translated(x: -origin.x, y: -origin.y), size: size)
            if let replaced = e.pictures.updateValue(entry, forKey: key) { e.budget.release(replaced.size) }
        }
        return picture
    }

    /// Whether `kept` holds, in order, the bytes of each fill's mask and `under` mask (the same
    /// storage, or equal bytes).
    private static func same(_ kept: [[UInt8]], _ fills: [SolidFill]) -> Bool {
        var k = 0
        for fill in fills {
            guard k < kept.count, equalBytes(kept[k], fill.mask.coverage) else { return false }
            k += 1
            guard let under = fill.under else { continue }
            guard k < kept.count, equalBytes(kept[k], under.coverage) else { return false }
            k += 1
        }
        return k == kept.count
    }

    private static func equalBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard x.count == y.count else { return false }
                guard x.count > 0, x.baseAddress != y.baseAddress else { return true }
                return memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0
            }
        }
    }
}
