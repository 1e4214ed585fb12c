import AnimEngine
import AnimScene
import AnimTiming
import Testing

/// The `animate` and `removeFromSuperlayer` verbs in scene files.
struct AnimateDecodingTests: SceneFixture {
    func json(_ timeline: String) -> String {
        """
            {"canvas": {"width": 100, "height": 100, "duration": 3},
             "layers": [{"id": "a", "bounds": [0, 0, 10, 10]}, {"id": "b"}], "timeline": [\(timeline)]}
            """
    }

    func decode(_ timeline: String) throws(SceneErrors) -> Scene { try decodeScene(json(timeline)) }

    func errors(_ timeline: String) -> [SceneError] { sceneErrors(json(timeline)) }

    @Test func decodesOptionsSpringAndCompletion() throws {
        let s = try decode("""
            {"at": 1, "animate": {"duration": 0.5, "delay": 0.2, "options": ["curveEaseOut", "autoreverse", "allowUserInteraction"],
              "spring": {"damping": 0.5, "initialVelocity": 2}, "changes": {"a": {"alpha": 0, "center": [5, 5]}},
              "completion": [{"if": "finished", "removeFromSuperlayer": {"layer": "a"}}, {"set": {"b": {"alpha": 0.5}}}]}}
            """)
        guard case let .animate(a) = s.timeline.actions.first?.action else { Issue.record("expected animate"); return }
        #expect(a.duration == 0.5 && a.delay == 0.2 && a.curve == .easeOut && a.autoreverses && !a.repeats)
        #expect(a.spring == Spring.uiView(duration: 0.5, dampingRatio: 0.5, initialVelocity: 2))
        #expect(a.changes.first?.settings.count == 2)
        #expect(a.completion.map(\.condition) == [.finished, .always])
        #expect(s.timeline.actions.map(\.time) == [1, 2.2, 2.2], "completions at the end: delay + 2 × duration with autoreverse")
    }

    @Test func optionsAsOneStringAndBounceSprings() throws {
        let s = try decode(#"{"at": 0, "animate": {"duration": 0.5, "options": "repeat", "spring": {"bounce": 0.3}, "changes": {"a": {"alpha": 0}}}}"#)
        guard case let .animate(a) = s.timeline.actions.first?.action else { Issue.record("expected animate"); return }
        #expect(a.repeats)
        #expect(abs((a.spring?.stiffness ?? 0) - 157.9) < 0.05, "Apple's Spring(duration 0.5, bounce 0.3)")
    }

    @Test func badAnimateInputIsLocated() {
        let e = errors("""
            {"at": 0, "animate": {"duration": 1, "options": ["curveEaseOutt", "transitionFlipFromLeft"], "changes": {"a": {"alpha": "x"}},
              "spring": {"damping": 0}, "completion": [{"if": "sometimes", "set": {}}, {"pause": {"layer": "a"}, "resume": {"layer": "a"}}]}},
            {"at": 0, "animate": {"changes": {"zz": {"alpha": 0}}}},
            {"at": 0, "removeFromSuperlayer": {"layer": "nope"}}
            """)
        #expect(e.contains { $0.hint == "did you mean 'curveEaseOut'?" }, "\(e.map(\.message))")
        #expect(e.contains { $0.message.contains("is an option of UIView.transition") })
        #expect(e.contains { $0.path?.description == "timeline[0].animate.changes.a.alpha" })
        #expect(e.contains { $0.path?.description == "timeline[0].animate.spring.damping" })
        #expect(e.contains { $0.path?.description == "timeline[0].animate.completion[0].if" })
        #expect(e.contains { $0.message.contains("exactly one verb") })
        #expect(e.contains { $0.path?.description == "timeline[1].animate" && $0.message.contains("duration") })
        #expect(e.contains { $0.message.contains("nope") })
    }

    @Test func aSpringKeyWithSomethingAddedNamesTheKeyItExtends() {
        let e = errors(#"{"at": 0, "animate": {"duration": 0.5, "spring": {"dampingRatio": 0.5}, "changes": {"a": {"alpha": 0}}}}"#)
        #expect(e.map(\.description) == [
            "scene.json:2:129: timeline[0].animate.spring.dampingRatio: unknown key 'dampingRatio' (hint: did you mean 'damping'?)",
            "scene.json:2:128: timeline[0].animate.spring: missing required key 'damping' (hint: did you mean 'damping' instead of 'dampingRatio'?)",
        ])
    }

    /// UIView.animate(springDuration:bounce:initialSpringVelocity:…): the velocity in whole
    /// distances per second, as for the damping form. Bounce 0.3 over 0.5 s with v = 5:
    /// 1 − e^(−ζω0t)(cos ωd·t + (ζω0 − v)/ωd · sin ωd·t) = 0.301403 at 0.05 s (0.145715 with v = 0).
    @Test func aBounceSpringTakesItsInitialVelocity() throws {
        let s = try decode(#"{"at": 0, "animate": {"duration": 0.5, "spring": {"bounce": 0.3, "initialVelocity": 5}, "changes": {"a": {"alpha": 0}}}}"#)
        guard case let .animate(a) = s.timeline.actions.first?.action else { Issue.record("expected animate"); return }
        let spring = try #require(a.spring)
        #expect(spring.initialVelocity == 5)
        #expect(abs(spring.progress(at: 0.05) - 0.301403) < 1e-6, "\(spring.progress(at: 0.05))")
        #expect(abs(spring.progress(at: 0.1) - 0.604020) < 1e-6, "\(spring.progress(at: 0.1))")
    }

    @Test func aBounceBelowMinusOneIsTheOnlyError() {
        let e = errors(#"{"at": 0, "animate": {"duration": 0.5, "spring": {"bounce": -1.5}, "changes": {"a": {"alpha": 0}}}}"#)
        #expect(e.map(\.description) == [
            "scene.json:2:139: timeline[0].animate.spring.bounce: bounce must be -1 or more, found -1.5",
        ])
    }

    @Test func anUndampedBounceIsLocated() {
        let e = errors(#"{"at": 0, "animate": {"duration": 0.5, "spring": {"bounce": 1}, "changes": {"a": {"alpha": 0}}}}"#)
        #expect(e.map(\.description) == [
            "scene.json:2:139: timeline[0].animate.spring.bounce: bounce must be less than 1: bounce 1 is an undamped spring, which never settles",
        ])
    }
}
