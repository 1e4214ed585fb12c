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

    /// Puts the calling thread in the kernel's idle class (SCHED_IDLE; nice 19 where that is
    /// refused): it runs only on a core no other thread wants, and any other thread woken there
    /// takes the core back at once. Nice 19 alone does not do the second: a thread woken beside a
    /// nice-19 one waited up to a scheduler slice (milliseconds) while the other ran on, so a
    /// GIF's band helpers (``BandHelpers``) missed most of the short passes they were woken for
    /// (docs/benchmarks.md, session 44). Only a thread started here should call it: an
    /// unprivileged thread cannot leave the idle class.
    static func yieldToOthers() {
        #if os(Linux)
        var param = sched_param()
        if sched_setscheduler(0, idlePolicy, &param) != 0 {
            // Linux keeps the nice value per thread: 0 is the calling one.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        }
        #endif
    }

    #if os(Linux)
    /// SCHED_IDLE of <sched.h>, which Glibc's module leaves out (it is behind _GNU_SOURCE).
    private static let idlePolicy: Int32 = 5
    #endif

    private final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
