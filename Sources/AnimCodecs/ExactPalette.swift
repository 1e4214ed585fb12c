/// The palette of a frame with few colours: every distinct colour, sorted by 0xRRGGBB.
enum ExactPalette {
    /// The sorted distinct colours of `colors` (transparent marks ignored), or nil when there are
    /// more than `limit`. The colours met are kept in a small open-addressing set (a few kilobytes,
    /// not a bit per possible colour, which cost a 2 MB allocation per call); the result is sorted,
    /// so no hashing order can leak into it.
    static func colors(in colors: [UInt32], limit: Int) -> [UInt32]? {
        var capacity = 16
        while capacity < 4 * (limit + 1) { capacity *= 2 }
        let mask = capacity - 1, empty = UInt32.max  // not a colour, nor the transparent mark
        var table = [UInt32](repeating: empty, count: capacity)
        var distinct: [UInt32] = []
        var last = OpaqueColors.transparent
        let complete = table.withUnsafeMutableBufferPointer { table in
            colors.withUnsafeBufferPointer { colors in
                for c in colors where c != last && c != OpaqueColors.transparent {
                    last = c
                    var slot = Int(truncatingIfNeeded: (c &* 0x9E37_79B1) >> 8) & mask
                    while table[slot] != c && table[slot] != empty { slot = (slot + 1) & mask }
                    guard table[slot] == empty else { continue }
                    table[slot] = c
                    distinct.append(c)
                    if distinct.count > limit { return false }
                }
                return true
            }
        }
        return complete ? distinct.sorted() : nil
    }

    /// The index of each colour in the sorted `palette` (binary search); transparent marks get
    /// `transparentIndex`. With rows of `width` pixels, in bands on up to `threads` threads.
    static func indices(of colors: [UInt32], in palette: [UInt32], transparentIndex: UInt8, width: Int = 0,
                        threads: Int = 1) -> [UInt8] {
        OpaqueColors.indices(of: colors, transparentIndex: transparentIndex, width: width, threads: threads) {
            search($0, in: palette)
        }
    }

    /// The position of `c` in the sorted `palette`, which contains it.
    private static func search(_ c: UInt32, in palette: [UInt32]) -> Int {
        var low = 0, high = palette.count - 1
        while low < high {
            let mid = (low + high) / 2
            if palette[mid] < c { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
