import AnimRaster
import CImageShims

/// Baseline, progressive and arithmetic-coded 8-bit JPEG files (libjpeg-turbo) as opaque RGBA8.
///
/// YCbCr and RGB files are converted by libjpeg (islow IDCT, fancy upsampling: the pixels match
/// Pillow's and djpeg's); grayscale is replicated to RGB; CMYK and YCCK become
/// round((255 − c)(255 − k) / 255) per channel, reading the stored channels as 255 − ink (Adobe's
/// inverted polarity, which Photoshop writes) with or without an Adobe marker, as Pillow does; no
/// ICC-managed CMYK conversion is attempted. Not applied: the EXIF orientation (the image
/// is returned as stored, not rotated), ICC profiles and JFIF densities. Libjpeg's warnings mean
/// corrupt or truncated data and are errors here, as with `djpeg -strict`.
enum JPEGDecoder {
    /// The opaque bitmap stored in `data`.
    static func decode(_ data: [UInt8], budget: Int = ImageLimits.maxPixels) throws(DecodeFailure) -> Bitmap {
        try shim.decode(data, straightAlpha: false, budget: budget)
    }

    private static let shim = ShimDecoder(size: animrender_jpeg_size, pixels: animrender_jpeg_decode)
}
