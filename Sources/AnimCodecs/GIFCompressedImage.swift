import CGIF

/// A (partial) GIF image compressed and ready to write: its place, palette and LZW data.
///
/// Compressing needs the image only, so ``GIFAnimationEncoder`` compresses its frames on several
/// threads and ``GIFEncoder`` writes them in order; the bytes are the same either way.
struct CompressedImage: Sendable {
    let left: Int
    let top: Int
    let width: Int
    let height: Int
    let palette: [RGB8]
    let transparentIndex: Int?
    /// The LZW minimum code size: the bits of the highest index the frame may write (at least 2),
    /// as gifsicle does, not of its table. A frame using only the lower half of a table writes one
    /// bit less per code, and decoders (giflib, Pillow, browsers) read codes by the size given.
    let codeSize: Int
    /// The LZW data, before it is split into sub-blocks (``GIFEncoder/compressed(_:alternatives:minCodeSize:)``).
    let data: [UInt8]

    /// `frame` at (`left`, `top`), already checked; `alternatives` as ``GIFEncoder`` takes them.
    init(_ frame: IndexedImage, left: Int, top: Int, alternatives: [UInt8]?) {
        self.left = left
        self.top = top
        width = frame.width
        height = frame.height
        palette = frame.palette
        transparentIndex = frame.transparentIndex
        let highest = max(frame.indices.max() ?? 0, alternatives?.max() ?? 0)
        codeSize = max(2, Int(GifBitSize(Int32(highest) + 1)))
        data = GIFEncoder.compressed(frame, alternatives: alternatives, minCodeSize: codeSize)
    }
}
