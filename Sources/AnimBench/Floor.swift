import AnimRaster
import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// The least time a frame can take: writing each of its pixels once at this machine's memory
/// bandwidth, measured by writing a 256 MB buffer (far larger than the caches, already mapped;
/// best of several passes), then scaled to the frame's bytes. With several threads, each writes its
/// own share of the buffer at the same time: how much faster the memory takes the same bytes from
/// that many cores, the ceiling for the scaling of any frame that is bound by memory traffic.
///
/// `streamed` writes as a banded canvas is written: a band of one colour, kept in the cache, is
/// streamed over the buffer (`Bitmap.streamRows`, stores that do not read the lines first). The
/// other way fills the buffer with `Bitmap.fill`, as a canvas drawn whole is filled; where those
/// stores read each line from memory before writing it (session 52's AMD host), that is about
/// twice the traffic.
enum BandwidthFloor {
    static func milliseconds(width: Int, height: Int, repeats: Int, threads: Int = 1, streamed: Bool = true) -> Double {
        let parts = max(1, threads)
        let rows = 8192 / parts
        var buffers = (0..<parts).map { _ in Bitmap(width: 8192, height: rows) }
        let bandRows = 16  // 512 KB of a row 8192 pixels wide
        guard buffers.allSatisfy({ $0 != nil }) else { return 0 }
        // Mapped before timing: a transparent bitmap's pages are mapped on first write.
        for k in buffers.indices { buffers[k]!.fill(PixelRGBA8(r: 0, g: 0, b: 0, a: 0)) }
        var best = Double.infinity
        for r in 0..<max(3, repeats) {
            let colour = PixelRGBA8(r: UInt8(r & 255), g: 1, b: 2, a: 255)
            let bands = (0..<parts).map { _ in Bitmap(width: 8192, height: bandRows, filledWith: colour)! }
            let start = DispatchTime.now().uptimeNanoseconds
            buffers.withUnsafeMutableBufferPointer { list in
                let shared = UnsafeSendable(list)
                DispatchQueue.concurrentPerform(iterations: parts) { k in
                    guard streamed else { return shared.value[k]!.fill(colour) }
                    for top in stride(from: 0, to: rows, by: bandRows) {
                        shared.value[k]!.streamRows(top..<min(rows, top + bandRows), from: bands[k])
                    }
                }
            }
            let end = DispatchTime.now().uptimeNanoseconds
            best = min(best, Double(end - start) / 1e6)
        }
        return best * Double(width * height) / Double(8192 * rows * parts)
    }
}

/// A buffer pointer handed to `concurrentPerform`, whose iterations each touch their own element.
private struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

/// The process's peak resident memory (getrusage's ru_maxrss, in kilobytes on Linux).
enum PeakMemory {
    static func megabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) / 1024
    }
}
