import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// CAAnimationGroup: children in the group's seconds, clipped to its active time (§2.3).
struct GroupTests {
    func group(_ children: [Animation], configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var g = Animation(content: .group(AnimationGroup(animations: children)))
        g.timing.duration = 2
        configure(&g)
        return g
    }

    @Test func childrenRunInSecondsAndAreClipped() {
        let long = Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 10 }
        let timeline = Fixture.timeline([group([long])])
        #expect(Fixture.number(timeline, "opacity", at: 1) == 0.1, "not scaled to the group")
        #expect(Fixture.number(timeline, "opacity", at: 2.5) == 1, "clipped: the model value after the group")
    }

    @Test func childWithoutDurationSpansTheGroup() {
        let child = Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 0 }
        let timeline = Fixture.timeline([group([child])])
        #expect(Fixture.number(timeline, "opacity", at: 1) == 0.5)
    }

    @Test func childBeginTimeIsAnOffsetFromTheGroupStart() {
        let child = Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.beginTime = 1 }
        var held = child
        held.timing.fillMode = .backwards
        let timeline = Fixture.timeline([group([child]) { $0.timing.beginTime = 0.5 }])
        #expect(Fixture.number(timeline, "opacity", at: 1) == 1, "before the child starts: the model")
        #expect(Fixture.number(timeline, "opacity", at: 2) == 0.5)
        let filled = Fixture.timeline([group([held]) { $0.timing.beginTime = 0.5 }])
        #expect(Fixture.number(filled, "opacity", at: 1) == 0, "the child's backwards fill holds its start")
    }

    @Test func groupFillHoldsChildrenEndValues() {
        let child = Fixture.basic("position.x", to: .number(300)) { $0.timing.duration = 0 }
        let timeline = Fixture.timeline([group([child]) { $0.timing.fillMode = .forwards; $0.removedOnCompletion = false }])
        #expect(Fixture.number(timeline, "position.x", at: 5) == 300)
        let removed = Fixture.timeline([group([child]) { $0.timing.fillMode = .forwards }])
        #expect(Fixture.number(removed, "position.x", at: 5) == 10, "removed on completion: back to the model")
    }

    @Test func groupTimingFunctionWarpsChildrenTime() {
        let child = Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 0 }
        let timeline = Fixture.timeline([group([child]) { $0.timingFunction = .easeIn }])
        let expected = TimingFunction.easeIn.value(at: 0.5)
        #expect(abs(Fixture.number(timeline, "opacity", at: 1) - expected) < 1e-12)
    }

    @Test func groupAutoreverseMirrorsChildren() {
        let child = Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 0 }
        let timeline = Fixture.timeline([group([child]) { $0.timing.autoreverses = true }])
        #expect(Fixture.number(timeline, "opacity", at: 3) == 0.5)
        #expect(Fixture.number(timeline, "opacity", at: 3.5) == 0.25)
    }
}
