/// Pixels of a partial GIF frame that may be written two ways with the same result on screen: a
/// transparent pixel over a colour the frame's palette holds (that colour's index also works), and
/// a drawn pixel whose colour is already shown (the transparent index also works). ``LZWEncoder``
/// picks whichever continues its current string — gifsicle's transparency optimisation.
enum AlternativeIndices {
    /// Per pixel of `image` (drawn at `rect` over a screen that shows `shown`, `width` pixels wide,
    /// ``OpaqueColors/transparent`` where clear): the other index, or the pixel's own index when
    /// there is none. nil when the frame has no transparent index.
    static func of(_ image: IndexedImage, over shown: [UInt32], width: Int, at rect: PixelRect,
                   threads: Int = 1) -> [UInt8]? {
        guard let t = image.transparentIndex else { return nil }
        let lookup = PaletteLookup(image.palette, skipping: t)
        // Every UInt8 index has an entry; past the palette one that matches no screen colour.
        var packed = [UInt32](repeating: .max, count: 256)
        for (k, c) in image.palette.enumerated() { packed[k] = c.packed }
        var out = image.indices
        out.withUnsafeMutableBufferPointer { out in
            image.indices.withUnsafeBufferPointer { indices in
                shown.withUnsafeBufferPointer { shown in
                    packed.withUnsafeBufferPointer { packed in
                        let out = BandBuffer(out), indices = BandInput(indices), shown = BandInput(shown)
                        let packed = BandInput(packed)
                        RowBands.run(rows: rect.height, width: rect.width, threads: threads) { _, rows in
                            var lastUnder = OpaqueColors.transparent, lastIndex: Int?  // runs of one colour look it up once
                            for y in rows {
                                let row = (rect.y + y) * width + rect.x, first = y * rect.width
                                for x in 0..<rect.width {
                                    let i = first + x, under = shown.base[row + x]
                                    guard under != OpaqueColors.transparent else { continue }
                                    let index = Int(indices.base[i])
                                    if index == t {
                                        if under != lastUnder {
                                            lastUnder = under
                                            lastIndex = lookup.index(of: under)
                                        }
                                        if let k = lastIndex { out.base[i] = UInt8(k) }
                                    } else if packed.base[index] == under {
                                        out.base[i] = UInt8(t)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

/// The lowest palette index of each colour, from an open-addressing table of 1024 slots (at most
/// 256 colours, so a quarter full at most): a colour the palette lacks, as most shown colours
/// are, usually meets an empty slot at once. A binary search here was half of the alternatives'
/// time, on a branch that could not be predicted. The slots depend on the colours only.
struct PaletteLookup: Sendable {
    private static let mask = 1023
    /// Colour above, index in the low 8 bits; all ones is an empty slot (no colour has 32 bits).
    private static let empty = UInt64.max
    private let slots: [UInt64]

    init(_ palette: [RGB8], skipping skipped: Int?) {
        var slots = [UInt64](repeating: Self.empty, count: Self.mask + 1)
        // In index order, a colour's first entry taking its slot: the lowest index wins.
        for (k, c) in palette.enumerated() where k != skipped {
            var slot = Self.slot(c.packed)
            while slots[slot] != Self.empty && slots[slot] >> 8 != UInt64(c.packed) { slot = (slot + 1) & Self.mask }
            if slots[slot] == Self.empty { slots[slot] = UInt64(c.packed) << 8 | UInt64(k) }
        }
        self.slots = slots
    }

    @inline(__always)
    private static func slot(_ c: UInt32) -> Int {
        Int(truncatingIfNeeded: (c &* 0x9E37_79B1) >> 22)
    }

    @inline(__always)
    func index(of c: UInt32) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            var slot = Self.slot(c)
            while true {
                let entry = slots[slot]
                if entry == Self.empty { return nil }
                if entry >> 8 == UInt64(c) { return Int(truncatingIfNeeded: entry & 0xFF) }
                slot = (slot + 1) & Self.mask
            }
        }
    }
}
