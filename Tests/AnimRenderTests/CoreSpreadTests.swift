@testable import AnimRender
import Dispatch
import Testing

/// A worker of a parallel render on the rendering thread's core moves to another core as it
/// starts (``CoreSpread``), and is left free to run where it could before.
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

    /// Where a move went, and what the thread saw while moved and after.
    struct Move: Sendable {
        var from: Int?
        var target: Int?
        var coreWhileMoved: Int?
        var allowedWhileMoved: [Int]?
        var before: [Int]?
        var after: [Int]?
    }

    /// `leave` from the worker's own core, as worker `worker`; tried a few times in case the thread
    /// migrates between reading its core and moving (then `leave` rightly does nothing).
    func moveFromOwnCore(worker: Int) -> Move {
        onWorker {
            var move = Move()
            for _ in 0..<20 {
                move.before = CoreSpread.allowedCores()
                move.from = CoreSpread.currentCore()
                let seen = Box<(Int?, [Int]?)>()
                move.target = CoreSpread.leave(move.from, worker: worker) {
                    seen.value = (CoreSpread.currentCore(), CoreSpread.allowedCores())
                }
                (move.coreWhileMoved, move.allowedWhileMoved) = seen.value ?? (nil, nil)
                move.after = CoreSpread.allowedCores()
                if move.target != nil { break }
            }
            return move
        }
    }

    #if canImport(Glibc)
    @Test func theCoreIsOneTheThreadMayUse() throws {
        let allowed = try #require(CoreSpread.allowedCores())
        let core = try #require(CoreSpread.currentCore())
        #expect(allowed.contains(core))
        #expect(allowed == allowed.sorted() && !allowed.isEmpty)
    }

    @Test func aWorkerOnTheRenderingThreadsCoreRunsOnAnotherAndIsThenLeftFree() throws {
        let allowed = try #require(CoreSpread.allowedCores())
        let move = moveFromOwnCore(worker: 0)
        // Whatever happened, the thread may run wherever it might before: it was not left pinned.
        #expect(move.after == move.before && move.after == allowed)
        guard allowed.count > 1 else {
            #expect(move.target == nil)
            return
        }
        let from = try #require(move.from), target = try #require(move.target)
        // The core after `from` among the allowed ones, and while moved the thread ran there alone.
        #expect(target == allowed[(allowed.firstIndex(of: from)! + 1) % allowed.count])
        #expect(move.allowedWhileMoved == [target])
        #expect(move.coreWhileMoved == target)
    }

    @Test func workersTakeDifferentCoresAndOnlyAsManyAsThereAreOtherCores() throws {
        let allowed = try #require(CoreSpread.allowedCores())
        if allowed.count > 2 {
            let move = moveFromOwnCore(worker: 1)
            let from = try #require(move.from)
            #expect(move.target == allowed[(allowed.firstIndex(of: from)! + 2) % allowed.count])
        }
        // Worker k ≥ (cores − 1) has no other core of its own left: it stays where it is.
        let extra = onWorker { () -> (Int?, [Int]?) in
            (CoreSpread.leave(CoreSpread.currentCore(), worker: allowed.count - 1), CoreSpread.allowedCores())
        }
        #expect(extra.0 == nil && extra.1 == allowed)
    }

    @Test func nothingMovesOffACoreTheThreadIsNotOn() {
        let before = CoreSpread.allowedCores()
        #expect(onWorker { CoreSpread.leave(nil, worker: 0) } == nil)
        // A core the thread may not use, so not the one it is on.
        let (target, after) = onWorker { () -> (Int?, [Int]?) in
            (CoreSpread.leave(100_000, worker: 0), CoreSpread.allowedCores())
        }
        #expect(target == nil && after == before)
    }
    #else
    @Test func withoutGlibcNothingIsKnownAndNothingMoves() {
        #expect(CoreSpread.currentCore() == nil && CoreSpread.allowedCores() == nil)
        #expect(CoreSpread.leave(0, worker: 0) == nil)
    }
    #endif
}
