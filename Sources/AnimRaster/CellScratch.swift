/// Zeroed signed-area buffers kept per thread, so a scan conversion neither allocates nor zeroes a
/// buffer per shape: ``Accumulator/resolve()`` leaves every cell it read at zero and hands the
/// buffer back here. Per thread (a `pthread` key), so the threads drawing frames in parallel share
/// no lock; one buffer per thread, the largest seen up to `keptLimit` floats (16 MB).
///
/// A buffer given back holds only ±0 in every cell; a cell starting at −0 instead of +0 can only
/// change the sign of a zero sum, which coverage (|sum|) does not see, so reuse cannot change a pixel.
enum CellScratch {
    static let keptLimit = 1 << 22

    private final class Slot {
        var cells: [Float] = []
    }

    private static let slots = PerThread { Slot() }

    /// At least `count` cells, all zero: this thread's buffer when it is large enough, else a new one.
    static func take(count: Int) -> [Float] {
        let slot = slots.slot
        guard slot.cells.count >= count else { return [Float](repeating: 0, count: count) }
        var cells: [Float] = []
        swap(&cells, &slot.cells)
        return cells
    }

    /// Keeps `cells` (every one ±0) for this thread's next scan conversion, if it is the larger.
    static func give(_ cells: consuming [Float]) {
        let slot = slots.slot
        guard cells.count <= keptLimit, cells.count > slot.cells.count else { return }
        slot.cells = cells
    }
}
