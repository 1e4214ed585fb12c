import AnimEngine
import AnimGeometry
import AnimLayers
import AnimScene
import Testing

/// The compositing keys: types, corners, shadows, masks, contents and gradients, and their errors.
struct LayerStyleDecodingTests {
    let base = SceneDecoderTests()

    @Test func decodesEveryStyleKey() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [
               {"id": "t", "type": "transform", "sublayers": [
                 {"id": "a", "cornerRadius": 4, "maskedCorners": ["layerMinXMinYCorner", "maxXMaxY"], "cornerCurve": "continuous",
                  "shadowOpacity": 0.5, "shadowRadius": 6, "shadowOffset": [1, 2], "shadowColor": "red",
                  "shadowPath": {"ovalIn": [0, 0, 4, 4]}, "contentsGravity": "topLeft", "contentsScale": 2,
                  "contentsRect": [0, 0, 0.5, 1],
                  "mask": {"id": "m", "backgroundColor": "black", "bounds": [0, 0, 5, 5]}}]},
               {"id": "g", "type": "gradient", "colors": ["red", "blue"], "locations": [0, 0.5],
                "startPoint": [0, 0], "endPoint": [1, 1], "gradientType": "conic", "maskedCorners": 6}],
             "timeline": [{"at": 0.5, "set": {"a": {"shadowPath": null, "cornerCurve": "circular"}}}]}
            """)
        let tree = scene.timeline.model
        #expect(tree.nodes[0].properties.kind == .transform)
        let a = tree.nodes[1]
        #expect(a.properties.maskedCorners == [.minXMinY, .maxXMaxY])
        #expect(a.properties.cornerCurve == .continuous)
        #expect(a.properties.shadowOffset == Size(width: 1, height: 2) && a.properties.shadowRadius == 6)
        #expect(a.properties.shadowPath != nil)
        #expect(a.properties.contentsGravity == .topLeft && a.properties.contentsScale == 2)
        #expect(a.properties.contentsRect == Rect(x: 0, y: 0, width: 0.5, height: 1))
        let mask = try #require(a.mask)
        #expect(tree.nodes[mask].id == "m" && tree.nodes[mask].parent == 1 && !a.children.contains(mask))
        let gradientIndex = try #require(tree.index(of: "g"))
        let g = tree.nodes[gradientIndex].properties
        #expect(g.kind == .gradient && g.gradient.type == .conic && g.gradient.locations == [0, 0.5])
        #expect(g.maskedCorners == [.maxXMinY, .minXMaxY])
        let later = scene.timeline.presentation(at: 1).nodes[1].properties
        #expect(later.shadowPath == nil && later.cornerCurve == .circular)
    }

    @Test func badStyleValuesAreLocated() {
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "maskedCorners": ["minXMinYY"], "cornerCurve": "squircle",
                         "contentsGravity": "centre", "contentsScale": 0, "colors": ["red"],
                         "contents": "no-such-image.png", "type": "layer"},
                        {"id": "b", "type": "gradient", "gradientType": "angular"}]}
            """)
        let paths = e.compactMap { $0.path?.description }
        #expect(e.count == 7, "\(e.map(\.message))")
        #expect(e.contains { $0.hint == "did you mean 'minXMinY'?" })
        #expect(e.contains { $0.hint?.contains("circular, continuous") == true })
        #expect(e.contains { $0.hint == "did you mean 'center'?" })
        #expect(paths.contains("layers[0].contentsScale"))
        #expect(e.contains { $0.message.contains("CAGradientLayer property") && $0.path?.description == "layers[0].colors" })
        #expect(e.contains { $0.path?.description == "layers[0].contents" && $0.message.contains("No such file") })
        #expect(paths.contains("layers[1].gradientType"))
    }

    /// A number that is not a CACornerMask is named as such, not as "expected an array".
    @Test(arguments: ["2.5", "1e20", "16", "-1"])
    func aCornerMaskOutOfRangeIsNamed(_ value: String) {
        let e = base.errors(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a", "maskedCorners": \#(value)}]}"#)
        #expect(e.map(\.message) == ["maskedCorners must be a whole number 0…15 (a CACornerMask) or an array of corner names"])
        #expect(e.first?.path?.description == "layers[0].maskedCorners")
    }

    @Test func animationsReachTheNewKeyPathsAndTheMaskLayer() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "mask": {"id": "m", "bounds": [0, 0, 2, 2]},
                         "animations": [{"keyPath": "shadowOffset.height", "fromValue": 0, "toValue": 10, "duration": 1}]}],
             "timeline": [{"at": 0, "addAnimation": {"layer": "m", "animation":
                {"keyPath": "bounds.size.width", "fromValue": 2, "toValue": 12, "duration": 1}}}]}
            """)
        let p = scene.timeline.presentation(at: 0.5)
        #expect(abs(p.nodes[0].properties.shadowOffset.height - 5) < 1e-9)
        #expect(abs(p.nodes[1].properties.bounds.size.width - 7) < 1e-9)
    }

    @Test func negativeBorderWidthAndCornerRadiusAreKeptAsCALayerDoes() throws {
        let scene = try base.decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "borderWidth": -2, "cornerRadius": -4}],
             "timeline": [{"at": 0.5, "set": {"a": {"borderWidth": -1, "cornerRadius": -3}}}]}
            """)
        let p = scene.timeline.model.nodes[0].properties
        #expect(p.borderWidth == -2 && p.cornerRadius == -4, "stored as given; drawn as 0 (AnimCompositorTests)")
        let later = scene.timeline.presentation(at: 1).nodes[0].properties
        #expect(later.borderWidth == -1 && later.cornerRadius == -3)
    }

    @Test func aNegativeShadowRadiusIsLocated() {
        let e = base.errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "shadowRadius": -3}],
             "timeline": [{"at": 0, "set": {"a": {"shadowRadius": -0.5}}},
                          {"at": 0, "animate": {"duration": 1, "changes": {"a": {"shadowRadius": -1}}}}]}
            """)
        #expect(e.map(\.description) == [
            "scene.json:2:41: layers[0].shadowRadius: 'shadowRadius' must not be negative, found -3",
            "scene.json:3:55: timeline[0].set.a.shadowRadius: 'shadowRadius' must not be negative, found -0.5",
            "scene.json:4:86: timeline[1].animate.changes.a.shadowRadius: 'shadowRadius' must not be negative, found -1",
        ])
    }
}
