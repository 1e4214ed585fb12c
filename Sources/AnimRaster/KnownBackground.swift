/// What a frame's canvas is known to hold once drawn: in every line outside `drawn`, the
/// background `color`. The next frame drawn into the same memory with the same background leaves
/// those lines as they are where its own draws do not reach them (drawn in bands), or fills only
/// the lines in `drawn` (drawn whole). Kept with the bitmap (``Bitmap/knownBackground``), which
/// forgets it at any write to its pixels.
public struct KnownBackground: Sendable {
    public let color: PixelRGBA8
    /// The lines the frame's draws may have written (everything else is `color`).
    public let drawn: CanvasLines
    /// The pixel memory's address when this was recorded: other memory (a copy made on write) is
    /// not described, whatever it holds.
    public let address: Int

    public init(color: PixelRGBA8, drawn: CanvasLines, address: Int) {
        self.color = color
        self.drawn = drawn
        self.address = address
    }

    /// What `bitmap` holds after a frame drawn into it whole over `color`, every draw marked in
    /// `drawnRows`: `color` outside each row's drawn run.
    public init(color: PixelRGBA8, drawnRows: DrawnRows, in bitmap: Bitmap) {
        var lines = CanvasLines(byteCount: bitmap.pixels.count, lead: bitmap.pixelAddress & 63)
        lines.insert(rows: 0..<bitmap.height, width: bitmap.width) { drawnRows.drawn(row: $0) }
        self.init(color: color, drawn: lines, address: bitmap.pixelAddress)
    }

    /// Whether this describes `bitmap`'s memory as it is now and holds `color` outside its lines.
    public func describes(_ bitmap: Bitmap, color: PixelRGBA8) -> Bool {
        self.color == color && address == bitmap.pixelAddress && drawn.byteCount == bitmap.pixels.count
    }
}
