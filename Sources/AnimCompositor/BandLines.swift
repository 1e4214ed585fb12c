import AnimRaster

/// The lines of a canvas drawn in bands with its background (``CanvasLines``): those the frame's
/// draws may reach, which each band fills with the background, draws and streams, and those the
/// canvas may hold something other than the background in now, which the other lines are
/// written in. The rest are left as they are (docs/architecture.md, "Lines no draw reaches").
struct BandLines {
    let background: PixelRGBA8
    /// Every line holding a pixel of a recorded draw's ``CanvasDraw/rect``: a draw changes nothing
    /// outside it in the canvas (a row blend's unchanged rewrites past its span stay in the band).
    let drawn: CanvasLines
    /// The lines that may not hold the background now; nil when that is not known (all may).
    let held: CanvasLines?

    init(_ draws: [CanvasDraw], background: PixelRGBA8, held: KnownBackground?, canvas: Bitmap) {
        var lines = CanvasLines(byteCount: canvas.pixels.count, lead: canvas.pixelAddress & 63)
        for draw in draws { lines.insert(draw.rect, width: canvas.width) }
        self.background = background
        drawn = lines
        self.held = held.flatMap { $0.describes(canvas, color: background) ? $0.drawn : nil }
    }

    /// What `canvas` holds once every band is streamed: the background outside `drawn`.
    func known(in canvas: Bitmap) -> KnownBackground {
        KnownBackground(color: background, drawn: drawn, address: canvas.pixelAddress)
    }
}
