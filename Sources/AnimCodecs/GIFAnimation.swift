import AnimRaster

/// How an animated GIF is made from frames.
public struct GIFOptions: Hashable, Sendable {
    /// Palette size per frame, 2…256 (the transparent entry included).
    public var maxColors = 256
    /// A transparent canvas: alpha < 50 % becomes the reserved transparent index.
    public var transparent = false
    /// Transparent canvas: the colour the remaining pixels are composited over (their anti-aliased
    /// edges then blend into it); nil un-premultiplies them. Opaque canvas: what shows through
    /// partly transparent pixels (black when nil).
    public var matte: RGB8?
    /// 1…100 (``GIFQuality``): lossy differencing tolerance, dithering strength, colour budget.
    public var quality = GIFQuality.standard

    public init(maxColors: Int = 256, transparent: Bool = false, matte: RGB8? = nil, quality: Int = GIFQuality.standard) {
        self.maxColors = maxColors
        self.transparent = transparent
        self.matte = matte
        self.quality = quality
    }

    var colourBudget: Int { GIFQuality.colours(quality, limit: maxColors) }
    var tolerance: Int { GIFQuality.tolerance(quality) }
    var dither: OrderedDither { OrderedDither(strength: GIFQuality.ditherStrength(quality)) }
}

/// An animated GIF made of frame differences.
///
/// Frame 0 covers the screen. Each later frame covers only the rectangle of pixels whose source
/// colour changed since the previous frame (or that a disposal cleared); inside it, unchanged pixels
/// are the transparent index, so they keep what is on screen and compress to almost nothing, and
/// static areas are never re-quantized (nothing crawls). The palette of a frame is built from its
/// changed pixels only. On a transparent canvas, a pixel that turns transparent needs the frame
/// before it to be disposed to background: every frame is held back until the next one is known,
/// then written with disposal "background" over a rectangle enlarged to cover those pixels, or
/// "keep". A frame identical to the previous one lengthens its delay. The encoder tracks exactly
/// what a decoder shows, so decoding gives every frame within the quantizer's error.
///
/// Two refinements decide the rest (``KeptPixels``): a stale pixel next to drawn ones is drawn too,
/// and after quantizing, a drawn pixel the screen already shows about as well as the palette would
/// (within the quality's slack) is kept. ``GIFOptions/quality`` sets that slack, a tolerance below 85
/// (a changed pixel close enough to what is shown is not drawn at all) and ordered dithering
/// anchored to the canvas (``OrderedDither``).
///
/// Frames are kept as indices until ``finish()``, which chooses a global colour table for the frames
/// whose colours overlap (``GlobalPalette``), so those frames need no local table of their own, and
/// lets the LZW compressor write either index where two show the same (``AlternativeIndices``).
/// Until then the frames past the first 128 MB of them are held deflated (``HeldFrame``, packed on
/// up to `threads` threads), so the memory held grows with the file's size, not with frames ×
/// screen. Each frame then compresses on its own, on up to `threads` threads (``OrderedJobs``), and
/// the file is written in frame order: the same bytes for any thread count. With several threads a
/// frame is compressed with its own table as soon as it is held, on threads the in-order work leaves
/// idle, and ``finish()`` compresses again only the frames that join the global table (in the
/// benchmark scenes, none: every frame keeps its own table).
///
/// Copies of an encoder share the queue of frames held back: use one copy only. ``finish()`` can be
/// called once; after it (even when it threw) the encoder takes no more frames.
public struct GIFAnimationEncoder {
    public let width: Int
    public let height: Int
    private let loopCount: Int?
    public let options: GIFOptions
    /// How many threads pack the frames held back (``HeldFrame``) while frames are added and
    /// compress them in ``finish()``; 1 does both on the caller's thread.
    public let threads: Int
    /// The frames before the held-back one, being packed (``HeldFrame``) in order.
    private let written: OrderedJobs<HeldFrame>
    /// What a decoder shows after the held-back frame is drawn (0xRRGGBB or the transparent mark).
    private var shown: [UInt32]
    /// The previous frame's target colours.
    private var previous: [UInt32]?
    private var pending: Pending?
    /// What is left of ``rawHoldBudget``: frames that fit are held unpacked.
    private var rawBudgetLeft: Int
    /// Set by ``finish()``: the frames were handed over, and the encoder takes no more.
    private var finished = false
    /// The buffer ``draw(_:_:in:delay:)`` fills, kept for the next frame.
    private var scratch: [UInt32] = []
    private let tolerance: Int

    private struct Pending {
        var image: IndexedImage
        var left: Int
        var top: Int
        var delay: Int
        var disposal: GIFDisposal
        /// Per pixel, another index showing the same (``AlternativeIndices``), or nil.
        var alternatives: [UInt8]? = nil

        var rect: PixelRect { PixelRect(x: left, y: top, width: image.width, height: image.height) }
    }

    private static let clear = OpaqueColors.transparent

    public init(width: Int, height: Int, loopCount: Int?, options: GIFOptions, threads: Int = 1) throws(CodecError) {
        try self.init(width: width, height: height, loopCount: loopCount, options: options, threads: threads,
                      rawHoldBudget: Self.rawHoldBudget)
    }

    /// Bytes of held frames kept as they are (indices and alternatives) before the next ones are
    /// deflated: short animations pay nothing for packing, long ones hold at most this much unpacked.
    static let rawHoldBudget = 128 << 20

    /// An encoder that keeps up to `rawHoldBudget` bytes of held frames unpacked (tests set 0).
    init(width: Int, height: Int, loopCount: Int?, options: GIFOptions, threads: Int, rawHoldBudget: Int) throws(CodecError) {
        try GIFEncoder.validateScreen(width: width, height: height, loopCount: loopCount)
        self.width = width
        self.height = height
        self.loopCount = loopCount
        self.options = options
        self.threads = threads
        written = OrderedJobs(threads: threads, background: true)
        rawBudgetLeft = rawHoldBudget
        tolerance = options.tolerance
        shown = [UInt32](repeating: Self.clear, count: width * height)
    }

    /// Appends `frame` (premultiplied, screen-sized), shown for `delay` centiseconds.
    public mutating func add(_ frame: Bitmap, delay: Int) throws(CodecError) {
        try add(GIFFrameColors(frame, options: options), delay: delay)
    }

    /// Appends a frame's colours, made with this encoder's options, shown for `delay` centiseconds.
    public mutating func add(_ colors: GIFFrameColors, delay: Int) throws(CodecError) {
        guard !finished else { throw .invalidImage("the GIF is already finished") }
        guard colors.width == width, colors.height == height else {
            throw .invalidImage("frame is \(colors.width)×\(colors.height) but the GIF is \(width)×\(height)")
        }
        guard colors.transparent == options.transparent, colors.matte == options.matte else {
            throw .invalidImage("the frame's colours were made with another transparency or matte than the GIF's")
        }
        let target = colors.packed
        defer { previous = target }
        guard var held = pending, let previous else {
            pending = start(target, delay: delay)
            return
        }
        if options.transparent, let area = clearedArea(target) {
            held = enlarged(held, to: held.rect.union(area))
            held.disposal = .background
            fill(held.rect, with: Self.clear)
        }
        var rect = changedRect(target, previous)
        if rect == nil {
            if held.disposal == .keep && held.delay + delay <= 65_535 {
                held.delay += delay
                pending = held
                return
            }
            rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        hold(held)
        pending = draw(target, previous, in: rect!, delay: delay)
    }

    /// The complete file.
    public mutating func finish() throws(CodecError) -> [UInt8] {
        guard !finished else { throw .invalidImage("the GIF is already finished") }
        guard let last = pending else { throw .invalidImage("a GIF needs at least one frame") }
        hold(last)
        pending = nil
        finished = true
        let held = written.takeResults()
        let global = GlobalPalette.choose(held.map(\.table))
        var encoder = try GIFEncoder(width: width, height: height, loopCount: loopCount, globalPalette: global?.palette)
        let jobs = OrderedJobs<Result<CompressedImage, CodecError>>(threads: threads)
        for (k, frame) in held.enumerated() {
            jobs.submit { [width, height] in
                Result { () throws(CodecError) in
                    if let done = frame.compressed, global?.members[k] != true { return done }
                    let (image, alternatives) = try frame.unpacked()
                    let (remapped, choices) = global.flatMap { $0.remap(image, alternatives: alternatives, frame: k) }
                        ?? (image, alternatives)
                    return try GIFEncoder.compressed(remapped, left: frame.left, top: frame.top, alternatives: choices,
                                                     screenWidth: width, screenHeight: height)
                }
            }
        }
        var images = jobs.takeResults()
        encoder.reserve(lzwSizes: images.map { (try? $0.get())?.data.count ?? 0 })
        for (k, frame) in held.enumerated() {
            try encoder.add(try images[k].get(), delayCentiseconds: frame.delay, disposal: frame.disposal)
            images[k] = .failure(.invalidImage("written"))  // its LZW data is in the file now: let it go
        }
        return try encoder.finish()
    }

    /// Holds a finished frame for ``finish()``: as it is while the raw budget lasts, else packed
    /// (on another thread when there are several).
    private mutating func hold(_ p: Pending) {
        let bytes = p.image.indices.count + (p.alternatives?.count ?? 0)
        let packs = bytes > rawBudgetLeft
        if !packs { rawBudgetLeft -= bytes }
        // With threads to spare, each frame is compressed with its own table while the next ones
        // are made, on threads the in-order work leaves idle; at the end only the frames that join
        // the global table are compressed again.
        let compressing = threads > 1 ? (screenWidth: width, screenHeight: height) : nil
        written.submit {
            HeldFrame(p.image, left: p.left, top: p.top, delay: p.delay, disposal: p.disposal, alternatives: p.alternatives,
                      packed: packs, compressing: compressing)
        }
    }

    /// Frame 0: the whole screen.
    private mutating func start(_ target: [UInt32], delay: Int) -> Pending {
        let image = Quantizer.quantize(colors: target, width: width, height: height, maxColors: options.colourBudget,
                                       reserveTransparent: options.transparent, dither: options.dither, threads: threads)
        for i in 0..<target.count { shown[i] = colour(image, image.indices[i]) }
        return Pending(image: image, left: 0, top: 0, delay: delay, disposal: .keep)
    }

    /// The changed pixels of `rect` quantized; the others keep the screen (transparent index).
    private mutating func draw(_ target: [UInt32], _ previous: [UInt32], in r: PixelRect, delay: Int) -> Pending {
        // The rectangle's colours go into the buffer the previous frame used: a new one per frame
        // would cost the kernel's zeroing of fresh pages, a quarter of the encoder's time at 1280×720.
        var colors: [UInt32] = []
        swap(&colors, &scratch)
        colors.removeAll(keepingCapacity: true)
        colors.append(contentsOf: repeatElement(Self.clear, count: r.width * r.height))
        defer { scratch = colors }
        var keptIn = [Bool](repeating: false, count: RowBands.count(rows: r.height, width: r.width, threads: threads))
        let (tolerance, screenWidth) = (tolerance, width)
        colors.withUnsafeMutableBufferPointer { out in
            target.withUnsafeBufferPointer { target in
                previous.withUnsafeBufferPointer { previous in
                    shown.withUnsafeBufferPointer { shown in
                        keptIn.withUnsafeMutableBufferPointer { keptIn in
                            let out = BandBuffer(out), keptIn = BandBuffer(keptIn)
                            let target = BandInput(target), previous = BandInput(previous), shown = BandInput(shown)
                            RowBands.run(rows: r.height, width: r.width, threads: threads) { k, rows in
                                for y in rows {
                                    let screenRow = (r.y + y) * screenWidth + r.x
                                    if ChangedPixels.copyRow(target: target.base + screenRow, previous: previous.base + screenRow,
                                                             shown: shown.base + screenRow, into: out.base + y * r.width,
                                                             count: r.width, tolerance: tolerance) {
                                        keptIn.base[k] = true
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var keeps = keptIn.contains(true)
        if r.width * r.height == 1 && keeps && shown[r.y * width + r.x] != Self.clear && !options.transparent {
            colors[0] = shown[r.y * width + r.x]  // a forced 1×1 frame repeats what is shown
            keeps = false
        }
        if keeps && !options.transparent, let opaque = opaqueIfOnlyThatIsExact(colors, in: r) {
            colors = opaque
            keeps = false
        }
        if keeps {
            KeptPixels.drawStaleNearChanges(&colors, target: target, shown: shown, screenWidth: width, rect: r, threads: threads)
        }
        var image = Quantizer.quantize(colors: colors, width: r.width, height: r.height, maxColors: options.colourBudget,
                                       reserveTransparent: keeps || options.transparent, dither: options.dither,
                                       origin: (r.x, r.y), threads: threads)
        if keeps {
            KeptPixels.keepCloseEnough(&image, colors: &colors, previous: previous, shown: shown, screenWidth: width, rect: r,
                                       slackPercent: GIFQuality.keepSlack(options.quality), threads: threads)
        }
        let alternatives = AlternativeIndices.of(image, over: shown, width: width, at: r, threads: threads)
        // What each index shows: its colour, or the screen as it is for the transparent index.
        var packed = [UInt32](repeating: Self.clear, count: 256)  // every UInt8 index has an entry
        for (k, c) in image.palette.enumerated() where k != image.transparentIndex { packed[k] = c.packed }
        shown.withUnsafeMutableBufferPointer { shown in
            colors.withUnsafeBufferPointer { colors in
                image.indices.withUnsafeBufferPointer { indices in
                    packed.withUnsafeBufferPointer { packed in
                        let shown = BandBuffer(shown), colors = BandInput(colors), indices = BandInput(indices)
                        let packed = BandInput(packed)
                        RowBands.run(rows: r.height, width: r.width, threads: threads) { _, rows in
                            for y in rows {
                                let row = y * r.width, screenRow = (r.y + y) * screenWidth + r.x
                                for x in 0..<r.width where colors.base[row + x] != Self.clear {
                                    shown.base[screenRow + x] = packed.base[Int(indices.base[row + x])]
                                }
                            }
                        }
                    }
                }
            }
        }
        return Pending(image: image, left: r.x, top: r.y, delay: delay, disposal: .keep, alternatives: alternatives)
    }

    /// The rectangle drawn whole (kept pixels repeat what is shown) when that needs a smaller exact
    /// palette than the changed colours plus a transparent entry: when those need every palette
    /// entry, so that a transparent index would push them past exact, or when they number a power of
    /// two and the kept pixels bring no other colour (16 changed colours: a 16-entry table instead of
    /// 32); nil otherwise.
    private func opaqueIfOnlyThatIsExact(_ colors: [UInt32], in r: PixelRect) -> [UInt32]? {
        let limit = min(256, max(2, options.colourBudget))
        // One count up to a full table answers both questions: the changed colours with a
        // transparent entry beside them, and without.
        let all = ExactPalette.colors(in: colors, limit: limit)
        let changed = all.flatMap { $0.count <= limit - 1 ? $0 : nil }
        if let changed, changed.count < 2 || changed.count & (changed.count - 1) != 0 { return nil }
        // More changed colours than a table holds: drawing the whole rectangle cannot be exact.
        if all == nil { return nil }
        var opaque = colors
        for y in 0..<r.height {
            for x in 0..<r.width where opaque[y * r.width + x] == Self.clear {
                opaque[y * r.width + x] = shown[(r.y + y) * width + r.x + x]
            }
        }
        return ExactPalette.colors(in: opaque, limit: changed?.count ?? limit) == nil ? nil : opaque
    }

    /// The bounding box of the pixels to draw: the hull of each band of rows' box.
    private func changedRect(_ target: [UInt32], _ previous: [UInt32]) -> PixelRect? {
        let (w, h, tolerance) = (width, height, tolerance)
        var found = [PixelRect?](repeating: nil, count: RowBands.count(rows: h, width: w, threads: threads))
        target.withUnsafeBufferPointer { target in
            previous.withUnsafeBufferPointer { previous in
                shown.withUnsafeBufferPointer { shown in
                    found.withUnsafeMutableBufferPointer { found in
                        let target = BandInput(target), previous = BandInput(previous), shown = BandInput(shown)
                        let found = BandBuffer(found)
                        RowBands.run(rows: h, width: w, threads: threads) { k, rows in
                            var box: PixelRect?
                            for y in rows {
                                guard let (x0, x1) = ChangedPixels.span(target: target.base + y * w, previous: previous.base + y * w,
                                                                        shown: shown.base + y * w, count: w, tolerance: tolerance)
                                else { continue }
                                let line = PixelRect(x: x0, y: y, width: x1 - x0 + 1, height: 1)
                                box = box?.union(line) ?? line
                            }
                            found.base[k] = box
                        }
                    }
                }
            }
        }
        return found.reduce(nil) { hull, box in box.map { hull?.union($0) ?? $0 } ?? hull }
    }

    /// The bounding box of the pixels that must turn transparent but show a colour.
    private func clearedArea(_ target: [UInt32]) -> PixelRect? {
        target.withUnsafeBufferPointer { target in
            shown.withUnsafeBufferPointer { shown in
                Self.bounds(width: width, rows: 0..<height) { i in target[i] == Self.clear && shown[i] != Self.clear }
            }
        }
    }

    /// The bounding box of the pixels of `rows` (of a screen `width` wide) that pass `test`.
    @inline(__always)
    private static func bounds(width w: Int, rows: Range<Int>, _ test: (Int) -> Bool) -> PixelRect? {
        var x0 = w, y0 = rows.upperBound, x1 = -1, y1 = -1
        for y in rows {
            let row = y * w
            for x in 0..<w where test(row + x) {
                if x < x0 { x0 = x }
                if x > x1 { x1 = x }
                if y < y0 { y0 = y }
                y1 = y
            }
        }
        return x1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// `held` over the larger `rect`, the new area filled with the transparent index (keep).
    private func enlarged(_ held: Pending, to r: PixelRect) -> Pending {
        guard r != held.rect, let t = held.image.transparentIndex else { return held }
        var indices = [UInt8](repeating: UInt8(t), count: r.width * r.height)
        let old = held.image
        for y in 0..<old.height {
            for x in 0..<old.width {
                indices[(held.top - r.y + y) * r.width + held.left - r.x + x] = old.indices[y * old.width + x]
            }
        }
        var alternatives = held.alternatives.map { _ in indices }
        if let old = held.alternatives {
            for y in 0..<held.image.height {
                for x in 0..<held.image.width {
                    alternatives![(held.top - r.y + y) * r.width + held.left - r.x + x] = old[y * held.image.width + x]
                }
            }
        }
        let image = IndexedImage(width: r.width, height: r.height, palette: old.palette, indices: indices, transparentIndex: t)
        return Pending(image: image, left: r.x, top: r.y, delay: held.delay, disposal: held.disposal, alternatives: alternatives)
    }

    private mutating func fill(_ r: PixelRect, with value: UInt32) {
        for y in r.y..<(r.y + r.height) {
            for x in r.x..<(r.x + r.width) { shown[y * width + x] = value }
        }
    }

    /// What a decoder shows for `index`: its colour, or nothing new (the caller only asks for drawn pixels).
    private func colour(_ image: IndexedImage, _ index: UInt8) -> UInt32 {
        Int(index) == image.transparentIndex ? Self.clear : image.palette[Int(index)].packed
    }
}
