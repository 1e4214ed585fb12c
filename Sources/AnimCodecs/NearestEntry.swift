/// The palette entry nearest to a colour: the same answer as comparing every entry (squared RGB
/// distance, the lowest index on ties, ``VarianceCut/nearest(_:in:)``), found faster.
///
/// The entries are sorted by red. A search starts where the colour's red would go and walks both
/// ways, stopping in each direction once the red difference alone exceeds the best distance so
/// far: no entry beyond can be nearer, nor as near with a lower index unless its red difference
/// equals that bound, which is still compared. On a 255-entry palette spread over the colour cube
/// that is a few dozen entries instead of 255 (``VarianceCut`` refines its palette this way).
struct NearestEntry {
    /// (red, green, blue, palette index), sorted by red then index.
    private let entries: [(r: Int, g: Int, b: Int, index: Int)]

    init(_ palette: [Colour]) {
        // Sorted by red then index as one integer key each (red above the index's bits): a plain
        // integer sort, not a comparison closure per pair.
        let keys = palette.indices.map { palette[$0].r << 32 | $0 }.sorted()
        entries = keys.map { key in
            let index = key & 0xFFFF_FFFF
            return (r: palette[index].r, g: palette[index].g, b: palette[index].b, index: index)
        }
    }

    /// The index of the entry nearest to `c`.
    func callAsFunction(_ c: Colour) -> Int {
        entries.withUnsafeBufferPointer { e in
            var low = 0, high = e.count
            while low < high {
                let mid = (low + high) / 2
                if e[mid].r < c.r { low = mid + 1 } else { high = mid }
            }
            var best = Int.max, bestIndex = 0
            func consider(_ k: Int) {
                let dg = e[k].g - c.g, db = e[k].b - c.b, dr = e[k].r - c.r
                let d = dr * dr + dg * dg + db * db
                if d < best || (d == best && e[k].index < bestIndex) {
                    best = d
                    bestIndex = e[k].index
                }
            }
            var k = low
            while k < e.count, (e[k].r - c.r) * (e[k].r - c.r) <= best {
                consider(k)
                k += 1
            }
            k = low - 1
            while k >= 0, (c.r - e[k].r) * (c.r - e[k].r) <= best {
                consider(k)
                k -= 1
            }
            return bestIndex
        }
    }
}
