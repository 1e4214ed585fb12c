import AnimRaster

/// A frame as ``GIFAnimationEncoder`` compares and quantizes it: one 0xRRGGBB colour per pixel,
/// or the transparent mark, made opaque by the GIF's transparency and matte (``OpaqueColors``).
/// They depend on that frame alone, so they can be made on the thread that drew it while the
/// encoder works on earlier frames.
public struct GIFFrameColors: Sendable {
    public let width: Int
    public let height: Int
    /// The ``GIFOptions`` they were made with that change them.
    let transparent: Bool
    let matte: RGB8?
    let packed: [UInt32]

    /// The colours of `frame` (premultiplied) for a GIF made with `options`.
    public init(_ frame: Bitmap, options: GIFOptions) {
        width = frame.width
        height = frame.height
        transparent = options.transparent
        matte = options.matte
        packed = OpaqueColors.packed(frame, reserveTransparent: options.transparent, matte: options.matte ?? .black,
                                     edgeMatte: options.transparent ? options.matte : nil)
    }
}
