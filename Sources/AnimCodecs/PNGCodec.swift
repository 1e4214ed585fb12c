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
    static func encodeStraight(_ base: UnsafeRawPointer, width: Int, height: Int, rowStride: Int) throws(CodecError) -> [UInt8] {
        var image = newImage()
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = rgbaFormat
        defer { png_image_free(&image) }
        let stride = Int32(rowStride)  // in components, which are bytes for 8-bit RGBA
        var size = 0
        let sized = png_image_write_to_memory(&image, nil, &size, 0, base, stride, nil)
        guard sized != 0, size > 0 else { throw .png("cannot encode: \(message(of: &image))") }
        var out = [UInt8](repeating: 0, count: size)
        let written = out.withUnsafeMutableBytes { dst in
            png_image_write_to_memory(&image, dst.baseAddress, &size, 0, base, stride, nil)
        }
        guard written != 0 else { throw .png("cannot encode: \(message(of: &image))") }
        return Array(out.prefix(size))
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
