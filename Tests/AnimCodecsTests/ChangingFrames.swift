import AnimRaster
import AnimTestRandom

/// Frames shared by the animated-format tests (APNG, WebP): alpha everywhere, small rectangles
/// changing from frame to frame, and a repeated frame in the middle (frame 4 equals frame 3).
enum ChangingFrames {
    static func make(seed: UInt64) -> [Bitmap] {
        var rng = SplitMix64(seed: seed)
        var current = Bitmap.make(width: 37, height: 23) { x, y in
            let a = UInt8((x * 7 + y * 11) % 256)
            return PixelRGBA8(r: UInt8(Int(a) * x / 40), g: a / 2, b: UInt8(Int(a) * y / 30), a: a)
        }
        var out = [current]
        for k in 0..<6 {
            if k != 3 {
                let (x0, y0) = (rng.below(30), rng.below(18))
                for y in y0..<(y0 + 5) { for x in x0..<(x0 + 7) { current[x, y] = PixelRGBA8(r: 0, g: UInt8(40 * k), b: 200, a: 200) } }
            }
            out.append(current)
        }
        return out
    }
}
