@testable import AnimCompositor
import AnimTestSupport
import Testing

/// A plain mask layer clips by its coverage instead of being drawn into an offscreen: the same
/// bytes in every scene at its first, middle and last frames (the scenes with masks among them:
/// a moving circle over an image, masks that are not plain).
struct MaskCoverageSceneTests {
    @Test(arguments: SceneCatalog.all)
    func masksClippedByCoverageGiveTheBytesOfDrawnMasks(_ entry: SceneCatalog.Entry) throws {
        try CompositorVariants.expectSameBytes(entry, reference: { (c: inout Compositor) in c.masksByCoverage = false }, variants: [
            ("masks clipped by coverage", { (c: inout Compositor) in c.masksByCoverage = true }),
        ])
    }
}
