import AnimRender
import Testing

#if canImport(Glibc)
import Glibc
#endif

struct AllocatorTuningTests {
    #if canImport(Glibc)
    /// On glibc both thresholds and the arena count are set, again on a second call, and a buffer
    /// far above glibc's default 128 KB mmap threshold (below the 64 MB set) then comes from the
    /// heap, not from mmap. (Which arena a thread gets cannot be checked here: the test process has
    /// made its threads' arenas before this runs; the executables call `apply()` before any thread.)
    @Test func glibcTakesBothThresholdsAndLargeBuffersStayOnTheHeap() throws {
        #expect(AllocatorTuning.apply())
        #expect(AllocatorTuning.apply())
        let buffer = try #require(malloc(8 << 20))
        defer { free(buffer) }
        // glibc keeps a chunk's size just before it; bit 1 (IS_MMAPPED) marks a chunk mapped on its own.
        let size = buffer.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self)
        #expect(size & 2 == 0, "size field \(size)")
    }
    #else
    @Test func doesNothingWithoutGlibc() {
        #expect(!AllocatorTuning.apply())
    }
    #endif
}
