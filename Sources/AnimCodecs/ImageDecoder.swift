import AnimRaster

/// Layer `contents` images: PNG and JPEG files decoded into premultiplied RGBA8 bitmaps.
///
/// The format is sniffed from the first bytes, never from the extension. PNG follows
/// `PNGDecoder` (every colour type and bit depth, interlacing, tRNS; gamma and ICC ignored) and
/// JPEG follows `JPEGDecoder` (gray, YCbCr, CMYK and YCCK; EXIF orientation ignored; corrupt or
/// truncated data refused). A header declaring more than 16384 px on a side or 2²⁸ pixels is
/// refused before anything is allocated for its pixels.
public enum ImageDecoder {
    /// Decodes a PNG or JPEG file (sniffed by its signature, not its extension) into premultiplied
    /// RGBA8. An image of more than `maxPixels` pixels (at most the decoders' limit, 2²⁸) is refused on its header
    /// (``CodecError/imageOverBudget(path:width:height:)``), before its pixels are allocated.
    public static func decode(contentsOf path: String, maxPixels: Int = 1 << 28) throws(CodecError) -> Bitmap {
        try decode(data: try FileReader.readAll(path, maxSize: ImageLimits.maxFileSize), name: path, maxPixels: maxPixels)
    }

    /// Decodes PNG or JPEG `data` into premultiplied RGBA8; `name` (usually the path) is used in errors.
    public static func decode(data: [UInt8], name: String, maxPixels: Int = 1 << 28) throws(CodecError) -> Bitmap {
        switch ImageSignature(data) {
        case .png:
            do { return try PNGDecoder.decode(data, budget: maxPixels) } catch { throw error.named(name, library: CodecError.png) }
        case .jpeg:
            do { return try JPEGDecoder.decode(data, budget: maxPixels) } catch { throw error.named(name, library: CodecError.jpeg) }
        case let .unsupported(reason):
            throw .unsupportedImage(path: name, reason: reason)
        }
    }
}
