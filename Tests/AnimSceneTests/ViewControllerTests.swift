import AnimEngine
import AnimGeometry
import AnimLayers
import AnimScene
import AnimTiming
import Testing

/// View-controller transitions lowered to the timeline, measured on the presentation tree: the
/// views' positions at the start, middle and end, and the hierarchy before and after.
struct ViewControllerTests: SceneFixture {
    /// Two 240 × 400 screens; `second` is declared detached, as a view controller's view not yet shown.
    func scene(_ timeline: String) throws(SceneErrors) -> Scene { try decodeScene(json(timeline)) }

    func json(_ timeline: String) -> String {
        """
            {"canvas": {"width": 240, "height": 400, "duration": 4},
             "layers": [{"id": "first", "frame": [0, 0, 240, 400]}, {"id": "second", "frame": [0, 0, 240, 400], "detached": true}],
             "viewControllers": [{"id": "firstVC", "view": "first"}, {"id": "secondVC", "view": "second"}],
             "timeline": [\(timeline)]}
            """
    }

    func errors(_ timeline: String) -> [SceneError] { sceneErrors(json(timeline)) }

    func y(_ s: Scene, _ id: String, at t: Double) -> Double {
        let tree = s.timeline.presentation(at: t)
        return tree.nodes[tree.index(of: id)!].properties.position.y
    }

    func x(_ s: Scene, _ id: String, at t: Double) -> Double {
        let tree = s.timeline.presentation(at: t)
        return tree.nodes[tree.index(of: id)!].properties.position.x
    }

    func windowChildren(_ s: Scene, at t: Double) -> [String] {
        let tree = s.timeline.presentation(at: t)
        return tree.nodes[tree.index(of: "window")!].children.map { tree.nodes[$0].id }
    }

    @Test func theRootLayersMoveIntoAWindow() throws {
        let s = try scene("")
        #expect(s.timeline.model.roots.map { s.timeline.model.nodes[$0].id } == ["window"])
        #expect(windowChildren(s, at: 0) == ["first"], "a detached view is not in the window")
    }

    @Test func coverVerticalSlidesUpThenTheCoveredViewLeaves() throws {
        let s = try scene(#"{"at": 1, "present": {"viewController": "secondVC", "from": "firstVC"}}"#)
        #expect(windowChildren(s, at: 0.9) == ["first"])
        #expect(windowChildren(s, at: 1) == ["first", "second"])
        #expect(y(s, "second", at: 1) == 600, "one screen lower at the start")
        let mid = 200 + 400 * (1 - TimingFunction.easeInEaseOut.value(at: 0.5))
        #expect(abs(y(s, "second", at: 1.25) - mid) < 1e-9, "half way through the 0.5 s easeInOut")
        #expect(y(s, "second", at: 1.5) == 200)
        #expect(windowChildren(s, at: 1.5) == ["second"], "full screen: the presenting view leaves the window")
    }

    @Test func dismissBringsThePresenterBackBelow() throws {
        let s = try scene("""
            {"at": 0, "present": {"viewController": "secondVC", "from": "firstVC", "animated": false}},
            {"at": 1, "dismiss": {"viewController": "secondVC"}}
            """)
        #expect(windowChildren(s, at: 0.5) == ["second"])
        #expect(windowChildren(s, at: 1) == ["first", "second"])
        #expect(abs(y(s, "second", at: 1.25) - (200 + 400 * TimingFunction.easeInEaseOut.value(at: 0.5))) < 1e-9)
        #expect(windowChildren(s, at: 1.5) == ["first"])
    }

    @Test func aCustomAnimatorRunsItsStepsWithTheContext() throws {
        let s = try scene("""
            {"at": 0.2, "present": {"viewController": "secondVC", "from": "firstVC", "animator": {"transitionDuration": 0.8, "animateTransition": [
              {"set": {"$to": {"frame": [0, "$containerHeight", "$containerWidth", "$containerHeight"]}}},
              {"animate": {"duration": "$duration", "options": "curveLinear", "spring": {"damping": 0.6, "initialVelocity": 0},
                           "changes": {"$to": {"frame": "$finalFrame.to"}}}}]}}}
            """)
        let spring = Spring.uiView(duration: 0.8, dampingRatio: 0.6, initialVelocity: 0)
        #expect(y(s, "second", at: 0.2) == 600, "BouncePresentAnimation: one screen lower")
        let expected = 200 + 400 * (1 - spring.progress(at: 0.3))
        #expect(abs(y(s, "second", at: 0.5) - expected) < 1e-9, "the spring's value 0.3 s in")
        #expect(y(s, "second", at: 0.5) < 200, "damping 0.6 overshoots above the final frame")
        #expect(y(s, "second", at: 1.0) == 200)
        #expect(windowChildren(s, at: 1.0) == ["second"], "completeTransition at transitionDuration")
    }

    /// A navigation controller `nav` (view `navView`) with `first` on its stack, then `timeline`.
    func navigation(_ timeline: String) throws -> Scene {
        let nav = #", {"id": "nav", "view": "navView", "viewControllers": ["firstVC"]}"#
        return try decodeScene("""
            {"canvas": {"width": 240, "height": 400, "duration": 4},
             "layers": [{"id": "navView", "frame": [0, 0, 240, 400], "sublayers": [
                 {"id": "first", "frame": [0, 0, 240, 400]}, {"id": "second", "frame": [0, 0, 240, 400], "detached": true}]}],
             "viewControllers": [{"id": "firstVC", "view": "first"}, {"id": "secondVC", "view": "second"}\(nav)],
             "timeline": [\(timeline)]}
            """)
    }

    /// The navigation view's children at `t` (the dimming view as "dim", the edge shadow as "edge")
    /// and the dimming view's opacity.
    func navChildren(_ s: Scene, at t: Double) -> (ids: [String], dimming: Double?) {
        let tree = s.timeline.presentation(at: t)
        let children = tree.nodes[tree.index(of: "navView")!].children
        let dim = children.first { tree.nodes[$0].id.hasPrefix("$dimming") }
        func name(_ i: Int) -> String {
            let id = tree.nodes[i].id
            return id.hasPrefix("$dimming") ? "dim" : id.hasPrefix("$edgeShadow") ? "edge" : id
        }
        return (children.map(name), dim.map { tree.nodes[$0].properties.opacity })
    }

    /// The edge shadow's properties at `t`, nil when it is not in the navigation view.
    func edgeShadow(_ s: Scene, at t: Double) -> LayerProperties? {
        let tree = s.timeline.presentation(at: t)
        let children = tree.nodes[tree.index(of: "navView")!].children
        return children.first { tree.nodes[$0].id.hasPrefix("$edgeShadow") }.map { tree.nodes[$0].properties }
    }

    @Test func pushAndPopDimTheCoveredView() throws {
        let s = try navigation("""
            {"at": 1, "push": {"navigationController": "nav", "viewController": "secondVC"}},
            {"at": 2, "pop": {"navigationController": "nav"}}
            """)
        let e = TimingFunction.easeInEaseOut.value(at: 0.5)
        #expect(navChildren(s, at: 0.5).ids == ["first"])
        #expect(navChildren(s, at: 1).ids == ["first", "dim", "edge", "second"], "between the covered view and the new one")
        #expect(navChildren(s, at: 1).dimming == 0)
        #expect(abs(navChildren(s, at: 1.175).dimming! - 0.1 * e) < 1e-12, "black at 10 % when covered")
        #expect(navChildren(s, at: 1.35).ids == ["second"], "it leaves with the covered view")
        #expect(navChildren(s, at: 2).ids == ["first", "dim", "edge", "second"])
        #expect(abs(navChildren(s, at: 2.175).dimming! - 0.1 * (1 - e)) < 1e-12, "pop: it clears as the view returns")
        #expect(navChildren(s, at: 2.35).ids == ["first"])
    }

    /// UIKit's `_UIVerticalEdgeShadowView`: 9 pt of black from 12/255 to 18/255 just left of the
    /// moving view, fading out as a pushed view arrives and in as a popped one leaves.
    @Test func theMovingViewCarriesAnEdgeShadow() throws {
        let s = try navigation("""
            {"at": 1, "push": {"navigationController": "nav", "viewController": "secondVC"}},
            {"at": 2, "pop": {"navigationController": "nav"}}
            """)
        let e = TimingFunction.easeInEaseOut.value(at: 0.5)
        for t in [1, 1.1, 1.175, 1.3, 2, 2.1, 2.175, 2.3] {
            let edge = try #require(edgeShadow(s, at: t))
            #expect(abs(edge.position.x + 4.5 - (x(s, "second", at: t) - 120)) < 1e-9, "its right edge on the view's left edge at \(t)")
            #expect(edge.bounds.width == 9 && edge.bounds.height == 400 && edge.position.y == 200)
        }
        let edge = try #require(edgeShadow(s, at: 1))
        #expect(edge.kind == .gradient && edge.opacity == 1)
        #expect(edge.gradient.colors.map(\.alpha) == [12.0 / 255, 18.0 / 255] && edge.gradient.colors.allSatisfy { $0.red == 0 && $0.green == 0 && $0.blue == 0 })
        #expect(edge.gradient.startPoint == Point(x: 0, y: 0.5) && edge.gradient.endPoint == Point(x: 1, y: 0.5), "darker toward the view")
        #expect(abs(edgeShadow(s, at: 1.175)!.opacity - (1 - e)) < 1e-12, "push: it fades out as the view arrives")
        #expect(edgeShadow(s, at: 1.35) == nil, "it leaves with the dimming view")
        #expect(edgeShadow(s, at: 2)!.opacity == 0)
        #expect(abs(edgeShadow(s, at: 2.175)!.opacity - e) < 1e-12, "pop: it fades in as the view leaves")
        #expect(edgeShadow(s, at: 2.35) == nil)
    }

    @Test func aCancelledSwipeBackLeavesNoDimmingView() throws {
        let s = try navigation("""
            {"at": 0, "push": {"navigationController": "nav", "viewController": "secondVC", "animated": false}},
            {"at": 1, "pop": {"navigationController": "nav",
                              "interactive": {"percent": [[0, 0], [0.5, 0.4]], "cancel": {"at": 0.5, "completionCurve": "linear"}}}}
            """)
        #expect(navChildren(s, at: 0.5).ids == ["second"])
        // While the gesture runs, the pop is linear in the percent (the view follows the finger,
        // as _UINavigationParallaxTransition makes it when interactive): 20 % at 1.25 s is 20 % of
        // the width, 120 + 0.2 × 240 (easeInEaseOut gave 120 + 0.104 × 240).
        #expect(abs(x(s, "second", at: 1.25) - (120 + 0.2 * 240)) < 1e-9)
        let atPercent = 1 - 0.4
        #expect(abs(navChildren(s, at: 1.5).dimming! - 0.1 * atPercent) < 1e-12, "the gesture drives the dimming too")
        // cancel at 40 %: 0.4 × 0.35 s back to the start, so it ends at 1.64.
        #expect(navChildren(s, at: 1.63).ids == ["first", "dim", "edge", "second"])
        #expect(abs(edgeShadow(s, at: 1.5)!.opacity - (1 - atPercent)) < 1e-12, "and the edge shadow")
        #expect(navChildren(s, at: 1.65).ids == ["second"], "after the cancel: only the top view, no dimming view or edge shadow")
    }

    @Test func pushSlidesInWithParallaxAndPopReturns() throws {
        let s = try navigation("""
            {"at": 1, "push": {"navigationController": "nav", "viewController": "secondVC"}},
            {"at": 2, "pop": {"navigationController": "nav"}}
            """)
        #expect(x(s, "second", at: 1) == 360, "to starts one width to the right")
        let e = TimingFunction.easeInEaseOut.value(at: 0.5)
        #expect(abs(x(s, "first", at: 1.175) - (120 - 72 * e)) < 1e-9, "from moves 30% of the width")
        #expect(x(s, "second", at: 1.35) == 120)
        let tree = s.timeline.presentation(at: 1.5)
        #expect(tree.nodes[tree.index(of: "navView")!].children == [tree.index(of: "second")!])
        #expect(x(s, "first", at: 2) == 48, "pop: the covered view comes back from 30% to the left")
        #expect(x(s, "second", at: 2.35) == 360 && x(s, "first", at: 2.35) == 120)
    }

    /// A 1 s linear dismiss animator moving the presented view down one screen, driven by a pan.
    func interactive(_ ending: String, at end: Double, percent: String) throws -> Scene {
        try scene("""
            {"at": 0, "present": {"viewController": "secondVC", "from": "firstVC", "animated": false}},
            {"at": 1, "dismiss": {"viewController": "secondVC", "animator": {"transitionDuration": 1, "animateTransition": [
               {"animate": {"duration": "$duration", "options": "curveLinear",
                            "changes": {"$from": {"frame": [0, "$containerHeight", "$containerWidth", "$containerHeight"]}}}}]},
              "interactive": {"percent": \(percent), "\(ending)": {"at": \(end), "completionSpeed": 2, "completionCurve": "linear"}}}}
            """)
    }

    @Test func percentDrivenTransitionFollowsTheGestureThenFinishes() throws {
        let s = try interactive("finish", at: 0.8, percent: "[[0, 0], [0.4, 0.2], [0.8, 0.6]]")
        #expect(abs(y(s, "second", at: 1.2) - (200 + 400 * 0.1)) < 1e-9, "half way to the 0.2 key")
        #expect(abs(y(s, "second", at: 1.6) - (200 + 400 * 0.4)) < 1e-9)
        // finish at 0.6: the remaining 0.4 s of animation at completionSpeed 2 takes 0.2 s.
        #expect(abs(y(s, "second", at: 1.9) - (200 + 400 * 0.8)) < 1e-9)
        #expect(windowChildren(s, at: 2.0) == ["first"], "completed at 1 + 0.8 + 0.2")
        #expect(windowChildren(s, at: 1.99).contains("second"))
    }

    /// A gesture already at 0.5 when it starts shows half the animation at once: the animator's
    /// animations begin on the layer's own clock, before the transition takes its time over (UIKit
    /// pauses the layers after animateTransition returns), so the first percent is not subtracted.
    @Test func aGestureThatStartsPastZeroShowsItsPercentAtOnce() throws {
        let s = try interactive("finish", at: 0.4, percent: "[[0, 0.5], [0.2, 0.5]]")
        #expect(abs(y(s, "second", at: 1) - (200 + 400 * 0.5)) < 1e-9, "half way at the start")
        #expect(abs(y(s, "second", at: 1.3) - (200 + 400 * 0.5)) < 1e-9, "held at 0.5")
        // finish at 0.5: the remaining 0.5 s of animation at completionSpeed 2 takes 0.25 s.
        #expect(abs(y(s, "second", at: 1.525) - (200 + 400 * 0.75)) < 1e-9)
        #expect(windowChildren(s, at: 1.65) == ["first"], "completed at 1 + 0.4 + 0.25")
    }

    @Test func aCancelledTransitionPlaysBackAndRestoresTheViews() throws {
        let s = try interactive("cancel", at: 0.5, percent: "[[0, 0], [0.5, 0.3]]")
        #expect(abs(y(s, "second", at: 1.5) - 320) < 1e-9, "30% of the way")
        #expect(abs(y(s, "second", at: 1.575) - (200 + 400 * 0.15)) < 1e-9, "back at twice the speed")
        #expect(windowChildren(s, at: 1.65) == ["second"], "the presenter goes away again; the presented view stays")
        #expect(y(s, "second", at: 1.65) == 200 && y(s, "second", at: 3) == 200, "its frame is restored")
        let tree = s.timeline.presentation(at: 3)
        #expect(tree.nodes[tree.index(of: "second")!].properties.timing == LayerTiming())
    }

    @Test func partialCurlHoldsUntilTheDismiss() throws {
        let s = try scene("""
            {"at": 0, "present": {"viewController": "secondVC", "from": "firstVC", "modalTransitionStyle": "partialCurl"}},
            {"at": 3, "dismiss": {"viewController": "secondVC"}}
            """)
        let window = s.timeline.model.index(of: "window")!
        let held = try #require(s.timeline.presentation(at: 2).transition(on: window))
        #expect(held.effect == TransitionEffect(.pageCurl, .fromBottom) && held.progress == 0.5)
        let back = try #require(s.timeline.presentation(at: 3).transition(on: window))
        #expect(back.effect.type == .pageUnCurl && back.progress == 0.5, "uncurls from where the curl stopped")
        #expect(s.timeline.presentation(at: 3.6).transitions.isEmpty)
    }

    @Test func badControllerVerbsAreLocated() {
        let e = errors("""
            {"at": 0, "dismiss": {}},
            {"at": 0, "present": {"viewController": "secondVc"}},
            {"at": 0.1, "dismiss": {}},
            {"at": 0.2, "push": {"navigationController": "firstVC", "viewController": "secondVC"}},
            {"at": 0.3, "present": {"viewController": "secondVC", "from": "firstVC", "modalTransitionStyle": "flipHorizontal",
              "interactive": {"percent": [[0, 0]], "finish": {"at": 1}}}},
            {"at": 0.4, "present": {"viewController": "secondVC", "from": "firstVC", "animator": {"transitionDuration": 1,
              "animateTransition": [{"set": {"$too": {"alpha": 0}}}]}}},
            {"at": 0.5, "set": {"first": {"alpha": 1}}, "present": {}},
            {"at": 0.6, "animate": {"duration": 1, "changes": {}, "completion": [{"pop": {"navigationController": "x"}}]}}
            """)
        #expect(e.contains { $0.hint == "did you mean 'secondVC'?" }, "\(e.map(\.message))")
        #expect(e.filter { $0.message.contains("nothing is presented") }.map { $0.path?.description } == ["timeline[0].dismiss"],
                "the dismiss after the failed present adds no error of its own")
        #expect(e.contains { $0.message.contains("is not a navigation controller") })
        #expect(e.contains { $0.message.contains("cannot be driven interactively") })
        #expect(e.contains { $0.message.contains("'$too'") && $0.hint == "did you mean '$to'?" })
        #expect(e.contains { $0.message.contains("runs at the top level") })
    }

    @Test func presentWithoutFromPresentsFromTheRootViewController() throws {
        let s = try scene(#"{"at": 1, "present": {"viewController": "secondVC"}}, {"at": 2, "dismiss": {}}"#)
        #expect(windowChildren(s, at: 1) == ["first", "second"])
        #expect(y(s, "second", at: 1.5) == 200)
        #expect(windowChildren(s, at: 1.5) == ["second"], "firstVC, the root, was the presenter")
        #expect(windowChildren(s, at: 2) == ["first", "second"], "the dismiss brings the root's view back below")
        #expect(windowChildren(s, at: 2.5) == ["first"])
    }

    @Test func severalRootsNeedFrom() {
        let e = sceneErrors("""
            {"canvas": {"width": 240, "height": 400, "duration": 4},
             "layers": [{"id": "first"}, {"id": "other"}, {"id": "second", "detached": true}],
             "viewControllers": [{"id": "firstVC", "view": "first"}, {"id": "otherVC", "view": "other"}, {"id": "secondVC", "view": "second"}],
             "timeline": [{"at": 0.2, "present": {"viewController": "secondVC"}}, {"at": 1.2, "dismiss": {}}]}
            """)
        #expect(e.map(\.description) == [
            "scene.json:4:38: timeline[0].present: the root view controller is ambiguous: the views of 'firstVC', 'otherVC' are all in the window "
                + "(hint: name the presenting view controller with 'from')",
        ], "and no second error for the dismiss")
    }

    /// In a declared window, a detached view is not shown yet: its view controller is not a
    /// candidate for the root (session 63's audit found it made the root ambiguous).
    @Test func aDetachedViewInADeclaredWindowIsNotTheRoot() throws {
        let s = try decodeScene("""
            {"canvas": {"width": 240, "height": 400, "duration": 2},
             "layers": [{"id": "window", "frame": [0, 0, 240, 400], "sublayers": [
                 {"id": "first", "frame": [0, 0, 240, 400]}, {"id": "second", "frame": [0, 0, 240, 400], "detached": true}]}],
             "viewControllers": [{"id": "firstVC", "view": "first"}, {"id": "secondVC", "view": "second"}],
             "timeline": [{"at": 0.2, "present": {"viewController": "secondVC"}}]}
            """)
        #expect(windowChildren(s, at: 0) == ["first"])
        #expect(windowChildren(s, at: 2) == ["second"], "presented from firstVC, the root, which a full-screen present removes")
    }

    @Test func noRootNeedsFrom() {
        let e = sceneErrors("""
            {"canvas": {"width": 240, "height": 400, "duration": 4},
             "layers": [{"id": "first", "detached": true}, {"id": "second", "detached": true}],
             "viewControllers": [{"id": "firstVC", "view": "first"}, {"id": "secondVC", "view": "second"}],
             "timeline": [{"at": 0.2, "present": {"viewController": "secondVC"}}]}
            """)
        #expect(e.map(\.description) == [
            "scene.json:4:38: timeline[0].present: no view controller's view is in the window when the scene starts, so there is no root "
                + "view controller to present from (hint: name the presenting view controller with 'from')",
        ])
    }

    @Test func presentingAViewControllerWhoseViewIsOnScreenIsAnError() {
        let e = sceneErrors("""
            {"canvas": {"width": 240, "height": 400, "duration": 4},
             "layers": [{"id": "first"}, {"id": "second"}],
             "viewControllers": [{"id": "firstVC", "view": "first"}, {"id": "secondVC", "view": "second"}],
             "timeline": [{"at": 0.2, "present": {"viewController": "secondVC", "from": "firstVC"}}, {"at": 1.2, "dismiss": {}}]}
            """)
        #expect(e.map(\.description) == [
            "scene.json:4:38: timeline[0].present: the view of 'secondVC', 'second', is already on screen (in the window when the scene starts); "
                + "UIKit refuses to present a view controller that is already active "
                + "(hint: mark layer 'second' (declared at layers[1].id) \"detached\": true, so that the present adds it)",
        ], "and no second error for the dismiss")
        let root = errors(#"{"at": 1, "present": {"viewController": "firstVC", "from": "secondVC"}}"#)
        #expect(root.map(\.message) == ["the view of 'firstVC', 'first', is already on screen (in the window when the scene starts); "
            + "UIKit refuses to present a view controller that is already active"], "the root view controller cannot be presented")
    }

    @Test func presentingAViewControllerTwiceIsAnErrorButAfterItsDismissItIsNot() throws {
        let twice = errors("""
            {"at": 0, "present": {"viewController": "secondVC", "from": "firstVC"}},
            {"at": 1, "present": {"viewController": "secondVC", "from": "firstVC"}}
            """)
        #expect(twice.map { "\($0.path!): \($0.message) (\($0.hint!))" } == [
            "timeline[1].present: 'secondVC' is already presented at that time; UIKit refuses to present it again (dismiss it first)"])
        let again = try scene("""
            {"at": 0, "present": {"viewController": "secondVC", "from": "firstVC", "animated": false}},
            {"at": 1, "dismiss": {"viewController": "secondVC", "animated": false}},
            {"at": 2, "present": {"viewController": "secondVC", "from": "firstVC", "animated": false}}
            """)
        #expect(windowChildren(again, at: 1) == ["first"])
        #expect(windowChildren(again, at: 2) == ["second"])
    }

    @Test func presentingAViewControllerOnANavigationStackIsAnError() {
        #expect(throws: SceneErrors(errors: [SceneError(file: "scene.json", path: JSONPath.root.key("timeline").index(1).key("present"),
                                                        location: AnimScene.SourceLocation(line: 5, column: 137),
                                                        message: "'secondVC' is on the navigation stack of 'nav' at that time; UIKit refuses to present "
                                                            + "a view controller that has a parent", hint: "pop it first")])) {
            try navigation(#"{"at": 0, "push": {"navigationController": "nav", "viewController": "secondVC", "animated": false}}, "#
                + #"{"at": 1, "present": {"viewController": "secondVC", "from": "nav"}}"#)
        }
    }

    /// UIKit refuses to push a view controller that is already on the stack, and a navigation
    /// controller's view controllers must be distinct (an audit found both accepted, the canvas
    /// going blank as the view removed itself).
    @Test func pushingAViewControllerAlreadyOnTheStackIsAnError() throws {
        func messages(_ timeline: String) -> [String] {
            do {
                _ = try navigation(timeline)
                return []
            } catch let e as SceneErrors {
                return e.errors.map { "\($0.path!): \($0.message)" }
            } catch {
                return ["\(error)"]
            }
        }
        #expect(messages(#"{"at": 0.1, "push": {"navigationController": "nav", "viewController": "firstVC"}}"#) == [
            "timeline[0].push.viewController: 'firstVC' is already on the stack of 'nav' at that time; UIKit refuses to push it again"])
        #expect(messages(#"{"at": 0.1, "push": {"navigationController": "nav", "viewController": "nav"}}"#) == [
            "timeline[0].push.viewController: a navigation controller cannot be pushed onto itself"])
        // Pushed, popped, pushed again: fine.
        #expect(messages(#"{"at": 0, "push": {"navigationController": "nav", "viewController": "secondVC", "animated": false}}, "#
            + #"{"at": 1, "pop": {"navigationController": "nav", "animated": false}}, "#
            + #"{"at": 2, "push": {"navigationController": "nav", "viewController": "secondVC", "animated": false}}"#).isEmpty)
    }

    @Test func aNavigationStackOfItselfOrTwiceTheSameIsAnError() {
        let e = sceneErrors("""
            {"canvas": {"width": 240, "height": 400, "duration": 1},
             "layers": [{"id": "navView", "sublayers": [{"id": "first"}]}],
             "viewControllers": [{"id": "firstVC", "view": "first"},
                                 {"id": "nav", "view": "navView", "viewControllers": ["nav", "firstVC", "firstVC"]}]}
            """)
        #expect(e.map { "\($0.path!): \($0.message)" } == [
            "viewControllers[1].viewControllers[0]: 'nav' cannot be on its own navigation stack",
            "viewControllers[1].viewControllers[2]: 'firstVC' is on the stack twice; UIKit requires the view controllers of a navigation controller to be distinct",
        ])
    }

    @Test func theRootOfANavigationSceneIsTheNavigationController() throws {
        let s = try navigation(#"{"at": 0.5, "present": {"viewController": "secondVC", "animated": false}}"#)
        #expect(windowChildren(s, at: 0) == ["navView"])
        #expect(windowChildren(s, at: 0.5) == ["second"], "nav presented it: its view left the window (firstVC's is inside it)")
    }

    @Test func aFailedPushAddsNoErrorToItsPop() {
        #expect(throws: SceneErrors(errors: [SceneError(file: "scene.json", path: JSONPath.root.key("timeline").index(0).key("push").key("viewController"),
                                                        location: AnimScene.SourceLocation(line: 5, column: 83), message: "no view controller has the id 'secndVC'",
                                                        hint: "did you mean 'secondVC'?")])) {
            try navigation(#"{"at": 0, "push": {"navigationController": "nav", "viewController": "secndVC"}}, {"at": 1, "pop": {"navigationController": "nav"}}"#)
        }
    }
}
