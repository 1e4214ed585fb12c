import CPixelStores
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which threads are streaming a band into memory now, so that on two cores one thread streams at
/// a time while the other draws, instead of both streaming at once.
///
/// The memory of the machines this runs on takes two threads' streams no faster than one's
/// (`AnimBench` prints "floor on 2 threads"), so two bands streamed at once each take about twice
/// as long while both threads stall. A thread whose band is finished while another streams draws
/// its next band first (``StreamTurns/ifFree(_:)``); if the turn is still taken then, it
/// waits for it, spinning and then yielding its core, which costs it what the collision would have
/// and spares the other thread (``StreamTurns/inTurn(_:)``). On two threads a sixth of
/// the 1280×720 benchmark's bands began while the other thread was streaming; with turns almost
/// none (docs/benchmarks.md, session 56). Only when bands are streamed changes, never what: every band
/// goes to its own rows of the canvas, which nothing reads while the canvas is drawn.
public enum StreamTurns {
    /// How many threads may stream at once: half the cores, at least one (one on two cores). A
    /// machine with more cores usually has memory that takes more streams at once.
    static let limit = max(1, cores / 2)

    /// How long a thread waits for a turn before it streams regardless: this many spins with the
    /// processor's pause hint (several microseconds, about what the rest of a band's stream
    /// takes), then this many yields of its core (`sched_yield`: with more threads than cores, the
    /// thread streaming may be the one waiting for a core; spinning then only delays it).
    static let spins = 512
    static let yields = 64

    /// Threads streaming now.
    private static let streaming = Atomic<Int>(0)
    /// Streams begun; of them those that waited for their turn, and those begun while as many
    /// threads as the limit were streaming (the wait ran out).
    private static let begun = Atomic<Int>(0)
    private static let waited = Atomic<Int>(0)
    private static let crowded = Atomic<Int>(0)

    /// Streams begun so far in this process, how many of them waited for their turn, and how many
    /// began with the turns all taken (for the benchmark's report).
    public static var counts: (begun: Int, waited: Int, crowded: Int) {
        (begun.load(ordering: .relaxed), waited.load(ordering: .relaxed), crowded.load(ordering: .relaxed))
    }

    /// Takes a turn if one is free; true when the stream may go ahead (then call ``end()`` after it).
    static func beginIfFree() -> Bool {
        var current = streaming.load(ordering: .relaxed)
        while current < limit {
            let (exchanged, original) = streaming.compareExchange(expected: current, desired: current + 1, ordering: .acquiring)
            if exchanged {
                begun.wrappingAdd(1, ordering: .relaxed)
                return true
            }
            current = original
        }
        return false
    }

    /// Takes a turn, waiting for one if need be (``spins``, then ``yields``); then call ``end()``.
    static func begin() {
        if beginIfFree() { return }
        waited.wrappingAdd(1, ordering: .relaxed)
        for _ in 0..<spins {
            animrender_spin_pause()
            if beginIfFree() { return }
        }
        for _ in 0..<yields {
            yieldCore()
            if beginIfFree() { return }
        }
        streaming.wrappingAdd(1, ordering: .acquiring)
        begun.wrappingAdd(1, ordering: .relaxed)
        crowded.wrappingAdd(1, ordering: .relaxed)
    }

    private static func yieldCore() {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        sched_yield()
        #endif
    }

    static func end() {
        streaming.wrappingSubtract(1, ordering: .releasing)
    }

    private static var cores: Int {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        1
        #endif
    }
}

extension StreamTurns {
    /// Runs `stream` in a turn if one is free now and returns true; false, without running it,
    /// when all are taken.
    public static func ifFree(_ stream: () -> Void) -> Bool {
        guard beginIfFree() else { return false }
        defer { end() }
        stream()
        return true
    }

    /// Runs `stream` in a turn, waiting briefly for one if they are all taken (``begin()``).
    public static func inTurn(_ stream: () -> Void) {
        begin()
        defer { end() }
        stream()
    }
}
