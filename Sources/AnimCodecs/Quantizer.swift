import AnimRaster

/// Reduces a frame to a palette of at most 256 colours, deterministically (no dithering).
///
/// Pixels are first made opaque: with `reserveTransparent`, alpha < 128 becomes the transparent
/// index and the rest are un-premultiplied (see ``PNGCodec`` for the rounding); otherwise every
/// pixel is composited over `matte` as `c + ((255 − a)·m + 127) / 255`.
///
/// A frame with at most `maxColors` distinct colours (one fewer when a transparent index is
/// reserved) gets an exact palette sorted by 0xRRGGBB, so decoding gives back the identical RGB.
/// Otherwise ``VarianceCut`` builds the palette from ``ColourSamples``. Identical input always gives identical output.
public enum Quantizer {
    /// Pixels whose alpha is below this become transparent when a transparent index is reserved.
    public static let transparentAlphaThreshold: UInt8 = 128

    /// The indexed form of `image`; `maxColors` is clamped to 2…256 and includes the
    /// transparent entry, which (when reserved) is always the last palette entry.
    public static func quantize(
        _ image: Bitmap, maxColors: Int = 256, reserveTransparent: Bool, matte: RGB8 = .black
    ) -> IndexedImage {
        let colors = OpaqueColors.packed(image, reserveTransparent: reserveTransparent, matte: matte)
        return quantize(colors: colors, width: image.width, height: image.height, maxColors: maxColors,
                        reserveTransparent: reserveTransparent)
    }

    /// The indexed form of packed opaque colours (``OpaqueColors/transparent`` marks pixels that get
    /// the transparent index, which must then be reserved).
    /// With `dither`, pixels that are not exactly representable are dithered (``OrderedDither``),
    /// anchored at canvas position `origin` for the first pixel.
    /// `threads` map the pixels to palette indices in bands of rows (``RowBands``; the same indices).
    static func quantize(colors: [UInt32], width: Int, height: Int, maxColors: Int, reserveTransparent: Bool,
                         dither: OrderedDither? = nil, origin: (x: Int, y: Int) = (0, 0), threads: Int = 1) -> IndexedImage {
        let limit = min(256, max(2, maxColors)) - (reserveTransparent ? 1 : 0)
        var palette: [RGB8]
        var indices: [UInt8]
        // Transparent marks exist only with `reserveTransparent`, when the colours number at most
        // 255, so the transparent index (right after them) fits a byte whenever it is used.
        if let exact = ExactPalette.colors(in: colors, limit: limit) {
            palette = exact.map(RGB8.init(packed:))
            let t = UInt8(truncatingIfNeeded: exact.count)
            indices = ExactPalette.indices(of: colors, in: exact, transparentIndex: t, width: width, threads: threads)
        } else {
            let samples = ColourSamples(colors, width: width, threads: threads)
            let cut = VarianceCut(samples: samples.samples, limit: limit, threads: threads)
            palette = cut.palette
            let t = UInt8(truncatingIfNeeded: palette.count)
            if let dither, dither.strength > 0 {
                indices = Self.dithered(colors, width: width, origin: origin, samples: samples, cut: cut, dither: dither,
                                        transparentIndex: t, threads: threads)
            } else {
                indices = Self.indices(of: colors, samples: samples, cut: cut, transparentIndex: t, width: width, threads: threads)
            }
        }
        var transparentIndex: Int?
        if reserveTransparent {
            transparentIndex = palette.count
            palette.append(.black)
        }
        return IndexedImage(width: width, height: height, palette: palette,
                            indices: indices, transparentIndex: transparentIndex)
    }

    /// The palette index of each colour, dithered where ``OrderedDither`` says so. A pixel's index
    /// depends on its colour, the palette and its canvas position only; results are memoised per
    /// colour sample and threshold.
    private static func dithered(_ colors: [UInt32], width: Int, origin: (x: Int, y: Int), samples: ColourSamples,
                                 cut: VarianceCut, dither: OrderedDither, transparentIndex: UInt8, threads: Int) -> [UInt8] {
        let palette = cut.palette.map { Colour(r: Int($0.r), g: Int($0.g), b: Int($0.b)) }
        // Exact samples the palette shows within the tolerance are never dithered.
        let plain: [Bool] = samples.isExact ? samples.samples.indices.map { k in
            let c = samples.samples[k].mean, p = palette[cut.assignment[k]]
            return max(abs(c.r - p.r), abs(c.g - p.g), abs(c.b - p.b)) <= OrderedDither.tolerance
        } : []
        var out = [UInt8](repeating: transparentIndex, count: colors.count)
        let shared = Unchecked((samples, cut, palette))
        let rows = width > 0 ? colors.count / width : 0
        out.withUnsafeMutableBufferPointer { out in
            colors.withUnsafeBufferPointer { colors in
                let out = BandBuffer(out), colors = BandInput(colors)
                RowBands.run(rows: rows, width: width, threads: threads) { _, band in
                    let (samples, cut, palette) = shared.value
                    var memo = samples.isExact ? [Int16](repeating: -1, count: samples.samples.count * 64) : []
                    var lastColour = OpaqueColors.transparent, lastSample = 0
                    for i in (band.lowerBound * width)..<(band.upperBound * width) {
                        let c = colors.base[i]
                        guard c != OpaqueColors.transparent else { continue }
                        if c != lastColour {
                            lastColour = c
                            lastSample = samples.sample(of: c)
                        }
                        let s = lastSample
                        if !plain.isEmpty && plain[s] {
                            out.base[i] = UInt8(cut.assignment[s])
                            continue
                        }
                        let x = origin.x + i % width, y = origin.y + i / width
                        let cell = s * 64 + (y & 7) * 8 + (x & 7)
                        if !memo.isEmpty, memo[cell] >= 0 {
                            out.base[i] = UInt8(memo[cell])
                            continue
                        }
                        let colour = Colour(r: Int(c >> 16), g: Int((c >> 8) & 0xFF), b: Int(c & 0xFF))
                        let k = dither.index(of: colour, nearest: cut.assignment[s], in: palette, x: x, y: y)
                        if !memo.isEmpty { memo[cell] = Int16(k) }
                        out.base[i] = UInt8(k)
                    }
                }
            }
        }
        return out
    }

    /// The palette index of each colour (its sample's entry); transparent marks get `transparentIndex`.
    private static func indices(of colors: [UInt32], samples: ColourSamples, cut: VarianceCut,
                                transparentIndex: UInt8, width: Int, threads: Int) -> [UInt8] {
        let shared = Unchecked((samples, cut))
        return OpaqueColors.indices(of: colors, transparentIndex: transparentIndex, width: width, threads: threads) {
            shared.value.1.assignment[shared.value.0.sample(of: $0)]
        }
    }
}

/// A value handed to the bands of ``RowBands``, which only read it.
struct Unchecked<T>: @unchecked Sendable {
    let value: T

    init(_ value: T) {
        self.value = value
    }
}

/// Opaque 0xRRGGBB values per pixel, with ``transparent`` marking transparent pixels.
enum OpaqueColors {
    /// The palette index of each colour, looked up once per run of equal colours by `index`;
    /// transparent marks get `transparentIndex`. With rows of `width` pixels, in bands on up to
    /// `threads` threads (``RowBands``; the same indices).
    static func indices(of colors: [UInt32], transparentIndex: UInt8, width: Int = 0, threads: Int = 1,
                        index: @Sendable (UInt32) -> Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: colors.count)
        out.withUnsafeMutableBufferPointer { out in
            colors.withUnsafeBufferPointer { colors in
                let out = BandBuffer(out), input = BandInput(colors)
                let rows = width > 0 ? colors.count / width : 0
                guard RowBands.count(rows: rows, width: width, threads: threads) > 1 else {
                    return indices(input, 0..<colors.count, transparentIndex: transparentIndex, into: out, index: index)
                }
                RowBands.run(rows: rows, width: width, threads: threads) { _, band in
                    indices(input, (band.lowerBound * width)..<(band.upperBound * width), transparentIndex: transparentIndex,
                            into: out, index: index)
                }
            }
        }
        return out
    }

    /// The indices of the pixels `range` of `colors`.
    private static func indices(_ colors: BandInput<UInt32>, _ range: Range<Int>, transparentIndex: UInt8,
                                into out: BandBuffer<UInt8>, index: (UInt32) -> Int) {
        var lastColor = transparent
        var lastIndex = transparentIndex
        for i in range {
            let c = colors.base[i]
            if c != lastColor {
                lastColor = c
                lastIndex = c == transparent ? transparentIndex : UInt8(index(c))
            }
            out.base[i] = lastIndex
        }
    }

    /// A value outside 24 bits that marks a transparent pixel.
    static let transparent: UInt32 = 1 << 24

    /// One packed colour per pixel of `image`, made opaque as ``Quantizer`` describes.
    /// With `reserveTransparent` and an `edgeMatte`, the pixels that stay (alpha ≥ 128) are
    /// composited over `edgeMatte` instead of being un-premultiplied (their edges blend into it).
    static func packed(_ image: Bitmap, reserveTransparent: Bool, matte: RGB8, edgeMatte: RGB8? = nil) -> [UInt32] {
        let m = (Int(matte.r), Int(matte.g), Int(matte.b))
        let e = edgeMatte.map { (Int($0.r), Int($0.g), Int($0.b)) }
        var out = [UInt32](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer { dst in
                func one(_ i: Int) -> UInt32 {
                    let o = i * 4
                    let a = p[o + 3]
                    if a == 255 {
                        return pack(p[o], p[o + 1], p[o + 2])
                    } else if reserveTransparent, let e, a >= Quantizer.transparentAlphaThreshold {
                        let k = 255 - Int(a)
                        return pack(over(p[o], e.0, k), over(p[o + 1], e.1, k), over(p[o + 2], e.2, k))
                    } else if reserveTransparent {
                        return a < Quantizer.transparentAlphaThreshold
                            ? transparent
                            : pack(Alpha.unpremultiply(p[o], a), Alpha.unpremultiply(p[o + 1], a), Alpha.unpremultiply(p[o + 2], a))
                    } else {
                        let k = 255 - Int(a)
                        return pack(over(p[o], m.0, k), over(p[o + 1], m.1, k), over(p[o + 2], m.2, k))
                    }
                }
                var i = 0
                #if _endian(little)
                while i + 8 <= dst.count {
                    // Eight opaque pixels at once, as most are (`one` gives an opaque pixel's colour
                    // unchanged on every branch): RGBA bytes, read as little-endian words, to 0xRRGGBB.
                    let rgba = UnsafeRawPointer(p.baseAddress! + i * 4).loadUnaligned(as: SIMD8<UInt32>.self)
                    if rgba & SIMD8(repeating: 0xFF00_0000) == SIMD8(repeating: 0xFF00_0000) {
                        let red = rgba & SIMD8(repeating: 0xFF), blue = (rgba &>> SIMD8(repeating: 16)) & SIMD8(repeating: 0xFF)
                        let packed = red &<< SIMD8(repeating: 16) | (rgba & SIMD8(repeating: 0xFF00)) | blue
                        UnsafeMutableRawPointer(dst.baseAddress! + i).storeBytes(of: packed, as: SIMD8<UInt32>.self)
                    } else {
                        for k in i..<(i + 8) { dst[k] = one(k) }
                    }
                    i += 8
                }
                #endif
                for k in i..<dst.count { dst[k] = one(k) }
            }
        }
        return out
    }

    @inline(__always)
    private static func over(_ c: UInt8, _ matte: Int, _ k: Int) -> UInt8 {
        UInt8(min(255, Int(c) + (k * matte + 127) / 255))
    }

    @inline(__always)
    private static func pack(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 {
        UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    }
}
