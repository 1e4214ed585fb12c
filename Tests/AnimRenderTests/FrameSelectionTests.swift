import AnimRender
import AnimScene
import AnimTestSupport
import Testing

/// `--frames`, `--from/--to` and the contact sheet's choice of frames.
struct FrameSelectionTests {
    func renderer(_ name: String = "animations/fade-out.json", includeEnd: Bool = false) throws -> Renderer {
        Renderer(scene: try SceneLoader.load(path: RepositoryPaths.scenes.appendingPathComponent(name).path),
                 options: RenderOptions(includeEnd: includeEnd))
    }

    @Test func parsesRanges() {
        #expect(FrameRange.parse(frames: "10..20") == .frames(first: 10, last: 20))
        #expect(FrameRange.parse(frames: "10..") == .frames(first: 10, last: nil))
        #expect(FrameRange.parse(frames: "..20") == .frames(first: nil, last: 20))
        #expect(FrameRange.parse(frames: "7") == .frames(first: 7, last: 7))
        for bad in ["", "a..b", "-1..3", "1...3", "1..2..3", "1-3"] {
            #expect(FrameRange.parse(frames: bad) == nil, "\(bad)")
        }
    }

    @Test func frameRangeIsInclusiveAndEndsAtTheNextFrame() throws {
        let r = try renderer()  // 160 frames at 50 fps, 3.2 s
        let s = try FrameSelection.resolve(.frames(first: 10, last: 19), renderer: r)
        #expect(s.frames == 10..<20)
        #expect(s.endTime == 20.0 / 50)
        let tail = try FrameSelection.resolve(.frames(first: 150, last: nil), renderer: r)
        #expect(tail.frames == 150..<160)
        #expect(tail.endTime == 3.2)
        #expect(throws: RenderError.self) { try FrameSelection.resolve(.frames(first: 5, last: 160), renderer: r) }
        #expect(throws: RenderError.self) { try FrameSelection.resolve(.frames(first: 6, last: 5), renderer: r) }
    }

    @Test func timeRangeTakesFramesFromInclusiveToExclusive() throws {
        let r = try renderer()
        let s = try FrameSelection.resolve(.times(from: 1, to: 1.5), renderer: r)
        #expect(s.frames == 50..<75)
        #expect(s.endTime == 1.5)
        // Between frames: the first frame at or after 1.01 s is frame 51 (1.02 s); the last ends at 1.25 s.
        let between = try FrameSelection.resolve(.times(from: 1.01, to: 1.25), renderer: r)
        #expect(between.frames == 51..<63)
        #expect(between.endTime == 1.25)
        let open = try FrameSelection.resolve(.times(from: 3, to: nil), renderer: r)
        #expect(open.frames == 150..<160 && open.endTime == 3.2)
        #expect(throws: RenderError.self) { try FrameSelection.resolve(.times(from: 5, to: nil), renderer: r) }
    }

    @Test func wholeRenderEndsAtTheDurationOrOneFrameAfterTheEnd() throws {
        #expect(try FrameSelection.resolve(nil, renderer: renderer()) == FrameSelection(frames: 0..<160, endTime: 3.2))
        let withEnd = try FrameSelection.resolve(nil, renderer: renderer(includeEnd: true))
        #expect(withEnd.frames == 0..<161)
        #expect(abs(withEnd.endTime - 3.22) < 1e-12)
    }

    @Test func addedEndFrameIsAtTheDurationWhenDurationTimesFPSIsNotWhole() throws {
        // The cube turns without end, 4 s long; at 13.3 fps, round(53.2) = 53 frames at i / 13.3, then
        // the added one at 4 s, not at 53 / 13.3 ≈ 3.985 s.
        let scene = try SceneLoader.load(path: RepositoryPaths.scenes.appendingPathComponent("transform3d/cube.json").path)
        let r = Renderer(scene: scene, options: RenderOptions(fps: 13.3, includeEnd: true))
        #expect(r.frameCount == 54)
        #expect(r.time(ofFrame: 52) == 52 / 13.3)
        #expect(r.time(ofFrame: 53) == 4)
        #expect(abs(r.endTime - (4 + 1 / 13.3)) < 1e-12)
        #expect(r.renderFrame(53).pixels == r.render(at: 4).pixels)
        #expect(r.renderFrame(53).pixels != r.render(at: 53 / 13.3).pixels, "the cube still turns between 3.985 s and 4 s")
    }
}
