import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Threads kept for ``RowBands``' passes. A GIF frame is a string of short passes (a few hundred
/// microseconds each) with serial steps between them; a thread of the global pool put to sleep in
/// such a step took longer to wake than a short pass takes, so the calling thread did most of the
/// next pass alone. These threads are kept, and a pass wakes the sleeping ones with one semaphore.
///
/// They sleep as soon as no pass is running. Session 43's helpers watched for the next pass for
/// 200 µs first, yielding the core while they watched; but a yield hands the core to whatever else
/// is runnable there (the GIF's frames compressing in the background) for the rest of a scheduler
/// slice, so the helper was away when the pass came. Now that background work runs in the idle
/// class (``PlainThread/yieldToOthers()``), a woken helper takes its core back at once, and the
/// caller did every band of 16 % of compositor-1280's passes alone, against 51 % before
/// (docs/benchmarks.md, session 44).
///
/// One pass at a time: a pass that starts while another is running (from another thread) runs on
/// `DispatchQueue.concurrentPerform` instead. Which thread runs which band never matters: each
/// band writes only its own part.
final class BandHelpers: Sendable {
    /// One fewer than the cores: the calling thread is the other.
    static let shared = BandHelpers(count: max(0, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) - 1))

    private let count: Int
    /// The current pass: its generation (bits 32…63), the helpers it may use (24…31), its bands
    /// (12…23) and the next band to claim (0…11). Claiming is one compare-and-swap on the whole,
    /// so a helper can never claim a band of a pass other than the one it read.
    private let word = Atomic<UInt64>(0)
    /// Bands of the current pass finished.
    private let done = Atomic<Int>(0)
    private let busy = Atomic<Bool>(false)
    private let job = Mutex<Job?>(nil)
    /// Helpers about to sleep or asleep, and what wakes them.
    private let sleepers = Atomic<Int>(0)
    private let wake = DispatchSemaphore(value: 0)
    /// How many helpers run: they start as passes first ask for them.
    private let started = Mutex(0)

    private struct Job: @unchecked Sendable {
        let body: @Sendable (_ band: Int, _ rows: Range<Int>) -> Void
        let rows: Int
        let bands: Int
    }

    init(count: Int) {
        self.count = min(count, 255)
    }

    /// Calls `body` with every band `k` of `bands` over `rows` rows, on the calling thread and up to
    /// `threads − 1` helpers.
    func run(rows: Int, bands: Int, threads: Int, _ body: @Sendable (_ band: Int, _ rows: Range<Int>) -> Void) {
        let helpers = min(count, threads - 1)
        guard helpers > 0, bands < 1 << 12, busy.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
        else {
            DispatchQueue.concurrentPerform(iterations: bands) { k in body(k, Self.band(k, of: bands, rows: rows)) }
            return
        }
        defer { busy.store(false, ordering: .releasing) }
        startHelpers(helpers)
        withoutActuallyEscaping(body) { body in
            job.withLock { $0 = Job(body: body, rows: rows, bands: bands) }
            done.store(0, ordering: .relaxed)
            let generation = (word.load(ordering: .relaxed) >> 32) &+ 1
            word.store(generation << 32 | UInt64(helpers) << 24 | UInt64(bands) << 12, ordering: .sequentiallyConsistent)
            let asleep = sleepers.exchange(0, ordering: .sequentiallyConsistent)
            for _ in 0..<asleep { wake.signal() }
            while let k = claim(generation, helper: nil) {
                body(k, Self.band(k, of: bands, rows: rows))
                done.add(1, ordering: .releasing)
            }
            var spins = 0
            while done.load(ordering: .acquiring) < bands {
                spins += 1
                if spins & 63 == 0 { sched_yield() }
            }
            job.withLock { $0 = nil }
        }
    }

    /// Band `k` of `bands` over `rows` rows: the rows ``RowBands`` gives it.
    @inline(__always)
    static func band(_ k: Int, of bands: Int, rows: Int) -> Range<Int> {
        (k * rows / bands)..<((k + 1) * rows / bands)
    }

    /// The next band of pass `generation` for the caller (`helper` nil) or helper number `helper`,
    /// or nil when it has none left or is not one the pass may use.
    private func claim(_ generation: UInt64, helper: Int?) -> Int? {
        var w = word.load(ordering: .acquiring)
        while true {
            let bands = (w >> 12) & 0xFFF, next = w & 0xFFF
            guard w >> 32 == generation, next < bands else { return nil }
            if let helper, UInt64(helper) >= (w >> 24) & 0xFF { return nil }
            let (exchanged, original) = word.compareExchange(expected: w, desired: w + 1, ordering: .acquiringAndReleasing)
            if exchanged { return Int(next) }
            w = original
        }
    }

    /// Starts helpers until `wanted` run.
    private func startHelpers(_ wanted: Int) {
        started.withLock { running in
            while running < wanted {
                let helper = running
                guard PlainThread.start({ [self] in serve(as: helper) }) else { return }
                running += 1
            }
        }
    }

    /// A helper's life: take the bands of each pass, sleep between passes.
    private func serve(as helper: Int) {
        var seen = word.load(ordering: .acquiring) >> 32
        while true {
            seen = awaitPass(after: seen)
            while let k = claim(seen, helper: helper) { runBand(k) }
        }
    }

    /// The generation of the next pass after `seen`, once one is published. A helper counts
    /// itself among the sleepers before it looks a last time, so a pass published after that look
    /// wakes it; a wake it did not need (the pass came before it slept) only makes it look again.
    private func awaitPass(after seen: UInt64) -> UInt64 {
        while true {
            let generation = word.load(ordering: .acquiring) >> 32
            if generation != seen { return generation }
            sleepers.add(1, ordering: .sequentiallyConsistent)
            if word.load(ordering: .sequentiallyConsistent) >> 32 == seen { wake.wait() }
        }
    }

    /// Runs band `k` of the current pass, which cannot end before this band is done.
    private func runBand(_ k: Int) {
        do {
            let job = self.job.withLock { $0 }!
            job.body(k, Self.band(k, of: job.bands, rows: job.rows))
        }
        done.add(1, ordering: .releasing)
    }
}
