#if canImport(Glibc)
import Glibc
#endif

/// Zeroed byte arrays whose pages are not written until something is drawn into them.
///
/// An offscreen bitmap is canvas-sized (3.7 MB at 1280×720, 33 MB at 3840×2160), but a layer drawn
/// offscreen usually covers a small part of it. Zeroing it with `memset` faults in and writes every
/// page, and a fresh page costs far more than writing it (about 1.4 µs on the CI machine, against
/// 0.05 µs for a page already mapped: docs/benchmarks.md, session 28). So the array is allocated
/// uninitialized, and of its whole pages, those the process has not touched (`mincore`) are handed
/// back with `madvise(MADV_DONTNEED)`: Linux maps a page of zeros on first access to each (the heap
/// is private anonymous memory, whose discarded pages read as zero: madvise(2)), so a page that is
/// never drawn is never faulted in. Pages already mapped, and the partial pages at the two ends,
/// are zeroed by writing, so memory the allocator reuses is not discarded and faulted in again.
///
/// Elsewhere (another C library, or a system call refused) the array is zeroed by `memset`.
enum ZeroedBytes {
    /// Below this many bytes (32 pages) the array is zeroed by `memset`: the system calls would
    /// cost about as much as the writes they save.
    static let lazyMinimum = 1 << 17

    static func make(count: Int) -> [UInt8] {
        #if canImport(Glibc)
        guard count >= lazyMinimum else { return [UInt8](repeating: 0, count: count) }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            zero(UnsafeMutableRawPointer(buffer.baseAddress!), count: count)
            initialized = count
        }
        #else
        return [UInt8](repeating: 0, count: count)
        #endif
    }

    #if canImport(Glibc)
    private static let pageSize = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))

    /// Zeroes `count` bytes at `base`: mapped pages and the partial pages at the ends by writing,
    /// the whole pages not mapped yet by discarding them.
    static func zero(_ base: UnsafeMutableRawPointer, count: Int) {
        let address = Int(bitPattern: base)
        let first = (address + pageSize - 1) / pageSize * pageSize - address  // first page boundary
        let last = (address + count) / pageSize * pageSize - address  // last page boundary
        let pages = (last - first) / pageSize
        var mapped = [UInt8](repeating: 1, count: max(pages, 0))
        guard pages > 0, mincore(base + first, last - first, &mapped) == 0 else {
            base.initializeMemory(as: UInt8.self, repeating: 0, count: count)
            return
        }
        base.initializeMemory(as: UInt8.self, repeating: 0, count: first)
        (base + last).initializeMemory(as: UInt8.self, repeating: 0, count: count - last)
        var page = 0
        while page < pages {
            let resident = mapped[page] & 1 != 0
            var end = page + 1
            while end < pages, (mapped[end] & 1 != 0) == resident { end += 1 }
            let run = base + first + page * pageSize
            let bytes = (end - page) * pageSize
            if resident || madvise(run, bytes, MADV_DONTNEED) != 0 {
                run.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
            }
            page = end
        }
    }
    #endif
}
