import AnimRender
import Testing

struct GIFPlanTests {
    @Test func fiftyFPSKeepsEveryFrameWithTwoCentisecondDelays() {
        let times = (0..<60).map { Double($0) / 50 }
        let plan = GIFOutput.plan(times: times, end: 1.2)
        #expect(plan.count == 60)
        #expect(plan.allSatisfy { $0.delay == 2 })
    }

    @Test func thirtyFPSAlternatesAndKeepsTheTotal() {
        let times = (0..<30).map { Double($0) / 30 }
        let plan = GIFOutput.plan(times: times, end: 1)
        #expect(plan.count == 30)
        #expect(plan.map(\.delay).reduce(0, +) == 100)
        #expect(Set(plan.map(\.delay)) == [3, 4])
    }

    @Test func sixtyFPSDropsFramesToKeepDelaysAtLeastTwo() {
        let times = (0..<120).map { Double($0) / 60 }
        let plan = GIFOutput.plan(times: times, end: 2)
        #expect(plan.allSatisfy { $0.delay >= 2 })
        #expect(plan.map(\.delay).reduce(0, +) == 200)
        // Greedy selection on the 1 cs grid keeps two frames of every three at 60 fps (delays 2 and 3 cs).
        #expect(plan.count == 80)
        #expect(Set(plan.map(\.delay)) == [2, 3])
        #expect(GIFOutput.warning(fps: 60, frameCount: 120, keptCount: plan.count)?.contains("keeps \(plan.count) of 120 frames") == true)
        #expect(GIFOutput.warning(fps: 50, frameCount: 100, keptCount: 100) == nil)
    }

    @Test func aRangeEndingJustAfterItsLastFrameDropsItAndSaysSo() {
        // 50 fps from 0.5 s to 0.61 s: frames at 0.50 … 0.60, the last one shown for 1 cs.
        let times = (25...30).map { Double($0) / 50 }
        let plan = GIFOutput.plan(times: times, end: 0.61)
        #expect(plan.map(\.frame) == [0, 1, 2, 3, 4])
        #expect(plan.map(\.delay) == [2, 2, 2, 2, 3])
        let warning = GIFOutput.warning(fps: 50, frameCount: times.count, keptCount: plan.count)
        #expect(warning?.contains("keeps 5 of 6 frames") == true)
        #expect(warning?.contains("ends under 2 cs after its last frame") == true)
        #expect(GIFOutput.warning(fps: 50, frameCount: 6, keptCount: 6) == nil)
    }
}
