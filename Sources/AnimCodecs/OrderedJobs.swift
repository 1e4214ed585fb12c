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
/// blocked (as the frame renderers are while their window is full).
///
/// `background` jobs (a GIF's frames packed and compressed while later frames are made) run on
/// threads of their own (``PlainThread``) in the kernel's idle class: they take only what drawing
/// and the in-order work leave of the cores. So that such a thread can never hold up the caller
/// (when other processes keep every core busy, an idle-class thread gets almost none), the caller
/// does the work itself rather than wait for it: ``submit(_:)`` runs a job not yet started when
/// there is no room, and ``results()`` runs those left, waits a little for the ones running, and
/// then runs again any still unfinished. A job must therefore be a pure function of what it
/// captured: whichever run finishes first gives the result, and a later one is dropped.
final class OrderedJobs<Value: Sendable>: Sendable {
    private let threads: Int
    private let background: Bool
    private let state = Mutex(State())
    /// Counts free places among the `limit` unfinished jobs.
    private let room = DispatchSemaphore(value: 0)
    private let lanes = DispatchGroup()

    /// How long ``results()`` waits for background jobs already running before it runs them too.
    static var straggling: DispatchTimeInterval { .milliseconds(50) }

    private typealias Job = @Sendable () -> Value

    private struct State {
        /// Jobs not started, by position.
        var waiting: [(position: Int, job: Job)] = []
        /// Background jobs started and not finished, by position (in position order).
        var started: [(position: Int, job: Job)] = []
        /// The results of positions `taken...`, nil until finished.
        var results: [Value?] = []
        /// Positions handed over by ``takeResults()``: the next result is that of position `taken`.
        var taken = 0
        var running = 0

        /// Stores a finished job's result unless one is there (or was handed over); whether it did.
        mutating func store(_ value: Value, at position: Int) -> Bool {
            started.removeAll { $0.position == position }
            let k = position - taken
            guard k >= 0, k < results.count, results[k] == nil else { return false }
            results[k] = value
            return true
        }
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
        makeRoom()
        let start = state.withLock { s in
            s.waiting.append((s.taken + s.results.count, job))
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
        finishAll()
        return state.withLock { $0.results.map { $0! } }
    }

    /// Every job's result, in submission order, once all have finished, handed over: the jobs keep
    /// no reference to them (so the caller can free each one as it goes), and hold no results after.
    func takeResults() -> [Value] {
        finishAll()
        return state.withLock { s in
            let values = s.results.map { $0! }
            s.taken += values.count
            s.results = []
            return values
        }
    }

    /// Waits for a free place among the unfinished jobs; for background jobs the caller runs the
    /// oldest job not yet started meanwhile, which frees one.
    private func makeRoom() {
        guard background else { return room.wait() }
        while room.wait(timeout: .now()) == .timedOut {
            guard let (position, job) = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) else {
                return room.wait()
            }
            finish(job(), at: position)
        }
    }

    /// Returns once every job submitted has a result.
    private func finishAll() {
        guard background else { return lanes.wait() }
        while let (position, job) = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) {
            finish(job(), at: position)
        }
        guard lanes.wait(timeout: .now() + Self.straggling) == .timedOut else { return }
        for (position, job) in state.withLock({ $0.started }) { finish(job(), at: position) }
    }

    /// A background thread's loop: run waiting jobs until there are none.
    private func drain() {
        while let (position, job) = claim() {
            finish(job(), at: position)
        }
    }

    /// Stores a job's result and frees its place, unless another run of it finished first.
    private func finish(_ value: Value, at position: Int) {
        if state.withLock({ $0.store(value, at: position) }) { room.signal() }
    }

    private func claim() -> (Int, Job)? {
        state.withLock { s in
            guard !s.waiting.isEmpty else {
                s.running -= 1
                return nil
            }
            let next = s.waiting.removeFirst()
            if background { s.started.append(next) }
            return next
        }
    }
}
