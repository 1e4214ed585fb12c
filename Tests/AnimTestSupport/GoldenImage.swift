import AnimCodecs
import AnimRaster
import Foundation

/// How golden tests record: ANIMRENDER_RECORD = missing | failed | all | never. The default is
/// `never` when CI is set, `missing` otherwise. A run that records still fails, so nothing is
/// recorded silently.
public enum RecordMode: String, Sendable {
    case missing, failed, all, never

    public static var current: RecordMode {
        let env = ProcessInfo.processInfo.environment
        if let v = env["ANIMRENDER_RECORD"], let mode = RecordMode(rawValue: v) { return mode }
        return env["CI"] != nil ? .never : .missing
    }
}

/// The comparison of one rendered frame with its golden PNG.
public struct GoldenComparison: Sendable {
    public var differingPixels = 0
    public var maxChannelDelta = 0
}

/// Compares frames to golden PNGs by decoded pixels, exactly; records and writes artifacts.
public enum GoldenImage {
    public static func compare(_ a: Bitmap, _ b: Bitmap) -> GoldenComparison {
        var result = GoldenComparison()
        guard a.width == b.width, a.height == b.height else {
            result.differingPixels = max(a.width * a.height, b.width * b.height)
            result.maxChannelDelta = 255
            return result
        }
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            var delta = 0
            for c in 0..<4 { delta = max(delta, abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))) }
            if delta > 0 { result.differingPixels += 1 }
            result.maxChannelDelta = max(result.maxChannelDelta, delta)
        }
        return result
    }

    /// Expected | changed pixels in red over a faded expected | actual, side by side.
    public static func diffImage(expected: Bitmap, actual: Bitmap) -> Bitmap {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        var out = Bitmap(width: w * 3, height: h)!
        out.fill(PixelRGBA8(r: 255, g: 255, b: 255, a: 255))
        for y in 0..<h {
            for x in 0..<w {
                let e = (x < expected.width && y < expected.height) ? expected[x, y] : PixelRGBA8.transparent
                let a = (x < actual.width && y < actual.height) ? actual[x, y] : PixelRGBA8.transparent
                out[x, y] = e
                out[2 * w + x, y] = a
                let sum: Int = Int(e.r) + Int(e.g) + Int(e.b)
                let grey = UInt8(200 + sum / 3 * 55 / 255)
                out[w + x, y] = e == a ? PixelRGBA8(r: grey, g: grey, b: grey, a: 255) : PixelRGBA8(r: 255, g: 0, b: 0, a: 255)
            }
        }
        return out
    }

    public static func read(_ url: URL) -> Bitmap? {
        try? PNGCodec.decodeFile(at: url.path)
    }

    public static func write(_ bitmap: Bitmap, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(try PNGCodec.encode(bitmap), to: url.path)
    }
}
