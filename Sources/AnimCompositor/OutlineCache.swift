import AnimGeometry
import AnimRaster
import Synchronization

/// Rounded-rectangle outlines in a layer's own space (`RoundedRect.contour`), kept by their exact
/// inputs: a layer that only moves, turns or fades has the same outline every frame, and flattening
/// its corners (sines and cosines) was about 5 % of a frame of 24 moving tiles. A kept outline is
/// a function of its key alone (every input compared bit for bit), so whether it was kept cannot
/// change a pixel. Shared by the threads rendering frames; at most `capacity` outlines, with
/// ``CacheBudget``'s policy (once full, kept while a quarter of its lookups hit, emptied when they stop).
final class OutlineCache: Sendable {
    static let shared = OutlineCache()
    static let capacity = 4096

    private struct Key: Hashable {
        let x, y, width, height, radius, inset, pixelsPerPoint: UInt64
        let corners: CornerMask
        let curve: CornerCurve

        init(_ rect: Rect, _ style: CornerStyle, inset: Double, pixelsPerPoint: Double) {
            (x, y) = (rect.origin.x.bitPattern, rect.origin.y.bitPattern)
            (width, height) = (rect.size.width.bitPattern, rect.size.height.bitPattern)
            radius = style.radius.bitPattern
            self.inset = inset.bitPattern
            self.pixelsPerPoint = pixelsPerPoint.bitPattern
            corners = style.corners
            curve = style.curve
        }
    }

    private struct Entries {
        var outlines: [Key: [Point]] = [:]
        var budget = CacheBudget(capacity: OutlineCache.capacity)
    }

    private let entries = Mutex(Entries())

    /// `RoundedRect.contour(rect, style:, inset:, pixelsPerPoint:)`, computed once per distinct input.
    func contour(_ rect: Rect, style: CornerStyle, inset: Double, pixelsPerPoint: Double) -> [Point] {
        let key = Key(rect, style, inset: inset, pixelsPerPoint: pixelsPerPoint)
        let hit = entries.withLock { e -> [Point]? in
            let hit = e.outlines[key]
            if e.budget.lookedUp(hit: hit != nil) {
                e.outlines.removeAll(keepingCapacity: true)
                e.budget.emptied()
            }
            return hit
        }
        if let hit { return hit }
        let contour = RoundedRect.contour(rect, style: style, inset: inset, pixelsPerPoint: pixelsPerPoint)
        entries.withLock { e in
            guard e.outlines[key] == nil, e.budget.admit(1) else { return }
            e.outlines[key] = contour
        }
        return contour
    }
}
