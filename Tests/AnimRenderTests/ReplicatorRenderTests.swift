import AnimRaster
import AnimRender
import AnimScene
import Testing

/// CAReplicatorLayer drawn: copies where instanceTransform puts them, multiplied by their colours.
struct ReplicatorRenderTests {
    func render(_ json: String, at t: Double = 0) throws -> Bitmap {
        Renderer(scene: try SceneLoader.decode(Array(json.utf8), file: "scene.json")).render(at: t)
    }

    /// Three white 10×10 squares 20 pt apart; instance colours step blue and green down by 0.5 and
    /// alpha by 0.25: white, then (1, 0.5, 0.5, 0.75) and (1, 0, 0, 0.5), premultiplied, over a
    /// transparent canvas.
    @Test func copiesAreMovedAndTinted() throws {
        let b = try render(#"""
            {"canvas": {"width": 60, "height": 10, "background": "clear"},
             "layers": [{"id": "r", "type": "replicator", "frame": [0, 0, 60, 10], "instanceCount": 3,
               "instanceTransform": {"translate": [20, 0]}, "instanceGreenOffset": -0.5, "instanceBlueOffset": -0.5,
               "instanceAlphaOffset": -0.25,
               "sublayers": [{"id": "square", "frame": [0, 0, 10, 10], "backgroundColor": "white"}]}]}
            """#)
        #expect(b[5, 5] == PixelRGBA8(r: 255, g: 255, b: 255, a: 255))
        #expect(b[25, 5] == PixelRGBA8(r: 191, g: 96, b: 96, a: 191))
        #expect(b[45, 5] == PixelRGBA8(r: 128, g: 0, b: 0, a: 128))
        #expect(b[15, 5].a == 0 && b[35, 5].a == 0 && b[55, 5].a == 0, "nothing between the copies")
    }

    /// Two white squares overlapping by half, the second 50 pt further back (instanceTransform
    /// translate z −50) and tinted cyan (red offset −1). Either way the nearer, first square covers
    /// the later one where they overlap: instances are siblings, sorted by depth (§7.5) before a
    /// replicator without preservesDepth is flattened. What preservesDepth changes is the
    /// replicator's own grey background: flattened, it stays below every instance; with
    /// preservesDepth it is a plane at depth 0, behind the first square (drawn over it, ties in
    /// tree order) and in front of the second.
    @Test(arguments: [false, true])
    func preservesDepthSortsInstancesByDepth(preservesDepth: Bool) throws {
        let b = try render("""
            {"canvas": {"width": 40, "height": 20, "background": "black"},
             "layers": [{"id": "r", "type": "replicator", "frame": [0, 0, 40, 20], "instanceCount": 2,
               "preservesDepth": \(preservesDepth), "backgroundColor": {"r": 0.5, "g": 0.5, "b": 0.5, "a": 1},
               "instanceTransform": {"translate": [10, 0, -50]}, "instanceRedOffset": -1,
               "sublayers": [{"id": "square", "frame": [5, 5, 20, 10], "backgroundColor": "white"}]}]}
            """)
        let white = PixelRGBA8(r: 255, g: 255, b: 255, a: 255), cyan = PixelRGBA8(r: 0, g: 255, b: 255, a: 255)
        let grey = PixelRGBA8(r: 128, g: 128, b: 128, a: 255)
        #expect(b[10, 10] == white, "only the first square")
        #expect(b[20, 10] == white, "where they overlap, the nearer square")
        #expect(b[30, 10] == (preservesDepth ? grey : cyan), "only the second square, behind the background plane when depth is kept")
        #expect(b[2, 2] == grey)
    }
}
