import Testing
import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

/// CAValueFunction on `transform` animations (core-animation-semantics.md §3.3): the numbers are
/// interpolated, then the function builds the matrix (CATransform3DMakeRotation/Scale/Translation).
struct ValueFunctionTests {
    static let pi = Double.pi

    func transform(_ animations: [Animation], model: Transform3D = .identity, at t: Double,
                   path: LayerProperty = .transform) -> Transform3D {
        var tree = Fixture.tree()
        tree.nodes[0].properties.transform = model
        let props = Fixture.timeline(animations, tree: tree).presentation(at: t).nodes[0].properties
        return path == .transform ? props.transform : props.sublayerTransform
    }

    func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-12) -> Bool {
        zip(a.elements, b.elements).allSatisfy { abs($0 - $1) <= tolerance }
    }

    func basic(_ function: ValueFunction, from: AnimatableValue? = nil, to: AnimatableValue? = nil, by: AnimatableValue? = nil,
               additive: Bool = false, cumulative: Bool = false, path: String = "transform",
               configure: (inout Animation) -> Void = { _ in }) -> Animation {
        var a = Fixture.basic(path, from: from, to: to, by: by, additive: additive, cumulative: cumulative, configure: configure)
        if case var .basic(b) = a.content {
            b.valueFunction = function
            a.content = .basic(b)
        }
        return a
    }

    func keyframe(_ function: ValueFunction, _ values: [Double], mode: CalculationMode) -> Animation {
        let k = KeyframeAnimation(keyPath: LayerKeyPath(.transform), values: values.map(AnimatableValue.number),
                                  calculationMode: mode, valueFunction: function)
        var a = Animation(content: .keyframe(k))
        a.timing.duration = 1
        return a
    }

    @Test func rotateZInterpolatesTheAngleSoFourPiTurnsTwice() {
        let spin = basic(.rotateZ, from: .number(0), to: .number(4 * Self.pi))
        let quarter = transform([spin], at: 0.25)
        #expect(quarter.m11 == -1 && quarter.m22 == -1, "a quarter of 0 → 4π is a rotation by π")
        #expect(quarter == .rotation(Self.pi, axis: 0, 0, 1))
        #expect(close(transform([spin], at: 0.125), .rotation(Self.pi / 2, axis: 0, 0, 1)))
        let matrices = Fixture.basic("transform", from: .transform(.identity), to: .transform(.rotation(4 * Self.pi, axis: 0, 0, 1)))
        #expect(close(transform([matrices], at: 0.25), .identity, 1e-9), "the same ends as matrices do not turn")
    }

    @Test func rotateXAndYUseTheirAxes() {
        let x = basic(.rotateX, from: .number(0), to: .number(Self.pi))
        #expect(transform([x], at: 0.5) == .rotation(Self.pi / 2, axis: 1, 0, 0))
        let y = basic(.rotateY, to: .number(Self.pi))
        let half = transform([y], at: 0.5)
        #expect(close(half, .rotation(Self.pi / 2, axis: 0, 1, 0)) && half.m13 == -1 && half.m31 == 1)
    }

    @Test func scaleInterpolatesThreeNumbers() {
        let v = { (x: Double, y: Double, z: Double) in AnimatableValue.vector3(.init(x: x, y: y, z: z)) }
        let grow = basic(.scale, from: v(1, 1, 1), to: v(2, 3, 1))
        #expect(transform([grow], at: 0.5) == .scale(1.5, 2, 1))
        let tall = basic(.scaleY, from: .number(1), to: .number(3))
        #expect(transform([tall], at: 0.5) == .scale(1, 2, 1))
        let move = basic(.translate, from: v(0, 0, 0), to: v(40, -20, 10))
        #expect(transform([move], at: 0.25) == .translation(10, -5, 2.5))
    }

    @Test func byValueActsOnTheNumbers() {
        let slide = basic(.translateX, from: .number(10), by: .number(30))
        #expect(transform([slide], at: 0.5) == .translation(25, 0, 0))
        let back = basic(.translateX, to: .number(40), by: .number(30))
        #expect(transform([back], at: 0) == .translation(10, 0, 0))
        let turn = basic(.rotateZ, from: .number(Self.pi), by: .number(Self.pi))
        #expect(close(transform([turn], at: 0.5), .rotation(1.5 * Self.pi, axis: 0, 0, 1)), "π → 2π, not the identity")
    }

    @Test func missingEndsAreTheIdentityInputNotTheModel() {
        let model = Transform3D.rotation(1, axis: 0, 0, 1)
        let spin = basic(.rotateZ, to: .number(Self.pi))
        #expect(transform([spin], model: model, at: 0.5) == .rotation(Self.pi / 2, axis: 0, 0, 1))
        let shrink = basic(.scale, from: .vector3(.init(x: 3, y: 3, z: 3)))
        #expect(transform([shrink], model: model, at: 0.5) == .scale(2, 2, 2))
        let nudge = basic(.translateY, by: .number(8))
        #expect(transform([nudge], model: model, at: 0.25) == .translation(0, 2, 0))
    }

    @Test func additiveMatrixIsAppliedBeforeTheModelTransform() {
        let model = Transform3D.translation(100, 0, 0)
        let wobble = basic(.rotateZ, from: .number(0), to: .number(Self.pi), additive: true)
        let result = transform([wobble], model: model, at: 0.5)
        #expect(result == Transform3D.rotation(Self.pi / 2, axis: 0, 0, 1).concatenating(model))
        let p = result.apply(x: 1, y: 0, z: 0)
        #expect(abs(p.x - 100) < 1e-12 && p.y == 1, "the layer turns about its own anchor, then moves by the model")
    }

    @Test func cumulativeAddsWholeCyclesOfTheNumbers() {
        let ratchet = basic(.rotateZ, from: .number(0), to: .number(Self.pi / 2), cumulative: true) { $0.timing.repeatCount = 3 }
        #expect(close(transform([ratchet], at: 2.5), .rotation(Self.pi / 4 + Self.pi, axis: 0, 0, 1)))
        let plain = basic(.rotateZ, from: .number(0), to: .number(Self.pi / 2)) { $0.timing.repeatCount = 3 }
        #expect(close(transform([plain], at: 2.5), .rotation(Self.pi / 4, axis: 0, 0, 1)))
        let steps = basic(.translateX, from: .number(0), to: .number(10), cumulative: true) { $0.timing.repeatCount = 3 }
        #expect(transform([steps], at: 1.5) == .translation(15, 0, 0))
    }

    @Test func springDrivesTheNumbers() {
        let basic = BasicAnimation(keyPath: LayerKeyPath(.transform), fromValue: .number(0), toValue: .number(Self.pi),
                                   valueFunction: .rotateZ)
        var a = Animation(content: .spring(SpringAnimation(basic: basic)))
        a.timing.duration = 2
        let p = Spring().progress(at: 0.3)
        #expect(p > 1, "the default spring overshoots by 0.3 s")
        #expect(close(transform([a], at: 0.3), .rotation(Self.pi * p, axis: 0, 0, 1)))
    }

    @Test func sublayerTransformTakesAValueFunctionToo() {
        let spin = basic(.rotateZ, from: .number(0), to: .number(4 * Self.pi), path: "sublayerTransform")
        #expect(transform([spin], at: 0.25, path: .sublayerTransform) == .rotation(Self.pi, axis: 0, 0, 1))
    }

    @Test func keyframeValuesArePacedAsNumbers() {
        let even = keyframe(.rotateZ, [0, Self.pi, 2 * Self.pi], mode: .paced)
        #expect(close(transform([even], at: 0.25), .rotation(Self.pi / 2, axis: 0, 0, 1)))
        #expect(transform([even], at: 0.5).m11 == -1)
        let uneven = keyframe(.rotateZ, [0, Self.pi / 2, 2 * Self.pi], mode: .paced)
        #expect(close(transform([uneven], at: 0.5), .rotation(Self.pi, axis: 0, 0, 1)), "paced: half the distance (π) at half time")
        let linear = keyframe(.rotateZ, [0, Self.pi / 2, 2 * Self.pi], mode: .linear)
        #expect(close(transform([linear], at: 0.5), .rotation(Self.pi / 2, axis: 0, 0, 1)))
    }

    @Test func keyframeDiscreteAndCubicWorkOnTheNumbers() {
        let steps = keyframe(.translateX, [0, 10, 20], mode: .discrete)
        #expect(transform([steps], at: 0.5) == .translation(10, 0, 0))
        let values = [0, Self.pi / 3, 2 * Self.pi, 3 * Self.pi]
        let curve = keyframe(.rotateZ, values, mode: .cubic)
        let scalar = KeyframeAnimation(keyPath: LayerKeyPath("transform.rotation.z")!, values: values.map(AnimatableValue.number),
                                       calculationMode: .cubic)
        let angle = scalar.value(progress: 0.4, cycle: 0)
        guard case let .number(a) = angle else { Issue.record("expected a number"); return }
        #expect(abs(a - 2 * Self.pi / 3) > 0.01, "the spline differs from linear interpolation (2π/3 at 0.4)")
        #expect(close(transform([curve], at: 0.4), .rotation(a, axis: 0, 0, 1)))
    }

    @Test func everyFunctionBuildsAppleMatrix() {
        let v = AnimatableValue.vector3(.init(x: 2, y: 3, z: 4))
        #expect(ValueFunction.scale.matrix(v) == .scale(2, 3, 4))
        #expect(ValueFunction.translate.matrix(v) == .translation(2, 3, 4))
        #expect(ValueFunction.scaleX.matrix(.number(2)) == .scale(2, 1, 1))
        #expect(ValueFunction.scaleZ.matrix(.number(2)) == .scale(1, 1, 2))
        #expect(ValueFunction.translateY.matrix(.number(5)) == .translation(0, 5, 0))
        #expect(ValueFunction.translateZ.matrix(.number(5)) == .translation(0, 0, 5))
        #expect(ValueFunction.allCases.allSatisfy { $0.matrix($0.identityInput) == .identity })
        #expect(ValueFunction.allCases.map(\.rawValue) == ["rotateX", "rotateY", "rotateZ", "scale", "scaleX", "scaleY", "scaleZ",
                                                           "translate", "translateX", "translateY", "translateZ"])
    }
}
