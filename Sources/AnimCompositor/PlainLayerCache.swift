import AnimGeometry
import AnimRaster
import Synchronization

/// What a plain layer (``ShadowKey``: background and border only, no sublayers) draws on a canvas
/// with untouched pixels, kept by the layer's shape, sub-pixel phase and colours: its shadow,
/// body and border fills and their picture over the canvas's initial colour (``LayerPicture``),
/// placed at the whole pixel below the layer's origin. A layer that comes back to a phase is then
/// one lookup and a move, instead of a lookup in each of ``ShadowCache``, ``PhaseShapes`` and
/// ``LayerPictureCache`` (7 % of a compositor-1280 frame, docs/benchmarks.md, session 55).
///
/// Why a kept entry gives the bytes the three lookups give. The body and border come from
/// ``PhaseShapes``, a function of (shape, fraction of the origin) for masks inside the canvas. The
/// shadow is the blurred mask moved by the origin's fraction in 1/256 px (``PixelShift``, whose
/// fraction is a function of the origin's fraction: 256 · o is exact), which ``ShadowCache``
/// keeps by that fraction when the moved mask lies inside the canvas; its hole (pixels left
/// unblurred under an opaque background) can differ with the origin's rounding, but lies inside
/// the background's first run of full coverage in each row, which the shadow never draws
/// (`Blend.fill(_:color:under:into:)`). The colours and the initial colour are in the key. An
/// entry is taken only where all its masks, moved, lie inside the canvas (so none would have been
/// clipped). Which entries are kept never changes a pixel. Bounded by `capacity` bytes
/// (``CacheBudget``); shared by the threads rendering frames in parallel.
final class PlainLayerCache: Sendable {
    static let shared = PlainLayerCache()
    static let capacity = 16 << 20

    struct Key: Hashable {
        let shape: ShadowKey
        let fx: UInt64, fy: UInt64
        let shadow: PixelRGBA8
        let body: PixelRGBA8?
        let border: PixelRGBA8?
        let initial: PixelRGBA8
    }

    /// The fills (shadow first) and their picture, placed for the whole pixel (0, 0).
    struct Entry {
        let fills: [SolidFill]
        let picture: LayerPicture

        /// Moved by whole pixels; nil when a mask would leave `canvas` (when given).
        func placed(x: Int, y: Int, inside canvas: PixelRect?) -> Entry? {
            let moved = picture.translated(x: x, y: y)
            if let canvas, moved.bounds.intersection(canvas) != moved.bounds { return nil }
            func move(_ m: CoverageMask) -> CoverageMask { m.translated(x: x, y: y) }
            return Entry(fills: fills.map { SolidFill(move($0.mask), color: $0.color, under: $0.under.map(move)) }, picture: moved)
        }

        var byteCount: Int { picture.byteCount + 256 }
    }

    private struct Entries {
        var entries: [Key: Entry] = [:]
        var budget = CacheBudget(capacity: PlainLayerCache.capacity)
    }

    private let entries = Mutex(Entries())

    func entry(_ key: Key) -> Entry? {
        entries.withLock { e in
            let hit = e.entries[key]
            if e.budget.lookedUp(hit: hit != nil) {
                e.entries = [:]
                e.budget.emptied()
            }
            return hit
        }
    }

    /// Keeps `entry` (placed for the whole pixel (0, 0)) under `key`.
    func keep(_ entry: Entry, _ key: Key) {
        entries.withLock { e in
            guard e.entries[key] == nil, e.budget.admit(entry.byteCount) else { return }
            e.entries[key] = entry
        }
    }

    /// The whole pixel below `origin` and the key's fraction bits; nil for an origin past ±2⁴⁰.
    static func phase(of origin: Point) -> (x: Int, y: Int, fx: UInt64, fy: UInt64)? {
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.x) < 0x1p40, abs(origin.y) < 0x1p40 else { return nil }
        let wx = origin.x.rounded(.down), wy = origin.y.rounded(.down)
        return (Int(wx), Int(wy), (origin.x - wx).bitPattern, (origin.y - wy).bitPattern)
    }
}
