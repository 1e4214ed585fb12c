import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// Edge cases of core-animation-semantics.md §2.3 (groups whose beginTime lies ahead, nested
/// groups), §3.2 (cumulative with a fractional repeat, additive keyframes) and §4.1 (paced keyframes
/// with a repeated value), through the engine. The model layer of `Fixture.tree()` has position
/// (10, 20) and opacity 1; expected numbers are worked by hand in the comments.
struct ReferenceEdgeCaseTests {
    func close(_ actual: Double, _ expected: Double, _ what: String, tolerance: Double = 1e-12,
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(actual - expected) <= tolerance, "\(what): \(actual) vs \(expected)", sourceLocation: sourceLocation)
    }

    func fade(_ configure: (inout Animation) -> Void = { _ in }) -> Animation {
        Fixture.basic("opacity", from: .number(0), to: .number(1), configure: configure)
    }

    func group(_ children: [Animation], duration: Double, _ configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var g = Animation(content: .group(AnimationGroup(animations: children)))
        g.timing.duration = duration
        configure(&g)
        return g
    }

    // MARK: §2.3 groups

    @Test func groupFillingBackwardsBeforeItsBeginTimeShowsItsChildrenAtGroupTimeZero() {
        // Group beginTime 2, fillMode backwards: before 2 s the group sits at its local time 0. A child
        // starting at 0 shows its start (0); a child starting at 1 s without a fill shows nothing (the
        // model, 1); with fillMode backwards it holds its start (0).
        let starts = Fixture.timeline([group([fade()], duration: 3) { $0.timing.beginTime = 2; $0.timing.fillMode = .backwards }])
        #expect(Fixture.number(starts, "opacity", at: 1) == 0)
        let late = Fixture.timeline([group([fade { $0.timing.beginTime = 1 }], duration: 3) {
            $0.timing.beginTime = 2; $0.timing.fillMode = .backwards
        }])
        #expect(Fixture.number(late, "opacity", at: 1) == 1, "the child's own fill decides inside the group")
        let held = Fixture.timeline([group([fade { $0.timing.beginTime = 1; $0.timing.fillMode = .backwards }], duration: 3) {
            $0.timing.beginTime = 2; $0.timing.fillMode = .both
        }])
        #expect(Fixture.number(held, "opacity", at: 1) == 0)
        #expect(Fixture.number(held, "opacity", at: 3.5) == 0.5, "group time 1.5, child time 0.5")
    }

    @Test func groupWithoutABackwardsFillShowsNothingBeforeItsBeginTime() {
        // The group's fillMode governs outside its active time, whatever the children's fills.
        let t = Fixture.timeline([group([fade { $0.timing.fillMode = .both }], duration: 3) { $0.timing.beginTime = 2 }])
        #expect(Fixture.number(t, "opacity", at: 1) == 1)
        #expect(Fixture.number(t, "opacity", at: 2.25) == 0.25)
    }

    @Test func nestedGroupsAddTheirBeginTimes() {
        // Outer begins at 1 s, inner at 1 s of the outer's time, the child at 0.5 s of the inner's:
        // at scene time 2.75 the outer is at 1.75, the inner at 0.75, the child at 0.25.
        let inner = group([fade { $0.timing.beginTime = 0.5 }], duration: 2) { $0.timing.beginTime = 1 }
        let t = Fixture.timeline([group([inner], duration: 4) { $0.timing.beginTime = 1 }])
        close(Fixture.number(t, "opacity", at: 2.75), 0.25, "child 0.25 s in")
        #expect(Fixture.number(t, "opacity", at: 2.25) == 1, "before the child starts: the model")
    }

    @Test func nestedGroupSpeedsMultiply() {
        // Outer speed 2, inner speed 2: the child's 1 s runs in 0.25 s of scene time.
        let inner = group([fade()], duration: 4) { $0.timing.speed = 2 }
        let t = Fixture.timeline([group([inner], duration: 4) { $0.timing.speed = 2 }])
        close(Fixture.number(t, "opacity", at: 0.125), 0.5, "child at 0.5 s")
    }

    // MARK: §3.2 cumulative and additive

    @Test func cumulativeWithAFractionalRepeatCountHoldsMidCycle() {
        // position.x 0 → 10, cumulative, repeatCount 2.5, filling forwards: cycle k adds k·10. At 1.5 s:
        // 5 + 10; the end state is cycle 2 at u = ½ (§2.2 step 8): 5 + 20 = 25.
        let a = Fixture.basic("position.x", from: .number(0), to: .number(10), cumulative: true) {
            $0.timing.repeatCount = 2.5
            $0.timing.fillMode = .forwards
            $0.removedOnCompletion = false
        }
        let t = Fixture.timeline([a])
        close(Fixture.number(t, "position.x", at: 1.5), 15, "cycle 1")
        close(Fixture.number(t, "position.x", at: 9), 25, "held end of the partial third cycle")
    }

    @Test func additiveKeyframesAddToWhatIsThere() {
        // Additive keyframes 0, 20, 0 on position.x over the model 10: 10 + 10 at ¼, 10 + 20 at ½. Over a
        // non-additive basic animation 100 → 200 added first: 150 + 20 at ½.
        let k = KeyframeAnimation(keyPath: LayerKeyPath("position.x")!, values: [.number(0), .number(20), .number(0)],
                                  isAdditive: true)
        var shake = Animation(content: .keyframe(k))
        shake.timing.duration = 1
        let alone = Fixture.timeline([shake])
        close(Fixture.number(alone, "position.x", at: 0.25), 20, "model + 10")
        close(Fixture.number(alone, "position.x", at: 0.5), 30, "model + 20")
        let move = Fixture.basic("position.x", from: .number(100), to: .number(200))
        let stacked = Fixture.timeline([move, shake])
        close(Fixture.number(stacked, "position.x", at: 0.5), 170, "150 + 20")
    }

    // MARK: §4.1 paced mode

    @Test func pacedModeWithARepeatedValue() {
        // values 0, 10, 10, 30: distances 10, 0, 20 → key times 0, ⅓, ⅓, 1. The repeated value takes no
        // time: p = ¼ → 7.5, p = ⅓ → 10, p = ½ → 10 + 20·¼ = 15, p = ⅚ → 10 + 20·¾ = 25.
        let k = KeyframeAnimation(keyPath: LayerKeyPath("position.x")!,
                                  values: [0, 10, 10, 30].map { .number($0) }, calculationMode: .paced)
        func x(_ p: Double) -> Double {
            if case let .number(v) = k.value(progress: p, cycle: 0) { return v }
            return .nan
        }
        close(x(0.25), 7.5, "p ¼")
        close(x(1.0 / 3), 10, "p ⅓")
        close(x(0.5), 15, "p ½")
        close(x(5.0 / 6), 25, "p ⅚")
        close(x(1), 30, "p 1")
    }
}
