import AnimEngine
import AnimGeometry
import AnimLayers
import AnimScene
import Testing

/// CAShapeLayer's keys, their animations, the rounded-rect factories and their errors.
struct ShapeDecodingTests {
    let base = SceneDecoderTests()
    func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    @Test func decodesEveryShapeKeyWithCADefaults() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [
               {"id": "plain", "type": "shape"},
               {"id": "s", "type": "shape", "path": "M 20 100 Q 0 0 120 100", "fillColor": null, "fillRule": "evenOdd",
                "strokeColor": "red", "lineWidth": 5, "lineCap": "round", "lineJoin": "bevel", "miterLimit": 4,
                "lineDashPattern": [3, 1.5], "lineDashPhase": 2, "strokeStart": 0.25, "strokeEnd": 0.5}],
             "timeline": [{"at": 1, "set": {"s": {"lineDashPattern": null, "strokeColor": null, "lineCap": "square"}}}]}
            """)
        let plain = scene.timeline.model.nodes[0].properties
        #expect(plain.kind == .shape && plain.shape == ShapeLayerProperties())
        #expect(plain.shape.fillColor == .black && plain.shape.strokeColor == nil && plain.shape.path == nil)
        #expect(plain.shape.stroke == StrokeStyle(lineWidth: 1, lineCap: .butt, lineJoin: .miter, miterLimit: 10))
        let s = scene.timeline.model.nodes[1].properties.shape
        #expect(s.path?.elements == [.move(p(20, 100)), .quad(p(0, 0), p(120, 100))])
        #expect(s.fillColor?.alpha == 0 && s.fillRule == .evenOdd && s.strokeColor == Color(red: 1, green: 0, blue: 0))
        #expect(s.stroke == StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .bevel, miterLimit: 4,
                                        dashPattern: [3, 1.5], dashPhase: 2, strokeStart: 0.25, strokeEnd: 0.5))
        let later = scene.timeline.presentation(at: 1).nodes[1].properties.shape
        #expect(later.stroke.dashPattern.isEmpty && later.strokeColor?.alpha == 0 && later.stroke.lineCap == .square)
    }

    @Test func shapePropertiesAnimate() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "s", "type": "shape", "path": "M 0 0 L 10 0", "strokeColor": "black",
               "animations": [
                 {"type": "basic", "keyPath": "strokeEnd", "fromValue": 0, "toValue": 1, "duration": 2, "timingFunction": "linear"},
                 {"type": "basic", "keyPath": "lineDashPhase", "byValue": 8, "duration": 1, "repeatCount": "infinity", "timingFunction": "linear"},
                 {"type": "basic", "keyPath": "path", "toValue": "M 10 10 L 30 10", "duration": 2, "timingFunction": "linear"},
                 {"type": "keyframe", "keyPath": "strokeColor", "values": ["red", "blue"], "duration": 2},
                 {"type": "spring", "keyPath": "lineWidth", "fromValue": 1, "toValue": 9}]}]}
            """)
        let s = scene.timeline.presentation(at: 0.5).nodes[0].properties.shape
        #expect(abs(s.stroke.strokeEnd - 0.25) < 1e-12)
        #expect(abs(s.stroke.dashPhase - 4) < 1e-12)
        #expect(s.path?.elements == [.move(p(2.5, 2.5)), .line(p(15, 2.5))])
        #expect((s.strokeColor?.red ?? 0) > 0 && (s.strokeColor?.blue ?? 0) > 0)
        #expect(s.stroke.lineWidth > 1)
    }

    @Test func pathAnimationBetweenDifferentStructuresJumpsAtTheEnd() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10, "duration": 3},
             "layers": [{"id": "s", "type": "shape", "path": "M 0 0 L 10 0",
               "animations": [{"type": "basic", "keyPath": "path", "toValue": "M 0 0 Q 5 5 10 0", "duration": 2,
                               "fillMode": "forwards", "removedOnCompletion": false}]}]}
            """)
        #expect(scene.timeline.presentation(at: 1.9).nodes[0].properties.shape.path?.elements.count == 2)
        #expect(scene.timeline.presentation(at: 1.9).nodes[0].properties.shape.path?.elements.last == .line(p(10, 0)))
        #expect(scene.timeline.presentation(at: 2.5).nodes[0].properties.shape.path?.elements.last == .quad(p(5, 5), p(10, 0)))
    }

    @Test func roundedRectFactoryForms() {
        func path(_ json: String) -> Path? { decode(json) { (r) throws(SceneError) in try r.bezierPath() } }
        let rect = Rect(x: 0, y: 0, width: 40, height: 20)
        #expect(path("{\"roundedRect\": [0, 0, 40, 20], \"cornerRadius\": [1, 2, 3, 4]}")
            == Path.roundedRect(rect, cornerRadii: CornerRadii(topLeft: 1, topRight: 2, bottomRight: 3, bottomLeft: 4)))
        #expect(path("{\"roundedRect\": [0, 0, 40, 20], \"byRoundingCorners\": [\"topLeft\", \"bottomRight\"], \"cornerRadii\": [5, 9]}")
            == Path.roundedRect(rect, cornerRadii: CornerRadii(topLeft: 5, topRight: 0, bottomRight: 5, bottomLeft: 0)))
        #expect(path("{\"roundedRect\": [0, 0, 40, 20], \"cornerRadii\": 6}")
            == Path.roundedRect(rect, cornerRadii: CornerRadii(all: 6)))
        // Four equal radii draw what the single radius draws.
        #expect(Path.roundedRect(rect, cornerRadii: CornerRadii(all: 5)) == Path.roundedRect(rect, cornerRadius: 5))
        #expect(Path.roundedRect(rect, cornerRadii: CornerRadii(all: 50)) == Path.roundedRect(rect, cornerRadius: 50))
    }

    @Test func perCornerRadiiFitTheSides() {
        // 30 + 30 on a 40-wide side: every radius scaled by 2/3 (CSS), so the top edge vanishes.
        let path = Path.roundedRect(Rect(x: 0, y: 0, width: 40, height: 100), cornerRadii: CornerRadii(topLeft: 30, topRight: 30, bottomRight: 0, bottomLeft: 6))
        #expect(path.elements.first == .move(p(20, 0)))
        #expect(path.elements[1].endPoint == p(40, 20))
        #expect(path.elements.contains(.line(p(40, 100))))
        #expect(path.bounds == Rect(x: 0, y: 0, width: 40, height: 100))
    }

    @Test func anotherClassesKeyPathIsRefusedWhereItIsAnimated() throws {
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "animations": [{"keyPath": "lineWidth", "toValue": 2},
                                                   {"type": "group", "animations": [{"keyPath": "fontSize", "toValue": 9}]}]},
                        {"id": "t", "type": "text", "animations": [{"keyPath": "fontSize", "toValue": 9},
                                                                   {"type": "keyframe", "keyPath": "startPoint", "values": [[0, 0], [1, 1]]}]}],
             "timeline": [{"at": 0, "addAnimation": {"layer": "t", "animation": {"keyPath": "strokeEnd", "toValue": 0.5}}}]}
            """)
        #expect(e.map { $0.path?.description ?? "" } == ["layers[0].animations[0].keyPath", "layers[0].animations[1].animations[0].keyPath",
                                                        "layers[1].animations[1].keyPath", "timeline[0].addAnimation.animation.keyPath"],
                "\(e.map(\.message))")
        #expect(e.first?.message == "'lineWidth' is a CAShapeLayer key path; layer 'a' is of type 'layer'")
        #expect(e.first?.hint == "add \"type\": \"shape\" to layer 'a' (declared at layers[0].id)")
        #expect(e[2].message == "'startPoint' is a CAGradientLayer key path; layer 't' is of type 'text'")
        #expect(e[2].hint == "change \"type\" to \"gradient\" on layer 't' (declared at layers[1].id)")
        // An unknown layer does not hide the animation's own errors.
        let both = base.errors("""
            {"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a"}],
             "timeline": [{"at": 0, "addAnimation": {"layer": "b", "animation": {"keyPath": "opacty", "toValue": 0}}}]}
            """)
        #expect(both.map { $0.path?.description ?? "" } == ["timeline[0].addAnimation.layer", "timeline[0].addAnimation.animation.keyPath"],
                "\(both.map(\.message))")
        // The layer's own class's key paths and CALayer's decode as before.
        _ = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "s", "type": "shape", "animations": [{"keyPath": "lineWidth", "toValue": 2}, {"keyPath": "opacity", "toValue": 0}]}]}
            """)
    }

    @Test func badShapeValuesAreLocated() {
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "type": "shape", "path": "M 0 0 L 10 x", "fillRule": "evenodd", "lineCap": "flat",
                         "lineJoin": "mitre", "lineWidth": -1, "lineDashPattern": [4, -2]},
                        {"id": "b", "strokeColor": "red"},
                        {"id": "c", "type": "shape", "path": {"roundedRect": [0, 0, 4, 4], "cornerRadius": [1, 2]}},
                        {"id": "d", "type": "shape", "path": {"roundedRect": [0, 0, 4, 4], "byRoundingCorners": ["top"], "cornerRadii": [1, 1]}}]}
            """)
        let paths = e.compactMap { $0.path?.description }
        #expect(e.count == 9, "\(e.map(\.message))")
        #expect(e.contains { $0.path?.description == "layers[0].path" && $0.message.contains("character 12") })
        #expect(e.contains { $0.hint == "did you mean 'evenOdd'?" })
        #expect(e.contains { $0.hint == "did you mean 'miter'?" })
        #expect(paths.contains("layers[0].lineCap") && paths.contains("layers[0].lineWidth"))
        #expect(paths.contains("layers[0].lineDashPattern[1]"))
        #expect(e.contains { $0.message.contains("CAShapeLayer property") && $0.path?.description == "layers[1].strokeColor" })
        #expect(paths.contains("layers[2].path.cornerRadius"))
        #expect(e.contains { $0.path?.description == "layers[3].path.byRoundingCorners[0]" && $0.message == "unknown corner 'top'" })
    }

    @Test func uiBezierPathCallsTranslateLineByLine() {
        func path(_ json: String) -> Path? { decode(json) { (r) throws(SceneError) in try r.bezierPath() } }
        var expected = Path()
        expected.move(to: p(20, 100))
        expected.quad(to: p(120, 100), control: p(0, 0))
        expected.line(to: p(120, 120))
        expected.cubic(to: p(20, 120), control1: p(90, 140), control2: p(50, 140))
        expected.close()
        expected.addArc(center: p(70, 60), radius: 10, startAngle: 0, endAngle: 3, clockwise: false)
        expected.elements += Path.oval(in: Rect(x: 0, y: 0, width: 4, height: 4)).elements
        #expect(path("""
            [{"move": [20, 100]}, {"addQuadCurve": [120, 100], "controlPoint": [0, 0]}, {"addLine": [120, 120]},
             {"addCurve": [20, 120], "controlPoint1": [90, 140], "controlPoint2": [50, 140]}, "close",
             {"addArc": [70, 60], "radius": 10, "startAngle": 0, "endAngle": 3, "clockwise": false},
             {"append": {"ovalIn": [0, 0, 4, 4]}}]
            """) == expected)
        #expect(path("[{\"move\": [0, 0]}, {\"append\": \"M 1 1 L 2 2\"}, {\"close\": true}]")?.elements
            == [.move(p(0, 0)), .move(p(1, 1)), .line(p(2, 2)), .close])
    }

    @Test func uiBezierPathCallErrorsAreLocated() {
        func error(_ json: String) -> String? { decodeError(json) { (r) throws(SceneError) in try r.bezierPath() } }
        #expect(error("[{\"addLine\": [1, 1]}]")
            == "t.json:1:2: v[0]: 'addLine' needs a current point: start the path with {\"move\": [x, y]}")
        #expect(error("[{\"move\": [0, 0]}, {\"addLine\": [1, 1], \"controlPoint\": [0, 0]}]")
            == "t.json:1:40: v[1].controlPoint: 'controlPoint' goes only with 'addQuadCurve'")
        #expect(error("[{\"moveTo\": [0, 0]}]") == "t.json:1:3: v[0].moveTo: unknown key 'moveTo' (hint: did you mean 'move'?)")
        #expect(error("[{\"move\": [0, 0]}, \"clos\"]")
            == "t.json:1:20: v[1]: a UIBezierPath call is an object such as {\"addLine\": [x, y]}, or \"close\" (hint: did you mean 'close'?)")
        #expect(error("[{\"move\": [0, 0]}, {\"addQuadCurve\": [1, 1]}]") == "t.json:1:20: v[1]: missing required key 'controlPoint'")
    }
}

