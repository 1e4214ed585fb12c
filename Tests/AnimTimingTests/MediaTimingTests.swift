import Testing
import AnimTiming

/// CAMediaTiming semantics of core-animation-semantics.md §2.2, worked by hand.
struct MediaTimingTests {
    func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming {
        var t = MediaTiming()
        configure(&t)
        return t
    }

    /// Frame times i/fps land a rounding away from the boundaries they are meant to hit; within
    /// 10⁻⁹ s a second they count as on them. An animation beginning at 0.4 with 0.3 s cycles:
    /// frame 7 at 10 fps is 7/10 − 0.4 = 0.29999999999999993 s in, the next cycle's start (not the
    /// first cycle's end); without repeats it has ended there. At 1 s (0.6 s in, exact) the same.
    @Test func framesOnABoundaryCountAsOnIt() {
        let looping = timing { $0.beginTime = 0.4; $0.duration = 0.3; $0.repeatCount = 3 }
        for (frame, cycle) in [(4, 0), (7, 1), (10, 2)] {
            let state = looping.state(atParentTime: Double(frame) / 10, removedOnCompletion: true)
            #expect(state == TimingState(fraction: 0, cycle: cycle), "frame \(frame): \(String(describing: state))")
        }
        #expect(looping.state(atParentTime: 13.0 / 10, removedOnCompletion: true) == nil, "the end is exclusive")
        let once = timing { $0.beginTime = 0.4; $0.duration = 0.3 }
        #expect(once.state(atParentTime: 7.0 / 10, removedOnCompletion: true) == nil)
        // A layer at speed 3 reaches 0.9 at 0.3 s as 0.8999999999999999: the start.
        let late = timing { $0.beginTime = 0.9; $0.duration = 0.6 }
        #expect(late.state(atParentTime: 0.3 * 3, removedOnCompletion: true)?.fraction == 0)
        // A real difference well above the tolerance is kept.
        #expect(once.state(atParentTime: 0.7 - 1e-6, removedOnCompletion: true)?.fraction ?? 0 > 0.99)
    }

    /// Playing backwards, a timeOffset of a whole active duration changes nothing: local time
    /// wraps into (0, AD], so the first frame shows the end, as with no offset.
    @Test func aWholeOffsetPlayingBackwardsChangesNothing() {
        let plain = timing { $0.duration = 1; $0.speed = -1 }
        let offset = timing { $0.duration = 1; $0.speed = -1; $0.timeOffset = 1 }
        for t in [0, 0.1, 0.25, 0.5] {
            let (p, o) = (plain.state(atParentTime: t, removedOnCompletion: true), offset.state(atParentTime: t, removedOnCompletion: true))
            #expect(p?.cycle == o?.cycle && abs((p?.fraction ?? -1) - (o?.fraction ?? 1)) < 1e-12, "t \(t): \(String(describing: p)) \(String(describing: o))")
        }
        #expect(offset.state(atParentTime: 0, removedOnCompletion: true)?.fraction == 1)
    }

    @Test func zeroDurationMeansQuarterSecond() {
        let t = MediaTiming()
        #expect(t.effectiveDuration == 0.25)
        #expect(t.state(atParentTime: 0.125, removedOnCompletion: true)?.fraction == 0.5)
        #expect(t.state(atParentTime: 0.25, removedOnCompletion: true) == nil)
    }

    @Test func beginTimeAndFillModes() {
        let base = timing { $0.beginTime = 1; $0.duration = 2 }
        #expect(base.state(atParentTime: 0.5, removedOnCompletion: true) == nil)
        #expect(base.state(atParentTime: 2, removedOnCompletion: true)?.fraction == 0.5)
        #expect(base.state(atParentTime: 3, removedOnCompletion: true) == nil, "the end is exclusive")

        var backwards = base
        backwards.fillMode = .backwards
        #expect(backwards.state(atParentTime: 0.5, removedOnCompletion: true)?.fraction == 0)
        #expect(backwards.state(atParentTime: 3.5, removedOnCompletion: false) == nil)

        var forwards = base
        forwards.fillMode = .forwards
        #expect(forwards.state(atParentTime: 0.5, removedOnCompletion: false) == nil)
        #expect(forwards.state(atParentTime: 9, removedOnCompletion: false)?.fraction == 1)
        #expect(forwards.state(atParentTime: 9, removedOnCompletion: true) == nil, "removed on completion wins over the fill")

        var both = base
        both.fillMode = .both
        #expect(both.state(atParentTime: 0, removedOnCompletion: false)?.fraction == 0)
        #expect(both.state(atParentTime: 5, removedOnCompletion: false)?.fraction == 1)
    }

    @Test func autoreverseMirrorsTheSecondHalf() {
        let t = timing { $0.duration = 1; $0.autoreverses = true; $0.fillMode = .forwards }
        #expect(t.activeDuration == 2)
        #expect(t.state(atParentTime: 0.25, removedOnCompletion: false)?.fraction == 0.25)
        #expect(t.state(atParentTime: 1.25, removedOnCompletion: false)?.fraction == 0.75)
        #expect(t.state(atParentTime: 1.75, removedOnCompletion: false)?.fraction == 0.25)
        #expect(t.state(atParentTime: 3, removedOnCompletion: false)?.fraction == 0, "ends where it began")
    }

    @Test func repeatCountWholeAndFractional() {
        let three = timing { $0.duration = 1; $0.repeatCount = 3; $0.fillMode = .forwards }
        #expect(three.state(atParentTime: 2.5, removedOnCompletion: false) == TimingState(fraction: 0.5, cycle: 2))
        #expect(three.state(atParentTime: 4, removedOnCompletion: false) == TimingState(fraction: 1, cycle: 2))
        let partial = timing { $0.duration = 1; $0.repeatCount = 2.5; $0.fillMode = .forwards }
        #expect(partial.activeDuration == 2.5)
        #expect(partial.state(atParentTime: 10, removedOnCompletion: false) == TimingState(fraction: 0.5, cycle: 2))
        let forever = timing { $0.duration = 1; $0.repeatCount = .infinity }
        #expect(forever.state(atParentTime: 1000.25, removedOnCompletion: true) == TimingState(fraction: 0.25, cycle: 1000))
    }

    @Test func repeatDurationAndSpeed() {
        let t = timing { $0.duration = 1; $0.repeatDuration = 1.5 }
        #expect(t.state(atParentTime: 1.25, removedOnCompletion: true)?.fraction == 0.25)
        #expect(t.state(atParentTime: 1.5, removedOnCompletion: true) == nil)
        let fast = timing { $0.duration = 1; $0.speed = 2 }
        #expect(fast.state(atParentTime: 0.25, removedOnCompletion: true)?.fraction == 0.5)
        #expect(fast.state(atParentTime: 0.5, removedOnCompletion: true) == nil)
    }

    @Test func timeOffsetWrapsWithinTheActiveDuration() {
        // Frames A…E with the offset at C play C D E A B.
        let t = timing { $0.duration = 1; $0.timeOffset = 0.5 }
        #expect(t.state(atParentTime: 0, removedOnCompletion: true)?.fraction == 0.5)
        #expect(t.state(atParentTime: 0.75, removedOnCompletion: true)?.fraction == 0.25)
    }

    @Test func speedZeroFreezesAtTheOffset() {
        let t = timing { $0.duration = 2; $0.speed = 0; $0.timeOffset = 0.5 }
        #expect(t.state(atParentTime: 100, removedOnCompletion: true)?.fraction == 0.25)
    }

    @Test func extremeTimingStaysDefined() {
        let t = timing { $0.duration = 1e-300; $0.repeatCount = 1e300; $0.timeOffset = 1e308; $0.fillMode = .both }
        #expect(t.state(atParentTime: 0.5, removedOnCompletion: false) != nil)
        let nan = timing { $0.speed = .infinity }
        #expect(nan.state(atParentTime: 0, removedOnCompletion: true) == nil, "∞·0 elapsed is undefined: no contribution")
        let huge = timing { $0.duration = 1; $0.repeatCount = .infinity }
        #expect(huge.state(atParentTime: 1e300, removedOnCompletion: true) != nil)
    }
}
