@testable import AnimRaster
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Large zeroed arrays are made by discarding their whole pages not mapped yet (``FreshMemory``):
/// every byte must read as zero even where the allocator hands back memory an earlier array wrote,
/// including the partial pages at both ends, and every page must take writes.
struct FreshMemoryTests {
    /// Sizes below, at and above the lazy minimum, page multiples and not, up to a 4K canvas.
    static let counts = [
        4_096, FreshMemory.minimum - 1, FreshMemory.minimum, FreshMemory.minimum + 1,
        300_001, 1280 * 720 * 4, 1280 * 720 * 4 + 12, 3840 * 2160 * 4,
    ]

    @Test(arguments: counts) func zeroWhereAnEarlierArrayWrote(count: Int) {
        for fill: UInt8 in [0xFF, 0x5A] {
            // Freed just before: glibc tends to hand the same memory to the next request of its size.
            do {
                let dirty = [UInt8](repeating: fill, count: count)
                #expect(dirty[count - 1] == fill)
            }
            let bytes = FreshMemory.zeroedBytes(count: count)
            #expect(bytes.count == count)
            #expect(bytes.allSatisfy { $0 == 0 })
        }
    }

    @Test(arguments: counts) func everyPageTakesWrites(count: Int) {
        var bytes = FreshMemory.zeroedBytes(count: count)
        var expected = [UInt8](repeating: 0, count: count)
        for i in Array(stride(from: 0, to: count, by: 1_000)) + [count - 1] {
            bytes[i] = UInt8(truncatingIfNeeded: i / 1_000 | 1)
            expected[i] = UInt8(truncatingIfNeeded: i / 1_000 | 1)
        }
        #expect(bytes == expected)
    }

    #if canImport(Glibc)
    /// A mapping of which some pages were written (mapped, zeroed by writing) and the rest never
    /// touched (discarded), in runs of several lengths, starting and ending off a page boundary.
    @Test func mappedAndUnmappedRunsAreZeroed() {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = 64
        let base = mmap(nil, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)!
        defer { munmap(base, pages * page) }
        let written = [0, 1, 2, 5, 9, 10, 11, 12, 30, 62, 63]
        for p in written { (base + p * page).initializeMemory(as: UInt8.self, repeating: 0xC3, count: page) }
        FreshMemory.zero(base + 100, count: pages * page - 300)
        let bytes = UnsafeRawBufferPointer(start: base, count: pages * page)
        #expect(bytes[..<100].allSatisfy { $0 == 0xC3 })
        #expect(bytes[100..<(pages * page - 200)].allSatisfy { $0 == 0 })
        #expect(bytes[(pages * page - 200)...].allSatisfy { $0 == 0xC3 })
    }
    #endif

    #if canImport(Glibc)
    /// `populate` maps every whole page of the range at once (where the kernel can), leaving the
    /// pages outside it alone, and what was written before stays.
    @Test(.enabled(if: kernelPopulates, "the kernel has no MADV_POPULATE_WRITE (Linux 5.14)"))
    func populateMapsTheWholePagesOfTheRange() {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let pages = 64
        let mapping = mmap(nil, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let base = mapping, base != MAP_FAILED else { Issue.record("mmap failed"); return }
        defer { munmap(base, pages * page) }
        // Small pages only: a huge page would map the neighbours of the range too.
        _ = madvise(base, pages * page, MADV_NOHUGEPAGE)
        (base + 5 * page).storeBytes(of: 0xC3, as: UInt8.self)
        #expect(FreshMemory.populate(base + page + 100, count: 40 * page))
        var mapped = [UInt8](repeating: 0, count: pages)
        #expect(mincore(base, pages * page, &mapped) == 0)
        let resident = mapped.map { $0 & 1 != 0 }
        // Whole pages 2…40 lie inside [page + 100, 41·page + 100); pages 1 and 41 only in part,
        // page 0 and pages 42… not at all.
        #expect(resident[2...40].allSatisfy { $0 })
        #expect(!resident[0] && !resident[1] && !resident[41] && resident[42...].allSatisfy { !$0 })
        #expect((base + 5 * page).load(as: UInt8.self) == 0xC3)
    }

    static let kernelPopulates: Bool = {
        let size = FreshMemory.minimum
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), base != MAP_FAILED
        else { return false }
        defer { munmap(base, size) }
        return FreshMemory.populate(base, count: size)
    }()
    #endif

    @Test(arguments: counts) func aFreshCanvasHoldsItsFill(count: Int) {
        let side = Int(Double(count / 4).squareRoot())
        let colour = PixelRGBA8(r: 242, g: 242, b: 247, a: 255)
        let canvas = Bitmap(width: side, height: count / 4 / side, filledWith: colour)!
        #expect(canvas.pixels.count == side * (count / 4 / side) * 4)
        #expect(stride(from: 0, to: canvas.pixels.count, by: 4).allSatisfy { o in
            canvas.pixels[o] == 242 && canvas.pixels[o + 1] == 242 && canvas.pixels[o + 2] == 247 && canvas.pixels[o + 3] == 255
        })
    }

    @Test func aTransparentBitmapIsAllZero() {
        do { _ = Bitmap(width: 1280, height: 720, filledWith: PixelRGBA8(r: 9, g: 8, b: 7, a: 255)) }
        let bitmap = Bitmap(width: 1280, height: 720)!
        #expect(bitmap == Bitmap(width: 1280, height: 720, pixels: [UInt8](repeating: 0, count: 1280 * 720 * 4)))
    }
}
