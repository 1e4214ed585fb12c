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

/// The lowest palette index of each colour, by binary search over the sorted colours.
struct PaletteLookup: Sendable {
    private let colours: [UInt32]
    private let indices: [Int]

    init(_ palette: [RGB8], skipping skipped: Int?) {
        let pairs = palette.indices.filter { $0 != skipped }.map { (palette[$0].packed, $0) }
            .sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        colours = pairs.map(\.0)
        indices = pairs.map(\.1)
    }

    func index(of c: UInt32) -> Int? {
        var low = 0, high = colours.count
        while low < high {
            let mid = (low + high) / 2
            if colours[mid] < c { low = mid + 1 } else { high = mid }
        }
        return low < colours.count && colours[low] == c ? indices[low] : nil
    }
}
