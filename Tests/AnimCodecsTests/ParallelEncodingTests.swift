@testable import AnimCodecs
import AnimRaster
import AnimTestRandom
import Dispatch
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// GIF and APNG frames compressed on several threads: the same bytes as on one.
struct ParallelEncodingTests {
    /// 24 frames of 64×40: a square moving over white in a colour of its own per frame, so the
    /// frames share a global table, and in frames 8 and 17 a patch of 192 random colours: one patch
    /// fits the table with the squares' colours, both do not, so one frame keeps a local table.
    /// Every frame has few enough colours to be written exactly; frame 12 repeats frame 11.
    static func gifFrames() -> [Bitmap] {
        var rng = SplitMix64(seed: 11)
        let white = PixelRGBA8(r: 255, g: 255, b: 255, a: 255)
        var frames: [Bitmap] = []
        for k in 0..<24 {
            if k == 12 {
                frames.append(frames[11])
                continue
            }
            let colour = PixelRGBA8(r: UInt8(10 * k), g: UInt8(200 - 7 * k), b: UInt8((k * 53) % 256), a: 255)
            var frame = Bitmap.make(width: 64, height: 40) { x, y in
                (2 * k..<(2 * k + 10)).contains(x) && (k..<(k + 8)).contains(y) ? colour : white
            }
            if k == 8 || k == 17 {
                for y in 20..<32 { for x in 40..<56 {
                    frame[x, y] = PixelRGBA8(r: UInt8(rng.below(256)), g: UInt8(rng.below(256)), b: UInt8(rng.below(256)), a: 255)
                } }
            }
            frames.append(frame)
        }
        return frames
    }

    func gif(_ frames: [Bitmap], threads: Int) throws -> [UInt8] {
        var encoder = try GIFAnimationEncoder(width: 64, height: 40, loopCount: 0, options: GIFOptions(), threads: threads)
        for f in frames { try encoder.add(f, delay: 4) }
        return try encoder.finish()
    }

    @Test func gifFramesCompressedOnSeveralThreadsGiveTheSerialFile() throws {
        let frames = Self.gifFrames()
        let serial = try gif(frames, threads: 1)
        for threads in [2, 3, 8] { #expect(try gif(frames, threads: threads) == serial, "threads \(threads)") }
        // The animation has what the test is about: a global table, a local one, every frame exact.
        #expect(serial[10] & 0x80 != 0, "a global colour table")
        let decoded = try GIFDecoder.decode(serial)
        #expect(decoded.frames.map(\.delayCentiseconds) == Array(repeating: 4, count: 11) + [8] + Array(repeating: 4, count: 11))
        let shown = decoded.frames.flatMap { Array(repeating: $0.image, count: $0.delayCentiseconds / 4) }
        #expect(shown == frames)
        var locals = 0
        for i in 13..<(serial.count - 10) where serial[i] == 0x2C && serial[i - 1] == 0x00 && serial[i + 9] & 0x80 != 0 { locals += 1 }
        #expect(locals == 1)
    }

    @Test func gifColoursMadeOnAnotherThreadGiveTheSameFile() throws {
        let frames = Self.gifFrames()
        let options = GIFOptions(transparent: true, matte: .white)
        let colours = Mutex([GIFFrameColors?](repeating: nil, count: frames.count))
        DispatchQueue.concurrentPerform(iterations: frames.count) { k in
            let c = GIFFrameColors(frames[k], options: options)
            colours.withLock { $0[k] = c }
        }
        var fromColours = try GIFAnimationEncoder(width: 64, height: 40, loopCount: 0, options: options, threads: 2)
        var fromFrames = try GIFAnimationEncoder(width: 64, height: 40, loopCount: 0, options: options)
        for (k, c) in colours.withLock({ $0 }).enumerated() {
            try fromColours.add(c!, delay: 4)
            try fromFrames.add(frames[k], delay: 4)
        }
        #expect(try fromColours.finish() == fromFrames.finish())
        // Colours made for another matte would be quantized wrongly: they are refused.
        var other = try GIFAnimationEncoder(width: 64, height: 40, loopCount: 0, options: GIFOptions(transparent: true))
        #expect(throws: CodecError.self) { try other.add(colours.withLock { $0[0]! }, delay: 4) }
    }

    /// 21 frames of 37×23 with alpha and small changed rectangles (frames 4, 11 and 18 repeat the one before).
    static func apngFrames() -> [Bitmap] { [7, 8, 9].flatMap { ChangingFrames.make(seed: UInt64($0)) } }

    func apng(_ frames: [Bitmap], threads: Int) throws -> [UInt8] {
        var encoder = try APNGEncoder(width: 37, height: 23, plays: 0, delayDenominator: 50, threads: threads)
        for f in frames { try encoder.add(f, delay: 2) }
        return try encoder.finish()
    }

    @Test func apngFramesCompressedOnSeveralThreadsGiveTheSerialFile() throws {
        let frames = Self.apngFrames()
        let serial = try apng(frames, threads: 1)
        for threads in [2, 3, 8] { #expect(try apng(frames, threads: threads) == serial, "threads \(threads)") }
        let decoded = try APNGDecoder.decode(serial)
        #expect(decoded.frames.count == 18)
        let kept = frames.indices.filter { ![4, 11, 18].contains($0) }
        #expect(decoded.frames.map(\.image) == (try kept.map { try PNGCodec.decode(try PNGCodec.encode(frames[$0])) }))
    }

    /// What the jobs of one ``OrderedJobs`` saw.
    final class JobCounters: Sendable {
        let running = Atomic(0), mostRunning = Atomic(0), finished = Atomic(0), onCaller = Atomic(0)
    }

    @Test func orderedJobsKeepSubmissionOrderTheirThreadsAndTheirLimit() {
        for threads in [1, 2, 3] {
            let jobs = OrderedJobs<Int>(threads: threads, limit: 4)
            let caller = pthread_self()
            let seen = JobCounters()
            var mostUnfinished = 0
            for k in 0..<40 {
                jobs.submit {
                    let now = seen.running.add(1, ordering: .sequentiallyConsistent).newValue
                    seen.mostRunning.max(now, ordering: .sequentiallyConsistent)
                    if pthread_equal(pthread_self(), caller) != 0 { seen.onCaller.add(1, ordering: .sequentiallyConsistent) }
                    usleep(UInt32(200 * ((k * 7) % 5)))  // later jobs often finish first
                    seen.running.subtract(1, ordering: .sequentiallyConsistent)
                    seen.finished.add(1, ordering: .sequentiallyConsistent)
                    return k * k
                }
                mostUnfinished = max(mostUnfinished, k + 1 - seen.finished.load(ordering: .sequentiallyConsistent))
            }
            #expect(jobs.results() == (0..<40).map { $0 * $0 }, "threads \(threads)")
            #expect(seen.mostRunning.load(ordering: .sequentiallyConsistent) <= threads, "threads \(threads)")
            #expect(mostUnfinished <= (threads == 1 ? 0 : 4), "threads \(threads)")
            #expect(seen.onCaller.load(ordering: .sequentiallyConsistent) == (threads == 1 ? 40 : 0), "threads \(threads)")
        }
    }
}
