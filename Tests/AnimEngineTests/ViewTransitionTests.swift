import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// Transitions on the timeline (core-animation-semantics.md §9): the model changes at once, the
/// presentation tree carries the transition with its progress and the frozen snapshot of the tree
/// from just before, and completions run when it ends or is replaced.
struct ViewTransitionTests {
    func opacity(_ value: Double) -> LayerSetting { .value(LayerKeyPath("opacity")!, .number(value)) }
    func hidden(_ value: Bool) -> LayerSetting { .value(LayerKeyPath("hidden")!, .bool(value)) }

    func ca(_ type: TransitionType, at t: Double = 1, duration: Double = 2, configure: (inout ViewTransition) -> Void = { _ in }) -> TimedAction {
        var v = ViewTransition(target: .layer(0), effect: TransitionEffect(type, .fromRight), duration: duration,
                               changes: [LayerChanges(layer: 0, settings: [opacity(0.5)])])
        configure(&v)
        return TimedAction(time: t, action: .transition(v))
    }

    /// A container (0) holding `first` (1); `second` (2) is declared under it but detached.
    func containerTree() -> LayerTree {
        var tree = Fixture.tree()
        tree.append(id: "first", properties: LayerProperties(), parent: 0)
        let second = tree.append(id: "second", properties: LayerProperties(), parent: 0)
        tree.removeFromSuperlayer(second)
        return tree
    }

    /// A transition runs on its view's clock, and its completion waits for it there: 2 s on a
    /// layer at speed 0.5 end 4 s later in scene time.
    @Test func aTransitionsCompletionWaitsForItOnTheLayersClock() {
        var tree = Fixture.tree()
        tree.nodes[0].properties.timing.speed = 0.5
        let done = CompletionAction(action: .set([(layer: 0, changes: [opacity(0.25)])]))
        let timeline = Timeline(model: tree, actions: [ca(.fade) { $0.completion = [done] }])
        #expect(timeline.actions.map(\.time) == [1, 5])
        #expect(timeline.presentation(at: 4.9).nodes[0].properties.opacity == 0.5)
        #expect(timeline.presentation(at: 5).nodes[0].properties.opacity == 0.25)
    }

    @Test func modelChangesAtOnceAndTheTransitionCarriesTheOldTree() throws {
        let timeline = Timeline(model: Fixture.tree(), actions: [ca(.push)])
        let before = timeline.presentation(at: 0.5)
        #expect(before.transitions.isEmpty)
        let during = timeline.presentation(at: 1.5)
        let tr = try #require(during.transition(on: 0))
        #expect(during.nodes[0].properties.opacity == 0.5, "the model value is the new one at once")
        #expect(tr.old.nodes[0].properties.opacity == 1, "the snapshot is the tree before the changes")
        #expect(tr.effect == TransitionEffect(.push, .fromRight))
        #expect(abs(tr.progress - 0.25) < 1e-12, "CATransition's default timing is linear: 0.5 s of 2")
        #expect(timeline.presentation(at: 1).transition(on: 0)?.progress == 0, "the start is shown at progress 0")
        #expect(timeline.presentation(at: 3).transitions.isEmpty, "the end is exclusive, as for animations")
    }

    @Test func startAndEndProgressAndTheTimingFunctionShapeTheProgress() throws {
        let timeline = Timeline(model: Fixture.tree(), actions: [ca(.fade) {
            $0.startProgress = 0.2
            $0.endProgress = 0.6
            $0.timingFunction = .easeIn
        }])
        let tr = try #require(timeline.presentation(at: 1.5).transition(on: 0))
        let expected = 0.2 + TimingFunction.easeIn.value(at: 0.25) * 0.4
        #expect(abs(tr.progress - expected) < 1e-12)
    }

    @Test func theSnapshotIsFrozenAtTheStart() throws {
        // An animation in flight when the transition starts: the snapshot keeps its value at the start.
        var fade = Fixture.basic("opacity", from: .number(0), to: .number(1))
        fade.timing.duration = 4
        let timeline = Timeline(model: Fixture.tree(), actions: [TimedAction(time: 0, action: .addAnimation(layer: 0, fade)), ca(.fade)])
        let early = try #require(timeline.presentation(at: 1.2).transition(on: 0))
        let late = try #require(timeline.presentation(at: 2.8).transition(on: 0))
        #expect(abs(early.old.nodes[0].properties.opacity - 0.25) < 1e-12, "opacity at t = 1 of the 4 s fade")
        #expect(early.old == late.old, "the old rendering does not move on")
    }

    @Test func aLaterTransitionOnTheSameLayerReplacesTheFirst() throws {
        let timeline = Timeline(model: Fixture.tree(), actions: [ca(.push), ca(.fade, at: 2)])
        let during = timeline.presentation(at: 2.5)
        #expect(during.transitions.count == 1)
        let tr = try #require(during.transition(on: 0))
        #expect(tr.effect.type == .fade)
        #expect(try #require(tr.old.transition(on: 0)).effect.type == .push,
                "its snapshot shows the first transition as it was at t = 2")
    }

    @Test func transitionFromViewSwapsTheViewsInTheContainer() throws {
        var v = ViewTransition(target: .superlayer(of: 1), effect: TransitionEffect(.oglFlip, .fromLeft), duration: 0.3,
                               timingFunction: .easeInEaseOut)
        v.swap = ViewTransition.Swap(from: 1, to: 2, showsAndHides: false)
        let timeline = Timeline(model: containerTree(), actions: [TimedAction(time: 0.5, action: .transition(v))])
        #expect(timeline.presentation(at: 0.4).nodes[0].children == [1])
        let during = timeline.presentation(at: 0.575)
        #expect(during.nodes[0].children == [2], "to takes from's place at once")
        #expect(during.nodes[2].parent == 0)
        let tr = try #require(during.transition(on: 0), "the effect runs on the common superview")
        #expect(tr.old.nodes[0].children == [1])
        #expect(abs(tr.progress - TimingFunction.easeInEaseOut.value(at: 0.25)) < 1e-12, "UIKit's default curve")
    }

    @Test func showHideTransitionViewsTogglesHiddenInstead() {
        var tree = containerTree()
        tree.insert(2, into: 0, at: 1)
        tree.nodes[2].properties.isHidden = true
        var v = ViewTransition(target: .superlayer(of: 1), effect: TransitionEffect(.fade), duration: 1)
        v.swap = ViewTransition.Swap(from: 1, to: 2, showsAndHides: true)
        let after = Timeline(model: tree, actions: [TimedAction(time: 0, action: .transition(v))]).presentation(at: 2)
        #expect(after.nodes[0].children == [1, 2])
        #expect(after.nodes[1].properties.isHidden && !after.nodes[2].properties.isHidden)
    }

    @Test func transitionFromAViewNoLongerInItsSuperlayerShowsNothingAndAddsNothing() {
        // first (1) leaves the container at 0.5 s; at 1 s transition(from: first, to: second) has no
        // superview to run on (the layer's parent field still names the container it left).
        var v = ViewTransition(target: .superlayer(of: 1), effect: TransitionEffect(.fade), duration: 1)
        v.swap = ViewTransition.Swap(from: 1, to: 2, showsAndHides: false)
        let timeline = Timeline(model: containerTree(), actions: [TimedAction(time: 0.5, action: .removeFromSuperlayer(layer: 1)),
                                                                  TimedAction(time: 1, action: .transition(v))])
        let during = timeline.presentation(at: 1.5)
        #expect(during.transitions.isEmpty)
        #expect(during.nodes[0].children.isEmpty)
    }

    @Test func allowAnimatedContentAlsoAnimatesTheChanges() {
        let timeline = Timeline(model: Fixture.tree(), actions: [ca(.fade) {
            $0.animatesContent = true
            $0.timingFunction = .linear
        }])
        #expect(abs(Fixture.number(timeline, "opacity", at: 1.5) - 0.875) < 1e-12, "1 → 0.5 over 2 s, a quarter in")
        let plain = Timeline(model: Fixture.tree(), actions: [ca(.fade)])
        #expect(Fixture.number(plain, "opacity", at: 1.5) == 0.5, "without it the block's changes are not animated")
    }

    @Test func transitionNoneMakesTheChangesWithoutAnEffect() {
        let timeline = Timeline(model: Fixture.tree(), actions: [ca(.fade) { $0.effect = nil }])
        let p = timeline.presentation(at: 1.5)
        #expect(p.transitions.isEmpty && p.nodes[0].properties.opacity == 0.5)
    }

    @Test func completionRunsWhenFinishedOrWhenReplaced() {
        let done = CompletionAction(condition: .finished, action: .set([(layer: 0, changes: [hidden(true)])]))
        let cut = CompletionAction(condition: .interrupted, action: .set([(layer: 0, changes: [opacity(0.25)])]))
        let finished = Timeline(model: Fixture.tree(), actions: [ca(.push) { $0.completion = [done, cut] }])
        #expect(!finished.presentation(at: 2.99).nodes[0].properties.isHidden)
        #expect(finished.presentation(at: 3).nodes[0].properties.isHidden, "finished at 1 + 2 s")
        #expect(finished.presentation(at: 3).nodes[0].properties.opacity == 0.5)
        let replaced = Timeline(model: Fixture.tree(), actions: [ca(.push) { $0.completion = [done, cut] }, ca(.fade, at: 2)])
        let p = replaced.presentation(at: 2)
        #expect(p.nodes[0].properties.opacity == 0.25 && !p.nodes[0].properties.isHidden, "finished = false at t = 2")
    }
}
