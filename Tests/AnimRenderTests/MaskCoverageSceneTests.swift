@testable import AnimCompositor
import AnimRaster
@testable import AnimRender
import AnimScene
import AnimTestSupport
import Testing

struct MaskCoverageSceneTests {
    /// A plain mask layer clips by its coverage instead of being drawn into an offscreen: the same
    /// bytes, in every scene at its first, middle and last frames (the scenes with masks among them:
    /// circles, rounded rectangles, moving and scaled masks, masks that are not plain).
    @Test(arguments: SceneCatalog.all)
    func masksClippedByCoverageGiveTheBytesOfDrawnMasks(_ entry: SceneCatalog.Entry) throws {
        let renderer = Renderer(scene: try SceneLoader.load(path: entry.file.path))
        var drawn = renderer.compositor
        drawn.masksByCoverage = false
        let last = renderer.frameCount - 1
        for frame in Set([0, last / 2, last]).sorted() {
            let tree = renderer.presentation(ofFrame: frame)
            let same = try #require(renderer.compositor.render(tree)) == (try #require(drawn.render(tree)))
            #expect(same, "\(entry), frame \(frame)")
        }
    }
}
