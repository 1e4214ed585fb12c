import AnimRaster

/// A draw into a surface that can be restricted to a band of rows: each gives, in any band, the
/// bytes it gives there when drawn whole (every pixel it writes is a function of that pixel's
/// earlier value and its own inputs alone).
enum CanvasDraw {
    /// A solid colour through a coverage mask (``Blend/fill(_:color:into:)``).
    case fill(CoverageMask, PixelRGBA8)
    /// A cached shadow (``Blend/fill(_:color:under:untouched:picture:into:)``): it reads which
    /// pixels are still untouched, so it is given the surface's ``DrawnRows`` as of its turn.
    case shadow(CoverageMask, PixelRGBA8, under: CoverageMask?, picture: UniformPicture?)
    /// A kept picture of an image draw.
    case picture(ContentsPicture)
    /// A kept picture clipped by a mask's coverage (a masked layer that draws only its image).
    case maskedPicture(ContentsPicture, CoverageMask)
    /// A gradient or an image through a coverage mask, at an opacity (``Blend/fill(_:paint:opacity:rows:into:)``).
    case paint(CoverageMask, Paint, opacity: UInt8)
    /// An offscreen surface at an opacity, over its drawn area.
    case composite(Bitmap, opacity: UInt8, area: PixelRect)
    /// A plain layer's shadow, background and border with their kept picture over the canvas's
    /// initial colour (``Blend/fill(_:picture:untouched:rows:into:origin:)``): it reads which
    /// pixels are still untouched, as `.shadow` does.
    case layer([SolidFill], LayerPicture)

    /// Bytes of masks and pictures the draw keeps alive while recorded (not the offscreens, which
    /// ``CanvasBands`` counts apart, nor images, which the scene keeps anyway).
    var keptBytes: Int {
        switch self {
        case .fill(let mask, _), .paint(let mask, _, _): mask.coverage.count
        case .shadow(let mask, _, _, let picture): mask.coverage.count + (picture?.bounds.width ?? 0) * (picture?.bounds.height ?? 0) * 4
        case .picture(let picture): picture.pixels.pixels.count
        case .maskedPicture(let picture, let mask): picture.pixels.pixels.count + mask.coverage.count
        case .composite: 0
        case let .layer(fills, picture):
            picture.byteCount + fills.reduce(0) { $0 + $1.mask.coverage.count }
        }
    }

    /// The rectangle the draw may change (what it marks as drawn).
    var rect: PixelRect {
        switch self {
        case .fill(let mask, _), .shadow(let mask, _, _, _), .paint(let mask, _, _): mask.bounds
        case .picture(let picture): picture.bounds
        case .maskedPicture(let picture, let mask): picture.bounds.intersection(mask.bounds)
        case .composite(_, _, let area): area
        case .layer(_, let picture): picture.bounds
        }
    }

    /// Draws into `bitmap`, which holds the canvas from `origin` on (the whole canvas at `.zero`,
    /// or a band in a ``BandScratch``), in rows `rows` of the canvas only.
    func apply(to bitmap: inout Bitmap, rows: Range<Int>, untouched: DrawnRows?, origin: PixelOffset = .zero) {
        switch self {
        case let .fill(mask, color):
            Blend.fill(mask, color: color, rows: rows, into: &bitmap, origin: origin)
        case let .shadow(mask, color, under, picture):
            Blend.fill(mask, color: color, under: under, untouched: untouched, picture: picture, rows: rows,
                       into: &bitmap, origin: origin)
        case .picture(let picture):
            picture.composite(rows: rows, into: &bitmap, origin: origin)
        case let .maskedPicture(picture, mask):
            picture.composite(through: mask, rows: rows, into: &bitmap, origin: origin)
        case let .paint(mask, paint, opacity):
            Blend.fill(mask, paint: paint, opacity: opacity, rows: rows, into: &bitmap, origin: origin)
        case let .composite(source, opacity, area):
            Blend.composite(source, opacity: opacity, area: area.clipped(toRows: rows), into: &bitmap, origin: origin)
        case let .layer(fills, picture):
            Blend.fill(fills, picture: picture, untouched: untouched, rows: rows, into: &bitmap, origin: origin)
        }
    }
}

/// The draws of a frame's canvas too large for the processor's caches, recorded and then drawn
/// band by band of rows: each band is filled with the background in a ``BandScratch`` and gets
/// every draw in turn there, in the cache, and is then streamed into the canvas, so the canvas
/// goes out to memory once, written, instead of once per draw or read and written back
/// (docs/architecture.md, "Canvases drawn in bands"). The same bytes as drawing each draw whole,
/// in order: every ``CanvasDraw`` is row by row, and a shadow's ``DrawnRows`` are replayed with
/// the draws, band by band, so each sees them as they were when it was recorded.
final class CanvasBands {
    /// Rows in a band.
    let rowsPerBand: Int
    /// The canvas's initial colour, filled into each band before its first draw, once.
    private var background: PixelRGBA8?
    private var draws: [CanvasDraw] = []
    /// The canvas's drawn rows as they were before the first draw recorded.
    private var start: DrawnRows?
    /// Offscreens whose composite is recorded, with their drawn areas: given back to the pool once
    /// drawn. At most `heldLimit` (each is a whole canvas of memory).
    private var heldOffscreens: [(Bitmap, PixelRect)] = []
    static let heldLimit = 2
    /// Bytes of masks and pictures the recorded draws keep alive, and the most they may keep
    /// before the bands are drawn early (before banding, each was freed after its draw).
    private var recordedBytes = 0
    static let recordedLimit = 64 << 20

    /// About this many bytes of canvas in a band: with the masks and pictures read beside it, a
    /// band stays in a core's L2 cache.
    static let bandBytes = 512 << 10

    /// Canvases of at least this many bytes are drawn in bands: beyond a core's L2 cache (1–4 MB on
    /// current processors), a canvas drawn whole is read back from the shared L3 or memory by every
    /// draw, and on two cores the two frames' canvases contend there (docs/benchmarks.md,
    /// session 42: 1280×720 gains on one thread and more on two). Smaller ones stay in the L2,
    /// where bands only add their bookkeeping (320×480 lost 5–20 % on one thread).
    static let minimumCanvasBytes = 2 << 20

    /// What the canvas held before this frame, if known (a canvas given back after a frame drawn
    /// in bands): the lines it keeps where no draw of this frame reaches.
    private var held: KnownBackground?

    init(rowsPerBand: Int, background: PixelRGBA8?, held: KnownBackground? = nil) {
        self.rowsPerBand = max(1, rowsPerBand)
        self.background = background
        self.held = held
    }

    /// Bands for a canvas `width` pixels wide of `bytes` bytes, or nil when it is drawn whole.
    static func rows(width: Int, bytes: Int) -> Int? {
        bytes >= minimumCanvasBytes ? max(8, bandBytes / max(1, width * 4)) : nil
    }

    var isEmpty: Bool { draws.isEmpty && background == nil }

    /// Records `draw`; true when the draws recorded keep more than `recordedLimit` bytes alive,
    /// and the bands are to be drawn now.
    func record(_ draw: CanvasDraw, untouched: DrawnRows?) -> Bool {
        if draws.isEmpty { start = untouched }
        draws.append(draw)
        recordedBytes += draw.keptBytes
        return recordedBytes > Self.recordedLimit
    }

    /// Keeps an offscreen whose composite was recorded; true when the bands must be drawn now to
    /// give some back.
    func hold(_ bitmap: Bitmap, area: PixelRect) -> Bool {
        heldOffscreens.append((bitmap, area))
        return heldOffscreens.count >= Self.heldLimit
    }

    /// Draws everything recorded into `bitmap`, band by band, then gives the held offscreens back
    /// to `pool`. Bands are drawn one after another, each in this thread's ``BandScratch`` (a row
    /// blend may rewrite, unchanged, up to seven pixels past its span: there they stay inside the
    /// buffer; drawn in the canvas, when no buffer can be made, they can reach the next band's
    /// first row). A band finished while another thread is streaming one waits in a second buffer
    /// while the next band is drawn, and is streamed after it (``StreamTurns``).
    func draw(into bitmap: inout Bitmap, pool: SurfacePool) {
        var drawn = start
        // Unwrapped in place below (a bound copy would make each band's first write copy the buffer).
        var band = BandScratch.take(width: bitmap.width, rows: min(rowsPerBand, bitmap.height))
        let lines = band == nil ? nil : background.map { BandLines(draws, background: $0, held: held, canvas: bitmap) }
        var spare: Bitmap?
        var waiting: Range<Int>?
        for top in stride(from: 0, to: bitmap.height, by: rowsPerBand) {
            let rows = top..<min(bitmap.height, top + rowsPerBand)
            guard band != nil else {
                drawBand(rows, into: &bitmap, origin: .zero, drawn: &drawn, lines: nil)
                continue
            }
            // A band without the background is drawn over what the canvas holds there.
            if background == nil { bitmap.copyRows(rows, into: &band!) }
            drawBand(rows, into: &band!, origin: PixelOffset(x: 0, y: top), drawn: &drawn, lines: lines)
            if let earlier = waiting.take() { StreamTurns.inTurn { Self.stream(earlier, from: spare!, into: &bitmap, lines) } }
            if StreamTurns.ifFree({ Self.stream(rows, from: band!, into: &bitmap, lines) }) { continue }
            if spare == nil { spare = BandScratch.take(width: band!.width, rows: band!.height) }
            guard spare != nil else {
                StreamTurns.inTurn { Self.stream(rows, from: band!, into: &bitmap, lines) }
                continue
            }
            swap(&band, &spare)
            waiting = rows
        }
        if let earlier = waiting.take() { StreamTurns.inTurn { Self.stream(earlier, from: spare!, into: &bitmap, lines) } }
        if let band = band.take() { BandScratch.give(band) }
        if let spare = spare.take() { BandScratch.give(spare) }
        // Last, after every write: any later write to the canvas forgets it.
        if let lines { bitmap.knownBackground = lines.known(in: bitmap) }
        finish(pool: pool)
    }

    /// Rows `rows` of the canvas from `band`: line by line with `lines`, else whole.
    private static func stream(_ rows: Range<Int>, from band: Bitmap, into bitmap: inout Bitmap, _ lines: BandLines?) {
        guard let lines else { return bitmap.streamRows(rows, from: band) }
        bitmap.streamRows(rows, from: band, drawn: lines.drawn, background: lines.background, held: lines.held)
    }

    /// Forgets the draws once drawn and gives the held offscreens back to `pool`.
    private func finish(pool: SurfacePool) {
        background = nil
        held = nil
        start = nil
        recordedBytes = 0
        // The draws go first: they share the held offscreens, which are cleared in place.
        draws.removeAll(keepingCapacity: true)
        while let (offscreen, area) = heldOffscreens.popLast() {
            var surface = Surface(bitmap: consume offscreen, pool: pool)
            surface.dirty = area
            pool.recycle(&surface)
        }
    }

    /// Band `rows` of the canvas into `bitmap`, which holds the canvas from `origin` on: the
    /// background (if any; with `lines`, only in the lines a draw reaches), then every draw that
    /// reaches it, with the drawn rows replayed.
    private func drawBand(_ rows: Range<Int>, into bitmap: inout Bitmap, origin: PixelOffset, drawn: inout DrawnRows?,
                          lines: BandLines?) {
        if let lines {
            bitmap.fill(lines.background, linesOf: lines.drawn, rows: rows)
        } else if let background {
            bitmap.fill(background, rows: (rows.lowerBound - origin.y)..<(rows.upperBound - origin.y))
        }
        for draw in draws {
            let rect = draw.rect.clipped(toRows: rows)
            guard !rect.isEmpty else { continue }
            draw.apply(to: &bitmap, rows: rows, untouched: drawn, origin: origin)
            drawn?.mark(rect)
        }
    }
}
