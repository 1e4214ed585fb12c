@testable import AnimCompositor
import AnimRaster
@testable import AnimRender
import AnimScene
import AnimTestSupport
import Testing

/// A canvas drawn in bands of rows (``CanvasBands``, chosen for canvases beyond the processor's
/// caches) must give the bytes of drawing each draw whole: every scene in Scenes/, at its first,
/// middle and last frames, with bands of 7 rows (so band edges cross every shape, shadow,
/// picture, mask and transition) and of 64, against no bands.
struct BandedCanvasSceneTests {
    @Test(arguments: SceneCatalog.all)
    func bandsGiveTheBytesOfWholeDraws(_ entry: SceneCatalog.Entry) throws {
        let renderer = Renderer(scene: try SceneLoader.load(path: entry.file.path))
        var whole = renderer.compositor, narrow = whole, wide = whole
        whole.bandRows = 0
        narrow.bandRows = 7
        wide.bandRows = 64
        let last = renderer.frameCount - 1
        for frame in Set([0, last / 2, last]).sorted() {
            let tree = renderer.presentation(ofFrame: frame)
            let expected = try #require(whole.render(tree))
            // Bools, so a failure does not print the bitmaps.
            let sameNarrow = try #require(narrow.render(tree)) == expected, sameWide = try #require(wide.render(tree)) == expected
            #expect(sameNarrow, "\(entry), frame \(frame), bands of 7 rows")
            #expect(sameWide, "\(entry), frame \(frame), bands of 64 rows")
        }
    }
}
