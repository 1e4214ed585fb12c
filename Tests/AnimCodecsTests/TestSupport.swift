import AnimRaster
import AnimTestRandom

extension Bitmap {
    /// A bitmap whose pixel (x, y) is `color(x, y)`.
    static func make(width: Int, height: Int, _ color: (Int, Int) -> PixelRGBA8) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)!
        for y in 0..<height {
            for x in 0..<width { bitmap[x, y] = color(x, y) }
        }
        return bitmap
    }

    /// An opaque bitmap drawing every pixel from `palette` at random.
    static func randomOpaque(width: Int, height: Int, palette: [PixelRGBA8], rng: inout SplitMix64) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)!
        for y in 0..<height {
            for x in 0..<width { bitmap[x, y] = palette[rng.below(palette.count)] }
        }
        return bitmap
    }
}

/// `count` distinct opaque colours.
func distinctOpaqueColors(_ count: Int, rng: inout SplitMix64) -> [PixelRGBA8] {
    var packed: [UInt32] = []
    while packed.count < count {
        let c = UInt32(truncatingIfNeeded: rng.next()) & 0xFF_FFFF
        if !packed.contains(c) { packed.append(c) }
    }
    return packed.map { PixelRGBA8(r: UInt8(truncatingIfNeeded: $0 >> 16), g: UInt8(truncatingIfNeeded: $0 >> 8),
                                   b: UInt8(truncatingIfNeeded: $0), a: 255) }
}

/// True when `needle` occurs in `haystack`.
func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
    let n = Array(needle.utf8)
    guard haystack.count >= n.count else { return false }
    return (0...(haystack.count - n.count)).contains { Array(haystack[$0..<($0 + n.count)]) == n }
}
