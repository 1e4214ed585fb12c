import AnimScene
import Testing

/// Extreme numbers found by scripts/fuzz-scenes.py: located errors with accurate messages, never a trap.
struct ExtremeNumberDecodingTests: SceneFixture {
    @Test(arguments: [#""width": 18446744073709551616, "height": 10"#, #""width": 10, "height": 1e308, "scale": 1e308"#])
    func canvasBeyondIntIsALocatedError(_ canvas: String) {
        let e = sceneErrors(#"{"canvas": {\#(canvas)}}"#)
        #expect(e.count == 1)
        #expect(e.first?.path?.description == "canvas.width")
        #expect(e.first?.message.hasPrefix("the canvas is ") == true, "\(e)")
    }

    @Test func explicitDurationBeyondADay() {
        let e = sceneErrors(#"{"canvas": {"width": 10, "height": 10, "fps": 1e-300, "duration": 1e300}}"#)
        #expect(e.map(\.path?.description) == ["canvas.duration"])
        #expect(e.first?.message == "duration must be at most 86400 s (a day), found 1e+300")
    }

    /// Whole numbers in messages read as written in the scene, without Swift's ".0".
    @Test func wholeNumbersInMessagesWithoutAFraction() {
        let e = sceneErrors("""
            {"canvas": {"width": 10, "height": 10, "fps": 200000, "duration": 1},
             "layers": [{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "repeatCount": -3}]}],
             "timeline": [{"at": -2, "set": {"a": {"opacity": 1}}}]}
            """)
        #expect(e.map { "\($0.path!): \($0.message)" } == [
            "canvas.fps: fps must be at most 1000, found 200000",
            "layers[0].animations[0].repeatCount: repeatCount must be 0 or more, found -3",
            "timeline[0].at: 'at' must be 0 or more, found -2",
        ])
    }

    /// Located at what makes the inferred duration that long: the animation or action that ends last.
    @Test func inferredDurationBeyondADay() {
        let e = sceneErrors("""
            {"canvas": {"width": 10, "height": 10, "fps": 1e-300},
             "layers": [{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "duration": 1},
                                                   {"keyPath": "opacity", "toValue": 0, "beginTime": 1e300}]}]}
            """)
        #expect(e.map(\.description) == [
            "scene.json:3:40: layers[0].animations[1]: without canvas.duration a scene lasts until its last animation or action ends, "
                + "and this animation ends at 1e+300 s, later than a scene may last (86400 s, a day) (hint: set canvas.duration)",
        ])
        let action = sceneErrors("""
            {"canvas": {"width": 10, "height": 10, "fps": 1e-300},
             "layers": [{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "duration": 100000}]}],
             "timeline": [{"at": 1, "set": {"a": {"opacity": 1}}}, {"at": 200000, "set": {"a": {"opacity": 0}}}]}
            """)
        #expect(action.map { "\($0.path!): \($0.message)" } == [
            "timeline[1]: without canvas.duration a scene lasts until its last animation or action ends, "
                + "and this action runs at 200000 s, later than a scene may last (86400 s, a day)",
        ])
    }

    @Test func theDurationSourceIsWhereTheDurationComesFrom() throws {
        let layers = #""layers": [{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "duration": 3}]}]"#
        let given = try decodeScene(#"{"canvas": {"width": 10, "height": 10, "duration": 2}, \#(layers)}"#)
        #expect(given.durationSource?.path.description == "canvas.duration" && given.durationSource?.location?.column == 52)
        let inferred = try decodeScene(#"{"canvas": {"width": 10, "height": 10}, \#(layers)}"#)
        #expect(inferred.canvas.duration == 3 && inferred.durationSource?.path.description == "layers[0].animations[0]")
        let none = try decodeScene(#"{"canvas": {"width": 10, "height": 10}, "layers": [{"id": "a"}]}"#)
        #expect(none.canvas.duration == 1 && none.durationSource == nil)
    }

    /// A scene with errors builds no timeline: its dynamics are not simulated with a negative `at`.
    @Test func negativeDynamicsTimeIsOnlyAnError() {
        let e = sceneErrors("""
            {"canvas": {"width": 100, "height": 100, "duration": 1},
             "layers": [{"id": "box", "frame": [0, 0, 100, 100], "sublayers": [{"id": "ball", "frame": [10, 10, 20, 20]}]}],
             "timeline": [{"at": -9223372036854775808, "dynamics": {"referenceView": "box", "behaviors": [{"gravity": {"items": ["ball"]}}]}}]}
            """)
        #expect(e.map(\.path?.description) == ["timeline[0].at"])
    }

    /// Float control points: y values beyond Float's range are named as such, not as x values.
    @Test func timingFunctionYBeyondFloat() {
        let e = sceneErrors("""
            {"canvas": {"width": 10, "height": 10},
             "layers": [{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "timingFunction": [0, 1e308, 1, -1e308]}]}]}
            """)
        #expect(e.first?.path?.description == "layers[0].animations[0].timingFunction")
        #expect(e.first?.message == "control-point y values must fit a Float, as CAMediaTimingFunction's do (found c1y 1e+308, c2y -1e+308)")
    }
}
