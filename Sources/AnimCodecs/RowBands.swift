import Dispatch

/// The rows of a GIF frame's rectangle in bands, one per thread, for per-pixel passes whose rows
/// are independent (``GIFAnimationEncoder``'s serial part: what changed, the palette indices, the
/// kept pixels, the alternative indices, what the screen shows). Each band computes exactly what
/// one pass over all rows computes for those rows, so the bytes are the same for any thread count.
enum RowBands {
    /// Fewer pixels than this per band are done on the calling thread alone: handing work to
    /// another thread costs a few microseconds, a 16 K-pixel pass about 25. (At 64 K, a 320×480
    /// frame was never cut; 16 K took 0.23 s instead of 0.25 for docs-320's GIF on two threads,
    /// docs/benchmarks.md, session 30.)
    static let minimumPixels = 1 << 14

    /// Bands per thread by default: the threads take them as they come, so one that started late
    /// or was given slow rows does not keep the others waiting at the end of the pass.
    static let bandsPerThread = 4

    /// How many bands `rows` rows of `width` pixels are cut into on up to `threads` threads, at
    /// most `perThread` each.
    static func count(rows: Int, width: Int, threads: Int, perThread: Int = bandsPerThread) -> Int {
        threads <= 1 ? 1 : max(1, min(threads * perThread, rows, rows * width / minimumPixels))
    }

    /// Calls `body` with every band `k` of `count(rows:width:threads:perThread:)` and its rows, in
    /// parallel when there are several (on the calling thread and ``BandHelpers``).
    static func run(rows: Int, width: Int, threads: Int, perThread: Int = bandsPerThread,
                    _ body: @Sendable (_ band: Int, _ rows: Range<Int>) -> Void) {
        let parts = count(rows: rows, width: width, threads: threads, perThread: perThread)
        guard parts > 1 else {
            if rows > 0 { body(0, 0..<rows) }
            return
        }
        BandHelpers.shared.run(rows: rows, bands: parts, threads: threads, body)
    }
}

/// A buffer handed to the bands of ``RowBands``, each of which writes only its own rows.
struct BandBuffer<T>: @unchecked Sendable {
    let base: UnsafeMutablePointer<T>

    init(_ buffer: UnsafeMutableBufferPointer<T>) {
        base = buffer.baseAddress ?? UnsafeMutablePointer(bitPattern: 0x10)!
    }
}

/// A buffer the bands of ``RowBands`` only read.
struct BandInput<T>: @unchecked Sendable {
    let base: UnsafePointer<T>

    init(_ buffer: UnsafeBufferPointer<T>) {
        base = buffer.baseAddress ?? UnsafePointer(bitPattern: 0x10)!
    }
}
