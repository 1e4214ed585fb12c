/// How the comparison judged one pixel, as the diff image shows it.
public enum PixelClass: UInt8, Hashable, Sendable {
    /// Identical in every channel.
    case same = 0
    /// Different, but let through by the tolerance: within `maxChannelDelta`, within the
    /// perceptual ΔE, or explained as anti-aliasing (yellow in the diff image).
    case tolerated = 1
    /// Different and counted against the frame (red in the diff image).
    case failing = 2
}

/// One class per pixel of the region both frames cover, row-major.
public struct PixelClassMap: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public var classes: [PixelClass]

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
        classes = [PixelClass](repeating: .same, count: width * height)
    }

    public subscript(x: Int, y: Int) -> PixelClass {
        get { classes[y * width + x] }
        set { classes[y * width + x] = newValue }
    }
}
