import AnimRaster
import CImageShims

/// PNG files, written and read through libpng's low-level API in a C shim that keeps libpng's
/// setjmp on the C side (`animrender_png.h`). The files are byte for byte what libpng's simplified
/// writer makes; the shim only finds each row's filter faster than libpng does (sixteen bytes a
/// step instead of five passes of one). Reading goes through `PNGDecoder`, because the simplified
/// reader applies gamma.
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
        // One pass into a buffer that almost always fits (stored deflate blocks, IDAT chunks and
        // the header chunks included); the shim reports the size it needs when it does not, and the
        // second pass then writes exactly that. Sizing first would compress every image twice.
        let raw = (width * 4 + 1) * height
        var capacity = firstGuess ?? raw + raw / 256 + 1024
        var message = [CChar](repeating: 0, count: 256)
        for _ in 0..<2 {
            var size = capacity
            var status: Int32 = -1
            let out = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                status = animrender_png_encode(base.assumingMemoryBound(to: UInt8.self), UInt32(width), UInt32(height),
                                               rowStride, buffer.baseAddress, &size, &message, message.count)
                count = status == 0 ? size : 0
            }
            // Copied into a buffer of its own size: callers may keep many frames' bytes.
            if status == 0 { return Array(out[...]) }
            guard status == 1, size > capacity else { throw .png("cannot encode: \(text(of: message))") }
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
            case let .tooLarge(width, height), let .overBudget(width, height):
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

    /// The shim's NUL-terminated message as a Swift string.
    private static func text(of message: [CChar]) -> String {
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.isEmpty ? "unknown libpng error" : text
    }
}
