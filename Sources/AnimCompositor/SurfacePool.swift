import AnimRaster

/// Canvas-sized transparent bitmaps for the offscreen passes of one frame (groups, clips,
/// shadows, masks, 3D planes). A bitmap handed back is cleared only where it was drawn, so a frame
/// with many shadowed layers allocates and zeroes a few canvases instead of one per layer.
/// One pool serves one `render` call on one thread; reuse cannot change a pixel, since every
/// surface taken is fully transparent.
final class SurfacePool {
    private let width: Int
    private let height: Int
    private var free: [Bitmap] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// A transparent surface of the canvas's size.
    func take() -> Surface {
        let bitmap = free.popLast() ?? Bitmap(width: width, height: height)!
        return Surface(bitmap: bitmap, pool: self)
    }

    /// Returns a surface's bitmap to the pool, clearing what was drawn into it.
    func recycle(_ surface: inout Surface) {
        // Swapped out, so the pool holds the only reference and clearing does not copy it.
        var bitmap = Self.placeholder
        swap(&bitmap, &surface.bitmap)
        bitmap.clear(surface.dirty)
        surface.dirty = .empty
        free.append(bitmap)
    }

    /// Stands in for a bitmap that has been moved back to the pool (1×1, never drawn).
    private static let placeholder = Bitmap(width: 1, height: 1)!
}

extension Bitmap {
    /// Makes the pixels inside `rect` transparent.
    mutating func clear(_ rect: PixelRect) {
        let r = rect.intersection(PixelRect(minX: 0, minY: 0, maxX: width, maxY: height))
        guard !r.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBytes { raw in
            for y in r.minY..<r.maxY {
                let start = (y * w + r.minX) * 4
                raw.baseAddress!.advanced(by: start).initializeMemory(as: UInt8.self, repeating: 0, count: r.width * 4)
            }
        }
    }
}
