import AnimScene
import Testing

/// The scene file's `goldenFrames` key and the errors for entries past the scene's end.
struct GoldenFramesDecodingTests {
    static let json = """
        {"canvas": {"width": 10, "height": 10, "fps": 30, "duration": 1.2},
         "goldenFrames": [0, 40,
                          35, 36]}
        """

    @Test func framesPastTheEndAreLocatedErrors() throws {
        let scene = try SceneLoader.decode(Array(Self.json.utf8), file: "push.json")
        #expect(scene.goldenFrames == [0, 40, 35, 36])
        #expect(scene.goldenFrameLocations == [SourceLocation(line: 2, column: 19), SourceLocation(line: 2, column: 22),
                                               SourceLocation(line: 3, column: 19), SourceLocation(line: 3, column: 23)])
        let errors = scene.goldenFrameErrors(file: "push.json")
        let why = "(duration 1.2 s × 30 fps; golden tests always render at the scene's own fps, render's --fps does not apply)"
        #expect(errors.map(\.description) == [
            "push.json:2:22: goldenFrames[1]: frame 40 is past the scene's end: it has 36 frames, 0…35 \(why)",
            "push.json:3:23: goldenFrames[3]: frame 36 is past the scene's end: it has 36 frames, 0…35 \(why)",
        ])
    }

    @Test func aSceneBuiltInCodeGetsUnlocatedErrors() throws {
        var scene = try SceneLoader.decode(Array(Self.json.utf8), file: nil)
        scene.goldenFrameLocations = []
        scene.canvas.duration = 0.04
        #expect(scene.goldenFrameErrors(file: nil).first?.description
            == "goldenFrames[1]: frame 40 is past the scene's end: it has 1 frame, 0 (duration 0.04 s × 30 fps; "
                + "golden tests always render at the scene's own fps, render's --fps does not apply)")
        scene.goldenFrames = nil
        #expect(scene.goldenFrameErrors(file: nil).isEmpty)
    }
}
