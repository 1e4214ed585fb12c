#if canImport(Glibc)
import Glibc
#endif

/// Zeroed byte arrays whose pages are not written until something is drawn into them.
///
/// An offscreen bitmap is canvas-sized (3.7 MB at 1280×720, 33 MB at 3840×2160), but a layer drawn
/// offscreen usually covers a small part of it. Zeroing it with `memset` faults in and writes every
/// page; here the array is allocated uninitialized and its whole pages are handed back to the kernel
/// with `madvise(MADV_DONTNEED)`, after which Linux maps a page of zeros on first access to each
/// (the heap is private anonymous memory, whose discarded pages read as zero: madvise(2)). Only the
/// partial pages at the two ends are written. A page that is never drawn is never faulted in or
/// zeroed, which took a sixth of a 1280×720 scene's first frame (docs/benchmarks.md, session 28).
///
/// Elsewhere (another C library, or madvise refused) the array is zeroed by `memset`.
enum ZeroedBytes {
    /// Below this many bytes (32 pages) the array is zeroed by `memset`: the system call would
    /// cost about as much as the writes it saves.
    static let lazyMinimum = 1 << 17

    static func make(count: Int) -> [UInt8] {
        #if canImport(Glibc)
        guard count >= lazyMinimum else { return [UInt8](repeating: 0, count: count) }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            zero(base, count: count)
            initialized = count
        }
        #else
        return [UInt8](repeating: 0, count: count)
        #endif
    }

    #if canImport(Glibc)
    private static let pageSize = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))

    /// Zeroes `count` bytes at `base`: the partial pages at the ends by writing, the whole pages
    /// between them by discarding them.
    private static func zero(_ base: UnsafeMutableRawPointer, count: Int) {
        let address = Int(bitPattern: base)
        let first = (address + pageSize - 1) / pageSize * pageSize - address  // first page boundary
        let last = (address + count) / pageSize * pageSize - address  // last page boundary
        guard last > first, madvise(base + first, last - first, MADV_DONTNEED) == 0 else {
            base.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            return
        }
        base.initializeMemory(as: UInt8.self, repeating: 0, count: first)
        (base + last).initializeMemory(as: UInt8.self, repeating: 0, count: count - last)
    }
    #endif
}
