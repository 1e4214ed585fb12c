/// An 8-bit straight RGB colour.
public struct RGB8: Hashable, Sendable {
    /// Red, 0…255.
    public var r: UInt8
    /// Green, 0…255.
    public var g: UInt8
    /// Blue, 0…255.
    public var b: UInt8

    /// A colour from its three channels.
    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// Black (0, 0, 0).
    public static let black = RGB8(r: 0, g: 0, b: 0)
    /// White (255, 255, 255).
    public static let white = RGB8(r: 255, g: 255, b: 255)

    /// The colour as 0xRRGGBB, the order in which exact palettes are sorted.
    public var packed: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    /// The colour of a 0xRRGGBB value.
    public init(packed: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: packed >> 16), g: UInt8(truncatingIfNeeded: packed >> 8),
                  b: UInt8(truncatingIfNeeded: packed))
    }
}

/// A palette image: one palette index per pixel, row-major.
public struct IndexedImage: Hashable, Sendable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// At most 256 colours.
    public var palette: [RGB8]
    /// `width · height` indices into `palette`.
    public var indices: [UInt8]
    /// The palette index that stands for fully transparent pixels, if any.
    public var transparentIndex: Int?

    /// An indexed image from its parts (not validated here; ``GIFEncoder`` checks it).
    public init(width: Int, height: Int, palette: [RGB8], indices: [UInt8], transparentIndex: Int?) {
        self.width = width
        self.height = height
        self.palette = palette
        self.indices = indices
        self.transparentIndex = transparentIndex
    }
}
