/// Where a bitmap may differ from the colour it was filled with: per row, one run of columns, the
/// hull of every rectangle marked in that row. Everything outside a row's run still holds
/// `initial`, provided every draw into the bitmap marks a rectangle containing what it wrote; the
/// runs may be wider than what was drawn, never narrower.
///
/// A draw over pixels that still hold one known colour needs no destination read: its result is a
/// function of the coverage alone (``UniformBlend``). The compositor keeps one for each frame's
/// canvas, so a shadow over untouched background is copied from a kept picture or written from a table.
public struct DrawnRows: Sendable {
    /// The colour outside the runs.
    public let initial: PixelRGBA8
    private var low: [Int32]
    private var high: [Int32]

    /// A bitmap of `height` rows, all still `initial`.
    public init(height: Int, initial: PixelRGBA8) {
        self.initial = initial
        low = [Int32](repeating: .max, count: max(0, height))
        high = [Int32](repeating: .min, count: max(0, height))
    }

    /// Records that pixels inside `rect` may have changed.
    public mutating func mark(_ rect: PixelRect) {
        let first = max(0, rect.minY), end = min(low.count, rect.maxY)
        guard first < end, !rect.isEmpty else { return }
        let rows = first..<end
        let lo = Int32(clamping: rect.minX), hi = Int32(clamping: rect.maxX)
        low.withUnsafeMutableBufferPointer { low in
            high.withUnsafeMutableBufferPointer { high in
                for y in rows {
                    low[y] = min(low[y], lo)
                    high[y] = max(high[y], hi)
                }
            }
        }
    }

    /// Whether every pixel of `rect` inside rows 0..<height lies within its row's drawn run (so
    /// nothing there is known to hold `initial`).
    public func covers(_ rect: PixelRect) -> Bool {
        let first = max(0, rect.minY), end = min(low.count, rect.maxY)
        guard first < end else { return true }
        for y in first..<end where !(Int(low[y]) <= rect.minX && rect.maxX <= Int(high[y])) { return false }
        return true
    }

    /// The columns of row `y` that may differ from `initial` (empty when none or outside the rows).
    @inline(__always)
    public func drawn(row y: Int) -> Range<Int> {
        guard y >= 0, y < low.count, low[y] < high[y] else { return 0..<0 }
        return Int(low[y])..<Int(high[y])
    }
}
