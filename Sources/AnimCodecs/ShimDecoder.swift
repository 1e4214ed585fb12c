import AnimRaster

/// A decoder of the C shims (`CImageShims`), called in two steps so Swift owns every pixel buffer:
/// the header's size first, checked against ``ImageLimits``, then the RGBA8 pixels into a buffer
/// of exactly that size. The shims keep libpng's and libjpeg's setjmp/longjmp on the C side and
/// report failures as a message in a buffer.
struct ShimDecoder: Sendable {
    /// `(data, count, &width, &height, message, capacity) -> 0 or -1`.
    typealias SizeFunction = @Sendable (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt32>?,
                              UnsafeMutablePointer<UInt32>?, UnsafeMutablePointer<CChar>?, Int) -> Int32
    /// `(data, count, pixels, width, height, message, capacity) -> 0 or -1`.
    typealias PixelsFunction = @Sendable (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<UInt8>?, UInt32, UInt32,
                                UnsafeMutablePointer<CChar>?, Int) -> Int32

    let size: SizeFunction
    let pixels: PixelsFunction

    /// The image in `data`; `straightAlpha` says the shim's pixels still need premultiplying.
    /// At most `budget` pixels: a larger header is refused before anything is allocated.
    func decode(_ data: [UInt8], straightAlpha: Bool, budget: Int = ImageLimits.maxPixels) throws(DecodeFailure) -> Bitmap {
        var (w, h): (UInt32, UInt32) = (0, 0)
        try Self.call { message, capacity in
            data.withUnsafeBufferPointer { size($0.baseAddress, $0.count, &w, &h, message, capacity) }
        }
        let (width, height) = try ImageLimits.check(width: w, height: h, budget: budget)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        try Self.call { message, capacity in
            data.withUnsafeBufferPointer { src in
                rgba.withUnsafeMutableBufferPointer { dst in
                    pixels(src.baseAddress, src.count, dst.baseAddress, w, h, message, capacity)
                }
            }
        }
        if straightAlpha { Alpha.premultiplyInPlace(&rgba) }
        guard let bitmap = Bitmap(width: width, height: height, pixels: rgba) else {
            throw .library("invalid size \(width)×\(height)")
        }
        return bitmap
    }

    /// Runs a shim with a message buffer; a status other than 0 becomes ``DecodeFailure/library(_:)``.
    private static func call(_ shim: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(DecodeFailure) {
        var buffer = [CChar](repeating: 0, count: 256)
        let status = buffer.withUnsafeMutableBufferPointer { shim($0.baseAddress!, $0.count) }
        guard status != 0 else { return }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        throw .library(text.isEmpty ? "unknown error" : text)
    }
}
