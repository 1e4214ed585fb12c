import AnimRender
import Testing

struct APNGTimingTests {
    @Test func wholeFrameRatesCountInFrames() {
        let t = APNGTiming.delays(times: (0..<30).map { Double($0) / 30 }, end: 1, fps: 30)
        #expect(t.denominator == 30 && t.delays == [Int](repeating: 1, count: 30))
    }

    @Test func otherwiseMillisecondsFromAbsoluteTimes() {
        // 29.97 fps: delays of 33 and 34 ms that add up to exactly the end time.
        let times = (0..<10).map { Double($0) / 29.97 }
        let t = APNGTiming.delays(times: times, end: 10 / 29.97, fps: 29.97)
        #expect(t.denominator == 1000)
        #expect(t.delays.reduce(0, +) == 334 && Set(t.delays) == [33, 34])
        // A whole rate whose end falls between frames (duration 1.01 s at 30 fps).
        let u = APNGTiming.delays(times: (0..<30).map { Double($0) / 30 }, end: 1.01, fps: 30)
        #expect(u.denominator == 1000 && u.delays.reduce(0, +) == 1010)
    }
}
