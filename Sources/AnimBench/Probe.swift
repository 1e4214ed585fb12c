import Dispatch
import Synchronization

/// `AnimBench probe [PAIRS]`: what this machine gives a second thread right now, apart from any of
/// our code: a fixed amount of integer arithmetic (eight independent multiply-add chains, no memory
/// traffic) on one thread and then on two at once, alternated, PAIRS times. Two whole cores give
/// about 2×; a virtual machine whose second core is shared with another guest gives less, and so
/// then does every two-thread figure of the same minutes (docs/benchmarks.md, session 31).
enum ComputeProbe {
    static func run(_ args: [String]) -> Int32 {
        let pairs = max(1, args.first.flatMap { Int($0) } ?? 15)
        var ratios = (0..<pairs).map { _ in pair() }
        ratios.sort()
        let n = ratios.count
        print("machine: pure arithmetic on 2 threads \(fixed(ratios[(n - 1) / 2], 2))× the throughput of 1 "
              + "(median of \(n) alternated pairs; quartiles \(fixed(ratios[n / 4], 2))–\(fixed(ratios[(3 * n) / 4], 2))×)")
        return 0
    }

    /// One alternated pair: `threads` threads' throughput over one thread's (about 60 ms on two whole cores).
    static func pair(threads: Int = 2) -> Double {
        let one = seconds { DispatchQueue.concurrentPerform(iterations: 1) { _ in work() } }
        let many = seconds { DispatchQueue.concurrentPerform(iterations: threads) { _ in work() } }
        return Double(threads) * one / many
    }

    private static func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// About 30 ms of arithmetic on a current core; the result is stored so it cannot be dropped.
    private static func work() {
        var a: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4, 5, 6, 7, 8)
        let m: UInt64 = 6_364_136_223_846_793_005
        for i in 0..<UInt64(12_000_000) {
            a.0 = a.0 &* m &+ i; a.1 = a.1 &* m &+ i; a.2 = a.2 &* m &+ i; a.3 = a.3 &* m &+ i
            a.4 = a.4 &* m &+ i; a.5 = a.5 &* m &+ i; a.6 = a.6 &* m &+ i; a.7 = a.7 &* m &+ i
        }
        sink.store(a.0 ^ a.1 ^ a.2 ^ a.3 ^ a.4 ^ a.5 ^ a.6 ^ a.7, ordering: .relaxed)
    }

    private static let sink = Atomic<UInt64>(0)
}
