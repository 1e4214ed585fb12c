import AnimRaster
import Synchronization

/// Canvas-sized transparent bitmaps for the offscreen passes of one frame (groups, clips,
/// shadows, masks, 3D planes). A bitmap handed back is cleared only where it was drawn, so a frame
/// with many shadowed layers allocates and zeroes a few canvases instead of one per layer.
/// One pool serves one `render` call on one thread; reuse cannot change a pixel, since every
/// surface taken is fully transparent.
///
/// Nested passes hold one surface each, so a frame holds as many as its layers nest offscreen
/// passes. A frame may hold at most `limit` at once (``OffscreenLimit``); past it `take` refuses,
/// the caller draws without that pass, and the refusal is reported with the frame.
final class SurfacePool {
    private let width: Int
    private let height: Int
    private var free: [Bitmap] = []
    /// The most surfaces held at once.
    let limit: Int
    /// Surfaces taken and not yet given back.
    private(set) var held = 0
    /// Bytes held outside the pool's surfaces on its budget (3D planes copied out of theirs).
    private(set) var reserved = 0
    /// How many takes were refused.
    private(set) var refused = 0

    private var surfaceBytes: Int { width * height * 4 }

    /// What the frame may still hold, in bytes.
    var remainingBytes: Int { max(0, (limit - held) * surfaceBytes - reserved) }

    /// Counts `bytes` held elsewhere against the budget, until `release`.
    func reserve(_ bytes: Int) { reserved += bytes }
    func release(_ bytes: Int) { reserved -= bytes }

    /// Counts passes skipped by a rendering made for this frame (a warp's snapshots) as its own.
    func noteSkipped(_ count: Int) { refused += count }

    init(width: Int, height: Int, limit: Int? = nil) {
        self.width = width
        self.height = height
        self.limit = limit ?? OffscreenLimit.surfaces(width: width, height: height)
    }

    /// A transparent surface of the canvas's size: one given back in this frame, one left by an
    /// earlier frame (BitmapCache), or a new one; nil when the frame already holds `limit`.
    func take() -> Surface? {
        guard remainingBytes >= surfaceBytes else {
            refused += 1
            return nil
        }
        held += 1
        let bitmap = free.popLast() ?? BitmapCache.shared.take(width: width, height: height) ?? Bitmap(width: width, height: height)!
        return Surface(bitmap: consume bitmap, pool: self)
    }

    /// Hands the frame's transparent bitmaps to the next frame (call when the frame is drawn).
    func close() {
        var handed: [Bitmap] = []
        swap(&handed, &free)
        BitmapCache.shared.give(consume handed)
    }

    /// Returns a surface's bitmap to the pool, clearing what was drawn into it.
    func recycle(_ surface: inout Surface) {
        // Swapped out, so the pool holds the only reference and clearing does not copy it.
        var bitmap = Self.placeholder
        swap(&bitmap, &surface.bitmap)
        bitmap.clear(surface.dirty)
        surface.dirty = .empty
        free.append(bitmap)
        held -= 1
    }

    /// Stands in for a bitmap that has been moved out of its surface (back to the pool, or to a
    /// canvas's bands): 1×1, never drawn.
    static let placeholder = Bitmap(width: 1, height: 1)!
}

/// Transparent canvas-sized bitmaps kept between frames, so a frame does not map, fault in and zero
/// fresh memory for each offscreen pass (the kernel's page faults were about a sixth of a frame).
/// Only fully transparent bitmaps go in, so which one a frame gets cannot change a pixel. Bounded by
/// `capacity` bytes; safe to share between the threads rendering frames in parallel.
final class BitmapCache: Sendable {
    static let shared = BitmapCache()
    static let capacity = 512 << 20

    private let stock = Mutex<[Bitmap]>([])

    func take(width: Int, height: Int) -> Bitmap? {
        stock.withLock { list in
            guard let i = list.lastIndex(where: { $0.width == width && $0.height == height }) else { return nil }
            return list.remove(at: i)
        }
    }

    /// Takes ownership: each bitmap is moved into the cache under the lock, so no reference is
    /// left behind that would make the next frame's first write copy it.
    func give(_ bitmaps: consuming [Bitmap]) {
        var items = consume bitmaps
        stock.withLock { list in
            while let b = items.popLast() {
                let bytes = list.reduce(0) { $0 + $1.pixels.count }
                if bytes + b.pixels.count <= Self.capacity { list.append(b) }
            }
        }
    }
}

/// Finished frames handed back by their consumer (`Compositor.recycle`), reused as the canvas of a
/// later frame, which overwrites every pixel with the background first. A frame still referenced
/// elsewhere is copied on write, never changed.
final class CanvasCache: Sendable {
    static let shared = CanvasCache()
    static let capacity = 8

    private let stock = Mutex<[Bitmap]>([])

    func take(width: Int, height: Int) -> Bitmap? {
        stock.withLock { list in
            guard let i = list.lastIndex(where: { $0.width == width && $0.height == height }) else { return nil }
            return list.remove(at: i)
        }
    }

    /// Takes ownership (see ``BitmapCache/give(_:)``): a frame handed over by another thread
    /// must not still be referenced by it when a worker takes it, or the worker would copy it.
    func give(_ bitmap: consuming Bitmap) {
        var held: Bitmap? = consume bitmap
        stock.withLock { list in
            guard list.count < Self.capacity, let b = held else { return }
            held = nil
            list.append(b)
        }
    }
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
