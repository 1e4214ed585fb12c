/// The palette of a frame with few colours: every distinct colour, sorted by 0xRRGGBB.
enum ExactPalette {
    /// The sorted distinct colours of `colors` (transparent marks ignored), or nil when there are
    /// more than `limit`. Uses a 2^24-bit set, so no hashing order can leak into the result.
    static func colors(in colors: [UInt32], limit: Int) -> [UInt32]? {
        var seen = [UInt64](repeating: 0, count: 1 << 18)
        var distinct: [UInt32] = []
        var last = OpaqueColors.transparent
        for c in colors where c != last && c != OpaqueColors.transparent {
            last = c
            let word = Int(c >> 6), bit = UInt64(1) << UInt64(c & 63)
            guard seen[word] & bit == 0 else { continue }
            seen[word] |= bit
            distinct.append(c)
            if distinct.count > limit { return nil }
        }
        return distinct.sorted()
    }

    /// The index of each colour in the sorted `palette` (binary search); transparent marks get
    /// `transparentIndex`.
    static func indices(of colors: [UInt32], in palette: [UInt32], transparentIndex: UInt8) -> [UInt8] {
        OpaqueColors.indices(of: colors, transparentIndex: transparentIndex) { search($0, in: palette) }
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
