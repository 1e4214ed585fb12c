import AnimCodecs
import AnimRender
import AnimScene
import AnimTestSupport
import Foundation
import Testing

/// `--gif` and `--apng` make part of their files on several threads (the GIF's colours on the
/// drawing threads, both formats' compression on background ones): the files must not change.
@Suite(.serialized)
struct EncodingThreadsCLITests {
    /// What `--gif` and `--apng` write for `scene` with default options (and `matte`), made by the
    /// encoders' serial API from frames rendered one at a time.
    func serialFiles(_ scene: String, fps: Double?, matte: RGB8? = nil) throws -> [Data] {
        let r = Renderer(scene: try SceneLoader.load(path: scene), options: RenderOptions(fps: fps))
        let (w, h) = r.pixelSize
        let times = (0..<r.frameCount).map(r.time(ofFrame:))
        var gif = try GIFOutput(width: w, height: h, options: GIFOptions(transparent: r.canvas.background.alpha < 1, matte: matte))
        for (k, delay) in GIFOutput.plan(times: times, end: r.endTime) { try gif.add(r.renderFrame(k), delay: delay) }
        let timing = APNGTiming.delays(times: times, end: r.endTime, fps: r.canvas.fps)
        var apng = try APNGEncoder(width: w, height: h, delayDenominator: timing.denominator)
        for (k, delay) in zip(timing.kept, timing.delays) { try apng.add(r.renderFrame(k), delay: delay) }
        return [Data(try gif.finish()), Data(try apng.finish())]
    }

    func check(_ scene: String, options: [String], fps: Double? = nil, matte: RGB8? = nil) throws {
        let dir = try CommandRunner.temporaryDirectory()
        var outputs: [[Data]] = []
        for threads in ["1", "2"] {
            let gif = dir.appendingPathComponent("t\(threads).gif"), apng = dir.appendingPathComponent("t\(threads).png")
            let r = try CommandRunner.run([scene, "--gif", gif.path, "--apng", apng.path, "--threads", threads, "--quiet"] + options)
            #expect(r.status == 0, "\(r.stderr)")
            outputs.append([try Data(contentsOf: gif), try Data(contentsOf: apng)])
        }
        #expect(outputs[0] == outputs[1], "\(scene) \(options): --threads 1 and 2")
        let serial = try serialFiles(scene, fps: fps, matte: matte)
        #expect(outputs[1][0] == serial[0], "\(scene) \(options): the GIF of the serial encoder")
        #expect(outputs[1][1] == serial[1], "\(scene) \(options): the APNG of the serial encoder")
    }

    @Test func gifAndAPNGAreTheSameOnAnyThreadCountAndEqualTheSerialEncoders() throws {
        // The cart holds still before and after its flight: repeated frames reuse the GIF colours
        // made for the frame before them. At 100 fps the GIF keeps every other frame, so some
        // repeated frames follow one it left out and have their colours made on the output thread.
        let cart = RepositoryPaths.scenes.appendingPathComponent("seeds/shopping-cart.json").path
        try check(cart, options: [])
        try check(cart, options: ["--fps", "100"], fps: 100)
        // A clear canvas: transparent GIF colours over a matte, APNG alpha.
        let dir = try CommandRunner.temporaryDirectory()
        let clear = dir.appendingPathComponent("clear.json")
        try Data(AnimatedOutputsCLITests.sceneJSON.utf8).write(to: clear)
        try check(clear.path, options: ["--matte", "white"], matte: .white)
    }
}
