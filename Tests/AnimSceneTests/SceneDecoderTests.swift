import AnimEngine
import AnimGeometry
import AnimLayers
import AnimScene
import Testing

/// Scene files decoded into the model, and every kind of bad input reported with its location.
struct SceneDecoderTests {
    func decode(_ json: String) throws(SceneErrors) -> Scene {
        try SceneLoader.decode(Array(json.utf8), file: "scene.json")
    }

    /// The errors a scene produces (fails the test if it decodes).
    func errors(_ json: String) -> [SceneError] {
        do {
            _ = try decode(json)
            Issue.record("expected errors")
            return []
        } catch {
            return error.errors
        }
    }

    @Test func decodesLayersAnimationsAndTimeline() throws {
        let scene = try decode("""
            {"canvas": {"width": 320, "height": 480, "scale": 2, "fps": 25, "duration": 2, "background": "#000000"},
             "layers": [{"id": "card", "frame": [10, 20, 100, 50], "cornerRadius": 8, "alpha": 0.5,
                         "sublayers": [{"id": "dot", "center": [5, 5], "bounds": [0, 0, 10, 10]}],
                         "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 0, "toValue": 100,
                                         "duration": 1, "timingFunction": "easeIn", "repeatCount": "infinity"}]}],
             "timeline": [{"at": 1.5, "set": {"dot": {"hidden": true}}},
                          {"at": 0.5, "removeAnimation": {"layer": "card", "key": "k"}}]}
            """)
        #expect(scene.canvas.fps == 25 && scene.canvas.scale == 2 && scene.canvas.background == .black)
        let tree = scene.timeline.model
        #expect(tree.nodes.map(\.id) == ["card", "dot"])
        let card = tree.nodes[0].properties
        #expect(card.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(card.position == Point(x: 60, y: 45))
        #expect(card.opacity == 0.5 && card.cornerRadius == 8)
        #expect(tree.nodes[1].properties.position == Point(x: 5, y: 5))
        #expect(tree.nodes[0].children == [1])
        // Layer animations come first (t = 0), then the timeline sorted by time.
        #expect(scene.timeline.actions.map(\.time) == [0, 0.5, 1.5])
        guard case let .addAnimation(layer, animation) = scene.timeline.actions[0].action else {
            Issue.record("expected an animation")
            return
        }
        #expect(layer == 0)
        #expect(animation.timing.repeatCount == .infinity)
        #expect(animation.timingFunction == .easeIn)
        #expect(animation.keyPaths.map(\.description) == ["position.x"])
    }

    @Test func defaultsAreApples() throws {
        let scene = try decode(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a"}]}"#)
        let p = scene.timeline.model.nodes[0].properties
        #expect(p.anchorPoint == Point(x: 0.5, y: 0.5) && p.opacity == 1 && p.allowsGroupOpacity && p.isDoubleSided)
        #expect(p.borderColor == .black && p.backgroundColor == nil && p.transform == .identity)
        // §8's shadow defaults: invisible (opacity 0), radius 3, offset (0, −3), opaque black, no path.
        #expect(p.shadowOpacity == 0 && p.shadowRadius == 3 && p.shadowOffset == Size(width: 0, height: -3))
        #expect(p.shadowColor == .black && p.shadowPath == nil && p.borderWidth == 0 && p.cornerRadius == 0)
        #expect(scene.canvas.fps == 50 && scene.canvas.scale == 1 && scene.canvas.background == .white)
        #expect(scene.canvas.duration == 1)
    }

    @Test func durationIsInferredFromAnimations() throws {
        let scene = try decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "duration": 2, "beginTime": 0.5}]}]}
            """)
        #expect(scene.canvas.duration == 2.5)
    }

    @Test func anInferredDurationEndsWithTheLastAnimation() throws {
        let short = try decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "animations": [{"keyPath": "position.x", "toValue": 30}]}]}
            """)
        #expect(short.canvas.duration == 0.25, "the default 0.25 s, not padded to 1 s: a loop repeats with no pause")
        #expect(short.canvas.frameCount() == 13, "round(0.25 × 50) = round(12.5) = 13 frames, t = 0 … 0.24")
        let forever = try decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "repeatCount": "infinity"}]}]}
            """)
        #expect(forever.canvas.duration == 1, "nothing ends after t = 0")
    }

    @Test func anInferredDurationEndsWithTheLastUIViewAnimationAndItsCompletion() throws {
        let animate = try decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a"}],
             "timeline": [{"at": 0.5, "animate": {"duration": 2, "delay": 0.25, "changes": {"a": {"alpha": 0}}}}]}
            """)
        #expect(animate.canvas.duration == 2.75, "0.5 + delay 0.25 + 2 s")
        let chained = try decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a"}],
             "timeline": [{"at": 0.5, "animate": {"duration": 1, "changes": {"a": {"alpha": 0}},
                           "completion": [{"animate": {"duration": 1.5, "changes": {"a": {"alpha": 1}}}}]}}]}
            """)
        #expect(chained.canvas.duration == 3, "the completion's animation starts when the first ends, at 1.5 s")
    }

    /// Animations run on their layer's clock (§2.2 step 1: the layer's and its superlayers'
    /// beginTime, speed and timeOffset), so the inferred duration ends where they end in scene time.
    @Test func anInferredDurationRunsOnTheLayersClock() throws {
        func duration(_ layers: String, timeline: String = "[]") throws -> Double {
            try decode("""
                {"canvas": {"width": 10, "height": 10}, "layers": \(layers), "timeline": \(timeline)}
                """).canvas.duration
        }
        let fade = #"{"keyPath": "opacity", "toValue": 0, "duration": 1}"#
        #expect(try duration(#"[{"id": "a", "speed": 0.5, "animations": [\#(fade)]}]"#) == 2, "half speed: 1 s of local time is 2 s")
        #expect(try duration(#"[{"id": "a", "speed": 2, "animations": [\#(fade)]}]"#) == 0.5)
        #expect(try duration(#"[{"id": "p", "speed": 0.5, "sublayers": [{"id": "a", "animations": [\#(fade)]}]}]"#) == 2,
                "a sublayer runs on its superlayer's clock")
        // beginTime 0.5 puts the layer's local time 0.5 s behind: the animation's beginTime 1 (a
        // local time) comes at 1.5 s and it ends at 2.5 s.
        let late = #"{"keyPath": "opacity", "toValue": 0, "duration": 1, "beginTime": 1}"#
        #expect(try duration(#"[{"id": "a", "beginTime": 0.5, "animations": [\#(late)]}]"#) == 2.5)
        #expect(try duration(#"[{"id": "a", "speed": 0, "animations": [\#(fade)]}]"#) == 1, "a stopped clock never ends it: the default 1 s")
        let animate = #"[{"at": 0.5, "animate": {"duration": 1, "changes": {"a": {"alpha": 0}}}}]"#
        #expect(try duration(#"[{"id": "a", "speed": 0.5}]"#, timeline: animate) == 2.5, "UIView.animate on a half-speed layer")
        // The completion runs once the animation has ended on the layer's clock (2.5 s), and its
        // own 1 s animation on a layer at speed 1 ends at 3.5 s.
        let chained = #"[{"at": 0.5, "animate": {"duration": 1, "changes": {"a": {"alpha": 0}}, "#
            + #""completion": [{"animate": {"duration": 1, "changes": {"b": {"alpha": 0}}}}]}}]"#
        #expect(try duration(#"[{"id": "a", "speed": 0.5}, {"id": "b"}]"#, timeline: chained) == 3.5)
        #expect(try duration(#"[{"id": "a", "speed": 0}, {"id": "b"}]"#, timeline: chained) == 1.5,
                "on a stopped clock the completion never runs: the block's own end, 0.5 + 1")
    }

    @Test func misspeltKeyIsLocatedWithAHint() {
        let e = errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "backgroundColour": "red"}]}
            """)
        #expect(e.count == 1)
        #expect(e.first?.path?.description == "layers[0].backgroundColour")
        #expect(e.first?.location == SourceLocation(line: 2, column: 25))
        #expect(e.first?.hint == "did you mean 'backgroundColor'?")
    }

    @Test func wrongValueTypeForTheKeyPath() {
        let e = errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "animations": [{"keyPath": "position", "toValue": 5}]}]}
            """)
        #expect(e.map { $0.path?.description } == ["layers[0].animations[0].toValue"])
        #expect(e.first?.message.contains("point") == true)
    }

    @Test func unknownKeyPathAndLayerAndDuplicateID() {
        let e = errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "box", "animations": [{"keyPath": "opacty", "toValue": 0}]}, {"id": "box"}],
             "timeline": [{"at": 1, "set": {"bx": {"opacity": 1}}}]}
            """)
        let paths = e.map { $0.path?.description ?? "" }
        #expect(paths.contains("layers[0].animations[0].keyPath"))
        #expect(paths.contains("layers[1].id"))
        #expect(paths.contains("timeline[0].set.bx"))
        #expect(e.contains { $0.hint == "did you mean 'opacity'?" })
        #expect(e.contains { $0.hint == "did you mean 'box'?" })
        #expect(e.contains { $0.message.contains("duplicate layer id 'box'") })
    }

    /// Duplicate ids and references are found by id, however many layers there are; the first
    /// declaration is the one named, and a reference resolves to the first layer with the id.
    /// A UIKit alias given beside the key it stands for (or another alias of it) is refused at the
    /// second name, on a layer, in `set` and in `animate`'s changes: the value would otherwise
    /// depend on the order the two are written in.
    @Test func anAliasBesideItsKeyIsRefused() {
        let pairs = [("alpha", "opacity", "0.5", "0.2"), ("center", "position", "[1, 2]", "[3, 4]"),
                     ("isHidden", "hidden", "true", "false"), ("clipsToBounds", "masksToBounds", "true", "false"),
                     ("isDoubleSided", "doubleSided", "true", "false")]
        for (alias, key, a, b) in pairs {
            for (first, second) in [(alias, key), (key, alias)] {
                let e = errors(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a", "\#(first)": \#(a), "\#(second)": \#(b)}]}"#)
                #expect(e.map { $0.path?.description } == ["layers[0].\(second)"])
                #expect(e.first?.message.contains("'\(second)' and '\(first)' both set \(key)") == true, "\(e)")
            }
            let set = errors(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a"}], "timeline": [{"at": 0, "set": {"a": {"\#(key)": \#(a), "\#(alias)": \#(b)}}}]}"#)
            #expect(set.map { $0.path?.description } == ["timeline[0].set.a.\(alias)"])
        }
        let animate = errors(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a"}], "timeline": [{"at": 0, "animate": {"duration": 1, "changes": {"a": {"alpha": 0, "opacity": 1}}}}]}"#)
        #expect(animate.map { $0.path?.description } == ["timeline[0].animate.changes.a.opacity"])
        // CATextLayer's wrapped / isWrapped, on a text layer and in `set`.
        let text = #"{"id": "t", "type": "text", "string": "a long line", "frame": [0, 0, 10, 10]"#
        for (first, second) in [("isWrapped", "wrapped"), ("wrapped", "isWrapped")] {
            let e = errors(#"{"canvas": {"width": 10, "height": 10}, "layers": [\#(text), "\#(first)": true, "\#(second)": false}]}"#)
            #expect(e.map { $0.path?.description } == ["layers[0].\(second)"])
            #expect(e.first?.message.contains("'\(second)' and '\(first)' both set isWrapped") == true, "\(e)")
        }
        let set = errors(#"{"canvas": {"width": 10, "height": 10}, "layers": [\#(text)}], "timeline": [{"at": 0, "set": {"t": {"wrapped": true, "isWrapped": false}}}]}"#)
        #expect(set.map { $0.path?.description } == ["timeline[0].set.t.isWrapped"])
    }

    /// A negative font size is refused where it is written, as a negative shadow radius is.
    @Test func aNegativeFontSizeIsRefused() {
        let e = errors(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "t", "type": "text", "string": "a", "fontSize": -5}]}"#)
        #expect(e.map { $0.path?.description } == ["layers[0].fontSize"])
        #expect(e.first?.message == "'fontSize' must not be negative, found -5", "\(e)")
    }

    @Test func manyLayerIDs() throws {
        let layers = (0..<2000).map { #"{"id": "l\#($0)"}"# }.joined(separator: ", ")
        let e = errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [\(layers), {"id": "l7"}, {"id": "l7"}],
             "timeline": [{"at": 0, "set": {"l1999": {"opacity": 0.5}, "l19999": {"opacity": 0.5}}}]}
            """)
        #expect(e.map(\.message) == ["duplicate layer id 'l7' (first declared at layers[7].id)",
                                     "duplicate layer id 'l7' (first declared at layers[7].id)",
                                     "no layer has the id 'l19999'"])
        #expect(e.last?.hint == "did you mean 'l1999'?")
        let scene = try decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [\(layers)], "timeline": [{"at": 0, "set": {"l1999": {"opacity": 0.5}}}]}
            """)
        #expect(scene.timeline.presentation(at: 0).nodes[1999].properties.opacity == 0.5)
    }

    @Test func canvasProblems() {
        #expect(errors(#"{"layers": []}"#).first?.message.contains("canvas") == true)
        let huge = errors(#"{"canvas": {"width": 20000, "height": 100, "scale": 1}}"#)
        #expect(huge.first?.path?.description == "canvas.width")
        #expect(huge.first?.message.contains("limit") == true)
        #expect(errors(#"{"canvas": {"width": -1, "height": 100}}"#).first?.path?.description == "canvas.width")
        #expect(errors(#"{"canvas": {"width": 10, "height": 10, "fps": 100000, "duration": 10}}"#).count == 1)
    }

    @Test func timingValidation() {
        let e = errors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "animations": [
                {"keyPath": "opacity", "fromValue": 0, "toValue": 1, "byValue": 1},
                {"keyPath": "opacity", "toValue": 1, "fillMode": "forward"},
                {"keyPath": "opacity", "toValue": 1, "timingFunction": "easeInOut"},
                {"keyPath": "opacity", "toValue": 1, "timingFunction": [2, 0, 0.5, 1]},
                {"keyPath": "opacity", "toValue": 1, "repeatCount": 2, "repeatDuration": 3},
                {"keyPath": "opacity", "toValue": 1, "duration": -1}]}]}
            """)
        #expect(e.count == 6)
        #expect(e.contains { $0.hint == "did you mean 'forwards'?" })
        #expect(e.contains { $0.hint == "did you mean 'easeInEaseOut'?" })
    }

    /// The last key of the contract that was refused as "not rendered yet" (a replicator's
    /// preservesDepth) now loads without an error.
    @Test func everyKeyOfTheContractLoads() throws {
        let scene = try decode("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "b", "type": "replicator", "preservesDepth": true}]}
            """)
        #expect(scene.timeline.presentation(at: 0).nodes.count == 1)
    }

    @Test func syntaxErrorsCarryTheFileName() {
        let e = errors("{\"canvas\": {\"width\": 10,, \"height\": 10}}")
        #expect(e.first?.file == "scene.json")
        #expect(e.first?.location?.line == 1)
    }

    /// 20,000 mistyped values on one line: the report quotes the first 50 and counts the rest
    /// (quoting all of them read the line once per error: 44 s).
    @Test func reportShowsTheFirstFiftyErrorsAndCountsTheRest() {
        let layers = (0..<20_000).map { #"{"id": "\#($0)", "opacity": "x"}"# }.joined(separator: ", ")
        let json = #"{"canvas": {"width": 10, "height": 10}, "layers": [\#(layers)]}"#
        do {
            _ = try decode(json)
            Issue.record("decoded a scene with 20,000 errors")
        } catch {
            #expect(error.errors.count == 20_000)
            let report = SceneLoader.report(error, source: Array(json.utf8))
            let lines = report.split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("error: ") }.count == 50)
            #expect(report.contains("layers[49].opacity") && !report.contains("layers[50].opacity"), "the first 50 in file order")
            #expect(lines.suffix(2) == ["… and 19950 more errors (the first 50 are shown)", "20000 errors; nothing was rendered"])
        }
    }

    @Test func reportQuotesTheSourceLine() {
        let json = "{\"canvas\": {\"width\": 10, \"height\": 10},\n \"layers\": [{\"id\": \"a\", \"opacityy\": 1}]}"
        do {
            _ = try decode(json)
        } catch {
            let report = SceneLoader.report(error, source: Array(json.utf8))
            #expect(report.contains("scene.json:2:25"), "\(report)")
            #expect(report.contains("layers[0].opacityy"))
            #expect(report.contains("\"opacityy\": 1"))
            #expect(report.contains("^"))
        }
    }
}
