import AnimCompositor
import AnimRaster
import Dispatch

/// Renders frames on several threads and hands them over strictly in frame order, keeping at most
/// a few batches in memory. The output equals a serial render bit for bit, because every frame is a
/// pure function of its index.
public enum ParallelFrames {
    /// Calls `consume` with each frame of `range` in order. `threads` ≤ 1 renders serially.
    public static func render<E: Error>(
        _ renderer: Renderer, frames range: Range<Int>, threads: Int,
        consume: (Int, Bitmap) throws(E) -> Void
    ) throws(E) {
        try render(renderer, frames: Array(range), threads: threads, consume: consume)
    }

    /// Calls `consume` with each frame of `indices`, in the order given.
    public static func render<E: Error>(
        _ renderer: Renderer, frames indices: [Int], threads: Int,
        consume: (Int, Bitmap) throws(E) -> Void
    ) throws(E) {
        if threads <= 1 {
            for i in indices {
                let frame = renderer.renderFrame(i)
                try consume(i, frame)
                Compositor.recycle(frame)
            }
            return
        }
        let batch = threads * 2
        var start = 0
        while start < indices.count {
            let end = min(indices.count, start + batch)
            let slots = Slots(count: end - start)
            let chunk = Array(indices[start..<end])
            DispatchQueue.concurrentPerform(iterations: chunk.count) { k in
                slots.store(renderer.renderFrame(chunk[k]), at: k)
            }
            for k in 0..<chunk.count {
                let frame = slots.take(k)
                try consume(chunk[k], frame)
                Compositor.recycle(frame)
            }
            start = end
        }
    }
}

/// Result slots written by concurrent workers, each slot by exactly one worker.
private final class Slots: @unchecked Sendable {
    private var items: [Bitmap?]
    private let lock = NSLockLike()

    init(count: Int) {
        items = [Bitmap?](repeating: nil, count: count)
    }

    func store(_ b: Bitmap, at i: Int) {
        lock.withLock { items[i] = b }
    }

    func take(_ i: Int) -> Bitmap {
        lock.withLock {
            let b = items[i]!
            items[i] = nil
            return b
        }
    }
}

/// A tiny mutex on top of a dispatch semaphore (no Foundation needed).
private final class NSLockLike: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)

    func withLock<T>(_ body: () -> T) -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }
}
