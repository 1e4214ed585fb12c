/// An integer RGB colour used while building palettes.
struct Colour: Equatable {
    var r: Int
    var g: Int
    var b: Int

    /// Channel 0 (red), 1 (green) or 2 (blue).
    @inline(__always)
    func channel(_ axis: Int) -> Int {
        axis == 0 ? r : (axis == 1 ? g : b)
    }
}

/// A pixel count with the sums of its channels, for exact means.
struct ColourSum {
    var weight = 0
    var r = 0
    var g = 0
    var b = 0

    mutating func add(_ other: ColourSum) {
        weight += other.weight
        r += other.r
        g += other.g
        b += other.b
    }

    /// The mean colour, each channel rounded half up; black when empty.
    var mean: Colour {
        guard weight > 0 else { return Colour(r: 0, g: 0, b: 0) }
        let h = weight / 2
        return Colour(r: (r + h) / weight, g: (g + h) / weight, b: (b + h) / weight)
    }
}

/// One occupied cell of a 5-bit-per-channel (32768-cell) colour histogram.
struct HistogramCell {
    static let cellCount = 1 << 15

    /// The cell number: 5 bits each of red, green, blue.
    let key: Int
    /// Pixel count and channel sums of the pixels in the cell.
    let sum: ColourSum
    /// Their mean colour.
    let mean: Colour

    /// The cell of a 0xRRGGBB colour.
    @inline(__always)
    static func key(of c: UInt32) -> Int {
        let r = (c >> 9) & 0x7C00
        let g = (c >> 6) & 0x03E0
        let b = (c >> 3) & 0x001F
        return Int(r | g | b)
    }

    /// The occupied cells of `colors` in cell-number order (transparent marks ignored).
    static func occupied(_ colors: [UInt32]) -> [HistogramCell] {
        var sums = [ColourSum](repeating: ColourSum(), count: cellCount)
        sums.withUnsafeMutableBufferPointer { s in
            for c in colors where c != OpaqueColors.transparent {
                let k = key(of: c)
                s[k].weight += 1
                s[k].r += Int(c >> 16)
                s[k].g += Int((c >> 8) & 0xFF)
                s[k].b += Int(c & 0xFF)
            }
        }
        return sums.indices.compactMap { k in
            sums[k].weight > 0 ? HistogramCell(key: k, sum: sums[k], mean: sums[k].mean) : nil
        }
    }
}
