/// Which pixels of a GIF frame's rectangle are drawn and which keep what the screen shows (the
/// transparent index), beyond the plain rule "draw what changed" (``GIFAnimationEncoder``).
///
/// Two refinements, both measured on the benchmark scenes (docs/benchmarks.md, "GIF: pixels kept
/// where the screen is close enough"):
/// - **Stale pixels next to changes are drawn.** A pixel whose source did not change can still show
///   another colour (an earlier frame's palette could not show it exactly). When a pixel within
///   ``nearChange`` of it in its row is drawn anyway, drawing it too costs a few bits and removes
///   its error.
/// - **Close-enough pixels are kept.** After quantizing, a drawn pixel whose shown colour is at most
///   as far from its source as the palette colour it would get, plus a slack, is kept instead; the
///   slack is the quality's multiple of the frame's mean palette error (``GIFQuality/keepSlack``),
///   so a frame the palette shows exactly stays exact. Only runs of at least ``shortestKeptRun``
///   kept pixels in a row are kept: a short gap inside drawn pixels saves almost nothing in the LZW
///   data and would still cost its error.
///
/// Distances are squared RGB differences (what PSNR measures). Everything is integer arithmetic in
/// a fixed order, so the decision depends on the pixels only.
enum KeptPixels {
    /// How far (pixels, same row) from a drawn pixel a stale pixel is drawn too.
    static let nearChange = 2
    /// The shortest run of kept pixels worth keeping.
    static let shortestKeptRun = 8

    /// Adds to `colors` (the rectangle `rect` of the screen; ``OpaqueColors/transparent`` for kept
    /// pixels) every pixel within ``nearChange`` of an already drawn one in its row whose source
    /// `target` differs from what is `shown` (both screen-sized, 0xRRGGBB).
    static func drawStaleNearChanges(_ colors: inout [UInt32], target: [UInt32], shown: [UInt32], screenWidth: Int,
                                     rect r: PixelRect, threads: Int = 1) {
        colors.withUnsafeMutableBufferPointer { out in
            target.withUnsafeBufferPointer { target in
                shown.withUnsafeBufferPointer { shown in
                    let out = BandBuffer(out), target = BandInput(target), shown = BandInput(shown)
                    RowBands.run(rows: r.height, width: r.width, threads: threads) { _, rows in
                        for y in rows {
                            let row = out.base + y * r.width, screenRow = (r.y + y) * screenWidth + r.x
                            // One pass: pixel x changes only at step x, so the pixels after it still
                            // say whether they were drawn, and `last` remembers the drawn ones before.
                            var last = Int.min / 2
                            for x in 0..<r.width {
                                guard row[x] == OpaqueColors.transparent else { last = x; continue }
                                if x - last <= nearChange || drawnAhead(row, x, r.width) {
                                    drawIfStale(&row[x], target.base[screenRow + x], shown.base[screenRow + x])
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Whether a pixel within ``nearChange`` after `x` (in a row of `width`) is drawn.
    @inline(__always)
    private static func drawnAhead(_ row: UnsafeMutablePointer<UInt32>, _ x: Int, _ width: Int) -> Bool {
        for k in 1...nearChange where x + k < width && row[x + k] != OpaqueColors.transparent { return true }
        return false
    }

    @inline(__always)
    private static func drawIfStale(_ color: inout UInt32, _ target: UInt32, _ shown: UInt32) {
        let clear = OpaqueColors.transparent
        if target != clear && shown != clear && target != shown { color = target }
    }

    /// Turns drawn pixels of `image` (the rectangle `rect`, drawn from `colors`) back into the
    /// transparent index where the screen already shows them closely enough (see the type's
    /// comment), and marks them kept in `colors`. A pixel whose source equals `previous` (drawn by
    /// ``drawStaleNearChanges``) is kept wherever the palette shows it no better, in a run or not.
    /// Needs a transparent index; `slackPercent` is ``GIFQuality/keepSlack(_:)``.
    static func keepCloseEnough(_ image: inout IndexedImage, colors: inout [UInt32], previous: [UInt32], shown: [UInt32],
                                screenWidth: Int, rect r: PixelRect, slackPercent: Int, threads: Int = 1) {
        guard let t = image.transparentIndex else { return }
        let slack = Self.slack(image, colors: colors, percent: slackPercent, threads: threads)
        let palette = image.palette.map(\.packed)
        image.indices.withUnsafeMutableBufferPointer { indices in
            colors.withUnsafeMutableBufferPointer { colors in
                previous.withUnsafeBufferPointer { previous in
                    shown.withUnsafeBufferPointer { shown in
                        let indices = BandBuffer(indices), colors = BandBuffer(colors)
                        let previous = BandInput(previous), shown = BandInput(shown)
                        RowBands.run(rows: r.height, width: r.width, threads: threads) { _, rows in
                            // Per pixel of a row: 0 kept, 1 may be kept, 2 drawn.
                            var state = [UInt8](repeating: 0, count: r.width)
                            state.withUnsafeMutableBufferPointer { state in
                                for y in rows {
                                    let row = y * r.width, screenRow = (r.y + y) * screenWidth + r.x
                                    for x in 0..<r.width {
                                        state[x] = Self.state(of: &indices.base[row + x], &colors.base[row + x], transparentIndex: t,
                                                              previous: previous.base[screenRow + x], shown: shown.base[screenRow + x],
                                                              palette: palette, slack: slack)
                                    }
                                    keepRuns(state, indices: indices.base, colors: colors.base, row: row, transparentIndex: t)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// 0 when the pixel is kept (made so here when it is stale and the palette shows it no better),
    /// 1 when it may be kept, 2 when it is drawn.
    @inline(__always)
    private static func state(of index: inout UInt8, _ color: inout UInt32, transparentIndex t: Int, previous: UInt32,
                              shown under: UInt32, palette: [UInt32], slack: Int) -> UInt8 {
        let c = color
        if c == OpaqueColors.transparent || Int(index) == t { return 0 }
        if under == OpaqueColors.transparent { return 2 }
        let kept = distance(c, under), drawn = distance(c, palette[Int(index)])
        if kept <= drawn && c == previous {
            // A stale pixel the palette shows no better: drawing it would gain nothing.
            index = UInt8(t)
            color = OpaqueColors.transparent
            return 0
        }
        return kept <= drawn + slack ? 1 : 2
    }

    /// Keeps the pixels that may be kept in runs of at least ``shortestKeptRun`` kept pixels.
    private static func keepRuns(_ state: UnsafeMutableBufferPointer<UInt8>, indices: UnsafeMutablePointer<UInt8>,
                                 colors: UnsafeMutablePointer<UInt32>, row: Int, transparentIndex t: Int) {
        var x = 0
        while x < state.count {
            guard state[x] != 2 else { x += 1; continue }
            var end = x
            while end < state.count && state[end] != 2 { end += 1 }
            if end - x >= shortestKeptRun {
                for k in x..<end where state[k] == 1 {
                    indices[row + k] = UInt8(t)
                    colors[row + k] = OpaqueColors.transparent
                }
            }
            x = end
        }
    }

    /// `percent` % of the mean squared palette error of the drawn pixels, rounded down. Summed in
    /// bands of rows on up to `threads` threads (``RowBands``): integer sums, so the same slack.
    static func slack(_ image: IndexedImage, colors: [UInt32], percent: Int, threads: Int = 1) -> Int {
        guard percent > 0, let t = image.transparentIndex else { return 0 }
        let palette = image.palette.map(\.packed), width = image.width
        let rows = width > 0 ? colors.count / width : 0
        var parts = [(sum: Int, count: Int)](repeating: (0, 0), count: RowBands.count(rows: rows, width: width, threads: threads))
        image.indices.withUnsafeBufferPointer { indices in
            colors.withUnsafeBufferPointer { colors in
                parts.withUnsafeMutableBufferPointer { parts in
                    let indices = BandInput(indices), colors = BandInput(colors), parts = BandBuffer(parts)
                    RowBands.run(rows: rows, width: width, threads: threads) { k, band in
                        var sum = 0, count = 0
                        for i in (band.lowerBound * width)..<(band.upperBound * width) {
                            let c = colors.base[i], index = Int(indices.base[i])
                            guard c != OpaqueColors.transparent && index != t else { continue }
                            sum += distance(c, palette[index])
                            count += 1
                        }
                        parts.base[k] = (sum, count)
                    }
                }
            }
        }
        let sum = parts.reduce(0) { $0 + $1.sum }, count = parts.reduce(0) { $0 + $1.count }
        return count == 0 ? 0 : percent * sum / (100 * count)
    }

    /// The squared RGB distance of two 0xRRGGBB colours.
    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
