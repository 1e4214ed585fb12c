/// Per pixel of a quantized GIF frame, a "near" index: another way to write the pixel whose colour
/// is at most `bound` (squared RGB distance) further from the source colour than the pixel's own
/// result, so that ``LZWEncoder/choose(_:alternatives:near:minCodeSize:)`` may take it where it
/// continues the current string (giflossy's lossy LZW, with the error bounded per pixel against
/// the source, never against an earlier approximation).
///
/// Only drawn pixels have near choices: the other palette entries and, with `keepingShown` and
/// where the screen already shows a colour, the transparent index (which keeps that colour: a
/// small lossy difference, so ``GIFAnimationEncoder`` allows it only where quality already makes
/// differencing lossy; the bound is measured against the source, so errors never build up). The nearest choice that is not already an exact
/// alternative wins (lowest index on ties; the transparent index counts as coming first). Kept
/// (transparent) pixels keep exactly what is shown, so a static area never changes, and frames
/// whose drawn pixels all show their exact source colour get no near indices at all, so exact
/// GIFs stay exact.
enum NearIndices {
    /// Near indices of `image` drawn at `rect`: `source` is the frame's target colour per screen
    /// pixel, `shown` what the screen shows before it (``OpaqueColors/transparent`` where clear),
    /// both `width` pixels wide; `alternatives` are the exact ones (``AlternativeIndices``), or nil.
    /// Where there is no near choice the pixel's own index is returned. nil when `bound` is 0 or
    /// the frame is exact. `keepingShown` offers the transparent index over a shown colour.
    static func of(_ image: IndexedImage, source: [UInt32], shown: [UInt32], width: Int, at rect: PixelRect,
                   alternatives: [UInt8]?, bound: Int, keepingShown: Bool = true) -> [UInt8]? {
        guard bound > 0 else { return nil }
        let t = image.transparentIndex
        let palette = image.palette.map(\.packed)
        var exact = true
        for y in 0..<rect.height where exact {
            let row = (rect.y + y) * width + rect.x
            for x in 0..<rect.width {
                let k = Int(image.indices[y * rect.width + x])
                if k != t && palette[k] != source[row + x] {
                    exact = false
                    break
                }
            }
        }
        guard !exact else { return nil }
        var out = image.indices
        var memo: [UInt64: UInt8] = [:]  // looked up only: iteration order never reaches the output
        var lastKey = UInt64.max, lastNear: UInt8 = 0
        for y in 0..<rect.height {
            let row = (rect.y + y) * width + rect.x
            for x in 0..<rect.width {
                let i = y * rect.width + x, s = source[row + x], under = shown[row + x]
                let own = image.indices[i]
                // A kept pixel keeps exactly what is shown (a static area never changes).
                guard Int(own) != t, s != OpaqueColors.transparent else { continue }
                let alt = alternatives?[i] ?? own
                let key = UInt64(s) << 40 | UInt64(under) << 15 | UInt64(own) << 7 | UInt64(alt == own ? 0 : 1)
                if key != lastKey {
                    lastKey = key
                    if let k = memo[key] {
                        lastNear = k
                    } else {
                        lastNear = nearest(source: s, own: own, alternative: alt,
                                           under: keepingShown ? under : OpaqueColors.transparent, palette: palette,
                                           transparentIndex: t, bound: bound)
                        memo[key] = lastNear
                    }
                }
                out[i] = lastNear
            }
        }
        return out
    }

    /// The near index of one pixel (its own when none is within the bound).
    private static func nearest(source s: UInt32, own: UInt8, alternative: UInt8, under: UInt32, palette: [UInt32],
                                transparentIndex t: Int?, bound: Int) -> UInt8 {
        let ownColour = palette[Int(own)]
        let limit = distance(ownColour, s) + bound
        var best: (index: Int, error: Int)?
        if let t, under != OpaqueColors.transparent, Int(alternative) != t {
            let e = distance(under, s)
            if e <= limit { best = (t, e) }
        }
        for k in palette.indices where k != t && k != Int(own) && k != Int(alternative) && palette[k] != ownColour {
            let e = distance(palette[k], s)
            if e <= limit && e < (best?.error ?? Int.max) { best = (k, e) }
        }
        return best.map { UInt8($0.index) } ?? own
    }

    /// Squared RGB distance of two 0xRRGGBB colours.
    @inline(__always)
    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let dr = Int(a >> 16) - Int(b >> 16)
        let dg = Int((a >> 8) & 0xFF) - Int((b >> 8) & 0xFF)
        let db = Int(a & 0xFF) - Int(b & 0xFF)
        return dr * dr + dg * dg + db * db
    }
}
