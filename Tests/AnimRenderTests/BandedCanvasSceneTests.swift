@testable import AnimCompositor
import AnimTestSupport
import Testing

/// A canvas drawn in bands of rows (``CanvasBands``, chosen for canvases beyond the processor's
/// caches) must give the bytes of drawing each draw whole: every scene in Scenes/, at its first,
/// middle and last frames, with bands of 7 rows (so band edges cross every shape, shadow,
/// picture, mask and transition) and of 64, against no bands.
struct BandedCanvasSceneTests {
    @Test(arguments: SceneCatalog.all)
    func bandsGiveTheBytesOfWholeDraws(_ entry: SceneCatalog.Entry) throws {
        try CompositorVariants.expectSameBytes(entry, reference: { (c: inout Compositor) in c.bandRows = 0 }, variants: [
            ("bands of 7 rows", { (c: inout Compositor) in c.bandRows = 7 }),
            ("bands of 64 rows", { (c: inout Compositor) in c.bandRows = 64 }),
        ])
    }
}
