import CPixelStores

/// A buffer for one band of a canvas drawn band by band, kept per thread, so that its memory stays
/// in the core's caches from band to band and frame to frame: the band is drawn there (every draw
/// given the band's ``PixelOffset``) and then streamed into the canvas (`Bitmap.streamRows`),
/// which writes the canvas's lines to memory without reading them first.
///
/// Drawn in the canvas itself, each band's lines were first read from memory (a store to a line
/// not in the cache reads it), then written back when later bands pushed them out: twice the
/// canvas's bytes through the memory per frame, for a canvas beyond the caches. Streamed, once
/// (docs/benchmarks.md, session 52). The bytes are the same: every draw gives, in a band placed at
/// its offset, the bytes it gives there in the whole canvas.
public enum BandScratch {
    private final class Slot {
        /// Least recently given first.
        var bands: [Bitmap] = []
    }

    private static let slots = PerThread { Slot() }

    /// Buffers kept per thread: for a frame's canvas, the band of it waiting for its turn to be
    /// streamed (``StreamTurns``), and a banded canvas drawn while it is drawn (a warp
    /// transition's snapshot), so none evicts another every frame.
    static let kept = 3

    /// A bitmap `width` pixels wide and `rows` rows high for a band: one this thread gave back when
    /// it has that size, else a new one. Its pixels are whatever was drawn last.
    public static func take(width: Int, rows: Int) -> Bitmap? {
        let slot = slots.slot
        if let i = slot.bands.firstIndex(where: { $0.width == width && $0.height == rows }) {
            return slot.bands.remove(at: i)
        }
        return Bitmap(width: width, height: rows)
    }

    /// Keeps `band` for this thread's next canvas of its width (the least recently given goes
    /// beyond ``kept`` buffers).
    public static func give(_ band: consuming Bitmap) {
        let slot = slots.slot
        slot.bands.append(band)
        if slot.bands.count > kept { slot.bands.removeFirst() }
    }

    /// Whether the band is streamed with stores that bypass the caches here (x86-64), or copied.
    public static var streams: Bool { animrender_stream_copy_streams() != 0 }
}

extension Bitmap {
    /// Copies the first `rows.count` rows of `band` (as wide as this bitmap) into rows `rows`,
    /// writing them to memory without first reading them into the caches (``BandScratch``).
    public mutating func streamRows(_ rows: Range<Int>, from band: Bitmap) {
        precondition(band.width == width && rows.count <= band.height && rows.lowerBound >= 0 && rows.upperBound <= height)
        let rowBytes = width * 4
        band.pixels.withUnsafeBytes { from in
            pixels.withUnsafeMutableBytes { to in
                animrender_stream_copy(to.baseAddress! + rows.lowerBound * rowBytes, from.baseAddress!, rows.count * rowBytes)
            }
        }
    }

    /// Copies rows `rows` into the first `rows.count` rows of `band` (as wide as this bitmap).
    public func copyRows(_ rows: Range<Int>, into band: inout Bitmap) {
        precondition(band.width == width && rows.count <= band.height && rows.lowerBound >= 0 && rows.upperBound <= height)
        let rowBytes = width * 4
        pixels.withUnsafeBytes { from in
            band.pixels.withUnsafeMutableBytes { to in
                to.baseAddress!.copyMemory(from: from.baseAddress! + rows.lowerBound * rowBytes, byteCount: rows.count * rowBytes)
            }
        }
    }
}

extension Bitmap {
    /// A bitmap whose pages are mapped but whose bytes are not written: what the memory held (zeros
    /// from the kernel, or a freed block's old bytes). Only for a canvas drawn in bands with its
    /// background, each band streamed in whole, so every byte is written before anything reads it
    /// (a first fill would make each band's lines be read from memory before they are streamed).
    /// nil for a zero, negative or absurd size.
    public static func unwritten(width: Int, height: Int) -> Bitmap? {
        guard width > 0, height > 0, width <= maxDimension, height <= maxDimension else { return nil }
        let count = width * height * 4
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            _ = FreshMemory.populate(UnsafeMutableRawPointer(buffer.baseAddress!), count: count)
            initialized = count
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
