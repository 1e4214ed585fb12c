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

    /// Also for a static `contents` image under a moving mask (circle-reveal), whose cached picture
    /// the threads of a fresh renderer race to build.
    @Test(arguments: ["animations/timeline-verbs.json", "masks/circle-reveal.json"])
    func parallelEqualsSerialBitForBit(scene: String) throws {
        let r = try renderer(scene)
        var serial: [Bitmap] = [], parallel: [Bitmap] = []
        ParallelFrames.render(r, frames: 0..<r.frameCount, threads: 1) { _, b in serial.append(b) }
        ParallelFrames.render(try renderer(scene), frames: 0..<r.frameCount, threads: 3) { _, b in parallel.append(b) }
        #expect(serial.count == r.frameCount)
        #expect(serial == parallel)
    }

    @Test func parallelFramesArriveInOrderPastTheWindow() throws {
        // 60 frames through a window of 8 on 2 threads: every frame once, in order, as rendered alone.
        let r = try renderer("bench/docs-320.json")
        var seen: [Int] = []
        var middle: Bitmap?
        ParallelFrames.render(r, frames: 0..<60, threads: 2) { i, b in
            seen.append(i)
            if i == 31 { middle = b }
        }
        #expect(seen == Array(0..<60))
        #expect(middle == r.renderFrame(31))
    }

    @Test func aHeldPictureIsDrawnOnceAndRepeated() throws {
        // The goods start flying at 0.2 s and land at 1.2 s (fillMode forwards): frames 0–10 and
        // 60–69 show the same trees as the frame before them, so they repeat its picture.
        let r = try renderer("seeds/shopping-cart.json")
        for threads in [1, 2] {
            var frames: [Int: Bitmap] = [:]
            let count = ParallelFrames.render(r, frames: 0..<70, threads: threads) { i, b in frames[i] = b }
            #expect(count.drawn + count.repeated == 70)
            #expect(count.repeated >= 18, "threads \(threads)")
            for i in [0, 1, 9, 10, 11, 35, 59, 60, 61, 69] { #expect(frames[i] == r.renderFrame(i), "frame \(i)") }
        }
    }

    @Test func aRepeatFollowsTheFrameBeforeItInTheList() throws {
        // 0, 5 and 9 are all before the flight; 30 is in flight; 65 and 69 after it.
        let r = try renderer("seeds/shopping-cart.json")
        let list = [0, 5, 9, 30, 65, 69]
        for threads in [1, 2] {
            var seen: [Bitmap] = []
            let count = ParallelFrames.render(r, frames: list, threads: threads) { _, b in seen.append(b) }
            #expect(count == FrameCount(drawn: 3, repeated: 3), "threads \(threads)")
            #expect(seen == list.map(r.renderFrame))
        }
    }

    @Test func whatIsPreparedOnTheWorkersArrivesWithItsFrame() throws {
        // The PNG of each drawn frame is encoded where it was drawn; repeats arrive with nil.
        let r = try renderer("seeds/shopping-cart.json")
        let list = [0, 5, 9, 30, 31, 65, 69]
        var outcomes: [[String]] = []
        for threads in [1, 2] {
            var outcome: [String] = []
            let count = ParallelFrames.render(r, frames: list, threads: threads, prepare: { i, frame in
                (i, try! PNGCodec.encode(frame))
            }, consume: { i, frame, prepared in
                guard let (drawnIndex, png) = prepared else { return outcome.append("\(i) repeats") }
                #expect(drawnIndex == i)
                #expect(try! PNGCodec.decode(png) == PNGCodec.decode(PNGCodec.encode(frame)), "frame \(i)")
                outcome.append("\(i) drawn")
            })
            #expect(count == FrameCount(drawn: 4, repeated: 3), "threads \(threads)")
            outcomes.append(outcome)
        }
        #expect(outcomes[0] == ["0 drawn", "5 repeats", "9 repeats", "30 drawn", "31 drawn", "65 drawn", "69 repeats"])
        #expect(outcomes[1] == outcomes[0])
    }

    struct Stop: Error {}

    @Test func aFailingConsumerStopsTheWorkers() throws {
        let r = try renderer("bench/docs-320.json")
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try ParallelFrames.render(r, frames: 0..<60, threads: 2) { (i, _) throws(Stop) in
                seen.append(i)
                if i == 3 { throw Stop() }
            }
        }
        #expect(seen == [0, 1, 2, 3])
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
