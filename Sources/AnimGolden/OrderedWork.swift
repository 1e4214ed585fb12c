import Dispatch

/// Runs independent jobs on a few threads and returns their results in job order, so the outcome
/// is the same for any thread count.
enum OrderedWork {
    static func map<T: Sendable>(count: Int, threads: Int, _ job: @Sendable (Int) -> T) -> [T] {
        guard threads > 1, count > 1 else { return (0..<count).map(job) }
        let slots = ResultSlots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: min(threads, count)) { _ in
            while let index = slots.claim() { slots.store(job(index), at: index) }
        }
        return slots.results()
    }
}

/// The next job to claim and the finished results, shared by the workers under a lock.
private final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private var items: [T?]
    private var next = 0
    private let semaphore = DispatchSemaphore(value: 1)

    init(count: Int) {
        items = [T?](repeating: nil, count: count)
    }

    func claim() -> Int? {
        locked {
            guard next < items.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func store(_ item: T, at index: Int) {
        locked { items[index] = item }
    }

    /// Every result, in order (all jobs have finished when this is called).
    func results() -> [T] {
        locked { items.compactMap { $0 } }
    }

    private func locked<R>(_ body: () -> R) -> R {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }
}
