@testable import AnimRender
import Dispatch
import Testing

/// A worker of a parallel render moves off the rendering thread's core as it starts
/// (``CoreSpread``), and is left free to run on every core afterwards.
struct CoreSpreadTests {
    /// Runs `body` on a thread of Dispatch's pool, as ``ParallelFrames`` runs its workers.
    func onWorker<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Box<T>()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { result.value = body() }
        group.wait()
        return result.value!
    }

    final class Box<T>: @unchecked Sendable {
        var value: T?
    }

    @Test func theCoreIsOneTheThreadMayUse() throws {
        let allowed = try #require(CoreSpread.allowedCores())
        let core = try #require(CoreSpread.currentCore())
        #expect(allowed.contains(core))
        #expect(allowed == allowed.sorted() && !allowed.isEmpty)
    }

    @Test func aWorkerMovesToAnotherCoreAndIsLeftFreeToRunOnAll() throws {
        let allowed = try #require(CoreSpread.allowedCores())
        let core = try #require(CoreSpread.currentCore())
        let (target, before, after) = onWorker { () -> (Int?, [Int]?, [Int]?) in
            let before = CoreSpread.allowedCores()
            let target = CoreSpread.leave(core, worker: 0)
            return (target, before, CoreSpread.allowedCores())
        }
        // The worker may run wherever it might before: it was not left pinned.
        #expect(after == before)
        #expect(after == allowed)
        if allowed.count > 1 {
            let moved = try #require(target)
            #expect(moved != core && allowed.contains(moved))
            // Workers go to the other cores in turn.
            let others = allowed.filter { $0 != core }
            #expect(onWorker { CoreSpread.leave(core, worker: 1) } == others[1 % others.count])
        } else {
            #expect(target == nil)
        }
    }

    @Test func nothingMovesWithoutAKnownCore() {
        #expect(onWorker { CoreSpread.leave(nil, worker: 0) } == nil)
        // A core the thread is not allowed (so not the one it was started from) moves nothing.
        let before = CoreSpread.allowedCores()
        let (target, after) = onWorker { () -> (Int?, [Int]?) in
            (CoreSpread.leave(100_000, worker: 0), CoreSpread.allowedCores())
        }
        #expect(target == nil && after == before)
    }
}
