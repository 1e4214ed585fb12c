/// A coverage mask drawn in one colour over pixels that all hold one colour: each pixel as
/// `Blend.fill` leaves it (``UniformBlend``), kept so that drawing the same mask again over that
/// colour is a copy. Rows are written with `Blend.fill(_:color:under:untouched:picture:into:)`.
public struct UniformPicture: Sendable {
    /// The mask's bounds.
    public let bounds: PixelRect
    /// Little-endian RGBA pixels over `bounds`, row-major.
    let pixels: [UInt32]

    /// `mask` filled with `color` over `destination`.
    public init(_ mask: CoverageMask, color: PixelRGBA8, over destination: PixelRGBA8) {
        bounds = mask.bounds
        let table = UniformBlend(color, over: destination)
        // Starts as the destination colour, which the rows leave where the coverage is 0.
        var pixels = [UInt32](repeating: table.destination, count: mask.coverage.count)
        pixels.withUnsafeMutableBytes { out in
            mask.coverage.withUnsafeBytes { c in
                table.writeRow(out.baseAddress!, coverage: c.baseAddress!, count: c.count)
            }
        }
        self.pixels = pixels
    }

    private init(bounds: PixelRect, pixels: [UInt32]) {
        self.bounds = bounds
        self.pixels = pixels
    }

    /// The same pixels moved by whole pixels.
    public func translated(x dx: Int, y dy: Int) -> UniformPicture {
        UniformPicture(bounds: PixelRect(minX: bounds.minX + dx, minY: bounds.minY + dy, maxX: bounds.maxX + dx, maxY: bounds.maxY + dy),
                       pixels: pixels)
    }

    /// Bytes held.
    public var byteCount: Int { pixels.count * 4 }
}
