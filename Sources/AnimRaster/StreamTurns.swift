import Synchronization

/// Which threads are streaming a band into memory now, so that a thread about to stream while
/// another one is can draw its next band first and stream later, instead of both streaming at
/// once.
///
/// The memory of the machines this runs on takes two threads' streams no faster than one's
/// (`AnimBench` prints "floor on 2 threads"), so two bands streamed at once each take about twice
/// as long, while the memory idles as both threads draw. On two threads about a sixth of the bands
/// of the 1280×720 benchmark began while the other thread was streaming; taking turns, a
/// twentieth (docs/benchmarks.md, session 56). Only when bands are streamed changes, never what:
/// every band goes to its own rows of the canvas, which nothing reads while the canvas is drawn.
public enum StreamTurns {
    /// Threads streaming now.
    private static let streaming = Atomic<Int>(0)
    /// Streams begun, and of them those begun while another thread was streaming.
    private static let begun = Atomic<Int>(0)
    private static let overlapping = Atomic<Int>(0)

    /// Streams begun so far in this process and how many of them began while another thread was
    /// streaming (for the benchmark's report).
    public static var counts: (begun: Int, overlapping: Int) {
        (begun.load(ordering: .relaxed), overlapping.load(ordering: .relaxed))
    }

    /// Begins a stream if no other thread is streaming; true when it may go ahead (then call
    /// ``end()`` after it).
    static func beginIfIdle() -> Bool {
        guard streaming.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged else { return false }
        begun.wrappingAdd(1, ordering: .relaxed)
        return true
    }

    /// Begins a stream whether or not another thread is streaming (then call ``end()`` after it).
    static func begin() {
        let others = streaming.wrappingAdd(1, ordering: .acquiring).oldValue
        begun.wrappingAdd(1, ordering: .relaxed)
        if others > 0 { overlapping.wrappingAdd(1, ordering: .relaxed) }
    }

    static func end() {
        streaming.wrappingSubtract(1, ordering: .releasing)
    }
}

extension Bitmap {
    /// ``streamRows(_:from:)`` now if no other thread is streaming (true), else nothing (false).
    public mutating func streamRowsIfIdle(_ rows: Range<Int>, from band: Bitmap) -> Bool {
        guard StreamTurns.beginIfIdle() else { return false }
        defer { StreamTurns.end() }
        streamRows(rows, from: band)
        return true
    }

    /// ``streamRows(_:from:)`` whether or not another thread is streaming, counted as a turn.
    public mutating func streamRowsInTurn(_ rows: Range<Int>, from band: Bitmap) {
        StreamTurns.begin()
        defer { StreamTurns.end() }
        streamRows(rows, from: band)
    }
}
