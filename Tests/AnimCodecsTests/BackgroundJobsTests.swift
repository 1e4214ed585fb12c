@testable import AnimCodecs
import Dispatch
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Background ``OrderedJobs`` (a GIF's frames compressed while later ones are made) run in the
/// kernel's idle class, which other processes can starve: the caller must never wait on them for
/// long. It runs a job not yet started when there is no room, and at the end it runs the jobs left
/// and, after a short wait, again those still stuck on a background thread.
@Suite(.timeLimit(.minutes(1)))
struct BackgroundJobsTests {
    /// Jobs that finish at once on the caller's thread and, on a background thread, only when the
    /// test opens `gate`: as if other processes had every core.
    final class Stall: Sendable {
        let gate = DispatchSemaphore(value: 0)
        let caller = pthread_self()
        let stalled = Atomic(0), onCaller = Atomic(0)

        func job(_ k: Int) -> @Sendable () -> Int {
            { [self] in
                if pthread_equal(pthread_self(), caller) != 0 {
                    onCaller.add(1, ordering: .sequentiallyConsistent)
                } else {
                    stalled.add(1, ordering: .sequentiallyConsistent)
                    gate.wait()
                }
                return k * k
            }
        }
    }

    @Test func starvedBackgroundThreadsHoldUpNeitherSubmitNorTheResults() {
        let jobs = OrderedJobs<Int>(threads: 2, limit: 4, background: true)
        let stall = Stall()
        // Jobs 0 and 1 each start a background thread, which takes one and stalls.
        for k in 0..<2 { jobs.submit(stall.job(k)) }
        while stall.stalled.load(ordering: .sequentiallyConsistent) < 2 { usleep(100) }
        // Jobs 2 and 3 fill the room; each further one finds none and the caller runs the oldest.
        for k in 2..<12 { jobs.submit(stall.job(k)) }
        #expect(stall.onCaller.load(ordering: .sequentiallyConsistent) == 8)
        #expect(jobs.takeResults() == (0..<12).map { $0 * $0 })
        // Every job ran on the caller: 10, and the two stalled ones once the wait for them ran out.
        #expect(stall.onCaller.load(ordering: .sequentiallyConsistent) == 12)
        #expect(stall.stalled.load(ordering: .sequentiallyConsistent) == 2)
        // The stalled runs finish late: their results are dropped, and the next jobs' are theirs.
        for _ in 0..<12 { stall.gate.signal() }
        for k in 0..<6 { jobs.submit { k + 100 } }
        #expect(jobs.takeResults() == (0..<6).map { $0 + 100 })
    }

    @Test func unstalledBackgroundJobsKeepTheirOrderAndLimit() {
        for threads in [2, 3] {
            let jobs = OrderedJobs<Int>(threads: threads, limit: 4, background: true)
            let running = Atomic(0), mostRunning = Atomic(0)
            for k in 0..<40 {
                jobs.submit {
                    let now = running.add(1, ordering: .sequentiallyConsistent).newValue
                    mostRunning.max(now, ordering: .sequentiallyConsistent)
                    usleep(UInt32(200 * ((k * 7) % 5)))  // later jobs often finish first
                    running.subtract(1, ordering: .sequentiallyConsistent)
                    return k * k
                }
            }
            #expect(jobs.results() == (0..<40).map { $0 * $0 }, "threads \(threads)")
            // The background threads and the caller, which runs a job when there is no room.
            #expect(mostRunning.load(ordering: .sequentiallyConsistent) <= threads + 1, "threads \(threads)")
        }
    }

    /// A background thread runs in the idle class (or at nice 19 where that is refused).
    @Test func aBackgroundThreadGivesWayToEveryOther() {
        let seen = Mutex<(policy: Int32, nice: Int32)?>(nil)
        let done = DispatchSemaphore(value: 0)
        PlainThread.start {
            PlainThread.yieldToOthers()
            errno = 0
            let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
            seen.withLock { $0 = (sched_getscheduler(0), nice) }
            done.signal()
        }
        done.wait()
        let (policy, nice) = seen.withLock { $0! }
        #expect(policy == 5 || nice == 19, "policy \(policy), nice \(nice)")
    }
}
