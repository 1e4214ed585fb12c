import AnimRaster

/// The largest images the decoders accept, checked on the header before any pixel is allocated.
enum ImageLimits {
    /// The largest width or height (``Bitmap/maxDimension``, 16384 px).
    static let maxDimension = Bitmap.maxDimension
    /// The largest width × height: 2²⁸ pixels, a 1 GiB bitmap.
    static let maxPixels = 1 << 28
    /// The largest image file read (256 MiB): more than any PNG or JPEG within those sizes needs in
    /// practice, and a bound on reading an endless file such as /dev/zero.
    static let maxFileSize = 256 << 20

    /// The header's size as `Int`s when a bitmap of that size may be allocated: within the limits,
    /// and at most `budget` pixels (what the caller has left, ``DecodeFailure/overBudget(width:height:)``).
    static func check(width: UInt32, height: UInt32, budget: Int = maxPixels) throws(DecodeFailure) -> (width: Int, height: Int) {
        let (w, h) = (Int(width), Int(height))
        guard w > 0, h > 0 else { throw .library("the header declares an empty \(w)×\(h) image") }
        guard w <= maxDimension, h <= maxDimension, w * h <= maxPixels else {
            throw .tooLarge(width: w, height: h)
        }
        guard w * h <= budget else { throw .overBudget(width: w, height: h) }
        return (w, h)
    }
}
