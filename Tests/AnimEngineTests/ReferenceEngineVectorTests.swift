import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// Vectors of core-animation-semantics.md §1.3, §2.2–2.3, §3, §4 and §6 checked through the public
/// engine API (Timeline → presentation tree), for the cases no other engine test asserted. Where the
/// reference gives a rule rather than a number, the expected numbers are worked by hand from that
/// rule in the comments. The model layer of `Fixture.tree()` has position (10, 20), opacity 1.
struct ReferenceEngineVectorTests {
    func close(_ actual: Double, _ expected: Double, _ tolerance: Double, _ what: String,
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(actual - expected) <= tolerance, "\(what): \(actual) vs \(expected)", sourceLocation: sourceLocation)
    }

    func closeTransform(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9, _ what: String,
                        sourceLocation: SourceLocation = #_sourceLocation) {
        let worst = zip(a.elements, b.elements).map { abs($0 - $1) }.max() ?? .nan
        #expect(worst <= tolerance, "\(what): \(a) vs \(b)", sourceLocation: sourceLocation)
    }

    func closePoint(_ a: Point, _ b: Point, _ tolerance: Double = 1e-12, _ what: String,
                    sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance, "\(what): \(a) vs \(b)",
                sourceLocation: sourceLocation)
    }

    func properties(_ timeline: Timeline, at t: Double) -> LayerProperties {
        timeline.presentation(at: t).nodes[0].properties
    }

    // MARK: §1.3 where the timing function applies

    @Test func autoreverseMirrorsTheEasedForwardPass() {
        // easeIn over 1 s, autoreversing, position.x 0 → 100. Forward u = t, backward u = 2 − t,
        // progress easeIn(u) from the §1.2 table: easeIn(0.25) = 0.093465, easeIn(0.75) = 0.621862.
        let a = Fixture.basic("position.x", from: .number(0), to: .number(100)) {
            $0.timingFunction = .easeIn
            $0.timing.autoreverses = true
        }
        let timeline = Fixture.timeline([a])
        close(Fixture.number(timeline, "position.x", at: 0.25), 9.3465, 5e-5, "forward 0.25")
        close(Fixture.number(timeline, "position.x", at: 0.75), 62.1862, 5e-5, "forward 0.75")
        close(Fixture.number(timeline, "position.x", at: 1.25), 62.1862, 5e-5, "backward 1.25 = mirror of 0.75")
        close(Fixture.number(timeline, "position.x", at: 1.75), 9.3465, 5e-5, "backward 1.75 = mirror of 0.25")
    }

    @Test func keyframeAnimationTimingFunctionWarpsTimeBeforeTheSegmentLookup() {
        // values 0, 10, 20 (key times 0, ½, 1) with the animation's timingFunction easeIn: at t = 0.5
        // the overall progress is easeIn(0.5) = 0.315357, i.e. segment 0 at f = 0.630714 → 6.30714.
        let k = KeyframeAnimation(keyPath: LayerKeyPath("position.x")!, values: [.number(0), .number(10), .number(20)])
        var a = Animation(timingFunction: .easeIn, content: .keyframe(k))
        a.timing.duration = 1
        let timeline = Fixture.timeline([a])
        close(Fixture.number(timeline, "position.x", at: 0.5), 6.30714, 1e-5, "t 0.5")
        // easeIn(0.75) = 0.621862 → segment 1 at f = 0.243724 → 12.43724.
        close(Fixture.number(timeline, "position.x", at: 0.75), 12.43724, 1e-5, "t 0.75")
    }

    // MARK: §2.1–2.2 defaults through the engine

    @Test func zeroDurationAndRemovedOnCompletionDefaults() {
        // duration 0 → 0.25 s (step 4); removedOnCompletion YES, so a forwards fill alone does not stick.
        let a = Fixture.basic("opacity", from: .number(0), to: .number(0.5)) {
            $0.timing.duration = 0
            $0.timing.fillMode = .forwards
        }
        #expect(a.removedOnCompletion)
        let timeline = Fixture.timeline([a])
        close(Fixture.number(timeline, "opacity", at: 0.125), 0.25, 1e-12, "half of 0.25 s")
        close(Fixture.number(timeline, "opacity", at: 0.3), 1, 0, "removed: the model value")
        var kept = a
        kept.removedOnCompletion = false
        close(Fixture.number(Fixture.timeline([kept]), "opacity", at: 0.3), 0.5, 0, "forwards sticks with removedOnCompletion NO")
    }

    // MARK: §2.3 groups: the reference's two examples

    @Test func tenSecondChildInAFiveSecondGroupShowsOnlyItsFirstFiveSeconds() {
        let child = Fixture.basic("opacity", from: .number(0), to: .number(1)) { $0.timing.duration = 10 }
        func group(_ configure: (inout Animation) -> Void = { _ in }) -> Animation {
            var g = Animation(content: .group(AnimationGroup(animations: [child])))
            g.timing.duration = 5
            configure(&g)
            return g
        }
        let plain = Fixture.timeline([group()])
        close(Fixture.number(plain, "opacity", at: 4), 0.4, 1e-12, "4 s of 10, not scaled to the group")
        close(Fixture.number(plain, "opacity", at: 6), 1, 0, "after the group: the model")
        let held = Fixture.timeline([group { $0.timing.fillMode = .forwards; $0.removedOnCompletion = false }])
        close(Fixture.number(held, "opacity", at: 6), 0.5, 1e-12, "the last frame shown is the child at 5 s")
    }

    @Test func childBeginningOneSecondIntoAThreeSecondGroupNeedsABackwardsFill() {
        let child = Fixture.basic("opacity", from: .number(0.2), to: .number(0.6)) { $0.timing.beginTime = 1 }
        func group(_ c: Animation) -> Animation {
            var g = Animation(content: .group(AnimationGroup(animations: [c])))
            g.timing.duration = 3
            return g
        }
        let unfilled = Fixture.timeline([group(child)])
        close(Fixture.number(unfilled, "opacity", at: 0.5), 1, 0, "0–1 s without a fill: the model")
        close(Fixture.number(unfilled, "opacity", at: 1.5), 0.4, 1e-12, "half-way through the child")
        var backwards = child
        backwards.timing.fillMode = .backwards
        let filled = Fixture.timeline([group(backwards)])
        close(Fixture.number(filled, "opacity", at: 0.5), 0.2, 0, "0–1 s with fillMode backwards: the start value")
        close(Fixture.number(filled, "opacity", at: 2.5), 1, 0, "after the child, inside the group, no forwards fill")
    }

    // MARK: §3.4 transform key paths

    @Test func transformScaleReadsTheAverageAndWritesAllThreeAxes() {
        // Model scale (1, 2, 3): transform.scale reads (1 + 2 + 3)/3 = 2. A by-only animation of +1
        // runs 2 → 3, and at half-way writes 2.5 to all three axes.
        var tree = Fixture.tree()
        tree.nodes[0].properties.transform = .scale(1, 2, 3)
        #expect(LayerKeyPath("transform.scale")!.get(tree.nodes[0].properties) == .number(2))
        let grow = Fixture.basic("transform.scale", by: .number(1))
        let timeline = Fixture.timeline([grow], tree: tree)
        closeTransform(properties(timeline, at: 0.5).transform, .scale(2.5, 2.5, 2.5), 1e-12, "uniform 2.5")
    }

    @Test func transformRotationIsRotationZAndSpinsOnceFromZeroToTwoPi() {
        let spin = Fixture.basic("transform.rotation", from: .number(0), to: .number(2 * Double.pi))
        let timeline = Fixture.timeline([spin])
        for (t, angle) in [(0.25, Double.pi / 2), (0.5, Double.pi), (0.75, 3 * Double.pi / 2)] {
            closeTransform(properties(timeline, at: t).transform, .rotation(angle, axis: 0, 0, 1), 1e-12, "t \(t)")
        }
        let z = Fixture.timeline([Fixture.basic("transform.rotation.z", from: .number(0), to: .number(2 * Double.pi))])
        #expect(properties(z, at: 0.3).transform == properties(timeline, at: 0.3).transform, "rotation = rotation.z")
    }

    // MARK: §4.1 paced scalars

    @Test func pacedScalarsUseAbsoluteDifferences() {
        // values 0, 10, 40: distances 10 and 30, so key times 0, 0.25, 1 (keyTimes given are ignored).
        let k = KeyframeAnimation(keyPath: LayerKeyPath("position.x")!, values: [.number(0), .number(10), .number(40)],
                                  keyTimes: [0, 0.9, 1], calculationMode: .paced)
        var a = Animation(content: .keyframe(k))
        a.timing.duration = 1
        let timeline = Fixture.timeline([a])
        for (t, x) in [(0.125, 5.0), (0.25, 10), (0.5, 20), (0.75, 30)] {
            close(Fixture.number(timeline, "position.x", at: t), x, 1e-12, "t \(t)")
        }
    }

    // MARK: §4.2 Kochanek–Bartels continuity and bias

    func cubic(continuity: [Double] = [], bias: [Double] = []) -> KeyframeAnimation {
        KeyframeAnimation(keyPath: LayerKeyPath("position.x")!, values: [0, 10, 30, 20].map { .number($0) },
                          calculationMode: .cubic, continuityValues: continuity, biasValues: bias)
    }

    func number(_ k: KeyframeAnimation, _ p: Double) -> Double {
        if case let .number(x) = k.value(progress: p, cycle: 0) { return x }
        return .nan
    }

    @Test func continuityAtOneKeyframe() {
        // c = 0.5 at P1 (values 0, 10, 30, 20; chords 10, 20, −10; P₋₁ = P₀, P₄ = P₃).
        // Segment 0: M0 = ½·0 + ½·10 = 5; incoming at P1 = (1−c)/2·10 + (1+c)/2·20 = 2.5 + 15 = 17.5;
        //   H(½) = ½·0 + ⅛·5 + ½·10 − ⅛·17.5 = 3.4375.
        // Segment 1: outgoing at P1 = (1+c)/2·10 + (1−c)/2·20 = 7.5 + 5 = 12.5; incoming at P2 = ½·20 + ½·(−10) = 5;
        //   H(½) = ½·10 + ⅛·12.5 + ½·30 − ⅛·5 = 20.9375.
        let k = cubic(continuity: [0, 0.5, 0, 0])
        close(number(k, 1.0 / 6), 3.4375, 1e-12, "segment 0 middle")
        close(number(k, 0.5), 20.9375, 1e-12, "segment 1 middle")
        close(number(k, 1.0 / 3), 10, 1e-12, "still through the keyframe")
    }

    @Test func biasAtOneKeyframe() {
        // b = 0.5 at P1: incoming at P1 = (1+b)/2·10 + (1−b)/2·20 = 12.5 → segment 0 H(½) = 0.625 + 5 − 1.5625 = 4.0625;
        // outgoing at P1 = 12.5 as well → segment 1 H(½) = 20.9375.
        let k = cubic(bias: [0, 0.5, 0, 0])
        close(number(k, 1.0 / 6), 4.0625, 1e-12, "segment 0 middle")
        close(number(k, 0.5), 20.9375, 1e-12, "segment 1 middle")
        // b = −0.5: outgoing at P1 = ¼·10 + ¾·20 = 17.5 → segment 1 H(½) = 5 + 2.1875 + 15 − 0.625 = 21.5625.
        close(number(cubic(bias: [0, -0.5, 0, 0]), 0.5), 21.5625, 1e-12, "negative bias")
    }

    @Test func cubicThroughTheEngine() {
        // The Catmull–Rom case through a Timeline: tangent (P₂ − P₀)/2 = 15 at P1 and (P₃ − P₁)/2 = 5
        // at P2, so the middle of segment 1 is ½·10 + ⅛·15 + ½·30 − ⅛·5 = 21.25 at t = 1.5 of 3 s.
        var a = Animation(content: .keyframe(cubic()))
        a.timing.duration = 3
        close(Fixture.number(Fixture.timeline([a]), "position.x", at: 1.5), 21.25, 1e-12, "segment 1 middle")
    }

    // MARK: §4.3 path animations

    func pathAnimation(_ build: (inout Path) -> Void, mode: RotationMode? = nil) -> Animation {
        var path = Path()
        build(&path)
        var a = Animation(content: .path(PathAnimation(keyPath: LayerKeyPath("position")!, segments: path.segments,
                                                       rotationMode: mode)))
        a.timing.duration = 1
        return a
    }

    @Test func everyElementEndIsAKeyframeWithAnEqualShareOfTime() {
        // Two lines of lengths 100 and 300: each takes half the time (not paced).
        let a = pathAnimation {
            $0.move(to: Point(x: 0, y: 0)); $0.line(to: Point(x: 100, y: 0)); $0.line(to: Point(x: 100, y: 300))
        }
        let timeline = Fixture.timeline([a])
        closePoint(properties(timeline, at: 0.25).position, Point(x: 50, y: 0), 1e-12, "t 0.25")
        closePoint(properties(timeline, at: 0.75).position, Point(x: 100, y: 150), 1e-12, "t 0.75")
    }

    @Test func aMoveIsNotAKeyframe() {
        // move, line, move, line: two keyframe segments; the second starts at the second move.
        let a = pathAnimation {
            $0.move(to: Point(x: 0, y: 0)); $0.line(to: Point(x: 100, y: 0))
            $0.move(to: Point(x: 200, y: 0)); $0.line(to: Point(x: 200, y: 100))
        }
        let timeline = Fixture.timeline([a])
        closePoint(properties(timeline, at: 0.25).position, Point(x: 50, y: 0), 1e-12, "t 0.25")
        closePoint(properties(timeline, at: 0.75).position, Point(x: 200, y: 50), 1e-12, "t 0.75")
    }

    @Test func rotationModesFollowTheTangent() {
        // auto: angle = atan2(dy, dx); autoReverse: that + π. A line (0,0) → (30,40): atan2(40, 30).
        let line: (inout Path) -> Void = { $0.move(to: .zero); $0.line(to: Point(x: 30, y: 40)) }
        let angle = arcTangent2(40, 30)
        close(angle, 0.927295218, 5e-10, "atan2(40, 30)")
        let auto = Fixture.timeline([pathAnimation(line, mode: .auto)])
        closeTransform(properties(auto, at: 0.5).transform, .rotation(angle, axis: 0, 0, 1), 1e-12, "auto")
        closePoint(properties(auto, at: 0.5).position, Point(x: 15, y: 20), 1e-12, "t 0.5")
        let reverse = Fixture.timeline([pathAnimation(line, mode: .autoReverse)])
        closeTransform(properties(reverse, at: 0.5).transform, .rotation(angle + Double.pi, axis: 0, 0, 1), 1e-12, "autoReverse")
        let none = Fixture.timeline([pathAnimation(line)])
        #expect(properties(none, at: 0.5).transform == .identity, "rotationMode nil: no rotation")
    }

    // MARK: §6 transform interpolation

    @Test func threeQuarterTurnGoesMinusNinetyDegrees() {
        // identity → rotation(270°) is interpolated on quaternions with w ≥ 0: the short way, −90°.
        let turn = Fixture.basic("transform", to: .transform(.rotation(3 * Double.pi / 2, axis: 0, 0, 1)))
        let timeline = Fixture.timeline([turn])
        closeTransform(properties(timeline, at: 0.5).transform, .rotation(-Double.pi / 4, axis: 0, 0, 1), 1e-9, "half-way")
        closeTransform(properties(timeline, at: 0.25).transform, .rotation(-Double.pi / 8, axis: 0, 0, 1), 1e-9, "a quarter")
    }
}
