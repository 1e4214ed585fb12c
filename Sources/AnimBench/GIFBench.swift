import AnimCodecs
import AnimRaster
import AnimRender
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `AnimBench gif-encode DIR COUNT FPS OUT.gif [QUALITY]`: reads DIR/frame_00000.png … (untimed), then times
/// animrender's GIF encoder alone (delays, differencing, quantizing, LZW) and writes OUT.gif: the
/// frames' colours made on every core (in `animrender --gif` the drawing threads make them), then
/// the frames differenced and quantized in order, then compressed on every core.
/// Prints `encode_seconds=…`. Used by scripts/bench-gif.sh to compare encoders on the same frames.
enum GIFBench {
    static func run(_ args: [String]) -> Int32 {
        guard args.count == 4 || args.count == 5, let count = Int(args[1]), let fps = Double(args[2]),
              let quality = args.count == 5 ? Int(args[4]) : GIFQuality.standard, GIFQuality.range.contains(quality) else {
            print("usage: AnimBench gif-encode DIR COUNT FPS OUT.gif [QUALITY 1…100]")
            return 2
        }
        do {
            var frames: [Bitmap] = []
            for i in 0..<count {
                let digits = String(i)
                let name = "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
                frames.append(try PNGCodec.decodeFile(at: args[0] + "/" + name))
            }
            let decoded = frames
            let start = seconds()
            let times = (0..<count).map { Double($0) / fps }
            let plan = GIFOutput.plan(times: times, end: Double(count) / fps)
            let options = GIFOptions(quality: quality)
            // As `animrender --gif` does: each frame's colours made on another thread than the
            // encoder's (there, the thread that drew it), a few frames ahead; compression on every
            // core at the end.
            let threads = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            let ahead = ColoursAhead(plan.map { decoded[$0.frame] }, options: options, window: 2 * threads)
            var gif = try GIFOutput(width: frames[0].width, height: frames[0].height, options: options, threads: threads)
            for (k, step) in plan.enumerated() { try gif.add(ahead.take(k), delay: step.delay) }
            let bytes = try gif.finish()
            let elapsed = seconds() - start
            try AtomicFile.write(bytes, to: args[3])
            print("encode_seconds=\(fixed(elapsed, 4)) bytes=\(bytes.count)")
            return 0
        } catch {
            print("error: \(error)")
            return 1
        }
    }
}

/// Frames' GIF colours made in order on a background thread, at most `window` ahead of the one taken.
final class ColoursAhead: Sendable {
    private let made: Mutex<[Int: GIFFrameColors]> = Mutex([:])
    private let ready = DispatchSemaphore(value: 0)
    private let room = DispatchSemaphore(value: 0)

    init(_ frames: [Bitmap], options: GIFOptions, window: Int) {
        for _ in 0..<window { room.signal() }
        DispatchQueue(label: "gif-bench.colours").async { [self] in
            for (k, frame) in frames.enumerated() {
                room.wait()
                let colours = GIFFrameColors(frame, options: options)
                made.withLock { $0[k] = colours }
                ready.signal()
            }
        }
    }

    /// Frame `k`'s colours; frames are taken in order.
    func take(_ k: Int) -> GIFFrameColors {
        ready.wait()
        room.signal()
        return made.withLock { $0.removeValue(forKey: k)! }
    }
}
