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

    @Test func aFrameThatWouldGetNoDelayIsLeftOut() {
        // --to 1.0004 at 30 fps keeps the frame at t = 1, which rounds to the end's millisecond.
        let t = APNGTiming.delays(times: (0...30).map { Double($0) / 30 }, end: 1.0004, fps: 30)
        #expect(t.denominator == 1000 && t.kept == Array(0..<30))
        #expect(!t.delays.contains(0) && t.delays.reduce(0, +) == 1000, "\(t.delays)")
        // A lone frame is kept, shown for one unit.
        let lone = APNGTiming.delays(times: [1], end: 1.0004, fps: 30)
        #expect(lone.kept == [0] && lone.delays == [1])
        // Nothing is dropped when every frame lasts at least a unit.
        #expect(APNGTiming.delays(times: [0, 0.5], end: 1.0006, fps: 30).kept == [0, 1])
    }
}
