import AnimRaster
import Synchronization

/// The source pixels of one ``ImageDraw``: for every pixel of the coverage's bounds, the value
/// the fill writes over a transparent pixel, mul255(mul255(p, opacity), coverage) per channel
/// (docs/architecture.md, "Rounding and sampling conventions"). Compositing it with exact
/// source-over, d' = s + mul255(d, 255 − s_a), is then the fill itself, over any destination.
struct ContentsPicture: Sendable {
    /// The coverage's bounds (the area the draw marks as touched).
    let bounds: PixelRect
    /// The source values over `bounds` (premultiplied).
    let pixels: Bitmap

    /// The picture of a draw whose source values over `bounds` are `pixels` (the same size); nil
    /// when a colour channel exceeds its alpha somewhere (an image that is not premultiplied: the
    /// fill carries such a sum into the next channel where source-over keeps the low byte, so such
    /// a draw stays a direct fill).
    init?(bounds: PixelRect, pixels: Bitmap) {
        guard pixels.width == bounds.width, pixels.height == bounds.height, pixels.isPremultiplied else { return nil }
        self.bounds = bounds
        self.pixels = pixels
    }

    /// Source-over of the picture onto `bitmap`: the bytes `ImageDraw.fill` would write there.
    func composite(rows: Range<Int> = PixelRect.allRows, into bitmap: inout Bitmap, origin: PixelOffset = .zero) {
        Blend.composite(pixels, at: bounds.minX, bounds.minY, rows: rows, into: &bitmap, origin: origin)
    }

    /// Source-over of the picture clipped by `mask` onto `bitmap`: the bytes of compositing it
    /// into a transparent offscreen, clipping that by `mask` and compositing the offscreen.
    func composite(through mask: CoverageMask, rows: Range<Int> = PixelRect.allRows, into bitmap: inout Bitmap,
                   origin: PixelOffset = .zero) {
        Blend.composite(pixels, at: bounds.minX, bounds.minY, through: mask, rows: rows, into: &bitmap, origin: origin)
    }
}

/// The pictures of `contents` image draws that repeat from frame to frame, by ``ImageDraw``: Core
/// Animation keeps a layer's backing store while only other things animate, and so do we, keeping
/// what the bilinear fill computed and compositing it again.
///
/// A picture is a function of its draw alone (and the compositor's images, which never change
/// while the cache lives), and compositing it writes exactly the bytes of the fill, so which frame
/// builds it first, whether it is still cached, and whether a draw goes through the cache at all
/// cannot change a pixel. A draw is cached on its second sighting: one seen once draws directly and
/// is remembered, so a layer whose image moves in every frame (rotating, scaling) pays only for
/// the lookup. Bounded by `capacity` bytes (``CacheBudget``: once full, kept while a quarter of
/// its lookups hit, emptied when they stop) and `seenLimit` remembered draws;
/// shared by the threads rendering frames in parallel, and by the compositors a transition
/// creates for its textures.
final class ContentsCache: Sendable {
    static let capacity = 64 << 20
    static let seenLimit = 4096

    /// Sightings before a draw is cached (2: the second; 1: every draw goes through the cache).
    let sightings: Int
    let capacity: Int

    private struct Entries {
        /// nil: the draw cannot be cached (``ContentsPicture/init(_:of:)``), or is larger than the cache.
        var pictures: [ImageDraw: ContentsPicture?] = [:]
        var budget: CacheBudget
        var seen: Set<ImageDraw> = []
        var hits = 0
        var builds = 0
    }

    private let entries: Mutex<Entries>

    init(sightings: Int = 2, capacity: Int = ContentsCache.capacity) {
        self.sightings = sightings
        self.capacity = capacity
        entries = Mutex(Entries(budget: CacheBudget(capacity: capacity)))
    }

    private enum Lookup {
        case cached(ContentsPicture?)
        case firstSighting
        case build
    }

    /// The picture of `draw`, made by `build` on the sighting that caches it; nil when the draw is
    /// to be filled directly (seen too few times, or not cacheable).
    func picture(of draw: ImageDraw, build: () -> ContentsPicture?) -> ContentsPicture? {
        let lookup: Lookup = entries.withLock { e in
            let entry = e.pictures[draw]
            if e.budget.lookedUp(hit: entry != nil) {
                e.pictures = [:]
                e.budget.emptied()
            }
            if let entry {
                if entry != nil { e.hits += 1 }
                return .cached(entry)
            }
            // Full: a picture built now would not be kept, so the draw is filled directly.
            if e.budget.isFull { return .firstSighting }
            guard sightings > 1, !e.seen.contains(draw) else { return .build }
            if e.seen.count >= Self.seenLimit { e.seen = [] }
            e.seen.insert(draw)
            return .firstSighting
        }
        switch lookup {
        case .cached(let picture): return picture
        case .firstSighting: return nil
        case .build: break
        }
        let picture = build()
        let bytes = (picture?.pixels.pixels.count ?? 0) + Self.entryOverhead
        let kept = bytes <= capacity ? picture : nil
        let stored = kept == nil ? Self.entryOverhead : bytes
        entries.withLock { e in
            e.builds += 1
            e.seen.remove(draw)
            guard e.pictures[draw] == nil, e.budget.admit(stored) else { return }
            e.pictures[draw] = kept
        }
        return picture
    }

    /// What an entry costs besides its pixels (the key, the dictionary's slot), roughly.
    static let entryOverhead = 256

    /// Pictures composited from the cache and pictures built, so far (for tests).
    var counts: (hits: Int, builds: Int) {
        entries.withLock { ($0.hits, $0.builds) }
    }
}
