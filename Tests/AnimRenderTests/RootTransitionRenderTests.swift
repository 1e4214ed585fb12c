import AnimRender
import AnimScene
import Testing

/// transitionFromView whose `from` is a root layer runs on the canvas's root layer: every root layer
/// takes part in the effect, the canvas background stays beneath, and the picture outside the
/// transition is the one the scene draws without it.
struct RootTransitionRenderTests {
    static let layers = """
        {"id": "title", "frame": [20, 10, 200, 24], "backgroundColor": "#34C759", "cornerRadius": 6},
        {"id": "first", "frame": [60, 50, 120, 90], "backgroundColor": "#FF3B30", "cornerRadius": 12},
        {"id": "second", "frame": [60, 50, 120, 90], "backgroundColor": "#007AFF", "cornerRadius": 12, "detached": true}
        """

    func renderer(layers: String, timeline: String) throws -> Renderer {
        let json = """
            {"canvas": {"width": 240, "height": 160, "duration": 1.2, "background": "#F2F2F7", "fps": 25},
             "layers": [\(layers)], "timeline": [\(timeline)]}
            """
        return Renderer(scene: try SceneLoader.decode(Array(json.utf8), file: "root-transition.json"))
    }

    @Test func rootLayersFlipTogetherAndTheFramesAroundTheEffectAreUnchanged() throws {
        let flip = try renderer(layers: Self.layers, timeline: """
            {"at": 0.2, "transitionFromView": {"from": "first", "to": "second", "duration": 0.8, "options": "transitionFlipFromLeft"}}
            """)
        let before = try renderer(layers: Self.layers, timeline: "")
        let after = try renderer(layers: Self.layers.replacingOccurrences(of: #""id": "first""#, with: #""id": "first", "hidden": true"#)
                                     .replacingOccurrences(of: #", "detached": true"#, with: ""), timeline: "")
        #expect(flip.renderFrame(4).pixels == before.renderFrame(4).pixels, "frame 4 (0.16 s), before the transition")
        #expect(flip.renderFrame(25).pixels == after.renderFrame(25).pixels, "frame 25 (1 s), once it has ended")
        // Halfway the canvas root is edge-on: the title, which the swap left alone, turns with it, so
        // its row shows only the background where it stood.
        let middle = flip.renderFrame(15), width = 240
        let titleRow = (0..<width).map { x in Array(middle.pixels[(20 * width + x) * 4 ..< (20 * width + x) * 4 + 4]) }
        #expect(titleRow[25] == [0xF2, 0xF2, 0xF7, 0xFF], "the background stays beneath the turning root layer")
        #expect(before.renderFrame(15).pixels[(20 * width + 25) * 4 + 1] == 0xC7, "the title's green is there without the flip")
    }
}
