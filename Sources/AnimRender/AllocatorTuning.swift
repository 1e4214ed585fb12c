#if canImport(Glibc)
import Glibc
#endif

/// Keeps the large, short-lived buffers of rendering (coverage masks, shadows, offscreen bitmaps of
/// a 4K frame are hundreds of kilobytes to tens of megabytes) on the heap, where they are reused.
///
/// glibc serves allocations above its mmap threshold with freshly mapped pages, and trims freed
/// memory back to the system; every such buffer then costs page faults and the kernel zeroing its
/// pages again. With two threads at 3840×2160 that was 4× the single-thread page faults and a
/// quarter more CPU time. `apply()` raises both thresholds.
///
/// It also caps glibc's arenas at one per online core (glibc's default is eight per core), where it
/// was one: drawing threads then mostly allocate from different arenas (glibc hands a thread the
/// first free arena, or one in turn once all are made) instead of queueing for one lock, which
/// cost the grid benchmark about 5000 context switches per 1800 frames on two threads (about 1400
/// now) and 0.1 of its two-thread scaling (1.60× against 1.70×, docs/benchmarks.md). (A worker's arena is
/// made of 64 MB heaps that glibc unmaps once empty, which once made 4K canvases fault in again on
/// every frame; since finished frames and offscreen bitmaps are kept in caches, not freed, the page
/// faults are the same on one arena and on two.) It changes the whole process's allocator and
/// must run before any thread allocates, so the executables call it first thing; the library never
/// does on its own.
public enum AllocatorTuning {
    /// Sets glibc's mmap threshold to 64 MB, its trim threshold to 256 MB and its arena count to
    /// the number of online cores, and returns whether glibc took all three; calling it again sets
    /// the same values. With
    /// another C library (musl in Swift's static Linux SDK, Darwin) it does nothing and returns false.
    @discardableResult
    public static func apply() -> Bool {
        #if canImport(Glibc)
        let mmap = glibcMallopt(-3, 64 << 20) == 1  // M_MMAP_THRESHOLD
        let trim = glibcMallopt(-1, 256 << 20) == 1  // M_TRIM_THRESHOLD
        let cores = Int32(clamping: max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let arenas = glibcMallopt(-8, cores) == 1  // M_ARENA_MAX
        return mmap && trim && arenas
        #else
        return false
        #endif
    }
}

#if canImport(Glibc)
/// glibc's mallopt(3), bound by name because malloc.h is not part of Swift's Glibc module.
///
/// Only when the C library is glibc: Swift's static Linux SDK links musl, whose module is Musl,
/// not Glibc. A compile-time no-op there rather than looking `mallopt` up with dlsym at run time:
/// the static SDK's executables are static, where dlsym finds nothing, and musl's allocator
/// (mallocng) has neither threshold to tune (its mallopt, where present, is a stub that returns 0).
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
