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
struct ColourSum: Equatable {
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

/// A colour with the pixels it stands for: one exact colour, or one histogram cell.
struct ColourSample {
    /// Pixel count and channel sums.
    let sum: ColourSum
    /// Their mean colour (the colour itself for an exact sample).
    let mean: Colour
}

/// The weighted colours a palette is built from: a frame's distinct colours with their pixel counts
/// when there are at most ``exactLimit`` of them, else the occupied cells of a 5-bit-per-channel
/// histogram. Samples are in colour (or cell-number) order, so no hashing order reaches a palette.
struct ColourSamples {
    /// The most distinct colours kept exactly.
    static let exactLimit = 16_384

    let samples: [ColourSample]
    /// The sorted distinct colours (sample k is colour k), or nil for histogram cells.
    private let exact: [UInt32]?
    /// Sample number per histogram cell (histogram samples only).
    private let cellSample: [Int32]

    /// The samples of `colors` (transparent marks ignored), counted in bands of rows of `width`
    /// pixels on up to `threads` threads (``RowBands``; the same samples).
    init(_ colors: [UInt32], width: Int = 0, threads: Int = 1) {
        if let counted = DistinctColours.count(colors, limit: Self.exactLimit, width: width, threads: threads) {
            exact = counted.map(\.colour)
            samples = counted.map { c in
                let r = Int(c.colour >> 16), g = Int((c.colour >> 8) & 0xFF), b = Int(c.colour & 0xFF)
                return ColourSample(sum: ColourSum(weight: c.count, r: r * c.count, g: g * c.count, b: b * c.count),
                                    mean: Colour(r: r, g: g, b: b))
            }
            cellSample = []
        } else {
            let cells = HistogramCell.occupied(colors, width: width, threads: threads)
            var lookup = [Int32](repeating: 0, count: HistogramCell.cellCount)
            for (k, cell) in cells.enumerated() { lookup[cell.key] = Int32(k) }
            exact = nil
            samples = cells.map { ColourSample(sum: $0.sum, mean: $0.mean) }
            cellSample = lookup
        }
    }

    /// Whether every sample is one exact colour.
    var isExact: Bool { exact != nil }

    /// The sample number of an opaque colour of the frame.
    @inline(__always)
    func sample(of c: UInt32) -> Int {
        guard let exact else { return Int(cellSample[HistogramCell.key(of: c)]) }
        var low = 0, high = exact.count - 1
        while low < high {
            let mid = (low + high) / 2
            if exact[mid] < c { low = mid + 1 } else { high = mid }
        }
        return low
    }
}

/// Distinct colours with pixel counts, through a fixed-size open-addressing table (its slot order
/// never leaks: the result is sorted by colour).
enum DistinctColours {
    /// The sorted distinct colours of `colors` (transparent marks ignored) with their counts, or
    /// nil when there are more than `limit`. With rows of `width` pixels, counted in bands on up to
    /// `threads` threads and each band's sorted counts merged: the same list (a band over `limit`
    /// makes the whole frame over it).
    static func count(_ colors: [UInt32], limit: Int, width: Int = 0, threads: Int = 1) -> [(colour: UInt32, count: Int)]? {
        let rows = width > 0 ? colors.count / width : 0
        let bands = RowBands.count(rows: rows, width: width, threads: threads)
        guard bands > 1 else { return colors.withUnsafeBufferPointer { count($0, limit: limit) } }
        var found = [[(colour: UInt32, count: Int)]?](repeating: nil, count: bands)
        colors.withUnsafeBufferPointer { colors in
            found.withUnsafeMutableBufferPointer { found in
                let colors = BandInput(colors), found = BandBuffer(found)
                RowBands.run(rows: rows, width: width, threads: threads) { k, band in
                    let part = UnsafeBufferPointer(start: colors.base + band.lowerBound * width, count: band.count * width)
                    found.base[k] = count(part, limit: limit)
                }
            }
        }
        var merged: [(colour: UInt32, count: Int)] = []
        for part in found {
            guard let part else { return nil }
            merged = merge(merged, part)
            if merged.count > limit { return nil }
        }
        return merged
    }

    /// Two colour-sorted count lists as one, the counts of a colour in both added.
    private static func merge(_ a: [(colour: UInt32, count: Int)], _ b: [(colour: UInt32, count: Int)]) -> [(colour: UInt32, count: Int)] {
        var out: [(colour: UInt32, count: Int)] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if a[i].colour < b[j].colour {
                out.append(a[i]); i += 1
            } else if b[j].colour < a[i].colour {
                out.append(b[j]); j += 1
            } else {
                out.append((a[i].colour, a[i].count + b[j].count)); i += 1; j += 1
            }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }

    /// The counts of one band, or nil past `limit` colours. The table starts small and doubles
    /// whenever it would be over a quarter full, so a band of few colours touches a few kilobytes
    /// (a table sized for `limit` from the start was 768 KB to clear per band and frame).
    private static func count(_ colors: UnsafeBufferPointer<UInt32>, limit: Int) -> [(colour: UInt32, count: Int)]? {
        var table = CountTable(capacity: 1024)
        var next = 0
        while next < colors.count {
            next = table.add(colors, from: next, limit: limit)
            guard next < colors.count else { break }
            // The colour at `next` is a new one, past `limit` or a full table.
            guard table.distinct < limit else { return nil }
            table.grow()
        }
        return table.sorted()
    }
}

/// An open-addressing table of colours and their pixel counts (``DistinctColours``).
private struct CountTable {
    private static let empty = UInt32.max  // not a colour, nor the transparent mark
    private var keys: [UInt32]
    private var counts: [Int]
    private(set) var distinct = 0

    init(capacity: Int) {
        keys = [UInt32](repeating: Self.empty, count: capacity)
        counts = [Int](repeating: 0, count: capacity)
    }

    /// Counts `colors` from `start` (transparent marks ignored) until one would be a new colour
    /// past `limit` or past a quarter of the table; where it stopped (`colors.count` when it
    /// counted them all).
    mutating func add(_ colors: UnsafeBufferPointer<UInt32>, from start: Int, limit: Int) -> Int {
        let mask = keys.count - 1, room = min(limit, keys.count / 4)
        var distinct = self.distinct
        defer { self.distinct = distinct }
        return keys.withUnsafeMutableBufferPointer { k in
            counts.withUnsafeMutableBufferPointer { n in
                var last = OpaqueColors.transparent, lastSlot = 0
                for i in start..<colors.count {
                    let c = colors[i]
                    if c == OpaqueColors.transparent { continue }
                    if c == last { n[lastSlot] += 1; continue }
                    var slot = Self.slot(of: c, mask: mask)
                    while k[slot] != Self.empty && k[slot] != c { slot = (slot + 1) & mask }
                    if k[slot] == Self.empty {
                        guard distinct < room else { return i }
                        distinct += 1
                        k[slot] = c
                    }
                    n[slot] += 1
                    last = c
                    lastSlot = slot
                }
                return colors.count
            }
        }
    }

    /// The same colours and counts in a table twice the size.
    mutating func grow() {
        var bigger = CountTable(capacity: keys.count * 2)
        let mask = bigger.keys.count - 1
        for i in keys.indices where keys[i] != Self.empty {
            var slot = Self.slot(of: keys[i], mask: mask)
            while bigger.keys[slot] != Self.empty { slot = (slot + 1) & mask }
            bigger.keys[slot] = keys[i]
            bigger.counts[slot] = counts[i]
        }
        bigger.distinct = distinct
        self = bigger
    }

    /// The colours with their counts, by colour.
    func sorted() -> [(colour: UInt32, count: Int)] {
        var out: [(colour: UInt32, count: Int)] = []
        out.reserveCapacity(distinct)
        for i in keys.indices where keys[i] != Self.empty { out.append((keys[i], counts[i])) }
        return out.sorted { $0.colour < $1.colour }
    }

    @inline(__always)
    private static func slot(of c: UInt32, mask: Int) -> Int {
        Int((c &* 0x9E37_79B1) >> 8) & mask
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

    /// Pixel count and channel sums per cell of `colors` (transparent marks ignored).
    private static func sum(_ colors: UnsafeBufferPointer<UInt32>) -> [ColourSum] {
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
        return sums
    }

    /// The occupied cells of `colors` in cell-number order (transparent marks ignored); with
    /// `width` and `threads`, summed in bands of rows (``RowBands``).
    static func occupied(_ colors: [UInt32], width: Int = 0, threads: Int = 1) -> [HistogramCell] {
        let rows = width > 0 ? colors.count / width : 0
        // One band a thread: each band's sums are a 1 MB table, added to the others' in turn.
        let bands = RowBands.count(rows: rows, width: width, threads: threads, perThread: 1)
        var sums: [ColourSum]
        if bands > 1 {
            // Each band's sums, then added: integer sums, so the same cells and means.
            var parts = [[ColourSum]](repeating: [], count: bands)
            colors.withUnsafeBufferPointer { colors in
                parts.withUnsafeMutableBufferPointer { parts in
                    let colors = BandInput(colors), parts = BandBuffer(parts)
                    RowBands.run(rows: rows, width: width, threads: threads, perThread: 1) { k, band in
                        parts.base[k] = sum(UnsafeBufferPointer(start: colors.base + band.lowerBound * width, count: band.count * width))
                    }
                }
            }
            sums = parts[0]
            for part in parts.dropFirst() { for k in sums.indices { sums[k].add(part[k]) } }
        } else {
            sums = colors.withUnsafeBufferPointer { sum($0) }
        }
        return sums.indices.compactMap { k in
            sums[k].weight > 0 ? HistogramCell(key: k, sum: sums[k], mean: sums[k].mean) : nil
        }
    }
}
