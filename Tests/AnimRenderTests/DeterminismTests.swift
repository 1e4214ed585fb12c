import AnimCodecs
import AnimRaster
import AnimRender
import AnimScene
import AnimTestSupport
import Testing

/// Frames are pure functions of the scene and the frame index.
struct DeterminismTests {
    func renderer(_ name: String) throws -> Renderer {
        Renderer(scene: try SceneLoader.load(path: RepositoryPaths.scenes.appendingPathComponent(name).path))
    }

    @Test func parallelEqualsSerialBitForBit() throws {
        let r = try renderer("animations/timeline-verbs.json")
        var serial: [Bitmap] = [], parallel: [Bitmap] = []
        ParallelFrames.render(r, frames: 0..<r.frameCount, threads: 1) { _, b in serial.append(b) }
        ParallelFrames.render(r, frames: 0..<r.frameCount, threads: 3) { _, b in parallel.append(b) }
        #expect(serial.count == r.frameCount)
        #expect(serial == parallel)
    }

    @Test func framesDoNotDependOnRenderOrder() throws {
        let r = try renderer("animations/basic-properties.json")
        let forward = (0..<r.frameCount).map(r.renderFrame)
        let backward = (0..<r.frameCount).reversed().map(r.renderFrame).reversed()
        #expect(forward == Array(backward))
    }

    @Test func frameTimesComeFromIntegers() throws {
        let r = try renderer("animations/fade-out.json")
        #expect(r.frameCount == 160)
        #expect(r.time(ofFrame: 149) == 149.0 / 50)
        // The fade at frame 75 (t = 1.5 s) is exactly half way: the card's centre is blue at 50%.
        let b = r.renderFrame(75)
        #expect(b[60, 100] == PixelRGBA8(r: 127, g: 188, b: 255, a: 255))
    }
}
