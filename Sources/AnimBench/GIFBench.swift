import AnimCodecs
import AnimRaster
import AnimRender

/// `AnimBench gif-encode DIR COUNT FPS OUT.gif [QUALITY]`: reads DIR/frame_00000.png … (untimed), then times
/// animrender's GIF encoder alone (delays, differencing, quantizing, LZW) and writes OUT.gif.
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
            let start = seconds()
            let times = (0..<count).map { Double($0) / fps }
            let plan = GIFOutput.plan(times: times, end: Double(count) / fps)
            var gif = try GIFOutput(width: frames[0].width, height: frames[0].height, options: GIFOptions(quality: quality))
            for step in plan { try gif.add(frames[step.frame], delay: step.delay) }
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
