#if canImport(Glibc)
import Glibc
#endif

/// A POSIX thread of its own, not one of Dispatch's workers: it never holds a thread the global
/// pool would give to rendering, and what it sets on itself (its priority) ends with it.
enum PlainThread {
    /// Runs `body` on a new detached thread; false when none could be made.
    @discardableResult
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var id = pthread_t()
        let created = pthread_create(&id, nil, { context in
            let box = Unmanaged<Box>.fromOpaque(context!).takeRetainedValue()
            box.body()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        pthread_detach(id)
        return true
    }

    /// Gives the calling thread the lowest scheduling priority (nice 19): the cores go to every
    /// other thread first, and this one gets what they leave. Only a thread started here should
    /// call it, since no unprivileged thread can take its priority back.
    static func yieldToOthers() {
        #if os(Linux)
        // Linux keeps the nice value per thread: 0 is the calling one.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #endif
    }

    private final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
