/// Where a bitmap that holds part of the canvas sits on it: the device pixel of its first pixel.
///
/// Draws that take an `origin` read and write `dst` as that part of the canvas: a mask, a picture
/// or a shader is placed in device pixels as ever, and device pixel (x, y) is `dst`'s pixel
/// (x − origin.x, y − origin.y); what falls outside `dst` is not drawn. The bytes written are
/// those the same draw writes into a whole canvas there. Used for pictures of part of the canvas
/// (``Blend/picture(of:image:opacity:)``) and for a band of a canvas drawn in a buffer of its own
/// (``BandScratch``).
public struct PixelOffset: Hashable, Sendable {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = PixelOffset(x: 0, y: 0)

    /// The device pixels `bitmap` holds when placed here.
    public func rect(of bitmap: Bitmap) -> PixelRect {
        PixelRect(minX: x, minY: y, maxX: x + bitmap.width, maxY: y + bitmap.height)
    }
}
