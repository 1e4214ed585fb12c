import AnimCodecs
import Testing

struct GIFTimingTests {
    @Test func fiftyFPSGivesEvenTwoCentisecondDelays() {
        let times = GIFTiming.frameTimes(count: 150, fps: 50)
        let delays = GIFTiming.delays(frameTimes: times, endTime: 3)
        #expect(delays.count == 150)
        #expect(delays.allSatisfy { $0 == 2 })
        #expect(delays.reduce(0, +) == 300)
    }

    @Test func thirtyFPSAlternatesThreeAndFourWithAnExactSum() {
        let times = GIFTiming.frameTimes(count: 30, fps: 30)
        let delays = GIFTiming.delays(frameTimes: times, endTime: 1)
        #expect(delays.reduce(0, +) == 100)
        // cs(k/30) = 0, 3, 7, 10, 13, 17, … so the delays repeat 3, 4, 3.
        #expect(Array(delays.prefix(6)) == [3, 4, 3, 3, 4, 3])
        #expect(delays.filter { $0 == 4 }.count == 10)
        #expect(delays.filter { $0 == 3 }.count == 20)
    }

    @Test func sixtyFPSSumIsExact() {
        for seconds in [1, 2, 7] {
            let times = GIFTiming.frameTimes(count: 60 * seconds, fps: 60)
            let delays = GIFTiming.delays(frameTimes: times, endTime: Double(seconds))
            #expect(delays.reduce(0, +) == 100 * seconds)
            #expect(delays.allSatisfy { $0 == 1 || $0 == 2 })
        }
    }

    @Test func roundingIsHalfAwayFromZeroAndTimesComeFromIndices() {
        // 0.125 s and 0.375 s are exact binary fractions: 12.5 cs and 37.5 cs round away from zero.
        #expect(GIFTiming.centiseconds(0.125) == 13)
        #expect(GIFTiming.centiseconds(0.375) == 38)
        #expect(GIFTiming.centiseconds(-0.125) == -13)
        #expect(GIFTiming.centiseconds(0.004) == 0)
        let times = GIFTiming.frameTimes(count: 1000, fps: 30)
        #expect(times[999] == 999.0 / 30)
        #expect(GIFTiming.delays(frameTimes: [0.125, 0.5], endTime: 1.375) == [37, 88])
        #expect(GIFTiming.frameTimes(count: 0, fps: 30).isEmpty)
    }
}
