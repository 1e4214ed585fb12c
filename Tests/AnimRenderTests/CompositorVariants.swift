@testable import AnimCompositor
import AnimRaster
@testable import AnimRender
import AnimScene
import AnimTestSupport
import Testing

/// Every scene in Scenes/ at its first, middle and last frames, drawn by a reference compositor and
/// by variants of it that must give the same bytes (a drawing shortcut against the path it skips).
enum CompositorVariants {
    typealias Setting = (inout Compositor) -> Void

    static func expectSameBytes(_ entry: SceneCatalog.Entry, reference: Setting, variants: [(label: String, setting: Setting)],
                                sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let renderer = Renderer(scene: try SceneLoader.load(path: entry.file.path))
        var base = renderer.compositor
        reference(&base)
        let compositors = variants.map { variant in
            var c = renderer.compositor
            variant.setting(&c)
            return (variant.label, c)
        }
        let last = renderer.frameCount - 1
        for frame in Set([0, last / 2, last]).sorted() {
            let tree = renderer.presentation(ofFrame: frame)
            let expected = try #require(base.render(tree), sourceLocation: sourceLocation)
            for (label, compositor) in compositors {
                // A Bool, so a failure does not print the bitmaps.
                let same = try #require(compositor.render(tree), sourceLocation: sourceLocation) == expected
                #expect(same, "\(entry), frame \(frame), \(label)", sourceLocation: sourceLocation)
            }
        }
    }
}
