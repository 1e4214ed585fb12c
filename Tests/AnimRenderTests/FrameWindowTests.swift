@testable import AnimRender
import AnimScene
import AnimTestSupport
import Testing

/// How many frames a parallel render keeps in flight (``ParallelFrames/window(threads:renderer:preparedBytesPerPixel:)``):
/// 2 to 4 per thread, within 64 MB of pictures and what was prepared of them.
struct FrameWindowTests {
    func renderer(_ name: String) throws -> Renderer {
        Renderer(scene: try SceneLoader.load(path: RepositoryPaths.scenes.appendingPathComponent(name).path))
    }

    @Test func theWindowHoldsAFewFramesWithinItsBudget() throws {
        let docs = try renderer("bench/docs-320.json"), hd = try renderer("bench/compositor-1280.json")
        #expect(docs.pixelSize == (320, 480) && hd.pixelSize == (1280, 720))
        // Small frames: 4 per thread, whatever is prepared of them.
        #expect(ParallelFrames.window(threads: 2, renderer: docs) == 8)
        #expect(ParallelFrames.window(threads: 2, renderer: docs, preparedBytesPerPixel: 4) == 8)
        // 1280×720: 3.7 MB a picture, 18 fit; 9 with their GIF colours (7.4 MB a frame).
        #expect(ParallelFrames.window(threads: 2, renderer: hd) == 8)
        #expect(ParallelFrames.window(threads: 4, renderer: hd) == 16)
        #expect(ParallelFrames.window(threads: 4, renderer: hd, preparedBytesPerPixel: 4) == 9)
        // Never fewer than 2 per thread, however large the frames.
        #expect(ParallelFrames.window(threads: 3, renderer: hd, preparedBytesPerPixel: 60) == 6)
    }
}
