#if canImport(Glibc)
import Glibc
#endif

/// Zeroed arrays made without faulting in the pages that are never written.
///
/// A page the process touches for the first time costs far more than writing it: about 2 µs on the
/// CI machine (the kernel allocates, charges and zeroes it), against 0.06 µs to fill a page already
/// mapped and cached, so faulting in a 1280×720 canvas takes 1.8 ms, three times the drawing of a
/// frame (`scripts/experiments/fresh-pages`, docs/benchmarks.md, session 28).
///
/// A zeroed array of 128 KB or more is therefore allocated uninitialized, and of its whole pages,
/// those not mapped yet (`mincore`) are handed back with `madvise(MADV_DONTNEED)`: Linux maps a page
/// of zeros on first access to each (the heap is private anonymous memory, whose discarded pages
/// read as zero: madvise(2)). Mapped pages, and the partial pages at the two ends, are zeroed by
/// writing, so memory the allocator reuses is not discarded and faulted in again.
///
/// Only for memory that is mostly written before it is read: an offscreen bitmap, canvas-sized, of
/// which a layer draws into a part and the composite reads back what was drawn. A page read first
/// is mapped to the kernel's shared zero page, and the write after it then faults a second time
/// and, in a process with several threads, flushes the page from every core's TLB (an
/// inter-processor interrupt, a VM exit on the CI machine): the signed-area buffers of scan
/// conversion, which `resolve` reads whole, spent an eighth of a two-thread 4K render on that.
///
/// Elsewhere (another C library, a system call refused) arrays are zeroed by `memset`.
enum FreshMemory {
    /// Below this many bytes (32 pages) the system calls would cost about what they save.
    static let minimum = 1 << 17

    /// `count` zero bytes.
    static func zeroedBytes(count: Int) -> [UInt8] {
        #if canImport(Glibc)
        guard count >= minimum else { return [UInt8](repeating: 0, count: count) }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            zero(UnsafeMutableRawPointer(buffer.baseAddress!), count: count)
            initialized = count
        }
        #else
        return [UInt8](repeating: 0, count: count)
        #endif
    }

    /// Maps the whole pages within `count` bytes at `base` that are not mapped yet (a partial page
    /// at either end faults in when it is written), in one system call
    /// (`madvise(MADV_POPULATE_WRITE)`, Linux 5.14 and later; elsewhere nothing), for memory about
    /// to be written whole: the kernel still zeroes each page, but without a page fault per page,
    /// which halves what a fresh 1280×720 canvas costs (1.3 → 0.7 ms with its fill,
    /// docs/benchmarks.md, session 31). Not for memory that is mostly left unwritten (``zeroedBytes``
    /// leaves those pages unmapped on purpose).
    /// Returns whether the kernel mapped them (false below ``minimum`` and where it cannot).
    @discardableResult
    static func populate(_ base: UnsafeMutableRawPointer, count: Int) -> Bool {
        #if canImport(Glibc)
        guard count >= minimum else { return false }
        let (first, last) = pageBoundaries(base, count: count)
        guard last > first else { return false }
        return madvise(base + first, last - first, populateWrite) == 0
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    /// MADV_POPULATE_WRITE, which older C headers do not name; an older kernel refuses it (EINVAL).
    private static let populateWrite: Int32 = 23

    private static let pageSize = max(1, Int(sysconf(Int32(_SC_PAGESIZE))))

    /// The offsets from `base` of the first and the last page boundary within `count` bytes.
    private static func pageBoundaries(_ base: UnsafeMutableRawPointer, count: Int) -> (Int, Int) {
        let address = Int(bitPattern: base)
        let first = (address + pageSize - 1) / pageSize * pageSize - address
        let last = (address + count) / pageSize * pageSize - address
        return (first, last)
    }

    /// Zeroes `count` bytes at `base`: mapped pages and the partial pages at the ends by writing,
    /// the whole pages not mapped yet by discarding them.
    static func zero(_ base: UnsafeMutableRawPointer, count: Int) {
        let (first, last) = pageBoundaries(base, count: count)
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
