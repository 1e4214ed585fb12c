import AnimRaster
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// The least time a frame can take: writing each of its pixels once at this machine's memory
/// bandwidth, measured by filling a 256 MB buffer (far larger than the caches, already mapped;
/// best of several fills), then scaled to the frame's bytes.
enum BandwidthFloor {
    static func milliseconds(width: Int, height: Int, repeats: Int) -> Double {
        guard var buffer = Bitmap(width: 8192, height: 8192) else { return 0 }
        var best = Double.infinity
        for r in 0..<max(3, repeats) {
            let start = DispatchTime.now().uptimeNanoseconds
            buffer.fill(PixelRGBA8(r: UInt8(r & 255), g: 1, b: 2, a: 255))
            let end = DispatchTime.now().uptimeNanoseconds
            best = min(best, Double(end - start) / 1e6)
        }
        return best * Double(width * height) / Double(8192 * 8192)
    }
}

/// The process's peak resident memory (getrusage's ru_maxrss, in kilobytes on Linux).
enum PeakMemory {
    static func megabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) / 1024
    }
}
