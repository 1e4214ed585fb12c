import Testing
import AnimTiming

/// Edge cases of core-animation-semantics.md §2.2 (steps 6–8) that the other timing tests leave
/// out: repeatDuration with autoreverses, fractional repeat counts below one, and a timeOffset
/// larger than the active duration (with and without speed 0). Values worked by hand from the
/// steps; every fraction is exact in binary.
struct MediaTimingEdgeTests {
    func timing(_ configure: (inout MediaTiming) -> Void) -> MediaTiming { twoSecondTiming(configure) }

    @Test func repeatDurationWithAutoreversesCutsTheCycleMidway() {
        // §2.2 step 6: AD = repeatDuration = 3 although one cycle is c = 2d = 4. Step 8: r ≥ d plays
        // backwards (r → 2d − r), and the end state is where the cut falls: r = 3 → u = (4 − 3)/2.
        let t = timing { $0.autoreverses = true; $0.repeatDuration = 3; $0.fillMode = .forwards }
        #expect(t.cycleDuration == 4 && t.activeDuration == 3)
        #expect(t.state(atParentTime: 1, removedOnCompletion: false) == TimingState(fraction: 0.5, cycle: 0))
        #expect(t.state(atParentTime: 2.5, removedOnCompletion: false) == TimingState(fraction: 0.75, cycle: 0),
                "the backward half")
        #expect(t.state(atParentTime: 3, removedOnCompletion: false) == TimingState(fraction: 0.5, cycle: 0),
                "the fill holds the end of the cut cycle")
        #expect(t.state(atParentTime: 3, removedOnCompletion: true) == nil, "removed at AD")
    }

    @Test func repeatDurationSpanningSeveralAutoreversingCycles() {
        // AD = 5 with c = 4: the second cycle is cut after its first second, u = 1/2 forward.
        let t = timing { $0.autoreverses = true; $0.repeatDuration = 5; $0.fillMode = .both }
        #expect(t.state(atParentTime: 4.5, removedOnCompletion: false) == TimingState(fraction: 0.25, cycle: 1))
        #expect(t.state(atParentTime: 9, removedOnCompletion: false) == TimingState(fraction: 0.5, cycle: 1))
    }

    @Test func repeatCountBelowOneEndsPartWay() {
        // repeatCount 0.25: AD = 0.5 s of a 2 s pass; step 8's fractional end state u = 0.25.
        let t = timing { $0.repeatCount = 0.25; $0.fillMode = .forwards }
        #expect(t.activeDuration == 0.5)
        #expect(t.state(atParentTime: 0.25, removedOnCompletion: false) == TimingState(fraction: 0.125, cycle: 0))
        #expect(t.state(atParentTime: 7, removedOnCompletion: false) == TimingState(fraction: 0.25, cycle: 0))
    }

    @Test func timeOffsetBeyondTheActiveDurationWraps() {
        // Step 7: a = e + timeOffset, a_w = a mod AD; the offset does not extend the active window.
        // d = AD = 2, timeOffset 5: e = 0 → a_w = 1 (u ½), e = ½ → 1.5 (u ¾), e = 1 → 0, e = 1.5 → 0.5.
        let t = timing { $0.timeOffset = 5 }
        #expect(t.state(atParentTime: 0, removedOnCompletion: true)?.fraction == 0.5)
        #expect(t.state(atParentTime: 0.5, removedOnCompletion: true)?.fraction == 0.75)
        #expect(t.state(atParentTime: 1, removedOnCompletion: true)?.fraction == 0)
        #expect(t.state(atParentTime: 1.5, removedOnCompletion: true)?.fraction == 0.25)
        #expect(t.state(atParentTime: 2, removedOnCompletion: true) == nil, "still ends after AD = 2 s")
    }

    @Test func anOffsetPlayReachingTheEndOfTheActiveDurationWrapsToTheStart() {
        // Step 7 in the active interval (e < AD): a_w = a mod AD, so where e + timeOffset lands
        // exactly on AD the animation shows its start, which the frames after it continue from.
        // d = AD = 2, timeOffset 0.5: e = 1.5 → a = 2 → a_w = 0; e = 1.75 → 0.25 (u ⅛).
        let t = timing { $0.timeOffset = 0.5 }
        #expect(t.state(atParentTime: 1.5, removedOnCompletion: true) == TimingState(fraction: 0, cycle: 0))
        #expect(t.state(atParentTime: 1.75, removedOnCompletion: true) == TimingState(fraction: 0.125, cycle: 0))
        // repeatCount 2 (AD 4), timeOffset 3: e = 1 → a = 4 → the first cycle's start, not the
        // second cycle's end; with autoreverses (c = 4, AD 8, offset 6) e = 2 → a = 8 → u 0 as well.
        let repeating = timing { $0.repeatCount = 2; $0.timeOffset = 3 }
        #expect(repeating.state(atParentTime: 1, removedOnCompletion: true) == TimingState(fraction: 0, cycle: 0))
        let reversing = timing { $0.repeatCount = 2; $0.autoreverses = true; $0.timeOffset = 6 }
        #expect(reversing.state(atParentTime: 2, removedOnCompletion: true) == TimingState(fraction: 0, cycle: 0))
        // Frozen at the same local time it is a scrub to the end (docs/timing.md), and a forwards
        // fill after AD still holds where the play stopped: a = 2 + 0.5 → 0.5 (u ¼).
        let frozen = timing { $0.speed = 0; $0.timeOffset = 2 }
        #expect(frozen.state(atParentTime: 0, removedOnCompletion: true) == TimingState(fraction: 1, cycle: 0))
        let filling = timing { $0.timeOffset = 0.5; $0.fillMode = .forwards }
        #expect(filling.state(atParentTime: 5, removedOnCompletion: false) == TimingState(fraction: 0.25, cycle: 0))
    }

    @Test func speedZeroWithAnOffsetBeyondTheDuration() {
        // "Speed 0 freezes: e = 0 always, so only timeOffset selects the time": 3 mod 2 = 1 → u ½,
        // 7 mod 2 = 1 as well, at any parent time.
        for offset in [3.0, 7] {
            let t = timing { $0.speed = 0; $0.timeOffset = offset }
            for parent in [-5.0, 0, 100] {
                #expect(t.state(atParentTime: parent, removedOnCompletion: true)?.fraction == 0.5,
                        "offset \(offset) at \(parent)")
            }
        }
    }

    @Test func repeatingOffsetWrapsOverTheWholeActiveDuration() {
        // repeatCount 2 (AD 4), timeOffset 3: e = 0 → a = 3, cycle 1 at u ½; e = 2 → a = 5 → 1, cycle 0.
        let t = timing { $0.repeatCount = 2; $0.timeOffset = 3 }
        #expect(t.state(atParentTime: 0, removedOnCompletion: true) == TimingState(fraction: 0.5, cycle: 1))
        #expect(t.state(atParentTime: 2, removedOnCompletion: true) == TimingState(fraction: 0.5, cycle: 0))
    }
}
