import AnimTestSupport
import Foundation
import Testing

/// Extreme but valid numbers found by scripts/fuzz-scenes.py: each gives a located error (exit 2,
/// the scene file named, nothing written) or a defined result (exit 0), never a runtime trap.
struct ExtremeValuesCLITests {
    /// Writes `json` as scene.json in a new folder; returns the folder and the scene's path.
    func scene(_ json: String) throws -> (dir: URL, path: String) {
        let dir = try CommandRunner.temporaryDirectory()
        let url = dir.appendingPathComponent("scene.json")
        try Data(json.utf8).write(to: url)
        return (dir, url.path)
    }

    /// Runs the scene with `arguments`; expects exit 2, `message` after the scene's path, and
    /// nothing but the scene left in its folder.
    func expectRefused(_ json: String, _ arguments: [String], _ message: String) throws {
        let (dir, path) = try scene(json)
        let r = try CommandRunner.run([path] + arguments.map { $0.replacingOccurrences(of: "DIR", with: dir.path) })
        #expect(r.status == 2, "\(arguments): \(r.stderr)")
        #expect(r.stderr.contains("error: \(path)"), "\(arguments): \(r.stderr)")
        #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
        #expect(RestrictedRun.listing(dir) == ["scene.json"], "\(arguments)")
    }

    static func canvas(_ canvas: String, layers: String = "[]", timeline: String = "[]") -> String {
        #"{"canvas": {\#(canvas)}, "layers": \#(layers), "timeline": \#(timeline)}"#
    }

    @Test(arguments: ["\"width\": 18446744073709551616, \"height\": 10", "\"width\": 10, \"height\": 1e308, \"scale\": 1e308",
                      "\"width\": 9223372036854775807, \"height\": 9223372036854775807"])
    func hugeCanvasIsALocatedErrorNotATrap(_ canvas: String) throws {
        try expectRefused(Self.canvas(canvas), ["--frame", "0", "--png", "DIR/one.png"], "canvas.width: the canvas is ")
    }

    @Test(arguments: ["--gif", "--apng", "--webp"])
    func durationBeyondADayIsALocatedError(_ option: String) throws {
        let json = Self.canvas(#""width": 10, "height": 10, "fps": 1e-300, "duration": 1e300"#)
        try expectRefused(json, [option, "DIR/out"], "canvas.duration: duration must be at most 86400 s")
    }

    /// Located at the scene's duration, given or inferred (an animation ending exactly at a day).
    @Test(arguments: [[String](), ["--fps", "1e-9"]])
    func lastFrameLongerThanADayIsRefused(_ fps: [String]) throws {
        let json = Self.canvas(#""width": 10, "height": 10, "fps": 1e-300, "duration": 1"#)
        try expectRefused(json, ["--gif", "DIR/out.gif", "--include-end"] + fps, "scene.json:1:67: canvas.duration: the render would end at ")
        let layers = #"[{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "beginTime": 86399, "duration": 1}]}]"#
        let inferred = Self.canvas(#""width": 10, "height": 10, "fps": 1"#, layers: layers)
        try expectRefused(inferred, ["--gif", "DIR/out.gif", "--include-end"] + fps,
                          "scene.json:1:89: layers[0].animations[0]: the render would end at ")
        try expectRefused(inferred, ["--gif", "DIR/out.gif", "--include-end"] + fps, "(hint: leave out --include-end, or end the scene earlier)")
    }

    @Test func sceneWithoutFramesNamesTheFile() throws {
        let json = Self.canvas(#""width": 10, "height": 10, "fps": 10, "duration": 0.001"#)
        try expectRefused(json, ["--gif", "DIR/out.gif"], "scene.json:1:63: canvas.duration: the scene has no frames: duration 0.001 s × 10 fps rounds to 0")
        let layers = #"[{"id": "a", "animations": [{"type": "spring", "keyPath": "opacity", "toValue": 0, "mass": 1e-300}]}]"#
        let inferred = Self.canvas(#""width": 10, "height": 10, "fps": 10"#, layers: layers)
        try expectRefused(inferred, ["--gif", "DIR/out.gif"], "scene.json:1:90: layers[0].animations[0]: the scene has no frames")
    }

    /// Too many frames are refused where the duration comes from (the default 1 s at most 1000 fps cannot be too many).
    @Test func tooManyFramesAreLocatedWhereTheDurationComesFrom() throws {
        let layers = #"[{"id": "a", "animations": [{"keyPath": "opacity", "toValue": 0, "duration": 5000}]}]"#
        let inferred = Self.canvas(#""width": 10, "height": 10, "fps": 60"#, layers: layers)
        try expectRefused(inferred, ["--gif", "DIR/out.gif"],
                          "scene.json:1:90: layers[0].animations[0]: the scene asks for 300000 frames (duration 5000 s at 60 fps); at most 100000 are allowed")
    }

    @Test(arguments: ["1e308", "1e6"])
    func hugeShadowRadiusRenders(_ radius: String) throws {
        let layers = #"[{"id": "a", "frame": [10, 10, 30, 30], "backgroundColor": "red", "shadowOpacity": 1, "shadowRadius": \#(radius), "shadowOffset": [1e308, 1e308]}]"#
        try expectRenders(Self.canvas(#""width": 60, "height": 60, "fps": 10, "duration": 0.3"#, layers: layers))
    }

    /// A shadowed layer scaled far beyond the canvas, or put next to the eye by a perspective:
    /// the shadow cache once rasterized and blurred it whole (gigabytes, minutes, an allocation
    /// failure, or a trap in Int arithmetic); now only what reaches the canvas.
    @Test(arguments: [#"{"scale": [1e9, 1e9]}"#, #"{"scale": [1000, 1000]}"#,
                      #"[{"perspective": 10}, {"translate": [0, 0, 9.9999]}]"#, #"[{"perspective": 10}, {"translate": [0, 0, 9.99]}]"#])
    func shadowOfAHugeLayerRenders(_ transform: String) throws {
        let layers = #"[{"id": "a", "bounds": [0, 0, 50, 50], "position": [50, 50], "backgroundColor": "red", "shadowOpacity": 1, "transform": \#(transform)}]"#
        try expectRenders(Self.canvas(#""width": 100, "height": 100, "fps": 10, "duration": 0.1"#, layers: layers))
    }

    @Test func infinitePushRenders() throws {
        let layers = Self.dynamicsLayers
        let timeline = #"[{"at": 0, "dynamics": {"referenceView": "box", "behaviors": [{"push": {"items": ["ball"], "magnitude": 1e308, "mode": "instantaneous"}}, {"collision": {"items": ["ball"], "translatesReferenceBoundsIntoBoundary": true}}]}}]"#
        try expectRenders(Self.canvas(#""width": 200, "height": 200, "fps": 10, "duration": 0.5"#, layers: layers, timeline: timeline))
    }

    @Test func inferredDurationBeyondADayIsALocatedError() throws {
        let layers = #"[{"id": "a", "frame": [0, 0, 5, 5], "animations": [{"type": "basic", "keyPath": "opacity", "fromValue": 0, "toValue": 1, "beginTime": 1e300, "duration": 1}]}]"#
        try expectRefused(Self.canvas(#""width": 20, "height": 20, "fps": 1e-300"#, layers: layers), ["--gif", "DIR/out.gif"],
                          "layers[0].animations[0]: without canvas.duration a scene lasts until its last animation or action ends, "
                            + "and this animation ends at 1e+300 s")
    }

    static let dynamicsLayers = #"[{"id": "box", "frame": [0, 0, 200, 200], "sublayers": [{"id": "ball", "frame": [80, 20, 40, 40], "backgroundColor": "red"}]}]"#

    /// A negative `at` is an error; the dynamics simulation must not run with it (its span overflowed Int).
    @Test func negativeDynamicsTimeIsALocatedError() throws {
        let timeline = #"[{"at": -9223372036854775808, "dynamics": {"referenceView": "box", "behaviors": [{"gravity": {"items": ["ball"]}}]}}]"#
        let json = Self.canvas(#""width": 200, "height": 200, "fps": 10, "duration": 0.5"#, layers: Self.dynamicsLayers, timeline: timeline)
        try expectRefused(json, ["--frame", "0", "--png", "DIR/one.png"], "timeline[0].at: 'at' must be 0 or more")
    }

    @Test func dynamicsActionFarInTheFutureRenders() throws {
        let timeline = #"[{"at": 0, "dynamics": {"referenceView": "box", "behaviors": [{"gravity": {"items": ["ball"]}}]}}, {"at": 1e300, "dynamics": {"referenceView": "box", "removeAllBehaviors": true}}]"#
        try expectRenders(Self.canvas(#""width": 200, "height": 200, "fps": 10, "duration": 0.5"#, layers: Self.dynamicsLayers, timeline: timeline))
    }

    /// A deforming transition (page curl, ripple, suck) on a layer placed beyond Int's range of
    /// pixels: its pixel box is clamped, nothing of it is on the canvas, and the scene renders
    /// (the box's lower edge was converted to Int unclamped: a runtime trap, found by fuzzing).
    @Test(arguments: ["pageCurl", "pageUnCurl", "rippleEffect", "suckEffect"])
    func deformingTransitionFarOffTheCanvasRenders(_ type: String) throws {
        for y in ["3.4e38", "-3.4e38", "1e300"] {
            let layers = #"[{"id": "page", "frame": [20, \#(y), 140, 100], "backgroundColor": "red", "sublayers": [{"id": "a", "frame": [0, 0, 140, 100], "backgroundColor": "blue"}, {"id": "b", "frame": [0, 0, 140, 100], "backgroundColor": "green", "hidden": true}]}]"#
            let timeline = #"[{"at": 0, "caTransition": {"layer": "page", "type": "\#(type)", "duration": 0.2, "changes": {"a": {"hidden": true}, "b": {"hidden": false}}}}]"#
            try expectRenders(Self.canvas(#""width": 200, "height": 150, "fps": 20, "duration": 0.3"#, layers: layers, timeline: timeline))
        }
    }

    /// Expects the scene to render to a GIF with exit 0.
    func expectRenders(_ json: String) throws {
        let (dir, path) = try scene(json)
        let gif = dir.appendingPathComponent("out.gif")
        let r = try CommandRunner.run([path, "--gif", gif.path, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect((try? Data(contentsOf: gif))?.starts(with: Array("GIF89a".utf8)) == true)
    }

    /// 40 nested group-opacity layers on a 4096×4096 canvas need 40 offscreen surfaces at once,
    /// over the 32 a frame of that size may hold (2 GiB): refused, located at the frame, nothing
    /// written, on one thread and on two.
    @Test(arguments: [["--frame", "0", "--png", "DIR/one.png"], ["--gif", "DIR/out.gif", "--threads", "2"],
                      ["--png-dir", "DIR/frames", "--threads", "1"]])
    func layersNestedPastTheOffscreenLimitAreRefused(_ arguments: [String]) throws {
        var layer = ##"{"id": "leaf", "frame": [0, 0, 10, 10], "backgroundColor": "#3366CC"}"##
        for depth in 0..<40 {
            layer = ##"{"id": "g\##(depth)", "frame": [1, 1, 10, 10], "opacity": 0.5, "backgroundColor": "#FF000040", "sublayers": [\##(layer)]}"##
        }
        let json = Self.canvas(#""width": 4096, "height": 4096, "fps": 10, "duration": 0.3"#, layers: "[\(layer)]")
        try expectRefused(json, arguments, "frame 0 (t = 0 s): it needs more than 32 offscreen surfaces of 4096×4096 pixels at once")
    }
}
