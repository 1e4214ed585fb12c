import AnimEngine
import AnimGeometry
import AnimLayers
import AnimScene
import AnimTiming
import Testing

/// The `transition`, `transitionFromView` and `caTransition` verbs and `detached` layers.
struct TransitionDecodingTests: SceneFixture {
    func json(_ timeline: String) -> String {
        """
            {"canvas": {"width": 100, "height": 100, "duration": 3},
             "layers": [{"id": "box", "bounds": [0, 0, 10, 10], "sublayers": [{"id": "a"}, {"id": "b", "detached": true}]},
                        {"id": "loose"}],
             "timeline": [\(timeline)]}
            """
    }

    func decode(_ timeline: String) throws(SceneErrors) -> Scene { try decodeScene(json(timeline)) }

    func errors(_ timeline: String) -> [SceneError] { sceneErrors(json(timeline)) }

    func transition(_ s: Scene) -> ViewTransition? {
        guard case let .transition(v) = s.timeline.actions.first?.action else { return nil }
        return v
    }

    @Test func caTransitionDefaults() throws {
        let v = try #require(transition(try decode(#"{"at": 1, "caTransition": {"layer": "box", "changes": {"a": {"hidden": true}}}}"#)))
        #expect(v.effect == TransitionEffect(.fade) && v.duration == 0.25, "type fade, duration 0 → 0.25")
        #expect(v.timingFunction == nil && v.startProgress == 0 && v.endProgress == 1)
        #expect(v.target == .layer(0) && v.changes.count == 1)
    }

    @Test func caTransitionKeys() throws {
        let v = try #require(transition(try decode("""
            {"at": 0, "caTransition": {"layer": "box", "type": "cube", "subtype": "fromTop", "duration": 0.5,
             "timingFunction": "easeOut", "startProgress": 0.1, "endProgress": 0.9}}
            """)))
        #expect(v.effect == TransitionEffect(.cube, .fromTop) && v.duration == 0.5 && v.timingFunction == .easeOut)
        #expect(v.startProgress == 0.1 && v.endProgress == 0.9)
    }

    @Test func uiViewOptionsLowerToCATransitions() throws {
        let cases: [(String, TransitionEffect?)] = [
            ("transitionFlipFromLeft", TransitionEffect(.oglFlip, .fromLeft)), ("transitionFlipFromBottom", TransitionEffect(.oglFlip, .fromBottom)),
            ("transitionCurlUp", TransitionEffect(.pageCurl, .fromBottom)), ("transitionCurlDown", TransitionEffect(.pageUnCurl, .fromBottom)),
            ("transitionCrossDissolve", TransitionEffect(.fade)), ("transitionNone", nil),
        ]
        for (option, effect) in cases {
            let v = try #require(transition(try decode(#"{"at": 0, "transition": {"view": "box", "duration": 1, "options": "\#(option)"}}"#)))
            #expect(v.effect == effect, "\(option)")
            #expect(v.timingFunction == .easeInEaseOut, "UIKit's default curve")
        }
        let v = try #require(transition(try decode("""
            {"at": 0, "transition": {"view": "box", "duration": 1, "options": ["transitionCrossDissolve", "curveLinear", "allowAnimatedContent"],
             "changes": {"a": {"alpha": 0}}, "completion": [{"if": "finished", "set": {"a": {"hidden": true}}}]}}
            """)))
        #expect(v.timingFunction == .linear && v.animatesContent && v.completion.count == 1)
    }

    @Test func transitionFromViewNamesTheSwap() throws {
        let s = try decode(#"{"at": 0, "transitionFromView": {"from": "a", "to": "b", "duration": 0.3, "options": ["transitionFlipFromLeft", "showHideTransitionViews"]}}"#)
        let v = try #require(transition(s))
        #expect(v.target == .superlayer(of: 1) && v.swap == ViewTransition.Swap(from: 1, to: 2, showsAndHides: true))
        #expect(s.timeline.model.nodes[0].children == [1], "a detached layer is declared but not in its superlayer")
        #expect(s.timeline.model.nodes[2].parent == 0)
    }

    @Test func transitionFromARootLayerRunsOnTheCanvasRootLayer() throws {
        // UIKit animates from's superview; a root layer's is the canvas's root layer, which becomes a
        // container covering the canvas (drawing nothing) that the root layers move into, in order.
        let s = try decode(#"{"at": 0, "transitionFromView": {"from": "loose", "to": "b", "duration": 0.3, "options": "transitionFlipFromLeft"}}"#)
        let v = try #require(transition(s))
        #expect(v.target == .superlayer(of: 3) && v.swap == ViewTransition.Swap(from: 3, to: 2, showsAndHides: false))
        let model = s.timeline.model
        #expect(model.roots == [4] && model.nodes[4].id == "(root layer)" && model.nodes[4].children == [0, 3])
        #expect(model.nodes[4].properties.bounds == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(model.nodes[4].properties.position == Point(x: 50, y: 50) && model.nodes[4].properties.backgroundColor == nil)
        let after = s.timeline.presentation(at: 0.1)
        #expect(after.nodes[4].children == [0, 2], "b took loose's place")
        #expect(after.transitions.map(\.layer) == [4])
    }

    /// `to` takes `from`'s place in its superlayer: `to` being that superlayer (or above it, or
    /// `from` itself) would make a layer its own sublayer (an audit found it accepted).
    @Test(arguments: ["box", "outer", "a"])
    func toContainingFromIsAnError(_ to: String) {
        let e = sceneErrors("""
            {"canvas": {"width": 100, "height": 100, "duration": 1},
             "layers": [{"id": "outer", "sublayers": [{"id": "box", "sublayers": [{"id": "a"}]}]}],
             "timeline": [{"at": 0, "transitionFromView": {"from": "a", "to": "\(to)", "duration": 0.5}}]}
            """)
        let what = to == "a" ? "is 'from' itself" : "contains 'a'"
        #expect(e.map { "\($0.path!): \($0.message)" } == [
            "timeline[0].transitionFromView.to: transitionFromView puts 'to' in the superlayer of 'from', and '\(to)' \(what): "
                + "a layer cannot become its own sublayer"])
    }

    @Test func transitionFromAMaskedLayerIsAllowed() throws {
        // from's mask does not make it a mask: its superlayer is box.
        let s = try decodeScene("""
            {"canvas": {"width": 100, "height": 100, "duration": 1},
             "layers": [{"id": "box", "sublayers": [{"id": "a", "mask": {"id": "m"}}, {"id": "b", "detached": true}]}],
             "timeline": [{"at": 0, "transitionFromView": {"from": "a", "to": "b", "duration": 0.5}}]}
            """)
        #expect(transition(s)?.target == .superlayer(of: 1))
        let e = sceneErrors("""
            {"canvas": {"width": 100, "height": 100, "duration": 1},
             "layers": [{"id": "box", "sublayers": [{"id": "a", "mask": {"id": "m"}}, {"id": "b", "detached": true}]}],
             "timeline": [{"at": 0, "transitionFromView": {"from": "m", "to": "b", "duration": 0.5}}]}
            """)
        #expect(e.map(\.message) == ["transitionFromView animates the superlayer of 'from', and 'm' has none (it is detached, or a mask)"])
        // A detached root layer has no superlayer until the end (no verb adds a layer to the root).
        let detached = sceneErrors("""
            {"canvas": {"width": 100, "height": 100, "duration": 1},
             "layers": [{"id": "a"}, {"id": "b", "detached": true}],
             "timeline": [{"at": 0, "transitionFromView": {"from": "b", "to": "a", "duration": 0.5}}]}
            """)
        #expect(detached.map(\.path?.description) == ["timeline[0].transitionFromView.from"])
        #expect(detached.map(\.hint) == ["use a layer that is in the layer tree when the transition starts"])
    }

    @Test func badTransitionsAreLocated() {
        let e = errors("""
            {"at": 0, "caTransition": {"layer": "box", "type": "pageCurll", "subtype": "fromMiddle", "startProgress": 0.8, "endProgress": 0.2}},
            {"at": 0, "transition": {"view": "box", "duration": 1, "options": ["transitionCurlUp", "transitionCrossDissolve", "repeat", "showHideTransitionViews"]}},
            {"at": 0, "transitionFromView": {"from": "a", "to": "nobody", "duration": 1}},
            {"at": 0, "transition": {"view": "box"}}
            """)
        #expect(e.contains { $0.hint == "did you mean 'pageCurl'?" }, "\(e.map(\.message))")
        #expect(e.contains { $0.path?.description == "timeline[0].caTransition.subtype" })
        #expect(e.contains { $0.path?.description == "timeline[0].caTransition.endProgress" })
        #expect(e.contains { $0.message.contains("both choose the transition") })
        #expect(e.contains { $0.message.contains("'repeat' does not apply") })
        #expect(e.contains { $0.message.contains("transitionFromView only") })
        #expect(e.contains { $0.path?.description == "timeline[2].transitionFromView.to" && $0.message.contains("'nobody'") })
        #expect(e.contains { $0.path?.description == "timeline[3].transition" && $0.message.contains("duration") })
    }
}
