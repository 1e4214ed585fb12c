import AnimEngine
import AnimGeometry
import AnimLayers
import AnimScene
import AnimTiming
import Testing

/// keyframe, spring and group animations, transform key paths and layer timing in scene files,
/// and their bad-input errors, each located at the offending key.
struct AnimationDecodingTests {
    func scene(animation: String, layerExtra: String = "") throws(SceneErrors) -> Scene {
        let json = """
            {"canvas": {"width": 100, "height": 100, "duration": 2},
             "layers": [{"id": "a", "bounds": [0, 0, 10, 10]\(layerExtra), "animations": [\(animation)]}]}
            """
        return try SceneLoader.decode(Array(json.utf8), file: "scene.json")
    }

    func firstAnimation(_ animation: String) throws -> Animation {
        let s = try scene(animation: animation)
        guard case let .addAnimation(_, a) = s.timeline.actions[0].action else { throw SceneErrors(errors: []) }
        return a
    }

    func errors(_ animation: String, layerExtra: String = "") -> [SceneError] {
        do {
            _ = try scene(animation: animation, layerExtra: layerExtra)
            Issue.record("expected errors")
            return []
        } catch {
            return error.errors
        }
    }

    @Test func keyframeWithValuesAndModes() throws {
        let a = try firstAnimation("""
            {"type": "keyframe", "keyPath": "position.x", "values": [0, 10, -10, 10, 0],
             "keyTimes": [0, 0.2, 0.5, 0.8, 1], "calculationMode": "cubic", "additive": true, "duration": 0.6}
            """)
        guard case let .keyframe(k) = a.content else { Issue.record("expected a keyframe animation"); return }
        #expect(k.values.count == 5 && k.calculationMode == .cubic && k.isAdditive)
        #expect(k.keyTimes == [0, 0.2, 0.5, 0.8, 1])
        #expect(a.timing.duration == 0.6)
    }

    @Test func keyframePathAnimation() throws {
        let a = try firstAnimation("""
            {"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 30 40 L 30 100",
             "calculationMode": "paced", "rotationMode": "auto"}
            """)
        guard case let .path(p) = a.content else { Issue.record("expected a path animation"); return }
        #expect(p.segments.count == 2 && p.rotationMode == .auto)
        #expect(p.keyframePoints == [Point(x: 0, y: 0), Point(x: 30, y: 40), Point(x: 30, y: 100)])
    }

    @Test func springWithoutDurationRunsForItsSettlingDuration() throws {
        let a = try firstAnimation(#"{"type": "spring", "keyPath": "position.y", "toValue": 50, "damping": 5}"#)
        var spring = Spring()
        spring.damping = 5
        #expect(a.timing.duration == spring.settlingDuration)
        #expect(abs(a.timing.duration - 2.855) < 0.001, "Apple's example: stiffness 100, damping 5 ≈ 2.85 s")
    }

    @Test func groupsNestTheirChildren() throws {
        let a = try firstAnimation("""
            {"type": "group", "duration": 1.2, "animations": [
              {"keyPath": "zPosition", "toValue": 10},
              {"type": "keyframe", "keyPath": "transform.rotation", "values": [0, 1, 0]},
              {"type": "group", "animations": [{"type": "spring", "keyPath": "opacity", "fromValue": 0}]}]}
            """)
        guard case let .group(g) = a.content else { Issue.record("expected a group"); return }
        #expect(g.animations.count == 3)
        #expect(a.keyPaths.map(\.description) == ["zPosition", "transform.rotation", "opacity"])
    }

    @Test func transformKeyPathsAndLayerTiming() throws {
        let s = try scene(animation: #"{"keyPath": "transform.scale.x", "toValue": 2}"#,
                          layerExtra: #", "speed": 2, "timeOffset": 1, "beginTime": 0.5"#)
        #expect(s.timeline.model.nodes[0].properties.timing == LayerTiming(beginTime: 0.5, speed: 2, timeOffset: 1))
    }

    @Test func keyTimesThatDoNotRiseFrom0To1AreLocated() {
        let e = errors(#"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 0.7, 0.5]}"#)
        #expect(e.count == 1)
        #expect(e.first?.path?.description.hasSuffix("keyTimes") == true || e.first?.path?.description.contains("keyTimes") == true,
                "\(e.first?.path?.description ?? "no path")")
    }

    @Test func keyTimesCountMustMatch() {
        let e = errors(#"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1, 0], "keyTimes": [0, 1]}"#)
        #expect(e.count == 1)
        #expect(e.first?.path?.description.contains("keyTimes") == true)
        let path = errors(#"{"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 10 10", "keyTimes": [0, 0.5, 1]}"#)
        #expect(path.first?.hint?.contains("2 keyframe points") == true, "\(path.first?.hint ?? "")")
        #expect(path.first?.path?.description.hasSuffix("keyTimes") == true)
    }

    @Test func wrongValueTypesAndKeyPathsAreLocated() {
        let e = errors("""
            {"type": "keyframe", "keyPath": "position", "values": [[0, 0], 5]},
            {"keyPath": "transform.rotaton", "toValue": 1},
            {"type": "keyframe", "keyPath": "opacity", "path": "M 0 0 L 1 1"},
            {"type": "keyframe", "keyPath": "position", "path": "M 0 0 L 1 1", "calculationMode": "pacd"},
            {"keyPath": "transform", "toValue": "identity", "cumulative": true},
            {"type": "spring", "keyPath": "opacity", "mass": 0},
            {"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "rotationMode": "auto"},
            {"keyPath": "shadowOffset.heigth", "toValue": 1}
            """)
        let paths = e.compactMap { $0.path?.description }
        #expect(e.count == 8, "\(e.map(\.message))")
        #expect(paths.contains("layers[0].animations[0].values[1]"))
        #expect(e.contains { $0.hint == "did you mean 'transform.rotation'?" })
        #expect(paths.contains("layers[0].animations[2].path"))
        #expect(e.contains { $0.hint == "did you mean 'paced'?" })
        #expect(paths.contains("layers[0].animations[4].cumulative"))
        #expect(paths.contains("layers[0].animations[5].mass"))
        #expect(paths.contains("layers[0].animations[6].rotationMode"))
        #expect(e.contains { $0.hint == "did you mean 'shadowOffset.height'?" })
    }

    @Test func pauseAndResumeVerbs() throws {
        let json = """
            {"canvas": {"width": 10, "height": 10, "duration": 2}, "layers": [{"id": "a"}],
             "timeline": [{"at": 1, "pause": {"layer": "a"}}, {"at": 1.5, "resume": {"layer": "a"}}]}
            """
        let s = try SceneLoader.decode(Array(json.utf8), file: "scene.json")
        #expect(s.timeline.actions.map(\.action) == [.pause(layer: 0), .resume(layer: 0)])
    }

    @Test func anUndampedSpringWithoutADurationIsAnError() {
        let e = errors(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "damping": 0}"#)
        #expect(e.map(\.description) == [
            "scene.json:2:136: layers[0].animations[0].damping: a spring with damping 0 never settles, so it has no settling duration to run for "
                + "(hint: give the animation a 'duration' (the motion is cut off there) or a damping above 0)",
        ])
        let noEstimate = errors(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "initialVelocity": 5}"#)
        #expect(noEstimate.map(\.description) == [
            "scene.json:2:66: layers[0].animations[0]: this spring has no settling duration: UIKit's estimate gives none when "
                + "initialVelocity equals damping / (2 · mass) (hint: give the animation a 'duration')",
        ])
        // Equal within rounding is the same case: 0.6 / (2 · 3) is 0.09999999999999999.
        let rounded = errors(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "mass": 3, "damping": 0.6, "initialVelocity": 0.1}"#)
        #expect(rounded.first?.message.hasPrefix("this spring has no settling duration: UIKit's estimate gives none when initialVelocity") == true,
                "\(rounded.map(\.message))")
        // A stiffness that dwarfs the damping makes the amplitude tiny too: that is what is named.
        let stiff = errors(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "stiffness": 1e308}"#)
        #expect(stiff.map(\.message) == [
            "this spring has no settling duration: UIKit's estimate gives none when the spring's amplitude factor "
                + "|(damping / (2 · mass) − initialVelocity) / ωd| is below 1.19e-7, as a stiffness of 1e+308 makes it here (ωd ≈ 1e+154 rad/s)",
        ])
        // A damping next to nothing does it too, and is what is named then.
        let loose = errors(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "damping": 1e-9}"#)
        #expect(loose.map(\.message) == [
            "this spring has no settling duration: UIKit's estimate gives none when the spring's amplitude factor "
                + "|(damping / (2 · mass) − initialVelocity) / ωd| is below 1.19e-7, as a damping of 1e-09 with an initialVelocity of 0 makes it here",
        ])
        // Mass and stiffness must be above 0, and say so for a negative value too.
        let negative = errors(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "mass": -1, "stiffness": 0, "duration": 1}"#)
        #expect(negative.map(\.message) == ["mass must be more than 0, found -1", "stiffness must be more than 0, found 0"])
        // Values past the estimate's range do not claim the initialVelocity case.
        let extreme = errors(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "damping": 1e300, "allowsOverdamping": true}"#)
        #expect(extreme.map(\.message) == [
            "this spring's settling duration cannot be estimated: mass 1, stiffness 100 and damping 1e+300 are out of the estimate's range",
        ])
    }

    @Test func anUndampedSpringWithADurationRunsForIt() throws {
        let a = try firstAnimation(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "damping": 0, "duration": 1.5}"#)
        #expect(a.timing.duration == 1.5)
        let lightlyDamped = try firstAnimation(#"{"type": "spring", "keyPath": "position.x", "toValue": 30, "damping": 0.5}"#)
        #expect(abs(lightlyDamped.timing.duration - 27.729822068277223) < 1e-9, "§5.2: −ln(ε/(A + 1))/(ζω0), ζω0 = 0.25, A = ζω0/ωd")
    }

    @Test func springKeysOnABasicAnimationSayToMakeItASpring() {
        let e = errors(#"{"keyPath": "position.x", "toValue": 30, "damping": 5, "mass": 2}, "#
            + #"{"type": "basic", "keyPath": "opacity", "toValue": 0, "initialVelocity": 1, "stiffnes": 3}"#)
        let basic = "is a CASpringAnimation property; this animation's type is 'basic'"
        #expect(e.sorted { $0.location! < $1.location! }.map(\.description) == [
            "scene.json:2:107: layers[0].animations[0].damping: 'damping' \(basic) (hint: add \"type\": \"spring\")",
            "scene.json:2:121: layers[0].animations[0].mass: 'mass' \(basic) (hint: add \"type\": \"spring\")",
            "scene.json:2:187: layers[0].animations[1].initialVelocity: 'initialVelocity' \(basic) (hint: change \"type\" to \"spring\")",
            "scene.json:2:209: layers[0].animations[1].stiffnes: unknown key 'stiffnes' (hint: did you mean 'stiffness'?)",
        ])
        let keyframe = errors(#"{"type": "keyframe", "keyPath": "opacity", "values": [0, 1], "damping": 5}"#)
        #expect(keyframe.map(\.message) == ["unknown key 'damping'"], "only a basic animation is a spring without its type")
    }

    @Test func frameIsNotAnimatable() {
        let e = errors(#"{"keyPath": "frame", "toValue": [0, 0, 5, 5]}, {"keyPath": "frame.size.width", "toValue": 5}"#)
        let hint = "(hint: animate 'bounds' (or 'bounds.size') and 'position', or change 'frame' in an 'animate' action's changes)"
        #expect(e.map(\.description) == [
            "scene.json:2:78: layers[0].animations[0].keyPath: 'frame' is not animatable: Core Animation computes frame from bounds, position and anchorPoint \(hint)",
            "scene.json:2:125: layers[0].animations[1].keyPath: 'frame.size.width' is not animatable: Core Animation computes frame from bounds, position and anchorPoint \(hint)",
        ])
    }

    @Test func contentsIsNotAnimatableAndSaysWhatToDoInstead() {
        let e = errors(#"{"type": "keyframe", "keyPath": "contents", "values": ["a.png", "b.png"], "calculationMode": "discrete"}"#)
        #expect(e.map(\.message) == ["'contents' is not animatable here: Core Animation cross-fades contents images, which animrender does not draw"])
        #expect(e.first?.hint?.contains("animate 'contentsRect' (calculationMode discrete) over a sprite sheet") == true)
    }
}
