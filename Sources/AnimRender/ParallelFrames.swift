import AnimCompositor
import AnimLayers
import AnimRaster
import Dispatch
import Synchronization

/// Renders frames on several threads and hands them over strictly in frame order.
///
/// Workers claim frame indices one at a time and never wait for each other; the caller's thread
/// is one of them: it consumes finished frames in order, and while the next one is not ready it
/// claims and draws a frame itself instead of sleeping (so `threads` threads draw, and no extra
/// thread competes with them for the cores). At most a window of frames (2 to 4 per thread,
/// within 64 MB of pictures and what was prepared of them) are claimed but not yet consumed, so
/// memory is bounded by a few frames in flight, not by the frame count. The output equals a serial
/// render bit for bit, because every frame is a pure function of its index.
///
/// A frame whose presentation tree equals the previous frame's (a hold, a delay before an
/// animation begins, a fill after it ends) is not drawn again: the previous picture is handed over
/// once more, as Core Animation leaves the screen alone when nothing changed.
public enum ParallelFrames {
    /// Calls `consume` with each frame of `range` in order. `threads` ≤ 1 renders serially.
    @discardableResult
    public static func render<E: Error>(
        _ renderer: Renderer, frames range: Range<Int>, threads: Int,
        consume: (Int, Bitmap) throws(E) -> Void
    ) throws(E) -> FrameCount {
        try render(renderer, frames: Array(range), threads: threads, consume: consume)
    }

    /// Calls `consume` with each frame of `indices`, in the order given.
    @discardableResult
    public static func render<E: Error>(
        _ renderer: Renderer, frames indices: [Int], threads: Int,
        consume: (Int, Bitmap) throws(E) -> Void
    ) throws(E) -> FrameCount {
        try render(renderer, frames: indices, threads: threads, prepare: { _, _ in () }) { (i, frame, _) throws(E) in
            try consume(i, frame)
        }
    }

    /// Calls `prepare` with each frame it draws, on the thread that drew it (work on a frame that
    /// needs no other frame, such as encoding it as a PNG, runs in parallel too), and `consume`
    /// with each frame of `indices` in the order given, with what `prepare` returned for it. A
    /// frame that repeats the picture before it is not drawn and is consumed with nil: what was
    /// prepared for the position before it holds for it too. `preparedBytesPerPixel` is what
    /// `prepare` keeps per pixel of a frame until it is consumed (the GIF's colours: 4), counted
    /// in the window's budget.
    @discardableResult
    public static func render<Prepared: Sendable, E: Error>(
        _ renderer: Renderer, frames indices: [Int], threads: Int, preparedBytesPerPixel: Int = 0,
        prepare: @escaping @Sendable (Int, Bitmap) -> Prepared,
        consume: (Int, Bitmap, Prepared?) throws(E) -> Void
    ) throws(E) -> FrameCount {
        var shown = ShownFrame()
        defer { shown.release() }
        if threads <= 1 || indices.count <= 1 {
            var previous: LayerTree?
            for i in indices {
                let tree = renderer.presentation(ofFrame: i)
                var prepared: Prepared?
                if tree != previous {
                    shown.release()  // first, so the new frame can draw into its canvas
                    shown.replace(with: renderer.render(tree, frame: i))
                    prepared = prepare(i, shown.bitmap)
                }
                previous = tree
                try consume(i, shown.bitmap, prepared)
            }
            return shown.count(of: indices.count)
        }
        let inFlight = window(threads: threads, renderer: renderer, preparedBytesPerPixel: preparedBytesPerPixel)
        let pipeline = FramePipeline(indices: indices, window: inFlight, prepare: prepare)
        let workers = DispatchGroup()
        // The calling thread is one of the `threads`: it draws frames while the one it must hand
        // over next is not ready, so it never sleeps while there is work, and no third thread
        // competes with the workers for the cores.
        let core = CoreSpread.currentCore()
        for worker in 1..<threads {
            DispatchQueue.global().async(group: workers) {
                CoreSpread.leave(core, worker: worker - 1)
                pipeline.work(renderer)
            }
        }
        CoreSpread.letWorkersStart()
        defer {
            pipeline.cancel(workers: threads - 1)
            workers.wait()
        }
        for k in indices.indices {
            var prepared: Prepared?
            while !pipeline.isReady(k), pipeline.drawOne(renderer) {}
            if let (frame, value) = pipeline.take(k) {
                shown.replace(with: frame)
                prepared = value
            }
            try consume(indices[k], shown.bitmap, prepared)
            // Back to the cache at once unless the next position may show it again, so a thread
            // finishing a frame finds a canvas still warm from the frame before.
            if !pipeline.mayRepeat(after: k) { shown.release() }
        }
        return shown.count(of: indices.count)
    }
}

/// How many frames one render drew and how many repeated the picture before them.
public struct FrameCount: Hashable, Sendable {
    public var drawn: Int
    public var repeated: Int

    public init(drawn: Int, repeated: Int) {
        self.drawn = drawn
        self.repeated = repeated
    }
}

/// The picture last handed to the consumer, kept while the following frames repeat it.
private struct ShownFrame {
    private var current: Bitmap?
    private var drawn = 0

    var bitmap: Bitmap { current! }

    mutating func replace(with frame: consuming Bitmap) {
        release()
        current = consume frame
        drawn += 1
    }

    /// Gives the picture back to the compositor's canvas cache.
    mutating func release() {
        if let old = current.take() { Compositor.recycle(old) }
    }

    func count(of total: Int) -> FrameCount { FrameCount(drawn: drawn, repeated: total - drawn) }
}

extension ParallelFrames {
    /// How many frames may be claimed but not yet consumed: enough that the workers rarely wait
    /// while the caller's thread is consuming a frame or drawing one of its own, up to 4 per
    /// thread within 64 MB of pictures and what was prepared of them, and never fewer than 2 per
    /// thread. (Windows of 2 to 16 frames gave the same times: docs/benchmarks.md, sessions 26 and
    /// 30; the larger ones only held more memory, 16 frames and their GIF colours 118 MB at 1280×720.)
    static func window(threads: Int, renderer: Renderer, preparedBytesPerPixel: Int = 0) -> Int {
        let (w, h) = renderer.pixelSize
        let fit = (64 << 20) / max(1, w * h * (4 + max(0, preparedBytesPerPixel)))
        return max(threads * 2, min(threads * 4, fit))
    }
}

/// The shared state of one parallel render: which position to claim next, a ring of result slots
/// and the semaphores that bound the window and signal finished frames.
private final class FramePipeline<Prepared: Sendable>: Sendable {
    private let indices: [Int]
    private let prepare: @Sendable (Int, Bitmap) -> Prepared
    private let window: Int
    private let next = Atomic<Int>(0)
    private let cancelled = Atomic<Bool>(false)
    private let space: DispatchSemaphore
    private let ready: [DispatchSemaphore]
    /// Each position's result: its picture, or `.repeated` when it equals position k − 1's.
    private let slots: Mutex<[Slot]>
    /// The positions claimed last, by position: each one's presentation tree, so that the worker
    /// of position k can compare its tree with position k − 1's without evaluating it again, and
    /// whether it repeats the position before it, once its worker knows.
    private let claimed: Mutex<[Claimed?]>

    private struct Claimed {
        let position: Int
        let tree: LayerTree
        var repeats: Bool?
    }

    private enum Slot {
        case empty, drawn(Bitmap, Prepared), repeated
    }

    init(indices: [Int], window: Int, prepare: @escaping @Sendable (Int, Bitmap) -> Prepared) {
        self.indices = indices
        self.prepare = prepare
        self.window = window
        // Counted up from 0: libdispatch refuses to free a semaphore whose count ends below the
        // value it was created with, which a cancelled render can leave.
        space = DispatchSemaphore(value: 0)
        for _ in 0..<window { space.signal() }
        ready = (0..<window).map { _ in DispatchSemaphore(value: 0) }
        slots = Mutex([Slot](repeating: .empty, count: window))
        claimed = Mutex([Claimed?](repeating: nil, count: window))
    }

    /// A worker's loop: wait for room in the window, claim the next position, render it.
    func work(_ renderer: Renderer) {
        while true {
            space.wait()
            if cancelled.load(ordering: .acquiring) { return }
            guard claimAndDraw(renderer) else { return }
        }
    }

    /// The consuming thread's turn: claims and renders the next position if the window has room
    /// and positions remain, without waiting; false when it did nothing.
    func drawOne(_ renderer: Renderer) -> Bool {
        guard space.wait(timeout: .now()) == .success else { return false }
        if claimAndDraw(renderer) { return true }
        space.signal()  // nothing left to claim: give the room back
        return false
    }

    /// Claims the next position and publishes its result; false when every position is claimed.
    private func claimAndDraw(_ renderer: Renderer) -> Bool {
        let k = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard k < indices.count else { return false }
        let tree = renderer.presentation(ofFrame: indices[k])
        claimed.withLock { $0[k % window] = Claimed(position: k, tree: tree) }
        let repeated = k > 0 && self.tree(at: k - 1, renderer) == tree
        claimed.withLock { if $0[k % window]?.position == k { $0[k % window]?.repeats = repeated } }
        let slot = repeated ? Slot.repeated : drawn(k, tree, renderer)
        slots.withLock { $0[k % window] = slot }
        ready[k % window].signal()
        return true
    }

    /// Whether position k + 1 may show position k's picture again: it repeats it, or whether it
    /// does is not known yet (not claimed, or its tree not compared). False after the last position.
    func mayRepeat(after k: Int) -> Bool {
        guard k + 1 < indices.count else { return false }
        return claimed.withLock { list in
            guard let entry = list[(k + 1) % window], entry.position == k + 1, let repeats = entry.repeats else { return true }
            return repeats
        }
    }

    /// Whether position `k` has been rendered (it is then taken without waiting).
    func isReady(_ k: Int) -> Bool {
        slots.withLock { if case .empty = $0[k % window] { false } else { true } }
    }

    private func drawn(_ k: Int, _ tree: LayerTree, _ renderer: Renderer) -> Slot {
        let frame = renderer.render(tree, frame: indices[k])
        let value = prepare(indices[k], frame)
        return .drawn(frame, value)
    }

    /// The presentation tree of position `k`: the one its worker published, unless a later position
    /// has taken its place in the ring, or computed again.
    private func tree(at k: Int, _ renderer: Renderer) -> LayerTree {
        if let entry = claimed.withLock({ $0[k % window] }), entry.position == k { return entry.tree }
        return renderer.presentation(ofFrame: indices[k])
    }

    /// The frame at position `k` once rendered, with what was prepared for it, or nil when it
    /// repeats position k − 1's picture; frees its place in the window.
    func take(_ k: Int) -> (Bitmap, Prepared)? {
        ready[k % window].wait()
        let slot = slots.withLock { slots in
            let s = slots[k % window]
            slots[k % window] = .empty
            return s
        }
        space.signal()
        guard case let .drawn(frame, value) = slot else { return nil }
        return (frame, value)
    }

    /// Stops the workers: those waiting for room wake up and return.
    func cancel(workers: Int) {
        cancelled.store(true, ordering: .releasing)
        for _ in 0..<workers { space.signal() }
    }
}
