import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// UIKit block animations at the edges of core-animation-semantics.md §2.5, §3.2, §4.4 and §5.3:
/// the spring's initial velocity in distances per second, keyframes in paced mode and during a
/// delay, and the additive keys. The fixture layer sits at position (10, 20) with opacity 1.
struct UIViewEdgeCaseTests {
    func x(_ value: Double) -> LayerSetting { .value(LayerKeyPath("position.x")!, .number(value)) }

    func contentsX(_ value: Double) -> LayerSetting {
        .value(LayerKeyPath("contentsRect")!, .rect(Rect(x: value, y: 0, width: 1, height: 1)))
    }

    func animate(at t: Double, _ configure: (inout UIViewAnimation) -> Void, _ settings: [LayerSetting]) -> TimedAction {
        var a = UIViewAnimation(duration: 1, changes: [LayerChanges(layer: 0, settings: settings)])
        configure(&a)
        return TimedAction(time: t, action: .animate(a))
    }

    func keyframes(_ frames: [(start: Double, length: Double, x: Double)], mode: CalculationMode = .linear,
                   delay: Double = 0) -> Timeline {
        let base = UIViewAnimation(duration: 1, delay: delay, curve: .linear, changes: [])
        let k = UIViewKeyframeAnimation(base: base, calculationMode: mode, keyframes: frames.map {
            .init(relativeStartTime: $0.start, relativeDuration: $0.length, changes: [LayerChanges(layer: 0, settings: [x($0.x)])])
        })
        return Timeline(model: Fixture.tree(), actions: [TimedAction(time: 0, action: .animateKeyframes(k))])
    }

    func close(_ actual: Double, _ expected: Double, _ tolerance: Double, _ what: String,
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(actual - expected) <= tolerance, "\(what): \(actual) vs \(expected)", sourceLocation: sourceLocation)
    }

    @Test func initialSpringVelocityIsInWholeDistancesPerSecond() {
        // §5.3: "for a 200 pt move, 100 pt/s → v = 0.5". A 200 pt move (10 → 210) with v = 0.5 leaves
        // at 100 pt/s. Slope over h = 1 µs: the spring's acceleration (≈ 1.3e5 pt/s²) adds ≈ 0.06 pt/s.
        let spring = Spring.uiView(duration: 0.5, dampingRatio: 0.5, initialVelocity: 0.5)
        let t = Timeline(model: Fixture.tree(), actions: [animate(at: 0, { $0.duration = 0.5; $0.spring = spring }, [x(210)])])
        let h = 1e-6
        close((Fixture.number(t, "position.x", at: h) - 10) / h, 100, 0.2, "initial speed in pt/s")
    }

    @Test func pacedKeyframesIgnoreTheRelativeTimes() {
        // §4.4: "In paced modes the relative start/duration are ignored". Values 10, 110, 60 (distances
        // 100 and 50) → key times 0, ⅔, 1 instead of the keyframes' 0, 0.1, 1: at ⅓ half-way to 110
        // (60), at ⅚ half-way back (85).
        let t = keyframes([(0, 0.1, 110), (0.1, 0.9, 60)], mode: .paced)
        close(Fixture.number(t, "position.x", at: 1.0 / 3), 60, 1e-9, "t ⅓")
        close(Fixture.number(t, "position.x", at: 5.0 / 6), 85, 1e-9, "t ⅚")
    }

    @Test func keyframesShowTheStartValueDuringTheDelay() {
        // §4.4: fillMode both, so the old value (10) shows during the delay while the model is at 110.
        let t = keyframes([(0, 1, 110)], delay: 0.5)
        #expect(Fixture.number(t, "position.x", at: 0.25) == 10)
        close(Fixture.number(t, "position.x", at: 1), 60, 1e-9, "half-way, 0.5 s after the delay")
    }

    @Test func contentsRectAnimatesAdditively() {
        // §3.2: UIKit animates position, bounds, contentsRect and contentsCenter additively (old − new →
        // 0). Two linear 1 s moves of contentsRect.origin.x, 0 → 0.5 at 0 s and → 1 at 0.5 s: at 0.5 s the
        // first has −0.5·½ left and the second starts at −0.5 over the model 1: 0.25, no jump. At 1 s the
        // first has ended and the second is half-way: 1 − 0.25.
        let t = Timeline(model: Fixture.tree(), actions: [
            animate(at: 0, { $0.curve = .linear }, [contentsX(0.5)]),
            animate(at: 0.5, { $0.curve = .linear }, [contentsX(1)]),
        ])
        func rectX(_ time: Double) -> Double {
            guard case let .rect(r) = Fixture.value(t, "contentsRect", at: time) else { return .nan }
            return r.origin.x
        }
        close(rectX(0.25), 0.125, 1e-12, "first animation a quarter in")
        close(rectX(0.5), 0.25, 1e-12, "the second blends in")
        close(rectX(1), 0.75, 1e-12, "the second half-way")
    }
}
