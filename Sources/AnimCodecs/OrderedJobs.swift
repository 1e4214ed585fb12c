import Dispatch
import Synchronization

/// Runs independent jobs on up to `threads` background threads while the caller goes on, and
/// hands their results back in the order the jobs were submitted, so what is made of them is the
/// same for any thread count. With `threads` ≤ 1 each job runs at once on the caller's thread.
///
/// At most `limit` jobs are unfinished at a time: ``submit(_:)`` waits beyond that, which bounds
/// the memory their inputs hold. Threads start when there is work and end when there is none left,
/// so a set of jobs abandoned before ``results()`` leaves nothing waiting. They come from serial
/// Dispatch queues, which get a thread of their own even while the global pool's threads are
/// blocked (as the frame renderers are while their window is full). `background` jobs run on
/// threads of their own (``PlainThread``) at the lowest priority: work off the critical path (a
/// GIF's frames packed and compressed while later frames are made) then takes only what drawing
/// and the in-order work leave of the cores.
final class OrderedJobs<Value: Sendable>: Sendable {
    private let threads: Int
    private let background: Bool
    private let state = Mutex(State())
    /// Counts free places among the `limit` unfinished jobs.
    private let room = DispatchSemaphore(value: 0)
    private let lanes = DispatchGroup()

    private struct State {
        var waiting: [(position: Int, job: @Sendable () -> Value)] = []
        var results: [Value?] = []
        var running = 0
    }

    init(threads: Int, limit: Int? = nil, background: Bool = false) {
        self.threads = threads
        self.background = background
        // Counted up from 0: libdispatch refuses to free a semaphore whose count ends below the
        // value it was created with.
        for _ in 0..<max(1, limit ?? threads * 2) { room.signal() }
    }

    /// Runs `job` (now, or on a background thread).
    func submit(_ job: @escaping @Sendable () -> Value) {
        guard threads > 1 else {
            let value = job()
            state.withLock { $0.results.append(value) }
            return
        }
        room.wait()
        let start = state.withLock { s in
            s.waiting.append((s.results.count, job))
            s.results.append(nil)
            guard s.running < threads else { return false }
            s.running += 1
            return true
        }
        guard start else { return }
        lanes.enter()
        let started = background && PlainThread.start { [self] in
            PlainThread.yieldToOthers()
            drain()
            lanes.leave()
        }
        if !started {
            DispatchQueue(label: "animrender.ordered-jobs").async { [self] in
                drain()
                lanes.leave()
            }
        }
    }

    /// Every job's result, in submission order, once all have finished.
    func results() -> [Value] {
        lanes.wait()
        return state.withLock { $0.results.map { $0! } }
    }

    /// Every job's result, in submission order, once all have finished, handed over: the jobs keep
    /// no reference to them (so the caller can free each one as it goes), and hold no results after.
    func takeResults() -> [Value] {
        lanes.wait()
        return state.withLock { s in
            let values = s.results.map { $0! }
            s.results = []
            return values
        }
    }

    /// A background thread's loop: run waiting jobs until there are none.
    private func drain() {
        while let (position, job) = claim() {
            let value = job()
            state.withLock { $0.results[position] = value }
            room.signal()
        }
    }

    private func claim() -> (Int, @Sendable () -> Value)? {
        state.withLock { s in
            guard !s.waiting.isEmpty else {
                s.running -= 1
                return nil
            }
            return s.waiting.removeFirst()
        }
    }
}
