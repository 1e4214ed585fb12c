import AnimEngine
import AnimGeometry
import AnimLayers
import AnimScene
import Testing

/// CAReplicatorLayer: its keys, their checks, and the copies a presentation tree holds.
struct ReplicatorTests: SceneFixture {
    /// A 100×100 replicator at the origin with a 10×10 dot centred at (50, 10) whose opacity falls
    /// from 1 to 0 over 1 s, then stays (fill forwards).
    static func scene(_ replicator: String) -> String {
        """
        {"canvas": {"width": 100, "height": 100, "duration": 2},
         "layers": [{"id": "r", "type": "replicator", "frame": [0, 0, 100, 100], \(replicator),
           "sublayers": [{"id": "dot", "frame": [45, 5, 10, 10], "backgroundColor": "white",
             "animations": [{"keyPath": "opacity", "fromValue": 1, "toValue": 0, "duration": 1,
                             "fillMode": "both", "removedOnCompletion": false}]}]}]}
        """
    }

    /// Instance k is k · instanceDelay behind: at 0.5 s with a delay of 0.2 s the three dots show
    /// the opacity of 0.5, 0.3 and 0.1 s.
    @Test func instancesRunBehindByTheDelay() throws {
        let s = try decodeScene(Self.scene(#""instanceCount": 3, "instanceDelay": 0.2"#))
        let tree = s.timeline.presentation(at: 0.5)
        let r = try #require(tree.index(of: "r"))
        #expect(tree.nodes[r].children.count == 3)
        let opacities = tree.nodes[r].children.map { tree.nodes[$0].properties.opacity }
        for (o, e) in zip(opacities, [0.5, 0.7, 0.9]) { #expect(abs(o - e) < 1e-12) }
        #expect(tree.nodes[tree.nodes[r].children[2]].id == "dot#2")
    }

    /// Instance k is moved by instanceTransform k times about the replicator's anchor point (its
    /// centre): a quarter turn takes the dot's centre (50, 10) to (90, 50), then (50, 90).
    @Test func instancesTurnAboutTheReplicatorsCentre() throws {
        let s = try decodeScene(Self.scene(#""instanceCount": 3, "instanceTransform": {"rotate": 1.5707963267948966}"#))
        let tree = s.timeline.presentation(at: 0)
        let r = try #require(tree.index(of: "r"))
        let centres = tree.nodes[r].children.map { i -> Point in
            let p = tree.nodes[i].properties
            // The dot's centre in its bounds (5, 5) relative to its anchor, through its transform, at its position.
            let q = p.transform.apply(x: 0, y: 0, z: 0)
            return Point(x: p.position.x + q.x / q.w, y: p.position.y + q.y / q.w)
        }
        for (c, e) in zip(centres, [Point(x: 50, y: 10), Point(x: 90, y: 50), Point(x: 50, y: 90)]) {
            #expect(abs(c.x - e.x) < 1e-9 && abs(c.y - e.y) < 1e-9, "\(c) ≠ \(e)")
        }
    }

    /// Instance k's colour is instanceColor + k · offsets, clamped; white leaves instance 0 untinted.
    @Test func instanceColoursStepByTheOffsets() throws {
        let s = try decodeScene(Self.scene(#""instanceCount": 3, "instanceBlueOffset": -0.6, "instanceAlphaOffset": -0.25"#))
        let tree = s.timeline.presentation(at: 0)
        let tints = tree.nodes[tree.index(of: "r")!].children.map { tree.nodes[$0].properties.instanceTint }
        #expect(tints[0] == nil)
        #expect(tints[1] == Color(red: 1, green: 1, blue: 1 - 0.6, alpha: 0.75))
        #expect(tints[2] == Color(red: 1, green: 1, blue: 0, alpha: 0.5))
    }

    /// instanceCount 0 draws none of the sublayers; 1 draws them once.
    @Test(arguments: [(0, 0), (1, 1)])
    func fewInstances(count: Int, children: Int) throws {
        let tree = try decodeScene(Self.scene("\"instanceCount\": \(count)")).timeline.presentation(at: 0)
        #expect(tree.nodes[tree.index(of: "r")!].children.count == children)
    }

    @Test func badValuesAreLocatedErrors() {
        let e = sceneErrors(Self.scene(#""instanceCount": 2.5, "preservesDepth": 1, "instanceDelay": "x""#))
        #expect(e.count == 3)
        #expect(e.contains { $0.message.contains("instanceCount must be a whole number 0…10000") || $0.message.contains("expected an integer") })
        #expect(e.contains { $0.path?.description.hasSuffix("preservesDepth") == true && $0.message.contains("true or false") })
        let misplaced = sceneErrors(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a", "instanceCount": 3}]}"#)
        #expect(misplaced.first?.message == "'instanceCount' is a CAReplicatorLayer property; this layer's type is 'layer'")
    }

    /// The dot's centre in the replicator's coordinates: its bounds' centre (its anchor) through
    /// its transform, at its position.
    static func centres(_ tree: LayerTree, _ r: Int) -> [Point] {
        tree.nodes[r].children.map { i -> Point in
            let p = tree.nodes[i].properties
            let q = p.transform.apply(x: 0, y: 0, z: 0)
            return Point(x: p.position.x + q.x / q.w, y: p.position.y + q.y / q.w)
        }
    }

    /// instanceTransform is animatable (Apple: "Animatable"), through its transform.* key paths
    /// too: a turn from 0 to a quarter over 1 s is an eighth at 0.5 s, so instance 1 sits at 45°
    /// and instance 2 at 90° about the centre.
    @Test func instanceTransformAnimates() throws {
        let s = try decodeScene(Self.scene(#""instanceCount": 3, "animations": [{"keyPath": "instanceTransform.rotation.z", "fromValue": 0, "toValue": 1.5707963267948966, "duration": 1, "timingFunction": "linear"}]"#))
        let tree = s.timeline.presentation(at: 0.5)
        let r = try #require(tree.index(of: "r"))
        let h = 40 * 0.5.squareRoot()
        for (c, e) in zip(Self.centres(tree, r), [Point(x: 50, y: 10), Point(x: 50 + h, y: 50 - h), Point(x: 90, y: 50)]) {
            #expect(abs(c.x - e.x) < 1e-9 && abs(c.y - e.y) < 1e-9, "\(c) ≠ \(e)")
        }
        // After the animation the model value (identity) is back: every instance on the first.
        let after = s.timeline.presentation(at: 1.5)
        for c in Self.centres(after, r) { #expect(abs(c.x - 50) < 1e-9 && abs(c.y - 10) < 1e-9) }
    }

    /// instanceColor and the four offsets are animatable: halfway from white to (0.5, 1, 1, 1)
    /// with the alpha offset halfway from 0 to −0.5, instance 0 is (0.75, 1, 1, 1) and instance 2
    /// has alpha 1 − 2 · 0.25.
    @Test func instanceColourAndOffsetsAnimate() throws {
        let s = try decodeScene(Self.scene(##""instanceCount": 3, "animations": [{"keyPath": "instanceColor", "fromValue": "#FFFFFF", "toValue": {"r": 0.5, "g": 1, "b": 1, "a": 1}, "duration": 1, "timingFunction": "linear"}, {"keyPath": "instanceAlphaOffset", "fromValue": 0, "toValue": -0.5, "duration": 1, "timingFunction": "linear"}]"##))
        let tree = s.timeline.presentation(at: 0.5)
        let tints = tree.nodes[tree.index(of: "r")!].children.map { tree.nodes[$0].properties.instanceTint }
        #expect(tints[0] == Color(red: 0.75, green: 1, blue: 1, alpha: 1))
        #expect(tints[2] == Color(red: 0.75, green: 1, blue: 1, alpha: 0.5))
    }

    /// A UIView animation block changing instanceTransform animates it like any property.
    @Test func instanceTransformAnimatesInABlock() throws {
        let json = Self.scene(#""instanceCount": 2"#).replacingOccurrences(of: #""duration": 2}"#, with: #""duration": 2}, "timeline": [{"at": 0, "animate": {"duration": 1, "options": ["curveLinear"], "changes": {"r": {"instanceTransform": {"translate": [20, 0]}}}}}]"#)
        let s = try decodeScene(json)
        let r = try #require(s.timeline.presentation(at: 0).index(of: "r"))
        let half = Self.centres(s.timeline.presentation(at: 0.5), r)
        #expect(abs(half[1].x - 60) < 1e-9 && abs(half[1].y - 10) < 1e-9, "\(half)")
        #expect(abs(Self.centres(s.timeline.presentation(at: 1.5), r)[1].x - 70) < 1e-9)
    }

    /// Animating a replicator key path on another layer is refused like setting the key there.
    @Test func replicatorKeyPathsOnOtherLayersAreRefused() {
        let e = sceneErrors(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a", "animations": [{"keyPath": "instanceTransform.rotation.z", "toValue": 1, "duration": 1}]}]}"#)
        #expect(e.count == 1)
        #expect(e.first?.message == "'instanceTransform.rotation.z' is a CAReplicatorLayer key path; layer 'a' is of type 'layer'")
    }

    /// preservesDepth: the replicator becomes a transform layer (its instances share one 3D
    /// space), and its own background a first plane of its bounds at depth 0; with masksToBounds
    /// it stays flattened.
    @Test func preservesDepthMakesA3DContext() throws {
        let s = try decodeScene(Self.scene(#""instanceCount": 3, "preservesDepth": true, "backgroundColor": "red", "transform": {"rotate": 0.5}, "opacity": 0.5"#))
        let tree = s.timeline.presentation(at: 0)
        let r = try #require(tree.index(of: "r"))
        #expect(tree.nodes[r].properties.kind == .transform)
        #expect(tree.nodes[r].children.map { tree.nodes[$0].id } == ["r#own", "dot", "dot#1", "dot#2"])
        let own = tree.nodes[tree.nodes[r].children[0]].properties
        #expect(own.kind == .layer && own.backgroundColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(own.position == Point(x: 50, y: 50) && own.transform == .identity && own.opacity == 1)
        let clipped = try decodeScene(Self.scene(#""instanceCount": 3, "preservesDepth": true, "masksToBounds": true"#)).timeline.presentation(at: 0)
        #expect(clipped.nodes[clipped.index(of: "r")!].properties.kind == .replicator)
        #expect(clipped.nodes[clipped.index(of: "r")!].children.count == 3)
    }

    /// The own plane is not turned by the replicator's sublayerTransform (a layer's own drawing
    /// never is): its transform undoes it. instanceCount is not animatable here: a located error.
    @Test func ownPlaneUndoesTheSublayerTransformAndCountIsNotAnimatable() throws {
        let s = try decodeScene(Self.scene(#""instanceCount": 2, "preservesDepth": true, "backgroundColor": "red", "sublayerTransform": {"rotate": 1.2, "axis": [1, 0, 0]}"#))
        let tree = s.timeline.presentation(at: 0)
        let r = try #require(tree.index(of: "r"))
        let own = tree.nodes[tree.nodes[r].children[0]].properties
        let product = own.transform.concatenating(tree.nodes[r].properties.sublayerTransform)
        for (a, b) in zip(product.elements, Transform3D.identity.elements) { #expect(abs(a - b) < 1e-12) }
        let e = sceneErrors(Self.scene(#""instanceCount": 2, "animations": [{"keyPath": "instanceCount", "toValue": 5, "duration": 1}]"#))
        #expect(e.count == 1 && e.first?.message.hasPrefix("'instanceCount' is not animatable here") == true, "\(e)")
    }

    /// Nested replicators multiply: 1,000 × 1,000 copies of a dot is refused at the outer layer.
    @Test func nestedReplicatorsAreBounded() {
        let json = #"""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "outer", "type": "replicator", "instanceCount": 1000,
               "sublayers": [{"id": "inner", "type": "replicator", "instanceCount": 1000,
                 "sublayers": [{"id": "dot", "frame": [0, 0, 1, 1]}]}]}]}
            """#
        let e = sceneErrors(json)
        #expect(e.count == 1)
        #expect(e.first?.message.contains("would draw 1001001 layers; a frame may draw at most 200000") == true)
        #expect(e.first?.path?.description.contains("layers[0]") == true)
    }

    /// A replicator with preservesDepth draws its own background as one more layer: counted, so
    /// 1,000 copies of (itself, its own plane and 198 dots) are 200,001 layers, one too many.
    @Test func aKeptDepthsOwnPlaneIsCounted() throws {
        func json(_ preservesDepth: Bool) -> String {
            #"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "outer", "type": "replicator", "instanceCount": 1000, "#
                + #""sublayers": [{"id": "inner", "type": "replicator", "instanceCount": 198, "backgroundColor": "red", "#
                + #""preservesDepth": \#(preservesDepth), "sublayers": [{"id": "dot", "frame": [0, 0, 1, 1]}]}]}]}"#
        }
        _ = try decodeScene(json(false))
        let e = sceneErrors(json(true))
        #expect(e.count == 1 && e.first?.message.contains("would draw 200001 layers") == true, "\(e)")
    }
}
