import AnimRaster
import CPNG

/// PNG files: written through libpng's simplified API, read through `PNGDecoder` (libpng's
/// low-level API in a C shim that keeps its setjmp on the C side, because the simplified reader
/// applies gamma).
///
/// Files are 8-bit straight-alpha RGBA with an sRGB chunk and no time or text chunks, so
/// identical pixels always give identical bytes. Alpha conversion follows ``Alpha``'s rounding:
/// encoding un-premultiplies with `s = a == 0 ? 0 : min(255, (c·255 + a/2) / a)`, decoding
/// premultiplies with `c = (s·a + 127) / 255` = round(s·a / 255).
public enum PNGCodec {
    /// The PNG bytes of `bitmap` (RGBA8, straight alpha).
    public static func encode(_ bitmap: Bitmap) throws(CodecError) -> [UInt8] {
        let straight = Alpha.unpremultiplied(bitmap.pixels)
        return try straight.withUnsafeBytes { raw in
            Result { () throws(CodecError) in
                try encodeStraight(raw.baseAddress!, width: bitmap.width, height: bitmap.height, rowStride: bitmap.width * 4)
            }
        }.get()
    }

    /// The PNG bytes of `width`×`height` straight RGBA8 pixels starting at `base`, rows `rowStride`
    /// bytes apart (so a rectangle inside a larger image can be written without copying).
    static func encodeStraight(_ base: UnsafeRawPointer, width: Int, height: Int, rowStride: Int,
                               firstGuess: Int? = nil) throws(CodecError) -> [UInt8] {
        var image = newImage()
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = rgbaFormat
        defer { png_image_free(&image) }
        let stride = Int32(rowStride)  // in components, which are bytes for 8-bit RGBA
        // One pass into a buffer that almost always fits (stored deflate blocks, IDAT chunks and
        // the header chunks included); libpng reports the size it needs when it does not, and the
        // second pass then writes exactly that. Sizing first would compress every image twice.
        let raw = (width * 4 + 1) * height
        var capacity = firstGuess ?? raw + raw / 256 + 1024
        for _ in 0..<2 {
            var size = capacity
            let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                let ok = png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, base, stride, nil)
                count = ok != 0 ? size : 0
            }
            // Copied into a buffer of its own size: callers may keep many frames' bytes.
            if !out.isEmpty { return Array(out[...]) }
            // Failed with the size unchanged (or zero): an error, not a short buffer.
            guard size > capacity else { throw .png("cannot encode: \(message(of: &image))") }
            capacity = size
        }
        throw .png("cannot encode: the PNG did not fit the size libpng asked for")
    }

    /// The premultiplied bitmap stored in PNG `data`; any colour type, bit depth or interlacing is
    /// accepted and gamma is ignored (see `PNGDecoder`).
    public static func decode(_ data: [UInt8]) throws(CodecError) -> Bitmap {
        do {
            return try PNGDecoder.decode(data)
        } catch {
            switch error {
            case let .library(message): throw .png("cannot decode: \(message)")
            case let .tooLarge(width, height):
                throw .png("cannot decode: \(width)×\(height) exceeds the \(Bitmap.maxDimension) px limit")
            }
        }
    }

    /// The premultiplied bitmap stored in the PNG file at `path`.
    public static func decodeFile(at path: String) throws(CodecError) -> Bitmap {
        let data = try FileReader.readAll(path)
        do {
            return try decode(data)
        } catch {
            guard case let .png(message) = error else { throw error }
            throw .png("\(path): \(message)")
        }
    }

    /// 8-bit RGBA with straight alpha (libpng's PNG_FORMAT_RGBA).
    private static let rgbaFormat = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    private static func newImage() -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        return image
    }

    /// libpng's NUL-terminated message buffer as a Swift string.
    private static func message(of image: inout png_image) -> String {
        let text = withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}
