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
                                     rect r: PixelRect) {
        let clear = OpaqueColors.transparent
        var drawn = [Bool](repeating: false, count: r.width)
        for y in 0..<r.height {
            let row = y * r.width, screenRow = (r.y + y) * screenWidth + r.x
            for x in 0..<r.width { drawn[x] = colors[row + x] != clear }
            var last = Int.min / 2
            for x in 0..<r.width {
                if drawn[x] { last = x; continue }
                if x - last <= nearChange { drawIfStale(&colors[row + x], target[screenRow + x], shown[screenRow + x]) }
            }
            var next = Int.max / 2
            for x in stride(from: r.width - 1, through: 0, by: -1) {
                if drawn[x] { next = x; continue }
                if next - x <= nearChange { drawIfStale(&colors[row + x], target[screenRow + x], shown[screenRow + x]) }
            }
        }
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
                                screenWidth: Int, rect r: PixelRect, slackPercent: Int) {
        guard let t = image.transparentIndex else { return }
        let slack = Self.slack(image, colors: colors, percent: slackPercent)
        // Per pixel of a row: 0 kept, 1 may be kept, 2 drawn.
        var state = [UInt8](repeating: 0, count: r.width)
        for y in 0..<r.height {
            let row = y * r.width, screenRow = (r.y + y) * screenWidth + r.x
            for x in 0..<r.width {
                let index = Int(image.indices[row + x]), c = colors[row + x], under = shown[screenRow + x]
                if c == OpaqueColors.transparent || index == t {
                    state[x] = 0
                } else if under == OpaqueColors.transparent {
                    state[x] = 2
                } else {
                    let kept = distance(c, under), drawn = distance(c, image.palette[index].packed)
                    if kept <= drawn && c == previous[screenRow + x] {
                        // A stale pixel the palette shows no better: drawing it would gain nothing.
                        image.indices[row + x] = UInt8(t)
                        colors[row + x] = OpaqueColors.transparent
                        state[x] = 0
                    } else {
                        state[x] = kept <= drawn + slack ? 1 : 2
                    }
                }
            }
            var x = 0
            while x < r.width {
                guard state[x] != 2 else { x += 1; continue }
                var end = x
                while end < r.width && state[end] != 2 { end += 1 }
                if end - x >= shortestKeptRun {
                    for k in x..<end where state[k] == 1 {
                        image.indices[row + k] = UInt8(t)
                        colors[row + k] = OpaqueColors.transparent
                    }
                }
                x = end
            }
        }
    }

    /// `percent` % of the mean squared palette error of the drawn pixels, rounded down.
    static func slack(_ image: IndexedImage, colors: [UInt32], percent: Int) -> Int {
        guard percent > 0, let t = image.transparentIndex else { return 0 }
        var sum = 0, count = 0
        for (k, c) in colors.enumerated() where c != OpaqueColors.transparent && Int(image.indices[k]) != t {
            sum += distance(c, image.palette[Int(image.indices[k])].packed)
            count += 1
        }
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
