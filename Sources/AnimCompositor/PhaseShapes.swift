import AnimGeometry
import AnimLayers
import AnimRaster
import Synchronization

/// The body and border ring of a layer that draws only its background and border (``ShadowKey``),
/// drawn at the layer's sub-pixel phase and moved by whole pixels, and kept by that phase.
///
/// Under an affine device map with origin o, the layer's outline is projected through the map's
/// linear part plus the fraction of o (o − ⌊o⌋, exact), scan-converted there and moved by ⌊o⌋.
/// So its coverage is a function of (key, fraction) alone, the same wherever the layer moves by
/// whole pixels, and a layer that comes back to a phase (a position animation on a fraction's
/// cycle, a layer at rest, a copy of it elsewhere) takes its masks from here without projecting,
/// snapping or looking up its outlines again (they were 10 % of a 1280×720 frame of 24 such
/// layers, docs/benchmarks.md, session 55). Projecting through the whole map instead can round
/// a vertex to the other side of a 1/256-pixel step where the position is large, so the two ways
/// may differ by a level at an edge; every such layer takes this one, cached or not.
///
/// Only masks lying wholly inside the canvas are kept (a clipped mask depends on where the canvas
/// ends). Which phases are kept never changes a pixel. Bounded by `capacity` bytes
/// (``CacheBudget``); shared by the threads rendering frames in parallel.
final class PhaseShapes: Sendable {
    static let shared = PhaseShapes()
    static let capacity = 32 << 20

    struct Shapes {
        let body: CoverageMask?
        let border: CoverageMask?

        func translated(x: Int, y: Int) -> Shapes {
            Shapes(body: body?.translated(x: x, y: y), border: border?.translated(x: x, y: y))
        }
    }

    private struct Key: Hashable {
        let shape: ShadowKey
        let fx: UInt64, fy: UInt64
        let body: Bool
    }

    private struct Entries {
        var shapes: [Key: Shapes] = [:]
        var budget = CacheBudget(capacity: PhaseShapes.capacity)
    }

    private let entries = Mutex(Entries())

    /// The body's coverage (when the layer has a background) and the border ring's (when it has a
    /// border) of `layer` under the affine `map` (`key` is its ``ShadowKey``), on the canvas `canvas`.
    func shapes(_ key: ShadowKey, layer: LayerProperties, map: Homography, scale: Double, canvas: PixelRect) -> Shapes {
        let needsBody = layer.backgroundColor != nil
        let origin = Point(x: map.g / map.i, y: map.h / map.i)
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.x) < 0x1p40, abs(origin.y) < 0x1p40 else {
            return Self.draw(layer, map: map, scale: scale, needsBody: needsBody, canvas: canvas)
        }
        let whole = (x: origin.x.rounded(.down), y: origin.y.rounded(.down))
        let fraction = Point(x: origin.x - whole.x, y: origin.y - whole.y)
        let (wx, wy) = (Int(whole.x), Int(whole.y))
        let l = key.linear
        let phase = Homography(l.a, l.b, 0, l.d, l.e, 0, fraction.x, fraction.y, 1)
        let local = PixelRect(minX: canvas.minX - wx, minY: canvas.minY - wy, maxX: canvas.maxX - wx, maxY: canvas.maxY - wy)
        // The flattening's scale from the phase's corners too, so that it is a function of the key.
        guard let corners = Projection.corners(of: layer.bounds, phase) else {
            return Self.draw(layer, map: map, scale: scale, needsBody: needsBody, canvas: canvas)
        }
        let scale = Projection.pixelScale(of: layer.bounds, projected: corners)
        guard Self.liesInside(corners, local) else {
            return Self.draw(layer, map: phase, scale: scale, needsBody: needsBody, canvas: local).translated(x: wx, y: wy)
        }
        let k = Key(shape: key, fx: fraction.x.bitPattern, fy: fraction.y.bitPattern, body: needsBody)
        let hit = entries.withLock { e -> Shapes? in
            let hit = e.shapes[k]
            if e.budget.lookedUp(hit: hit != nil) {
                e.shapes = [:]
                e.budget.emptied()
            }
            return hit
        }
        if let hit { return hit.translated(x: wx, y: wy) }
        let shapes = Self.draw(layer, map: phase, scale: scale, needsBody: needsBody, canvas: local)
        let size = (shapes.body?.coverage.count ?? 0) + (shapes.border?.coverage.count ?? 0) + 256
        entries.withLock { e in
            guard e.shapes[k] == nil, e.budget.admit(size) else { return }
            e.shapes[k] = shapes
        }
        return shapes.translated(x: wx, y: wy)
    }

    /// The masks drawn through `map` on `canvas`.
    private static func draw(_ layer: LayerProperties, map: Homography, scale: Double, needsBody: Bool, canvas: PixelRect) -> Shapes {
        let shape = LayerShape(layer: layer, map: map, scale: scale, needsMask: needsBody, canvas: canvas)
        return Shapes(body: shape.mask, border: layer.borderWidth > 0 ? shape.borderMask() : nil)
    }

    /// Whether the layer's projected `corners`, grown by two pixels for the scan conversion's
    /// rounding, lie inside `canvas` (so the masks are not clipped).
    private static func liesInside(_ corners: [Point], _ canvas: PixelRect) -> Bool {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else { return false }
        return minX - 2 >= Double(canvas.minX) && maxX + 2 <= Double(canvas.maxX)
            && minY - 2 >= Double(canvas.minY) && maxY + 2 <= Double(canvas.maxY)
    }
}
