import Testing
import AnimEngine
import AnimGeometry
import AnimLayers

/// A layer's own beginTime/speed/timeOffset govern its animations and its subtree (§2.2 step 1),
/// and the QA1673 pause/resume verbs reproduce Apple's recipe.
struct LayerTimeTests {
    @Test func layerSpeedsMultiplyDownTheTree() {
        var tree = Fixture.tree(layers: 2, nested: true)
        tree.nodes[0].properties.timing.speed = 2
        tree.nodes[1].properties.timing.speed = 2
        #expect(tree.localTimes(at: 1) == [2, 4])
        let timeline = Fixture.timeline([Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 8 }], tree: tree, layer: 1)
        #expect(Fixture.number(timeline, "opacity", at: 1, layer: 1) == 0.5, "four times faster: 4 of 8 seconds")
    }

    @Test func layerOffsetAndBeginTimeShiftLocalTime() {
        var timing = LayerTiming(beginTime: 1, speed: 0.5, timeOffset: 3)
        #expect(timing.localTime(parentTime: 5) == 5)
        timing.speed = 0
        #expect(timing.localTime(parentTime: 100) == 3)
    }

    @Test func animationsAddedLaterBeginAtTheLayersLocalNow() {
        var tree = Fixture.tree()
        tree.nodes[0].properties.timing.speed = 2
        let a = Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 2 }
        let timeline = Timeline(model: tree, actions: [TimedAction(time: 1, action: .addAnimation(layer: 0, a))])
        // Added at scene time 1 = local time 2; at scene 1.25 local time is 2.5: a quarter of 2 s.
        #expect(Fixture.number(timeline, "opacity", at: 1.25) == 0.25)
    }

    @Test func pauseFreezesAndResumeContinuesWhereItStopped() {
        let tree = Fixture.tree(layers: 2, nested: true)
        let spin = Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 4 }
        let timeline = Fixture.timeline([spin], tree: tree, layer: 1, extra: [
            TimedAction(time: 1, action: .pause(layer: 0)), TimedAction(time: 3, action: .resume(layer: 0)),
        ])
        #expect(Fixture.number(timeline, "opacity", at: 0.5, layer: 1) == 0.125)
        #expect(Fixture.number(timeline, "opacity", at: 2, layer: 1) == 0.25, "paused at 1 s of 4")
        #expect(Fixture.number(timeline, "opacity", at: 3, layer: 1) == 0.25)
        #expect(Fixture.number(timeline, "opacity", at: 4, layer: 1) == 0.5, "two seconds of play in total")
        let props = timeline.presentation(at: 2).nodes[0].properties.timing
        #expect(props.speed == 0 && props.timeOffset == 1)
        let resumed = timeline.presentation(at: 4).nodes[0].properties.timing
        #expect(resumed.speed == 1 && resumed.timeOffset == 0 && resumed.beginTime == 2)
    }
}
