@testable import AnimCodecs
import Dispatch
import Synchronization
import Testing

/// ``BandHelpers`` hands the bands of one pass to kept threads through one atomic word per pass:
/// every band must run exactly once with its rows, whoever runs it, also when passes start on
/// several threads at once (one of them gets the helpers, the others Dispatch) or inside a band.
struct BandHelpersTests {
    /// How often each band of a pass ran, and with which rows.
    final class Tally: Sendable {
        let runs: Mutex<[Int: (count: Int, rows: Range<Int>)]> = Mutex([:])

        func record(_ k: Int, _ rows: Range<Int>) {
            runs.withLock { $0[k] = (($0[k]?.count ?? 0) + 1, rows) }
        }

        /// Whether bands 0..<bands each ran once with the rows ``BandHelpers/band(_:of:rows:)`` gives.
        func isExactlyOnce(bands: Int, rows: Int) -> Bool {
            runs.withLock { runs in
                runs.count == bands && (0..<bands).allSatisfy { k in
                    runs[k]?.count == 1 && runs[k]?.rows == BandHelpers.band(k, of: bands, rows: rows)
                }
            }
        }
    }

    @Test func everyBandRunsOnceWithItsRows() {
        let pool = BandHelpers(count: 3)
        for (rows, bands, threads) in [(480, 8, 2), (100, 16, 4), (7, 7, 8), (1000, 2, 2), (3, 3, 1)] {
            for _ in 0..<50 {
                let tally = Tally()
                pool.run(rows: rows, bands: bands, threads: threads) { k, band in tally.record(k, band) }
                #expect(tally.isExactlyOnce(bands: bands, rows: rows), "\(rows) rows, \(bands) bands, \(threads) threads")
            }
        }
    }

    /// Four threads start 300 passes each at once: whichever way each pass runs, its bands run once.
    @Test func passesStartedOnSeveralThreadsAtOnceEachRunEveryBandOnce() {
        let pool = BandHelpers(count: 2)
        let failures = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 4) { caller in
            for pass in 0..<300 {
                let bands = 2 + (caller + pass) % 9, rows = 50 + pass % 13
                let tally = Tally()
                pool.run(rows: rows, bands: bands, threads: 3) { k, band in tally.record(k, band) }
                if !tally.isExactlyOnce(bands: bands, rows: rows) { failures.add(1, ordering: .relaxed) }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
    }

    /// A band that starts a pass of its own (the helpers are busy with the outer one) finishes.
    @Test func aPassInsideABandFinishes() {
        let pool = BandHelpers(count: 2)
        let outer = Tally(), inner = Mutex(0)
        pool.run(rows: 40, bands: 4, threads: 3) { k, band in
            let tally = Tally()
            pool.run(rows: 10, bands: 5, threads: 3) { j, rows in tally.record(j, rows) }
            if tally.isExactlyOnce(bands: 5, rows: 10) { inner.withLock { $0 += 1 } }
            outer.record(k, band)
        }
        #expect(outer.isExactlyOnce(bands: 4, rows: 40))
        #expect(inner.withLock { $0 } == 4)
    }
}
