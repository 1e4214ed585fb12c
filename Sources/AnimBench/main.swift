// AnimBench: frames per second for a scene, single-threaded and on all cores.
//   animbench [SCENE.json] [--frames N] [--repeat R] [--threads 1,2] [--scale S] [--no-floor] [--checksum] [--rotate N]
//   animbench SCENE.json --first-pass [--frames N] [--threads T] [--scale S] [--fps F] [--timeline]
// It also prints the memory-bandwidth floor (writing one frame's pixels, streamed as a banded
// canvas is; on the most threads asked for, each writing its share at once; and with ordinary
// stores), the same threads drawing independently (each its own share of the frames, serially:
// the scaling the machine gives that content, interleaved with the pipeline runs), how many
// canvases take turns, and the peak resident memory.
// --checksum: after the timed runs, one more untimed run hashes every pixel byte of every frame, in
// frame order (64-bit FNV-1a, see FrameChecksum), and prints it as 16 hex digits: the same scene,
// frames and scale give the same checksum on every build that renders the same pixels. The timed
// runs hash nothing, so the figures measure rendering alone.
// --rotate N: also times one thread drawing into N canvases in turn (each frame is given back N − 1
// frames later), as every worker of a parallel run must, since the frames in flight and the one on
// show each hold a canvas; a serial run draws every frame into the canvas it just gave back, which
// is still in the cache. The ratio of the two is what the cache alone is worth on this machine.
// --first-pass: times one render of the frames on T threads (the last count given) in this fresh
// process, as `animrender` renders them, and nothing else: the repeated runs above measure frames
// drawn again with the caches already holding what repeats (across repeats as well as across
// frames), which a single render only gets from frames that repeat within it. scripts/bench.sh
// alternates fresh processes on 1 and 2 threads. --fps F renders the scene at another frame rate
// (more or fewer frames of the same animation), in the timed runs as here. --timeline also prints
// when each frame was handed over, in ms from the start of the render (where a first render's
// one-time costs and stalls fall).
//   animbench gif-encode DIR COUNT FPS OUT.gif   (times the GIF encoder alone; see GIFBench)
//   animbench probe [PAIRS]   (pure arithmetic on 1 and 2 threads: what the machine gives a second thread now)
// Wall-clock figures are noisy on shared machines: compare ratios measured in the same run
// (scripts/bench.sh), and use callgrind instruction counts for regressions.
import AnimRaster
import AnimRender
import AnimScene
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

struct Options {
    var scene = "Scenes/bench/grid-24-layers.json"
    var frames = 60
    var repeats = 3
    var threadCounts: [Int] = [1, max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))]
    var scale: Double?
    /// Overrides the scene's frame rate (more frames of the same animation).
    var fps: Double?
    /// Skips the memory-bandwidth floor (a 256 MB fill), e.g. under callgrind.
    var floor = true
    /// Hashes every frame's pixels in an extra, untimed run.
    var checksum = false
    /// Canvases the extra serial run draws into in turn (0: no such run).
    var rotate = 0
    /// Times one render in this process and nothing else.
    var firstPass = false
    /// With `firstPass`: prints when each frame was handed over.
    var timeline = false

    /// The first problem with the arguments, if any (an option without its value).
    var problem: String?

    init(_ args: [String]) {
        let valued: Set = ["--frames", "--repeat", "--threads", "--scale", "--fps", "--rotate"]
        for (k, arg) in args.enumerated() where valued.contains(arg) {
            guard k + 1 < args.count, !args[k + 1].hasPrefix("--") else {
                problem = "\(arg) needs a value"
                return
            }
        }
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--frames": i += 1; frames = Int(args[i]) ?? frames
            case "--repeat": i += 1; repeats = Int(args[i]) ?? repeats
            case "--threads": i += 1; threadCounts = args[i].split(separator: ",").compactMap { Int($0) }
            case "--scale": i += 1; scale = Double(args[i])
            case "--fps": i += 1; fps = Double(args[i]) ?? .nan
            case "--no-floor": floor = false
            case "--checksum": checksum = true
            case "--rotate": i += 1; rotate = max(0, Int(args[i]) ?? 0)
            case "--first-pass": firstPass = true
            case "--timeline": timeline = true
            case let other where other.hasPrefix("-") && other != "-":
                problem = "unknown option \(other) (AnimBench --help lists them)"
                return
            default: scene = args[i]
            }
            i += 1
        }
        if frames < 1 || repeats < 1 || threadCounts.isEmpty || threadCounts.contains(where: { $0 < 1 }) {
            problem = "--frames, --repeat and --threads take whole numbers of at least 1"
        }
    }
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite, abs(value) < 1e15 else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let n = Int((value * scale).rounded())
    if digits <= 0 { return String(n) }
    let whole = n / Int(scale), frac = abs(n % Int(scale))
    let fracText = String(frac)
    return "\(whole)." + String(repeating: "0", count: digits - fracText.count) + fracText
}

func seconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

AllocatorTuning.apply()

if let first = CommandLine.arguments.dropFirst().first, ["--help", "-h", "help"].contains(first) {
    print("""
        AnimBench: rendering speed of a scene on 1 thread and on all cores (docs/benchmarks.md).
          AnimBench [SCENE.json] [--frames N] [--repeat R] [--threads 1,2] [--scale S] [--fps F] [--no-floor] [--checksum] [--rotate N]
          AnimBench SCENE.json --first-pass [--frames N] [--threads T] [--scale S] [--fps F] [--timeline]
          AnimBench gif-encode DIR COUNT FPS OUT.gif
          AnimBench probe [PAIRS]
        The default scene is Scenes/bench/grid-24-layers.json, 60 frames, best of 3 runs. Every option is
        described at the top of Sources/AnimBench/main.swift.
        """)
    exit(0)
}
if CommandLine.arguments.dropFirst().first == "gif-encode" {
    exit(GIFBench.run(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.dropFirst().first == "probe" {
    exit(ComputeProbe.run(Array(CommandLine.arguments.dropFirst(2))))
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let problem = options.problem {
    print("error: \(problem)")
    exit(2)
}
let scene: Scene
do {
    scene = try SceneLoader.load(path: options.scene)
} catch {
    print(SceneLoader.report(error, source: SceneLoader.source(path: options.scene)))
    exit(2)
}
if let fps = options.fps, !(fps.isFinite && fps > 0 && fps <= 1000) {
    print("error: --fps must be a number of frames per second in (0, 1000], got \(fps)")
    exit(2)
}
let renderer = Renderer(scene: scene, options: RenderOptions(fps: options.fps, scale: options.scale))
let frames = min(options.frames, renderer.frameCount)
let (w, h) = renderer.pixelSize
if options.firstPass {
    let threads = options.threadCounts.last ?? 1
    let cpuStart = CPUTime.milliseconds()
    let start = seconds()
    var handedOver: [Double] = []
    handedOver.reserveCapacity(frames)
    let count = ParallelFrames.render(renderer, frames: 0..<frames, threads: threads) { _, _ in
        if options.timeline { handedOver.append(seconds() - start) }
    }
    let ms = (seconds() - start) * 1000 / Double(frames)
    let cpu = (CPUTime.milliseconds() - cpuStart) / Double(frames)
    print("first pass, threads \(threads): \(fixed(ms, 3)) ms/frame (\(w)×\(h) px, \(frames) frames, \(count.drawn) drawn), "
          + "CPU \(fixed(cpu, 3)) ms/frame")
    if options.timeline {
        print("handed over at (ms): " + handedOver.map { fixed($0 * 1000, 1) }.joined(separator: " "))
    }
    exit(0)
}
print("scene \(options.scene): \(w)×\(h) px, \(frames) frames, best of \(options.repeats) runs")
var drawn = FrameCount(drawn: 0, repeated: 0)
// The thread counts take turns within each repeat, so a change in the machine's state (another
// tenant, a clock boost while only one core is busy) affects them alike; the scaling is the median
// of the per-repeat ratios.
var times = [[Double]](repeating: [], count: options.threadCounts.count)
/// CPU time per frame of the same runs (user + system; steal excluded, see CPUTime), and the host's
/// steal time during each thread count's runs, in all.
var cpuTimes = [[Double]](repeating: [], count: options.threadCounts.count)
var stolen = [Double](repeating: 0, count: options.threadCounts.count)
/// Bands streamed in the runs of each thread count; of them those that waited for their turn, and
/// those begun with every turn taken (StreamTurns).
var streams = [(begun: Int, waited: Int, crowded: Int)](repeating: (0, 0, 0), count: options.threadCounts.count)
var rotated: [Double] = []
/// One thread, every frame drawn (no repeat detection), each given back `canvases` − 1 frames later.
func renderRotating(_ canvases: Int) {
    var held: [Bitmap] = []
    for i in 0..<frames {
        held.append(renderer.render(renderer.presentation(ofFrame: i)))
        if held.count >= canvases { Renderer.recycle(held.removeFirst()) }
    }
    while let b = held.popLast() { Renderer.recycle(b) }
}
/// The most threads asked for, each drawing its own contiguous share of the frames serially (its
/// own canvas, given back at once; no hand-over): what this machine gives that many threads on this
/// content at this moment, the ceiling for the pipeline's scaling.
let mostThreads = options.threadCounts.max() ?? 1
var independent: [Double] = []
func renderIndependently() {
    DispatchQueue.concurrentPerform(iterations: mostThreads) { t in
        for i in (t * frames / mostThreads)..<((t + 1) * frames / mostThreads) {
            Renderer.recycle(renderer.render(renderer.presentation(ofFrame: i)))
        }
    }
}
/// Per repeat, what the host gave pure arithmetic on the most threads just before (ComputeProbe.pair).
var hostRatios: [Double] = []
for _ in 0..<options.repeats {
    // (On as many threads as the pipeline's last run, so the two compare; it runs first, so the
    // timed runs after it start from the same state each time.)
    if mostThreads > 1 && options.threadCounts.first == 1 { hostRatios.append(ComputeProbe.pair(threads: mostThreads)) }
    if mostThreads > 1 {
        let start = seconds()
        renderIndependently()
        independent.append((seconds() - start) * 1000 / Double(frames))
    }
    for (k, threads) in options.threadCounts.enumerated() {
        let (cpuStart, stealStart) = (CPUTime.milliseconds(), StealTime.milliseconds())
        let streamStart = StreamTurns.counts
        let start = seconds()
        drawn = ParallelFrames.render(renderer, frames: 0..<frames, threads: threads) { _, _ in }
        times[k].append((seconds() - start) * 1000 / Double(frames))
        cpuTimes[k].append((CPUTime.milliseconds() - cpuStart) / Double(frames))
        if let a = stealStart, let b = StealTime.milliseconds() { stolen[k] += b - a }
        let streamEnd = StreamTurns.counts
        streams[k].begun += streamEnd.begun - streamStart.begun
        streams[k].waited += streamEnd.waited - streamStart.waited
        streams[k].crowded += streamEnd.crowded - streamStart.crowded
    }
    if options.rotate > 0 {
        let start = seconds()
        renderRotating(options.rotate)
        rotated.append((seconds() - start) * 1000 / Double(frames))
    }
}
func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.isEmpty ? .nan : (s[(s.count - 1) / 2] + s[s.count / 2]) / 2
}
for (k, threads) in options.threadCounts.enumerated() {
    let best = times[k].min() ?? .nan
    print("threads \(threads): \(fixed(1000 / best, 1)) frames/s, \(fixed(best, 2)) ms/frame (median \(fixed(median(times[k]), 2)))")
}
if options.threadCounts.count > 1 {
    let last = options.threadCounts.count - 1
    let ratios = (0..<options.repeats).map { times[0][$0] / times[last][$0] }
    print("scaling \(options.threadCounts[0]) → \(options.threadCounts[last]) threads: \(fixed(median(ratios), 2))× (median of \(options.repeats) paired runs)")
}
for (k, threads) in options.threadCounts.enumerated() {
    // Work per frame apart from the host: how much more CPU a frame costs on `threads` than on
    // the first count (memory and cache contention, page faults, hand-over), and how much of the
    // time the threads were running (the rest: waiting for frames or room, or taken by the host).
    let cpu = median(cpuTimes[k])
    // getrusage counts CPU time at the kernel's accounting granularity, so a short run can show a
    // little more CPU than its wall clock allows: capped at all of the time.
    let busy = min(1, median((0..<options.repeats).map { cpuTimes[k][$0] / (Double(threads) * times[k][$0]) }))
    let base = median(cpuTimes[0])
    print("threads \(threads): CPU \(fixed(cpu, 2)) ms/frame (median), \(fixed(cpu / base, 2))× the \(options.threadCounts[0])-thread CPU per frame; "
          + "threads running \(fixed(busy * 100, 0)) % of the time; host steal on all cores during these runs "
          + "\(fixed(stolen[k], 0)) ms in \(fixed(times[k].reduce(0, +) * Double(frames), 0)) ms")
}
for (k, threads) in options.threadCounts.enumerated() where threads > 1 && streams[k].begun > 0 {
    // How often a band finished while another thread streamed one, which the memory takes no
    // faster than one (see "floor on 2 threads"): such a band waits its turn, and begins with
    // the turns all taken only if the wait runs out.
    let (begun, waited, crowded) = streams[k]
    let percent = { (n: Int) in fixed(100 * Double(n) / Double(begun), 1) }
    print("threads \(threads): \(begun) bands streamed; \(waited) waited for their turn (\(percent(waited)) %), "
          + "\(crowded) began with every turn taken (\(percent(crowded)) %)")
}
if mostThreads > 1, let fewest = options.threadCounts.indices.min(by: { options.threadCounts[$0] < options.threadCounts[$1] }),
   let most = options.threadCounts.firstIndex(of: mostThreads), !times[fewest].isEmpty {
    // Against the run with the fewest threads, as the scaling of the pipeline; concurrentPerform
    // runs at most one share per core at a time.
    let ceiling = median((0..<options.repeats).map { times[fewest][$0] / independent[$0] })
    let reached = median((0..<options.repeats).map { independent[$0] / times[most][$0] })
    print("threads \(mostThreads) drawing independently (each its own share, serially): \(fixed(independent.min() ?? .nan, 2)) ms/frame "
          + "(median \(fixed(median(independent), 2))), scaling \(options.threadCounts[fewest]) → \(mostThreads) threads "
          + "\(fixed(ceiling, 2))× (median of \(options.repeats) paired runs); the pipeline on \(mostThreads) reached \(fixed(reached, 2)) of it")
}
if !hostRatios.isEmpty, hostRatios.count == options.repeats, options.threadCounts.last == mostThreads,
   let last = options.threadCounts.indices.last {
    // The host's share of the scaling: pure arithmetic on the most threads, measured just before
    // each repeat, and the pipeline's scaling in the repeats where the host gave whole cores.
    let ratios = (0..<options.repeats).map { times[0][$0] / times[last][$0] }
    let full = 0.95 * Double(mostThreads)
    let whole = (0..<options.repeats).filter { hostRatios[$0] >= full }
    let note = whole.isEmpty ? "none of the repeats"
        : "\(fixed(median(whole.map { ratios[$0] }), 2))× in the \(whole.count) repeats where it gave \(fixed(full, 2))× or more"
    print("the host: pure arithmetic on \(mostThreads) threads \(fixed(median(hostRatios), 2))× (median over the repeats, "
          + "each measured just before it; \(fixed(hostRatios.min() ?? .nan, 2))–\(fixed(hostRatios.max() ?? .nan, 2))×); "
          + "the pipeline's scaling \(note)")
}
if options.rotate > 0, let first = times.first, !first.isEmpty {
    let ratios = (0..<options.repeats).map { rotated[$0] / first[$0] }
    print("threads 1, \(options.rotate) canvases in turn: \(fixed(rotated.min() ?? .nan, 2)) ms/frame (median \(fixed(median(rotated), 2))), "
          + "\(fixed(median(ratios), 2))× the \(options.threadCounts[0])-thread run's time (median of \(options.repeats) paired runs)")
}
print("frames drawn: \(drawn.drawn), repeating the frame before: \(drawn.repeated)")
if options.checksum {
    var checksum = FrameChecksum()
    ParallelFrames.render(renderer, frames: 0..<frames, threads: options.threadCounts.last ?? 1) { _, bitmap in
        checksum.add(bitmap)
    }
    print("checksum \(checksum.hex) (FNV-1a 64 of every pixel byte of frames 0…\(frames - 1))")
}
for threads in options.threadCounts where threads > 1 {
    // Which memory each frame was drawn into (one thread always draws into one canvas; skipping it
    // also keeps scripts/callgrind.sh counting the timed run alone), in an untimed run like the timed ones: how many
    // canvases take turns (each one more than the caches hold costs the threads time). The set
    // drifts as the cache hands them out, so the median over every 8 frames in a row.
    // Also what each frame left known of its background (KnownBackground): the share of the
    // canvas's lines its draws reached. The next frame drawn into that canvas leaves the others
    // as they are, or fills them again only where it draws.
    var canvases: [UInt] = []
    var reached: [Double] = []
    ParallelFrames.render(renderer, frames: 0..<frames, threads: threads) { _, bitmap in
        canvases.append(bitmap.pixels.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) })
        if let known = bitmap.knownBackground { reached.append(Double(known.drawn.count) / Double(max(1, known.drawn.lineCount))) }
    }
    let run = min(8, canvases.count)
    guard run > 0 else { continue }
    let turns = median(canvases.indices.dropLast(run - 1).map { Double(Set(canvases[$0..<$0 + run]).count) })
    print("threads \(threads): \(fixed(turns, 1)) canvases in turn (median over \(run) frames in a row), \(Set(canvases).count) in all")
    let share = reached.isEmpty ? "" : "; their draws reached \(fixed(100 * median(reached), 1)) % of the canvas's lines (median)"
    print("threads \(threads): \(reached.count) of \(canvases.count) frames left a record of their background\(share)")
}
print("peak memory: \(PeakMemory.megabytes()) MB resident while rendering")
if options.floor {
    let one = BandwidthFloor.milliseconds(width: w, height: h, repeats: options.repeats)
    // Streaming stores where the processor has them (x86-64), else the plain copy a banded canvas gets there.
    let how = BandScratch.streams ? "streamed" : "copied (no streaming stores here)"
    print("floor: \(fixed(one, 2)) ms/frame to write \(w)×\(h) RGBA pixels once (\(how), as a banded canvas is written)")
    if mostThreads > 1 {
        let many = BandwidthFloor.milliseconds(width: w, height: h, repeats: options.repeats, threads: mostThreads)
        print("floor on \(mostThreads) threads: \(fixed(many, 2)) ms/frame (the memory takes the same bytes \(fixed(one / many, 2))× as fast)")
    }
    let filled = BandwidthFloor.milliseconds(width: w, height: h, repeats: options.repeats, streamed: false)
    print("floor with ordinary stores: \(fixed(filled, 2)) ms/frame (Bitmap.fill, as a canvas drawn whole is filled)")
}
