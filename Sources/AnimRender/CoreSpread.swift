#if canImport(Glibc)
import Glibc
#endif

/// Starts each worker of a parallel render (``ParallelFrames``) on another core than the
/// rendering thread that started it.
///
/// Linux queues a thread it starts on the core of the thread that started it, and moves it to an
/// idle core only when it next balances the load, after one or more of its 4 ms ticks. A worker
/// started by the rendering thread so shared that thread's core for the first 5–15 ms of a render
/// while the other core sat idle (`perf sched timehist`: the two threads took turns, preempting
/// each other at every hand-over), a third of a 60-frame 320×480 render (docs/benchmarks.md,
/// session 62). So a worker moves itself, once, as it starts: it allows itself only a core the
/// process may use other than the one the rendering thread was on (the kernel moves it there
/// before the call returns), then allows itself every core again, so that the kernel can move it
/// later as it would any thread. And the rendering thread yields its core once, after starting the
/// workers, so that a worker queued behind it runs and moves at once rather than at the next tick.
/// Where that is not possible (one core allowed, another C library) nothing happens. Which core
/// draws a frame never changes a byte.
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

    /// Gives the calling thread's core to the workers just started, which Linux may have queued
    /// behind it, so that they move away now rather than at its next tick.
    static func letWorkersStart() {
        #if canImport(Glibc)
        _ = sched_yield()
        #endif
    }

    /// Moves the calling thread off `core`, to the `worker`-th of the other cores it may use (in
    /// turn), and then lets it run on all of them again; returns the core it moved to, or nil when
    /// it did not move.
    @discardableResult
    static func leave(_ core: Int?, worker: Int) -> Int? {
        #if canImport(Glibc)
        guard let core, var allowed = allowedSet() else { return nil }
        let cores = allowed.cores
        let others = cores.filter { $0 != core }
        guard !others.isEmpty, others.count < cores.count else { return nil }
        let target = others[worker % others.count]
        var one = CoreSet()
        one.insert(target)
        guard linuxSetAffinity(0, CoreSet.byteCount, &one) == 0 else { return nil }
        _ = linuxSetAffinity(0, CoreSet.byteCount, &allowed)
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
/// A `cpu_set_t` of 1024 cores (glibc's size), as bits in words.
private struct CoreSet {
    static let byteCount = 128
    private var words = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0),
                         UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))

    var cores: [Int] {
        withUnsafeBytes(of: words) { raw in
            (0..<(Self.byteCount * 8)).filter { raw[$0 / 8] & (1 << ($0 % 8)) != 0 }
        }
    }

    mutating func insert(_ core: Int) {
        guard core >= 0, core < Self.byteCount * 8 else { return }
        withUnsafeMutableBytes(of: &words) { $0[core / 8] |= 1 << (core % 8) }
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
