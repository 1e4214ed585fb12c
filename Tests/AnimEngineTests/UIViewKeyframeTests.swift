import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// UIView.animateKeyframes lowered to CAKeyframeAnimations (§4.4). The fixture layer sits at
/// position (10, 20) with opacity 1.
struct UIViewKeyframeTests {
    func x(_ value: Double) -> LayerSetting { .value(LayerKeyPath("position.x")!, .number(value)) }
    func alpha(_ value: Double) -> LayerSetting { .value(LayerKeyPath("opacity")!, .number(value)) }
    func frame(_ start: Double, _ length: Double, _ settings: [LayerSetting]) -> UIViewKeyframeAnimation.Keyframe {
        .init(relativeStartTime: start, relativeDuration: length, changes: [LayerChanges(layer: 0, settings: settings)])
    }

    func timeline(_ keyframes: [UIViewKeyframeAnimation.Keyframe], mode: CalculationMode = .linear,
                  curve: TimingFunction = .linear) -> Timeline {
        let base = UIViewAnimation(duration: 1, curve: curve, changes: [])
        let k = UIViewKeyframeAnimation(base: base, calculationMode: mode, keyframes: keyframes)
        return Timeline(model: Fixture.tree(), actions: [TimedAction(time: 0, action: .animateKeyframes(k))])
    }

    @Test func keyframesHoldBetweenAndReachTheirTargets() {
        let t = timeline([frame(0, 0.5, [x(110)]), frame(0.5, 0.5, [x(60)]), frame(0.25, 0.25, [alpha(0)])])
        #expect(abs(Fixture.number(t, "position.x", at: 0.25) - 60) < 1e-9)
        #expect(abs(Fixture.number(t, "position.x", at: 0.5) - 110) < 1e-9)
        #expect(abs(Fixture.number(t, "position.x", at: 0.75) - 85) < 1e-9)
        #expect(Fixture.number(t, "opacity", at: 0.2) == 1, "held until its keyframe starts")
        #expect(abs(Fixture.number(t, "opacity", at: 0.375) - 0.5) < 1e-9)
        #expect(Fixture.number(t, "opacity", at: 0.9) == 0, "held after its keyframe ends")
        #expect(Fixture.number(t, "position.x", at: 2) == 60, "the model holds the last keyframe's value")
    }

    @Test func theOverallCurveWarpsTheKeyTimes() {
        let t = timeline([frame(0, 1, [x(110)])], curve: .easeInEaseOut)
        let expected = 10 + 100 * TimingFunction.easeInEaseOut.value(at: 0.25)
        #expect(abs(Fixture.number(t, "position.x", at: 0.25) - expected) < 1e-9)
    }

    /// animateKeyframes adds its animations under the properties' names, position included (not
    /// additively, as `animate` does): a later keyframe block of position, or a removeAnimation of
    /// "position", replaces it and its completion runs with finished = false right then. A later
    /// `animate` of position adds an additive animation and interrupts nothing.
    @Test func aKeyframeBlockOfPositionIsInterruptedWhenReplaced() {
        let done = CompletionAction(condition: .finished, action: .set([(layer: 0, changes: [alpha(0.25)])]))
        let cut = CompletionAction(condition: .interrupted, action: .set([(layer: 0, changes: [alpha(0.75)])]))
        func keyframes(at t: Double, to value: Double, completion: [CompletionAction] = []) -> TimedAction {
            var base = UIViewAnimation(duration: 1, curve: .linear, changes: [])
            base.completion = completion
            return TimedAction(time: t, action: .animateKeyframes(UIViewKeyframeAnimation(base: base, keyframes: [frame(0, 1, [x(value)])])))
        }
        let first = keyframes(at: 0, to: 110, completion: [done, cut])
        let replaced = Timeline(model: Fixture.tree(), actions: [first, keyframes(at: 0.5, to: 10)])
        #expect(replaced.actions.map(\.time) == [0, 0.5, 0.5])
        #expect(Fixture.number(replaced, "opacity", at: 0.6) == 0.75)
        let removed = Timeline(model: Fixture.tree(), actions: [first, TimedAction(time: 0.5, action: .removeAnimation(layer: 0, key: "position"))])
        #expect(removed.actions.map(\.time) == [0, 0.5, 0.5])
        #expect(Fixture.number(removed, "opacity", at: 0.6) == 0.75)
        let added = UIViewAnimation(duration: 1, curve: .linear, changes: [LayerChanges(layer: 0, settings: [x(10)])])
        let blended = Timeline(model: Fixture.tree(), actions: [first, TimedAction(time: 0.5, action: .animate(added))])
        #expect(blended.actions.map(\.time) == [0, 0.5, 1], "an additive animation replaces nothing")
        #expect(Fixture.number(blended, "opacity", at: 1) == 0.25)
    }

    @Test func discreteModeJumps() {
        let t = timeline([frame(0, 0.5, [x(110)]), frame(0.5, 0.5, [x(60)])], mode: .discrete)
        #expect(Fixture.number(t, "position.x", at: 0.1) == 10)
    }
}

/// `beginFromCurrentState` in animateKeyframes: the first keyframe value is the value on screen,
/// as for UIView.animate (core-animation-semantics.md §2.5: "fromValue ... the old model value (or the
/// presentation value with beginFromCurrentState)"; §4.4: values = [start value, each target …]).
struct UIViewKeyframeCurrentStateTests {
    func alpha(_ value: Double) -> LayerSetting { .value(LayerKeyPath("opacity")!, .number(value)) }

    func timeline(beginFromCurrentState: Bool) -> Timeline {
        let fade = UIViewAnimation(duration: 1, curve: .linear, changes: [LayerChanges(layer: 0, settings: [alpha(0)])])
        let base = UIViewAnimation(duration: 1, curve: .linear, beginFromCurrentState: beginFromCurrentState, changes: [])
        let back = UIViewKeyframeAnimation(base: base, keyframes: [
            .init(relativeStartTime: 0, relativeDuration: 1, changes: [LayerChanges(layer: 0, settings: [alpha(1)])]),
        ])
        return Timeline(model: Fixture.tree(), actions: [
            TimedAction(time: 0, action: .animate(fade)), TimedAction(time: 0.5, action: .animateKeyframes(back)),
        ])
    }

    @Test func startsFromTheOldModelValueByDefault() {
        #expect(Fixture.number(timeline(beginFromCurrentState: false), "opacity", at: 0.5) == 0)
    }

    @Test func startsFromThePresentationValueWithBeginFromCurrentState() {
        // The fade is half-way (0.5) at 0.5 s; the keyframe animation runs 0.5 → 1 from there.
        let t = timeline(beginFromCurrentState: true)
        #expect(Fixture.number(t, "opacity", at: 0.5) == 0.5)
        #expect(abs(Fixture.number(t, "opacity", at: 1) - 0.75) < 1e-12)
    }
}

extension UIViewKeyframeCurrentStateTests {
    @Test func aLaterKeyframeHoldsTheValueOnScreenUntilItStarts() {
        // The keyframe starts half-way (relative 0.5): 0.5 is held until 0.75 s, then 0.5 → 1 by 1 s.
        let fade = UIViewAnimation(duration: 1, curve: .linear, changes: [LayerChanges(layer: 0, settings: [alpha(0)])])
        let base = UIViewAnimation(duration: 0.5, curve: .linear, beginFromCurrentState: true, changes: [])
        let back = UIViewKeyframeAnimation(base: base, keyframes: [
            .init(relativeStartTime: 0.5, relativeDuration: 0.5, changes: [LayerChanges(layer: 0, settings: [alpha(1)])]),
        ])
        let t = Timeline(model: Fixture.tree(), actions: [
            TimedAction(time: 0, action: .animate(fade)), TimedAction(time: 0.5, action: .animateKeyframes(back)),
        ])
        #expect(Fixture.number(t, "opacity", at: 0.625) == 0.5)
        #expect(abs(Fixture.number(t, "opacity", at: 0.875) - 0.75) < 1e-12)
    }
}
