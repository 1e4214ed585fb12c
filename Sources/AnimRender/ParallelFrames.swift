import AnimCompositor
import AnimRaster
import Dispatch
import Synchronization

/// Renders frames on several threads and hands them over strictly in frame order.
///
/// Workers claim frame indices one at a time and never wait for each other; the caller's thread
/// consumes finished frames in order while later ones are being rendered. At most a window of
/// frames (2 to 8 per thread, within 128 MB) are claimed but not yet consumed, so memory is bounded
/// by the frames in flight, not by the frame count. The output equals a serial render bit for bit, because every
/// frame is a pure function of its index.
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
        if threads <= 1 || indices.count <= 1 {
            for i in indices {
                let frame = renderer.renderFrame(i)
                try consume(i, frame)
                Compositor.recycle(consume frame)
            }
            return
        }
        let pipeline = FramePipeline(indices: indices, window: window(threads: threads, renderer: renderer))
        let workers = DispatchGroup()
        for _ in 0..<threads {
            DispatchQueue.global().async(group: workers) { pipeline.work(renderer) }
        }
        defer {
            pipeline.cancel(workers: threads)
            workers.wait()
        }
        for k in indices.indices {
            let frame = pipeline.take(k)
            try consume(indices[k], frame)
            Compositor.recycle(consume frame)
        }
    }
}

extension ParallelFrames {
    /// How many frames may be claimed but not yet consumed: enough that the workers rarely wait
    /// while the consuming thread is descheduled (it shares the cores with them), up to 8 per
    /// thread within 128 MB of frames, and never fewer than 2 per thread.
    static func window(threads: Int, renderer: Renderer) -> Int {
        let (w, h) = renderer.pixelSize
        let fit = (128 << 20) / max(1, w * h * 4)
        return max(threads * 2, min(threads * 8, fit))
    }
}

/// The shared state of one parallel render: which position to claim next, a ring of result slots
/// and the semaphores that bound the window and signal finished frames.
private final class FramePipeline: Sendable {
    private let indices: [Int]
    private let window: Int
    private let next = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let space: DispatchSemaphore
    private let ready: [DispatchSemaphore]
    private let slots: Mutex<[Bitmap?]>

    init(indices: [Int], window: Int) {
        self.indices = indices
        self.window = window
        // Counted up from 0: libdispatch refuses to free a semaphore whose count ends below the
        // value it was created with, which a cancelled render can leave.
        space = DispatchSemaphore(value: 0)
        for _ in 0..<window { space.signal() }
        ready = (0..<window).map { _ in DispatchSemaphore(value: 0) }
        slots = Mutex([Bitmap?](repeating: nil, count: window))
    }

    /// A worker's loop: wait for room in the window, claim the next position, render it.
    func work(_ renderer: Renderer) {
        while true {
            space.wait()
            if cancelled.load(ordering: .acquiring) { return }
            let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard k < indices.count else { return }
            let frame = renderer.renderFrame(indices[k])
            slots.withLock { $0[k % window] = frame }
            ready[k % window].signal()
        }
    }

    /// The frame at position `k`, once rendered; frees its place in the window.
    func take(_ k: Int) -> Bitmap {
        ready[k % window].wait()
        let frame = slots.withLock { slots in
            let f = slots[k % window]!
            slots[k % window] = nil
            return f
        }
        space.signal()
        return frame
    }

    /// Stops the workers: those waiting for room wake up and return.
    func cancel(workers: Int) {
        cancelled.store(true, ordering: .releasing)
        for _ in 0..<workers { space.signal() }
    }
}
