import AnimRaster
import CImageShims

/// PNG files of every colour type, bit depth and interlacing as premultiplied RGBA8.
///
/// The pixels are the stored samples: palettes and tRNS become alpha, 1-, 2- and 4-bit samples are
/// scaled up (a 2-bit 1 is 85), 16-bit samples become round(v · 255 / 65535), gray is replicated,
/// then colour is premultiplied with round(c · a / 255). gAMA, cHRM, sRGB and iCCP are ignored:
/// no gamma or colour-space conversion is applied. Truncated files (no IEND) are refused.
enum PNGDecoder {
    /// The premultiplied bitmap stored in `data`.
    static func decode(_ data: [UInt8], budget: Int = ImageLimits.maxPixels) throws(DecodeFailure) -> Bitmap {
        try shim.decode(data, straightAlpha: true, budget: budget)
    }

    private static let shim = ShimDecoder(size: animrender_png_size, pixels: animrender_png_decode)
}
