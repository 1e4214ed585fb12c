import AnimEngine
import AnimGeometry
import AnimLayers
import AnimPhysics
import Testing

/// Many `dynamics` actions on one view cost time in proportion to their number: the presentation
/// tree is built only for items entering the animator, and an update does not go over every
/// behaviour added before. 8,000 pushes on one item took 31 s (each action rebuilt the tree from
/// every earlier action, and the world from every earlier push); 2,000 took 1.9 s.
struct DynamicsManyActionsTests {
    @Test func eightThousandPushesOnOneView() {
        let s = DynamicsTimelineTests.Scene()
        let pushes = (1...8000).map { k in
            TimedAction(time: 0.5 + Double(k) / 120, action: .dynamics(DynamicsAction(referenceView: s.container, behaviors: [
                .push(PushBehavior(items: [s.ball], mode: .instantaneous, angle: Double(k), magnitude: 0.05)),
            ])))
        }
        let started = ContinuousClock.now
        let timeline = Timeline(model: s.tree, actions: [s.fall(at: 0.5)] + pushes, dynamicsEnd: 80)
        #expect(ContinuousClock.now - started < .seconds(10))
        guard case let .dynamics(push) = timeline.actions[4000].action else {
            Issue.record("no dynamics action")
            return
        }
        #expect(push.track?.stepCount == 2, "a push's stretch is its pose and one step")
    }
}
