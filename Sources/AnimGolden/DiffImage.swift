import AnimRaster

/// The picture written next to a failing frame: expected | changes | actual, side by side (stacked
/// top to bottom when three widths would exceed the bitmap limit).
///
/// The middle panel is a faded grey copy of the expected frame (composited over white) with every
/// pixel the comparison counted against the frame in red and every difference the tolerance let
/// through (within `maxChannelDelta`, within the perceptual ΔE, or explained as anti-aliasing) in
/// yellow. With different sizes the panels are as large as the larger frame and every pixel
/// outside the common area is red.
public enum DiffImage {
    public static let failingColor = PixelRGBA8(r: 255, g: 0, b: 0, a: 255)
    public static let toleratedColor = PixelRGBA8(r: 255, g: 204, b: 0, a: 255)

    /// The diff picture, or nil when even the stacked layout exceeds ``Bitmap/maxDimension``.
    public static func make(expected: Bitmap, actual: Bitmap, tolerance: GoldenTolerance) -> Bitmap? {
        let w = max(expected.width, actual.width), h = max(expected.height, actual.height)
        let sideBySide = 3 * w <= Bitmap.maxDimension
        guard var out = sideBySide ? Bitmap(width: 3 * w, height: h) : Bitmap(width: w, height: 3 * h) else { return nil }
        let offset = sideBySide ? (x: w, y: 0) : (x: 0, y: h)
        copy(expected, into: &out, at: (0, 0))
        copy(actual, into: &out, at: (2 * offset.x, 2 * offset.y))
        let classes = FrameComparator.classify(expected: expected, actual: actual, tolerance: tolerance)
        for y in 0..<h {
            for x in 0..<w {
                out[offset.x + x, offset.y + y] = changePixel(x, y, expected: expected, classes: classes)
            }
        }
        return out
    }

    /// The middle panel's pixel at (x, y).
    static func changePixel(_ x: Int, _ y: Int, expected: Bitmap, classes: PixelClassMap) -> PixelRGBA8 {
        guard x < classes.width, y < classes.height else { return failingColor }
        switch classes[x, y] {
        case .failing: return failingColor
        case .tolerated: return toleratedColor
        case .same: return faded(expected[x, y])
        }
    }

    /// A light grey of the pixel's brightness over white, 200…255.
    static func faded(_ p: PixelRGBA8) -> PixelRGBA8 {
        let k = 255 - Int(p.a)
        let sum = Int(p.r) + Int(p.g) + Int(p.b) + 3 * k
        let grey = UInt8(200 + sum / 3 * 55 / 255)
        return PixelRGBA8(r: grey, g: grey, b: grey, a: 255)
    }

    /// Copies `source` into `out` with its top-left corner at `origin`.
    static func copy(_ source: Bitmap, into out: inout Bitmap, at origin: (x: Int, y: Int)) {
        let rowBytes = source.width * 4
        for y in 0..<source.height {
            let dst = ((origin.y + y) * out.width + origin.x) * 4
            out.pixels.replaceSubrange(dst..<(dst + rowBytes), with: source.pixels[(y * rowBytes)..<((y + 1) * rowBytes)])
        }
    }
}
