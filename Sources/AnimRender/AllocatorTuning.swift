#if canImport(Glibc)
import Glibc
#endif

/// Keeps the large, short-lived buffers of rendering (coverage masks, shadows, offscreen bitmaps of
/// a 4K frame are hundreds of kilobytes to tens of megabytes) on the heap, where they are reused.
///
/// glibc serves allocations above its mmap threshold with freshly mapped pages, and trims freed
/// memory back to the system; every such buffer then costs page faults and the kernel zeroing its
/// pages again. With two threads at 3840×2160 that was 4× the single-thread page faults and a
/// quarter more CPU time. `apply()` raises both thresholds. It changes the whole process's
/// allocator, so the executables call it at startup; the library never does on its own.
public enum AllocatorTuning {
    /// Sets glibc's mmap threshold to 64 MB and its trim threshold to 256 MB, and returns whether
    /// glibc took both; calling it again sets the same values. With another C library (musl in
    /// Swift's static Linux SDK, Darwin) it does nothing and returns false.
    @discardableResult
    public static func apply() -> Bool {
        #if canImport(Glibc)
        let mmap = glibcMallopt(-3, 64 << 20) == 1  // M_MMAP_THRESHOLD
        let trim = glibcMallopt(-1, 256 << 20) == 1  // M_TRIM_THRESHOLD
        return mmap && trim
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
