#if canImport(Glibc)
import Glibc
#endif

/// Starts each worker of a parallel render (``ParallelFrames``) on another core than the
/// rendering thread that woke or started it.
///
/// On the CI virtual machine, Linux queued a worker that the rendering thread woke for the first
/// time on the rendering thread's own core, and moved it to the idle core only when it next
/// balanced the load, one or more scheduler ticks (4 ms there) later. The two threads so shared one
/// core for the first 5–15 ms of a render while the other core sat idle (`perf sched timehist`:
/// they took turns, preempting each other at every hand-over), a third of a 60-frame 320×480
/// render (docs/benchmarks.md, session 62). So a worker that finds itself on the rendering
/// thread's core moves itself, once, as it starts: it allows itself only one other core the
/// process may use (the kernel moves it there before the call returns), then restores the mask it
/// had, so that the kernel can move it later as it would any thread. And the rendering thread
/// yields its core once, after waking the workers, so that a worker queued behind it runs and
/// moves at once rather than at the next tick. Nothing happens where that is not possible or not
/// needed: a worker already on another core, one core allowed, more workers than other cores
/// (the rest stay where the kernel puts them), a core not known, more than 1024 cores, or another
/// C library. The rendering thread's core is read once, as it wakes the workers: a hint, not a
/// promise. Which core draws a frame never changes a byte.
enum CoreSpread {
    /// The core the calling thread runs on, or nil where it is not known.
    static func currentCore() -> Int? {
        #if canImport(Glibc)
        let core = linuxCurrentCore()
        return core >= 0 ? Int(core) : nil
        #else
        return nil
        #endif
    }

    /// Gives the calling thread's core to the workers just woken, which Linux may have queued
    /// behind it, so that they move away now rather than at its next tick.
    static func letWorkersStart() {
        #if canImport(Glibc)
        _ = sched_yield()
        #endif
    }

    /// Moves the calling thread off `core`, if it is on it, to the `worker`-th of the other cores it
    /// may use, counted from the one after `core` (so that workers 0, 1, … take different cores),
    /// and then restores the mask it had. Returns the core it moved to, or nil when it did not
    /// move. `whileMoved` runs while the thread may run on that core alone (for tests).
    @discardableResult
    static func leave(_ core: Int?, worker: Int, whileMoved: (() -> Void)? = nil) -> Int? {
        #if canImport(Glibc)
        guard let core, currentCore() == core, var allowed = allowedSet() else { return nil }
        let cores = allowed.cores
        guard let at = cores.firstIndex(of: core), worker >= 0, worker < cores.count - 1 else { return nil }
        let target = cores[(at + 1 + worker) % cores.count]
        var one = CoreSet()
        one.insert(target)
        guard linuxSetAffinity(0, CoreSet.byteCount, &one) == 0 else { return nil }
        whileMoved?()
        if linuxSetAffinity(0, CoreSet.byteCount, &allowed) != 0 {
            // The process's cores changed meanwhile: allow every core (the kernel keeps those the
            // process may use), never leave a pool thread pinned.
            var every = CoreSet(all: ())
            _ = linuxSetAffinity(0, CoreSet.byteCount, &every)
        }
        return target
        #else
        return nil
        #endif
    }

    /// The cores the calling thread may run on, in increasing order, or nil where that is not known.
    static func allowedCores() -> [Int]? {
        #if canImport(Glibc)
        allowedSet()?.cores
        #else
        nil
        #endif
    }

    #if canImport(Glibc)
    private static func allowedSet() -> CoreSet? {
        var allowed = CoreSet()
        return linuxGetAffinity(0, CoreSet.byteCount, &allowed) == 0 ? allowed : nil
    }
    #endif
}

#if canImport(Glibc)
/// A `cpu_set_t` of 1024 cores (glibc's size): core k is bit k % 64 of word k / 64, glibc's
/// layout on either byte order.
private struct CoreSet {
    static let byteCount = 128
    private var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                         UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))

    init() {}

    /// Every core.
    init(all: Void) {
        withUnsafeMutableBytes(of: &words) { $0.withMemoryRebound(to: UInt64.self) { $0.update(repeating: ~0) } }
    }

    var cores: [Int] {
        withUnsafeBytes(of: words) { raw in
            raw.withMemoryRebound(to: UInt64.self) { w in
                (0..<(Self.byteCount * 8)).filter { w[$0 / 64] & (1 << UInt64($0 % 64)) != 0 }
            }
        }
    }

    mutating func insert(_ core: Int) {
        guard core >= 0, core < Self.byteCount * 8 else { return }
        withUnsafeMutableBytes(of: &words) { raw in
            raw.withMemoryRebound(to: UInt64.self) { $0[core / 64] |= 1 << UInt64(core % 64) }
        }
    }
}

// glibc's sched_getcpu(3) and sched_{get,set}affinity(2), which Swift's Glibc module leaves out
// (they are behind _GNU_SOURCE), bound by name as `AllocatorTuning` binds mallopt.
@_silgen_name("sched_getcpu")
private func linuxCurrentCore() -> Int32

@_silgen_name("sched_getaffinity")
private func linuxGetAffinity(_ pid: Int32, _ size: Int, _ set: UnsafeMutableRawPointer) -> Int32

@_silgen_name("sched_setaffinity")
private func linuxSetAffinity(_ pid: Int32, _ size: Int, _ set: UnsafeRawPointer) -> Int32
#endif
