/// Keeps the large, short-lived buffers of rendering (coverage masks, shadows, offscreen bitmaps of
/// a 4K frame are hundreds of kilobytes to tens of megabytes) on the heap, where they are reused.
///
/// glibc serves allocations above its mmap threshold with freshly mapped pages, and trims freed
/// memory back to the system; every such buffer then costs page faults and the kernel zeroing its
/// pages again. With two threads at 3840×2160 that was 4× the single-thread page faults and a
/// quarter more CPU time. `apply()` raises both thresholds. It changes the whole process's
/// allocator, so the executables call it at startup; the library never does on its own.
public enum AllocatorTuning {
    /// Sets glibc's mmap threshold to 64 MB and its trim threshold to 256 MB (no effect elsewhere).
    public static func apply() {
        #if os(Linux)
        _ = glibcMallopt(-3, 64 << 20)  // M_MMAP_THRESHOLD
        _ = glibcMallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
        #endif
    }
}

#if os(Linux)
/// glibc's mallopt(3); malloc.h is not part of Swift's Glibc module.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
