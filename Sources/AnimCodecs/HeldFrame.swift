/// A GIF frame held back until the animation's global colour table is chosen: its place, timing and
/// colour table as they are, its indices (and alternative indices, ``AlternativeIndices``) deflated
/// (``PackedBytes``) once the encoder's raw budget is spent. How much that saves depends on the
/// content: a flat 1280×720 frame holds a few KB instead of 1.8 MB; a full-screen gradient that
/// moves every frame about 190 KB, about what its LZW data takes in the file.
struct HeldFrame: Sendable {
    let left: Int
    let top: Int
    let delay: Int
    let disposal: GIFDisposal
    /// The frame's own colour table, which is all ``GlobalPalette`` needs of it.
    let table: ColourTable
    private let width: Int
    private let height: Int
    private let indices: PackedBytes
    private let alternatives: PackedBytes?
    /// The frame compressed with its own colour table, when that was done while it was held: what
    /// the file gets unless the frame joins the global table.
    let compressed: CompressedImage?

    /// The frame held deflated, or as it is when `packed` is false; with `compressing`, compressed
    /// too (a frame that cannot be is left for ``GIFAnimationEncoder/finish()`` to report).
    init(_ image: IndexedImage, left: Int, top: Int, delay: Int, disposal: GIFDisposal, alternatives: [UInt8]?, packed: Bool = true,
         compressing: (screenWidth: Int, screenHeight: Int)? = nil) {
        self.left = left
        self.top = top
        self.delay = delay
        self.disposal = disposal
        table = ColourTable(palette: image.palette, transparentIndex: image.transparentIndex)
        width = image.width
        height = image.height
        let hold = { (bytes: [UInt8]) in packed ? PackedBytes(bytes) : PackedBytes(count: bytes.count, storing: bytes, deflated: false) }
        indices = hold(image.indices)
        self.alternatives = alternatives.map(hold)
        compressed = compressing.flatMap { screen in
            try? GIFEncoder.compressed(image, left: left, top: top, alternatives: alternatives, screenWidth: screen.screenWidth,
                                       screenHeight: screen.screenHeight)
        }
    }

    /// The bytes held for the pixels (deflated, or as they are while the raw budget lasted).
    var storedBytes: Int { indices.storedCount + (alternatives?.storedCount ?? 0) }

    /// The frame and its alternative indices, exactly as they were held.
    func unpacked() throws(CodecError) -> (image: IndexedImage, alternatives: [UInt8]?) {
        let image = IndexedImage(width: width, height: height, palette: table.palette, indices: try indices.unpacked(),
                                 transparentIndex: table.transparentIndex)
        return (image, try alternatives?.unpacked())
    }
}

/// A frame's colour table: its colours and the entry that stands for transparent pixels, if any.
struct ColourTable: Sendable {
    let palette: [RGB8]
    let transparentIndex: Int?
}
