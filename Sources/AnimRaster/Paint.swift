/// What fills a coverage mask: a solid colour, a gradient or an image.
public enum Paint: Hashable, Sendable {
    /// A premultiplied colour.
    case solid(PixelRGBA8)
    case gradient(GradientPaint)
    case image(ImagePaint)
}

extension Blend {
    /// Source-over of `paint` through `mask`, scaled by `opacity` (0…255), into `dst`.
    ///
    /// Rounding, the same for every paint: the paint's premultiplied pixel p is first scaled by
    /// opacity, then by the pixel's coverage c, each channel through `mul255`:
    /// s = mul255(mul255(p, opacity), c); then d' = s + mul255(d, 255 − s_a). (With opacity 255 the
    /// first product is the identity.) A solid colour gives exactly `fill(_:color:into:)` of the
    /// opacity-scaled colour.
    /// With `rows`, only those rows are drawn (one band of a canvas drawn band by band), with the
    /// bytes the whole fill gives there; `origin`: see ``PixelOffset``.
    public static func fill(_ mask: CoverageMask, paint: Paint, opacity: UInt8, rows: Range<Int> = PixelRect.allRows,
                            into dst: inout Bitmap, origin: PixelOffset = .zero) {
        guard opacity > 0 else { return }
        switch paint {
        case .solid(let color):
            fill(mask, color: scaled(color, opacity), rows: rows, into: &dst, origin: origin)
        case .gradient(let gradient):
            fill(mask, gradient: gradient, opacity: opacity, rows: rows, into: &dst, origin: origin)
        case .image(let image):
            fill(mask, image: image, opacity: opacity, rows: rows, into: &dst, origin: origin)
        }
    }

    /// Each channel of a premultiplied colour times k / 255, exactly rounded.
    static func scaled(_ c: PixelRGBA8, _ k: UInt8) -> PixelRGBA8 {
        let k = UInt32(k)
        return PixelRGBA8(r: UInt8(mul255(UInt32(c.r), k)), g: UInt8(mul255(UInt32(c.g), k)),
                          b: UInt8(mul255(UInt32(c.b), k)), a: UInt8(mul255(UInt32(c.a), k)))
    }
}
