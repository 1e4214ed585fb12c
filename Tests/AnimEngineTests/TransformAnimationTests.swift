import Testing
import AnimEngine
import AnimGeometry
import AnimLayers

/// `transform` and `transform.*` animations (§3.4, §6).
struct TransformAnimationTests {
    func transform(_ animations: [Animation], model: Transform3D = .identity, at t: Double) -> Transform3D {
        var tree = Fixture.tree()
        tree.nodes[0].properties.transform = model
        return Fixture.timeline(animations, tree: tree).presentation(at: t).nodes[0].properties.transform
    }

    func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
        zip(a.elements, b.elements).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func rotationDoesNotWrap() {
        let spin = Fixture.basic("transform.rotation", from: .number(0), to: .number(4 * Double.pi))
        #expect(close(transform([spin], at: 0.125), .rotation(Double.pi / 2, axis: 0, 0, 1)))
        #expect(close(transform([spin], at: 0.375), .rotation(3 * Double.pi / 2, axis: 0, 0, 1)))
    }

    @Test func scaleKeepsTheModelRotationAndTranslation() {
        let model = Transform3D.rotation(0.5, axis: 0, 0, 1).concatenating(.translation(30, 0, 0))
        let grow = Fixture.basic("transform.scale", from: .number(1), to: .number(3))
        let expected = Transform3D.scale(2, 2, 2).concatenating(.rotation(0.5, axis: 0, 0, 1)).concatenating(.translation(30, 0, 0))
        #expect(close(transform([grow], model: model, at: 0.5), expected))
    }

    @Test func translationXIsAScalarComponent() {
        let move = Fixture.basic("transform.translation.x", to: .number(40))
        #expect(close(transform([move], at: 0.5), .translation(20, 0, 0)))
        let both = Fixture.basic("transform.translation", to: .size(Size(width: 10, height: 20)))
        #expect(close(transform([both], at: 1 - 1e-7), .translation(10, 20, 0), 1e-5), "just before the end (within 1e-9 s it is the end: MediaTiming.boundaryTolerance)")
    }

    @Test func additiveRotationAddsToTheCurrentAngle() {
        let base = Fixture.basic("transform.rotation.z", from: .number(0.25), to: .number(0.25))
        let wobble = Fixture.basic("transform.rotation.z", from: .number(0), to: .number(0.5), additive: true)
        #expect(close(transform([base, wobble], at: 0.5), .rotation(0.5, axis: 0, 0, 1)))
    }

    @Test func wholeTransformInterpolatesDecomposed() {
        let turn = Fixture.basic("transform", to: .transform(.rotation(Double.pi / 2, axis: 0, 0, 1)))
        #expect(close(transform([turn], at: 0.5), .rotation(Double.pi / 4, axis: 0, 0, 1)))
        let full = Fixture.basic("transform", to: .transform(.rotation(2 * Double.pi, axis: 0, 0, 1)))
        #expect(close(transform([full], at: 0.5), .identity), "a whole turn is the identity matrix: nothing moves")
    }

    @Test func additiveTransformActsInTheLayersLocalSpace() {
        let model = Transform3D.translation(100, 0, 0)
        let nudge = Fixture.basic("transform", from: .transform(.rotation(0.2, axis: 0, 0, 1)),
                                  to: .transform(.rotation(0.2, axis: 0, 0, 1)), additive: true)
        let expected = Transform3D.rotation(0.2, axis: 0, 0, 1).concatenating(model)
        #expect(close(transform([nudge], model: model, at: 0.5), expected))
    }

    @Test func byValuesOnTransformsConcatenate() {
        let by = Fixture.basic("transform", from: .transform(.translation(10, 0, 0)), by: .transform(.translation(0, 20, 0)))
        #expect(close(transform([by], at: 1 - 1e-7), .translation(10, 20, 0), 1e-5))
        let back = Fixture.basic("transform", to: .transform(.translation(10, 20, 0)), by: .transform(.translation(0, 20, 0)))
        #expect(close(transform([back], at: 0), .translation(10, 0, 0)))
    }
}
