import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// UIView.animate lowered the way UIKit lowers it (§2.5, §3.2, §5.3), measured on the
/// presentation values. The fixture layer sits at position (10, 20) with opacity 1.
struct UIViewAnimationTests {
    func animate(at t: Double, _ configure: (inout UIViewAnimation) -> Void, _ settings: [LayerSetting]) -> TimedAction {
        var a = UIViewAnimation(duration: 1, changes: [LayerChanges(layer: 0, settings: settings)])
        configure(&a)
        return TimedAction(time: t, action: .animate(a))
    }

    func x(_ value: Double) -> LayerSetting { .value(LayerKeyPath("position.x")!, .number(value)) }
    func alpha(_ value: Double) -> LayerSetting { .value(LayerKeyPath("opacity")!, .number(value)) }

    func timeline(_ actions: [TimedAction]) -> Timeline { Timeline(model: Fixture.tree(), actions: actions) }

    @Test func modelChangesAtOnceAndTheViewAnimatesWithTheCurve() {
        let t = timeline([animate(at: 1, { $0.delay = 0.5 }, [alpha(0)])])
        #expect(Fixture.number(t, "opacity", at: 1.2) == 1, "the old value shows during the delay (fill both)")
        let eased = 1 - TimingFunction.easeInEaseOut.value(at: 0.25)
        #expect(abs(Fixture.number(t, "opacity", at: 1.75) - eased) < 1e-12, "curveEaseInOut is the default")
        #expect(Fixture.number(t, "opacity", at: 3) == 0, "removed on completion: the model value, already 0")
    }

    @Test func curveOptionsPickTheirFunctions() {
        let t = timeline([animate(at: 0, { $0.curve = .linear }, [alpha(0)])])
        #expect(abs(Fixture.number(t, "opacity", at: 0.25) - 0.75) < 1e-12)
    }

    @Test func positionBlendsAdditivelyWhenInterrupted() {
        let t = timeline([
            animate(at: 0, { $0.curve = .linear }, [x(110)]),
            animate(at: 0.5, { $0.curve = .linear }, [x(210)]),
        ])
        #expect(abs(Fixture.number(t, "position.x", at: 0.5) - 60) < 1e-9, "no jump: 210 − 50 − 100")
        #expect(abs(Fixture.number(t, "position.x", at: 1) - 160) < 1e-9, "210 − 0 − 50")
        #expect(Fixture.number(t, "position.x", at: 2) == 210)
    }

    @Test func beginFromCurrentStateStartsFromThePresentationValue() {
        let first = animate(at: 0, { $0.curve = .linear }, [alpha(0)])
        let plain = timeline([first, animate(at: 0.5, { $0.curve = .linear }, [alpha(1)])])
        #expect(Fixture.number(plain, "opacity", at: 0.5) == 0, "from the old model value: a jump")
        let current = timeline([first, animate(at: 0.5, { $0.curve = .linear; $0.beginFromCurrentState = true }, [alpha(1)])])
        #expect(Fixture.number(current, "opacity", at: 0.5) == 0.5)
        #expect(abs(Fixture.number(current, "opacity", at: 1) - 0.75) < 1e-12)
    }

    @Test func springUsesUIKitsSolvedParameters() {
        let t = timeline([animate(at: 0, { $0.duration = 0.5; $0.spring = Spring.uiView(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0) }, [x(110)])])
        let spring = Spring.uiView(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0)
        #expect(abs(spring.stiffness - 646.878) < 1e-3 && abs(spring.damping - 25.4338) < 1e-4)
        let expected = 110 - 100 * (1 - spring.progress(at: 0.1))
        #expect(abs(Fixture.number(t, "position.x", at: 0.1) - expected) < 1e-9)
    }

    @Test func repeatAndAutoreverse() {
        let t = timeline([animate(at: 0, { $0.curve = .linear; $0.repeats = true; $0.autoreverses = true }, [alpha(0)])])
        #expect(abs(Fixture.number(t, "opacity", at: 1.25) - 0.25) < 1e-12, "on the way back")
        #expect(abs(Fixture.number(t, "opacity", at: 100.5) - 0.5) < 1e-12, "forever")
    }

    @Test func zeroDurationChangesWithoutAnimating() {
        let t = timeline([animate(at: 0, { $0.duration = 0 }, [alpha(0.3)])])
        #expect(Fixture.number(t, "opacity", at: 0) == 0.3)
    }

    @Test func completionRunsWhenFinishedOrInterrupted() {
        let remove = CompletionAction(condition: .finished, action: .removeFromSuperlayer(layer: 0))
        let mark = CompletionAction(condition: .interrupted, action: .set([(layer: 0, changes: [x(999)])]))
        let finished = timeline([animate(at: 1, { $0.completion = [remove, mark] }, [alpha(0)])])
        #expect(finished.actions.map(\.time) == [1, 2])
        #expect(finished.presentation(at: 1.99).roots == [0])
        #expect(finished.presentation(at: 2).roots.isEmpty, "removed from its superlayer when finished")
        let interrupted = timeline([
            animate(at: 1, { $0.completion = [remove, mark] }, [alpha(0)]),
            animate(at: 1.5, { _ in }, [alpha(1)]),
        ])
        #expect(interrupted.actions.map(\.time) == [1, 1.5, 1.5])
        #expect(Fixture.number(interrupted, "position.x", at: 1.6) == 999, "finished = false branch")
        #expect(interrupted.presentation(at: 5).roots == [0])
    }

    /// UIKit calls a block's completion when its animations have stopped, and they run on the
    /// layer's clock: on a layer at speed 0.5, a block at 1 s with delay 0.5 and duration 1 ends
    /// at 1 + 1.5 / 0.5 = 4 s; on a stopped layer it never ends, and the completion never runs.
    @Test func completionWaitsForTheAnimationOnTheLayersClock() {
        let remove = CompletionAction(condition: .finished, action: .removeFromSuperlayer(layer: 0))
        func timeline(speed: Double, _ actions: [TimedAction]) -> Timeline {
            var tree = Fixture.tree()
            tree.nodes[0].properties.timing.speed = speed
            return Timeline(model: tree, actions: actions)
        }
        let half = timeline(speed: 0.5, [animate(at: 1, { $0.delay = 0.5; $0.completion = [remove] }, [alpha(0)])])
        #expect(half.actions.map(\.time) == [1, 4])
        let opacity = Fixture.number(half, "opacity", at: 3.5)
        #expect(opacity > 0 && opacity < 0.2, "still fading at 3.5 s: \(opacity)")
        #expect(half.presentation(at: 3.99).roots == [0])
        #expect(half.presentation(at: 4).roots.isEmpty, "removed once the fade has ended on the layer's clock")
        let double = timeline(speed: 2, [animate(at: 1, { $0.completion = [remove] }, [alpha(0)])])
        #expect(double.actions.map(\.time) == [1, 1.5])
        let stopped = timeline(speed: 0, [animate(at: 1, { $0.completion = [remove] }, [alpha(0)])])
        #expect(stopped.actions.map(\.time) == [1], "a stopped clock never finishes the fade")
        let interrupted = timeline(speed: 0, [
            animate(at: 1, { $0.completion = [CompletionAction(condition: .interrupted, action: .removeFromSuperlayer(layer: 0))] },
                    [alpha(0)]),
            animate(at: 30, { _ in }, [alpha(1)]),
        ])
        #expect(interrupted.actions.map(\.time) == [1, 30, 30], "interrupted, even on a stopped clock")
    }

    /// UIKit adds an animation only for a property whose value changes: a later block setting the
    /// value the layer already has replaces nothing, so the first block still finishes; a block
    /// that adds no animation at all calls its completion at once (finished); an explicit
    /// addAnimation under the property's name replaces the block's animation.
    @Test func onlyAddedAnimationsInterruptAndABlockWithNoneCompletesAtOnce() {
        let finished = CompletionAction(condition: .finished, action: .set([(layer: 0, changes: [x(1)])]))
        let cut = CompletionAction(condition: .interrupted, action: .set([(layer: 0, changes: [x(2)])]))
        let same = timeline([
            animate(at: 0, { $0.completion = [finished, cut] }, [alpha(0.5)]),
            animate(at: 0.5, { _ in }, [alpha(0.5)]),
        ])
        #expect(same.actions.map(\.time) == [0, 0.5, 1], "the same value again: nothing replaced")
        #expect(Fixture.number(same, "position.x", at: 1) == 1)
        let nothing = timeline([animate(at: 1, { $0.completion = [finished] }, [alpha(1)])])
        #expect(nothing.actions.map(\.time) == [1, 1], "alpha is already 1: no animation, the completion runs at once")
        var fade = Animation(content: .basic(BasicAnimation(keyPath: LayerKeyPath("opacity")!, toValue: .number(0.2))))
        fade.key = "opacity"
        fade.timing.duration = 1
        let replaced = timeline([
            animate(at: 0, { $0.completion = [finished, cut] }, [alpha(0.5)]),
            TimedAction(time: 0.25, action: .addAnimation(layer: 0, fade)),
        ])
        #expect(replaced.actions.map(\.time) == [0, 0.25, 0.25])
        #expect(Fixture.number(replaced, "position.x", at: 0.3) == 2)
    }

    /// The clocks are those the timeline has set when the block starts: a `set` of speed 0.5
    /// before it makes a 1 s block complete 2 s later.
    @Test func completionFollowsAClockTheTimelineSet() {
        let done = CompletionAction(condition: .finished, action: .set([(layer: 0, changes: [x(1)])]))
        let t = timeline([
            TimedAction(time: 0, action: .set([(layer: 0, changes: [.timing(.speed, 0.5)])])),
            animate(at: 1, { $0.completion = [done] }, [alpha(0)]),
        ])
        #expect(t.actions.map(\.time) == [0, 1, 3])
    }

    @Test func aGradientsStopsInterruptLikeAnyProperty() {
        // colors and locations are set as styles but animate: a second block replaces the first.
        let mark = CompletionAction(condition: .interrupted, action: .set([(layer: 0, changes: [x(999)])]))
        let white = Color.white, black = Color.black
        for (first, second) in [(LayerSetting.gradientColors([white, white]), LayerSetting.gradientColors([black, black])),
                                (.gradientLocations([0, 0.5]), .gradientLocations([0.5, 1]))] {
            let t = timeline([
                animate(at: 0, { $0.completion = [mark] }, [.gradientColors([black, white]), first]),
                animate(at: 0.5, { _ in }, [second]),
            ])
            #expect(t.actions.map(\.time) == [0, 0.5, 0.5], "\(second)")
            #expect(Fixture.number(t, "position.x", at: 0.6) == 999, "finished = false branch, \(second)")
        }
    }

    @Test func additiveChangesDoNotInterrupt() {
        let note = CompletionAction(action: .set([(layer: 0, changes: [alpha(0.5)])]))
        let t = timeline([
            animate(at: 0, { $0.completion = [note] }, [x(100)]),
            animate(at: 0.5, { _ in }, [x(200)]),
        ])
        #expect(t.actions.map(\.time) == [0, 0.5, 1], "position animations blend; the first one finishes")
    }
}
