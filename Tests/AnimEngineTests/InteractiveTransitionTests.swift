import Testing
import AnimEngine
import AnimLayers
import AnimTiming

/// UIPercentDrivenInteractiveTransition's clock (§11.2): percent over time, then the completion.
struct InteractiveTransitionTests {
    func drive(_ ending: InteractiveTransition.Ending, speed: Double = 1, curve: TimingFunction? = nil) -> InteractiveTransition {
        InteractiveTransition(id: 1, layers: [0], duration: 2, percents: [.init(offset: 1, percent: 0.5), .init(offset: 2, percent: 1.5)],
                              ending: ending, endOffset: 1.5, completionSpeed: speed, completionCurve: curve)
    }

    @Test func percentsInterpolateAndClamp() {
        let d = drive(.finish)
        #expect(d.percent(atOffset: 0.5) == 0.25, "from 0 at the start to the first key")
        #expect(d.percent(atOffset: 1.5) == 1, "0.5 → 1.5 is clamped to 1")
        #expect(d.percent(atOffset: 5) == 1)
        #expect(drive(.finish, speed: 0).completionDuration == 0, "nothing remains at 100%")
    }

    /// Keys whose line leaves 0…1 between them: the rendered (scrubbed) time follows the
    /// interpolated-then-clamped percent, not a line between the clamped keys. Keys −0.5 at 0.1 s
    /// and 0.4 at 0.5 s (duration 2): the line crosses 0 at 0.1 + 0.5/0.9 · 0.4 s, so at 0.3 s the
    /// percent is still 0 (a line between the clamped keys gave 0.2); 1.5 at 1 s crosses 1 at 0.77 s.
    @Test func scrubFollowsTheClampedPercentBetweenKeys() {
        let d = InteractiveTransition(id: 1, layers: [0], duration: 2,
                                      percents: [.init(offset: 0.1, percent: -0.5), .init(offset: 0.5, percent: 0.4), .init(offset: 1, percent: 1.5)],
                                      ending: .finish, endOffset: 1.2)
        let scrub = d.scrub(local: 0, parent: 0)
        for t in stride(from: 0.0, through: 1.2, by: 0.05) {
            #expect(abs(scrub.localTime(parentTime: t) - 2 * d.percent(atOffset: t)) < 1e-12, "at \(t) s")
        }
        #expect(scrub.localTime(parentTime: 0.3) == 0)
        #expect(abs(scrub.localTime(parentTime: 0.95) - 2) < 1e-12)
    }

    @Test func completionTimeFollowsUIKitsFormula() {
        let d = InteractiveTransition(id: 1, layers: [0], duration: 2, percents: [.init(offset: 1, percent: 0.25)],
                                      ending: .finish, endOffset: 1, completionSpeed: 0.5)
        #expect(d.completionDuration == 0.75 * 2 / 0.5, "(1 − p)·duration / completionSpeed")
        var cancel = d
        cancel.ending = .cancel
        #expect(cancel.completionDuration == 0.25 * 2 / 0.5, "p·duration / completionSpeed")
        cancel.completionSpeed = -1
        #expect(cancel.completionDuration == 0.5, "a speed ≤ 0 counts as 1")
    }

    @Test func theScrubbedClockStandsStillFollowsThenRunsOn() {
        let d = InteractiveTransition(id: 1, layers: [0], duration: 2, percents: [.init(offset: 1, percent: 0.25)],
                                      ending: .finish, endOffset: 2, completionSpeed: 1, completionCurve: .easeIn)
        let scrub = d.scrub(local: 10, parent: 100)
        #expect(scrub.localTime(parentTime: 99) == 10, "before the start: where the layer was")
        #expect(scrub.localTime(parentTime: 100.5) == 10.25, "linear in the gesture: 0.125 of 2 s")
        #expect(scrub.localTime(parentTime: 101.5) == 10.5, "held at 25% after the last key")
        let f = TimingFunction.easeIn.value(at: 0.5)
        #expect(abs(scrub.localTime(parentTime: 102.75) - (10.5 + 1.5 * f)) < 1e-12, "the completion curve over 1.5 s")
        #expect(scrub.localTime(parentTime: 104) == 12.5, "then speed 1 from the end")
    }
}
