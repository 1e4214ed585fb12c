import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// CABasicAnimation: Apple's from/to/by table against the model value, additive, cumulative,
/// and several animations on one key path (§2.4, §3.1, §3.2). The model position.x is 10.
struct BasicAnimationTests {
    func x(_ a: Animation, at t: Double) -> Double {
        Fixture.number(Fixture.timeline([a]), "position.x", at: t)
    }

    @Test(arguments: [
        // (from, to, by, value at 0, value at 0.5)
        (Double?(100), Double?(200), Double?.none, 100.0, 150.0),
        (100, nil, 50, 100, 125),
        (nil, 200, 50, 150, 175),
        (100, nil, nil, 100, 55),
        (nil, 200, nil, 10, 105),
        (nil, nil, 50, 10, 35),
        (nil, nil, nil, 10, 10),
    ])
    func fromToByTable(from: Double?, to: Double?, by: Double?, start: Double, middle: Double) {
        let a = Fixture.basic("position.x", from: from.map { .number($0) }, to: to.map { .number($0) }, by: by.map { .number($0) })
        #expect(x(a, at: 0) == start)
        #expect(x(a, at: 0.5) == middle)
    }

    @Test func additiveAddsToTheModel() {
        let a = Fixture.basic("position.x", from: .number(0), to: .number(100), additive: true)
        #expect(x(a, at: 0.25) == 35)
    }

    @Test func cumulativeStartsEachCycleAtTheLastEnd() {
        let a = Fixture.basic("position.x", from: .number(0), to: .number(100), cumulative: true) {
            $0.timing.repeatCount = 3
        }
        #expect(x(a, at: 0.5) == 50)
        #expect(x(a, at: 1.5) == 150)
        #expect(x(a, at: 2.25) == 225)
    }

    @Test func laterAnimationsWinAndAdditiveOnesStack() {
        let first = Fixture.basic("position.x", from: .number(100), to: .number(200))
        let second = Fixture.basic("position.x", from: .number(300), to: .number(300))
        let shake = Fixture.basic("position.x", from: .number(0), to: .number(10), additive: true)
        #expect(Fixture.number(Fixture.timeline([first, second]), "position.x", at: 0.5) == 300)
        #expect(Fixture.number(Fixture.timeline([first, shake]), "position.x", at: 0.5) == 155)
        #expect(Fixture.number(Fixture.timeline([shake, first]), "position.x", at: 0.5) == 150, "a later absolute one replaces")
    }

    @Test func sameKeyReplacesTheEarlierAnimation() {
        var first = Fixture.basic("opacity", from: .number(0), to: .number(0))
        first.key = "fade"
        var second = Fixture.basic("opacity", from: .number(0.5), to: .number(0.5))
        second.key = "fade"
        let timeline = Timeline(model: Fixture.tree(), actions: [
            TimedAction(time: 0, action: .addAnimation(layer: 0, first)),
            TimedAction(time: 0.1, action: .addAnimation(layer: 0, second)),
        ])
        #expect(Fixture.number(timeline, "opacity", at: 0.05) == 0)
        #expect(Fixture.number(timeline, "opacity", at: 0.5) == 0.5)
    }

    @Test func subPathsOfStructsInterpolate() {
        let a = Fixture.basic("bounds.size.width", to: .number(200))
        let b = Fixture.basic("shadowOffset.height", from: .number(0), to: .number(10))
        let c = Fixture.basic("anchorPoint", to: .point(Point(x: 0, y: 1)))
        let timeline = Fixture.timeline([a, b, c])
        let p = timeline.presentation(at: 0.5).nodes[0].properties
        #expect(p.bounds.size.width == 150 && p.bounds.size.height == 50)
        #expect(p.shadowOffset == Size(width: 0, height: 5))
        #expect(p.anchorPoint == Point(x: 0.25, y: 0.75))
    }

    @Test func coloursInterpolatePremultiplied() {
        let a = Fixture.basic("backgroundColor", from: .color(.clear), to: .color(Color(red: 1, green: 0, blue: 0)))
        guard case let .color(c) = Fixture.value(Fixture.timeline([a]), "backgroundColor", at: 0.5) else {
            Issue.record("expected a colour")
            return
        }
        #expect(c.alpha == 0.5 && c.red == 1, "no darkening through black")
    }

    @Test func springRunsInSecondsAndIgnoresTheTimingFunction() {
        var spring = Spring()
        spring.damping = 10
        var a = Animation(timingFunction: .easeIn, content: .spring(SpringAnimation(
            basic: BasicAnimation(keyPath: LayerKeyPath("position.x")!, fromValue: .number(0), toValue: .number(100)),
            spring: spring)))
        a.timing.duration = 2
        let timeline = Fixture.timeline([a])
        // Reference §5.2 check values for (m 1, k 100, c 10): t = 0.1 → 0.340300, 0.5 → 1.074591.
        #expect(abs(Fixture.number(timeline, "position.x", at: 0.1) - 34.0300) < 1e-4)
        #expect(abs(Fixture.number(timeline, "position.x", at: 0.5) - 107.4591) < 1e-4)
    }

    @Test func springCutShortHoldsItsValueAtDurationWhenFilledAndShowsTheModelWhenRemoved() {
        // (m 1, k 100, c 10) cut off at 0.1 s, long before it settles (reference §5.1, docs/scene-format.md):
        // filled forwards it holds its value at 0.1 s (0.340300 of the way, §5.2); removed, the model (10) shows.
        func cut(_ configure: (inout Animation) -> Void) -> Timeline {
            var spring = Spring()
            spring.damping = 10
            var a = Animation(content: .spring(SpringAnimation(
                basic: BasicAnimation(keyPath: LayerKeyPath("position.x")!, fromValue: .number(0), toValue: .number(100)),
                spring: spring)))
            a.timing.duration = 0.1
            configure(&a)
            return Fixture.timeline([a])
        }
        let held = cut { $0.timing.fillMode = .forwards; $0.removedOnCompletion = false }
        #expect(abs(Fixture.number(held, "position.x", at: 0.5) - 34.0300) < 1e-4)
        #expect(Fixture.number(cut { _ in }, "position.x", at: 0.5) == 10)
    }
}
