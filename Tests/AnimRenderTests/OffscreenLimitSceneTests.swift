@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
@testable import AnimRender
import AnimScene
import AnimTestSupport
import Testing

/// A frame may hold only so many offscreen surfaces (``OffscreenLimit``). Past the limit the
/// compositor draws without the pass and reports it; it must neither trap nor recurse forever,
/// must never report a frame that held fewer, and a frame that skipped nothing is the same picture.
struct OffscreenLimitSceneTests {
    func render(_ c: Compositor, _ tree: LayerTree) throws -> (Bitmap, OffscreenOverflow?) {
        var overflow: OffscreenOverflow?
        let bitmap = try #require(c.render(tree, overflow: &overflow))
        return (bitmap, overflow)
    }

    /// Every scene at its first, middle and last frames, with room for 0, 1 and 2 surfaces: the
    /// default limit reports nothing, and a limit that skipped nothing changes no byte.
    @Test(arguments: SceneCatalog.all)
    func tightLimitsSkipPassesAndSayWhen(_ entry: SceneCatalog.Entry) throws {
        let renderer = Renderer(scene: try SceneLoader.load(path: entry.file.path))
        let last = renderer.frameCount - 1
        for frame in Set([0, last / 2, last]).sorted() {
            let tree = renderer.presentation(ofFrame: frame)
            let (expected, none) = try render(renderer.compositor, tree)
            #expect(none == nil, "\(entry), frame \(frame)")
            for limit in 0...2 {
                var c = renderer.compositor
                c.offscreenLimit = limit
                let (bitmap, overflow) = try render(c, tree)
                if let overflow {
                    #expect(overflow.limit == limit && overflow.skipped > 0, "\(entry), frame \(frame)")
                } else {
                    #expect(bitmap == expected, "\(entry), frame \(frame), limit \(limit): nothing skipped, yet different")
                }
            }
        }
    }

    /// Three nested groups (opacity 0.5, each with a sublayer) need three surfaces at once; each
    /// one refused is skipped, and the groups inside it then ask in turn.
    @Test func nestedGroupsHoldOneSurfaceEach() throws {
        var tree = LayerTree()
        var parent: Int?
        for depth in 0..<4 {
            var p = LayerProperties()
            p.bounds = Rect(x: 0, y: 0, width: 40, height: 40)
            p.position = Point(x: 20, y: 20)
            p.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5)
            p.opacity = depth < 3 ? 0.5 : 1
            parent = tree.append(id: "l\(depth)", properties: p, parent: parent)
        }
        let compositor = Compositor(canvas: CanvasSpec(width: 40, height: 40, scale: 1, background: .white))
        let (full, none) = try render(compositor, tree)
        #expect(none == nil)
        for (limit, skipped) in [(0, 3), (1, 2), (2, 1), (3, 0), (8, 0)] {
            var c = compositor
            c.offscreenLimit = limit
            let (bitmap, overflow) = try render(c, tree)
            #expect(overflow?.skipped ?? 0 == skipped, "limit \(limit)")
            #expect((bitmap == full) == (skipped == 0), "limit \(limit)")
        }
    }

    /// A 3D context of many small planes holds one surface at a time, and the copies: each plane
    /// is copied out of its surface and the surface given back. 24 cards, each turned about y, in
    /// one transform layer: with room for two surfaces nothing is skipped (the copies take 58 KB
    /// of the second's 154 KB) and the bytes are the default limit's; with room for one, the first
    /// copy leaves too little for the next plane's surface.
    @Test func smallPlanesOfAContextHoldOneSurface() throws {
        var tree = LayerTree()
        var context = LayerProperties()
        context.kind = .transform
        context.bounds = Rect(x: 0, y: 0, width: 240, height: 160)
        context.position = Point(x: 120, y: 80)
        let root = tree.append(id: "context", properties: context, parent: nil)
        for k in 0..<24 {
            var card = LayerProperties()
            card.bounds = Rect(x: 0, y: 0, width: 30, height: 20)
            card.position = Point(x: 20 + Double(k % 6) * 40, y: 25 + Double(k / 6) * 36)
            card.backgroundColor = Color(red: Double(k) / 24, green: 0.5, blue: 0.8)
            card.transform = Transform3D.rotation(0.3 + 0.05 * Double(k), axis: 0, 1, 0).concatenating(.perspective(distance: 300))
            card.zPosition = Double(k % 5)
            tree.append(id: "card\(k)", properties: card, parent: root)
        }
        let compositor = Compositor(canvas: CanvasSpec(width: 240, height: 160, scale: 1, background: .white))
        let (full, _) = try render(compositor, tree)
        var two = compositor, one = compositor
        two.offscreenLimit = 2
        one.offscreenLimit = 1
        let (bitmap, overflow) = try render(two, tree)
        #expect(overflow == nil)
        #expect(bitmap == full)
        #expect(full.pixels.contains { $0 != 255 }, "the cards are drawn")
        #expect(try render(one, tree).1?.skipped == 23)
    }

    /// A warp transition's snapshots draw from what the frame has left: the page curl's layer
    /// masks to bounds, so its snapshot needs a surface of its own besides the transition's.
    @Test func warpSnapshotsShareTheFramesBudget() throws {
        let url = RepositoryPaths.scenes.appendingPathComponent("transitions/ca-page-curl.json")
        let renderer = Renderer(scene: try SceneLoader.load(path: url.path))
        let tree = renderer.presentation(ofFrame: 10)
        #expect(!tree.transitions.isEmpty)
        var c = renderer.compositor
        c.offscreenLimit = 1
        #expect(try render(c, tree).1 != nil)
        c.offscreenLimit = 2
        #expect(try render(c, tree).1 == nil)
    }

    /// 258 surfaces at 1920×1080, 64 at 3840×2160, 8 at the largest canvas, never fewer than 8.
    @Test func theLimitIsTwoGibibytesOfSurfaces() {
        #expect(OffscreenLimit.surfaces(width: 1920, height: 1080) == 258)
        #expect(OffscreenLimit.surfaces(width: 3840, height: 2160) == 64)
        #expect(OffscreenLimit.surfaces(width: 8192, height: 8192) == 8)
        #expect(OffscreenLimit.surfaces(width: 16384, height: 16384) == 8)
    }
}
