import AnimRender
import Testing

struct WebPTimingTests {
    @Test func wholeMillisecondsFromTheFirstFrame() {
        let t = WebPTiming.timestamps(times: (0..<30).map { Double($0) / 25 }, end: 1.2)
        #expect(t.starts == (0..<30).map { $0 * 40 } && t.end == 1200)
    }

    @Test func roundingNeverAccumulates() {
        // 29.97 fps from frame 3: starts at round(1000·k/29.97) − 100, durations of 33 and 34 ms.
        let times = (3..<13).map { Double($0) / 29.97 }
        let t = WebPTiming.timestamps(times: times, end: 13 / 29.97)
        #expect(t.starts.first == 0 && t.end == 334)
        let durations = zip(t.starts, t.starts.dropFirst() + [t.end]).map { $1 - $0 }
        #expect(Set(durations) == [33, 34])
        // 60 fps for a minute: the last frame still starts at exactly round(1000·3599/60) ms.
        let long = WebPTiming.timestamps(times: (0..<3600).map { Double($0) / 60 }, end: 60)
        #expect(long.starts.last == 59_983 && long.end == 60_000)
    }

    @Test func aFrameThatWouldLastNoTimeIsLeftOut() {
        let t = WebPTiming.timestamps(times: (0...30).map { Double($0) / 25 }, end: 1.2004)
        #expect(t.kept == Array(0..<30) && t.starts == (0..<30).map { $0 * 40 } && t.end == 1200)
        let lone = WebPTiming.timestamps(times: [1], end: 1.0004)
        #expect(lone.kept == [0] && lone.starts == [0] && lone.end == 1)
    }
}
