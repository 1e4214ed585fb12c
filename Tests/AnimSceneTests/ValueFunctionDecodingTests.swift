import AnimEngine
import AnimGeometry
import AnimLayers
import AnimScene
import Testing

/// `valueFunction` on basic, spring and keyframe animations (CAValueFunction, §3.3): the names,
/// the value shapes, and the located errors for a wrong key path, name or shape.
struct ValueFunctionDecodingTests: SceneFixture {
    func json(_ animation: String) -> String {
        """
        {"canvas": {"width": 100, "height": 100, "duration": 2},
         "layers": [{"id": "a", "bounds": [0, 0, 10, 10], "animations": [
          \(animation)]}]}
        """
    }

    func content(_ animation: String) throws -> Animation.Content {
        let scene = try decodeScene(json(animation))
        guard case let .addAnimation(_, a) = scene.timeline.actions[0].action else { throw SceneErrors(errors: []) }
        return a.content
    }

    func errors(_ animation: String) -> [SceneError] { sceneErrors(json(animation)) }

    @Test func basicWithRotateZReadsNumbers() throws {
        let c = try content(#"{"keyPath": "transform", "valueFunction": "rotateZ", "fromValue": 0, "toValue": 12.5}"#)
        #expect(c == .basic(BasicAnimation(keyPath: LayerKeyPath(.transform), fromValue: .number(0), toValue: .number(12.5),
                                           valueFunction: .rotateZ)))
    }

    @Test func scaleAndTranslateReadThreeNumbers() throws {
        let c = try content(#"{"keyPath": "sublayerTransform", "valueFunction": "scale", "fromValue": [1, 1, 1], "byValue": [1, 2, 0]}"#)
        let expected = BasicAnimation(keyPath: LayerKeyPath(.sublayerTransform), fromValue: .vector3(.init(x: 1, y: 1, z: 1)),
                                      byValue: .vector3(.init(x: 1, y: 2, z: 0)), valueFunction: .scale)
        #expect(c == .basic(expected))
        let k = try content(#"{"type": "keyframe", "keyPath": "transform", "valueFunction": "translate", "values": [[0, 0, 0], [10, 20, 30]]}"#)
        guard case let .keyframe(keyframe) = k else { Issue.record("expected a keyframe animation"); return }
        #expect(keyframe.valueFunction == .translate && keyframe.values == [.vector3(.zero), .vector3(.init(x: 10, y: 20, z: 30))])
    }

    @Test func cumulativeIsAcceptedWithAValueFunction() throws {
        let c = try content(#"{"keyPath": "transform", "valueFunction": "rotateZ", "byValue": 1, "cumulative": true, "repeatCount": 2}"#)
        guard case let .basic(b) = c else { Issue.record("expected a basic animation"); return }
        #expect(b.isCumulative && b.valueFunction == .rotateZ)
        let spring = try content(#"{"type": "spring", "keyPath": "transform", "valueFunction": "scaleX", "toValue": 2}"#)
        guard case let .spring(s) = spring else { Issue.record("expected a spring"); return }
        #expect(s.basic.valueFunction == .scaleX && s.basic.toValue == .number(2))
    }

    @Test func decodedSpinTurnsByPiAtAQuarter() throws {
        let scene = try decodeScene(json(#"{"keyPath": "transform", "valueFunction": "rotateZ", "fromValue": 0, "toValue": 12.566370614359172, "duration": 1}"#))
        let m = scene.timeline.presentation(at: 0.25).nodes[0].properties.transform
        #expect(m.m11 == -1 && m.m22 == -1)
    }

    @Test func valueFunctionOnANonTransformKeyPathIsLocated() {
        let e = errors(#"{"keyPath": "opacity", "valueFunction": "rotateZ", "toValue": 1}"#)
        #expect(e.count == 1)
        #expect(e.first?.path?.description == "layers[0].animations[0].valueFunction")
        #expect(e.first?.location == SourceLocation(line: 3, column: 43))
        #expect(e.first?.message == "valueFunction builds a transform matrix: it applies to the key paths 'transform' and 'sublayerTransform', not 'opacity' (a number)")
        let field = errors(#"{"type": "keyframe", "keyPath": "transform.rotation.z", "valueFunction": "rotateZ", "values": [0, 1]}"#)
        #expect(field.count == 1)
        #expect(field.first?.hint == "use keyPath 'transform' with the value function, or 'transform.rotation.z' without one")
    }

    @Test func unknownNameHasAHint() {
        let e = errors(#"{"keyPath": "transform", "valueFunction": "rotationZ", "toValue": 1}"#)
        #expect(e.count == 1, "no second error about the values: \(e.map(\.message))")
        #expect(e.first?.path?.description == "layers[0].animations[0].valueFunction")
        #expect(e.first?.message == "unknown valueFunction 'rotationZ'; expected one of rotateX, rotateY, rotateZ, scale, scaleX, scaleY, scaleZ, translate, translateX, translateY, translateZ")
        #expect(e.first?.hint == "did you mean 'rotateZ'?")
    }

    @Test func valuesOfTheWrongShapeAreLocated() {
        let e = errors("""
            {"keyPath": "transform", "valueFunction": "scale", "toValue": 2},
            {"keyPath": "transform", "valueFunction": "translate", "fromValue": [1, 2]},
            {"keyPath": "transform", "valueFunction": "translateX", "byValue": [1, 2, 3]},
            {"type": "keyframe", "keyPath": "transform", "valueFunction": "rotateZ", "values": [0, {"rotate": 1}]},
            {"keyPath": "transform", "valueFunction": "rotateY", "toValue": "identity"}
            """)
        let byPath = Dictionary(uniqueKeysWithValues: e.compactMap { e in e.path.map { ($0.description, e) } })
        #expect(e.count == 5, "\(e.map(\.description))")
        let scale = byPath["layers[0].animations[0].toValue"]
        #expect(scale?.message == "expected [sx, sy, sz] (three scale factors) for valueFunction 'scale', found a number")
        #expect(scale?.hint == "'scale' takes three numbers; for one axis use 'scaleX', 'Y' or 'Z'")
        #expect(byPath["layers[0].animations[1].fromValue"]?.message
            == "expected [tx, ty, tz] (three distances in points) for valueFunction 'translate', found an array of 2 numbers")
        let axis = byPath["layers[0].animations[2].byValue"]
        #expect(axis?.message == "expected one number (a distance in points) for valueFunction 'translateX', found an array")
        #expect(axis?.hint == "for [x, y, z] use valueFunction 'translate'")
        #expect(byPath["layers[0].animations[3].values[1]"]?.message
            == "expected one number (an angle in radians) for valueFunction 'rotateZ', found an object")
        #expect(byPath["layers[0].animations[4].toValue"]?.message
            == "expected one number (an angle in radians) for valueFunction 'rotateY', found a string")
    }
}
