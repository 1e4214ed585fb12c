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

    /// The frame held deflated, or as it is when `packed` is false.
    init(_ image: IndexedImage, left: Int, top: Int, delay: Int, disposal: GIFDisposal, alternatives: [UInt8]?, packed: Bool = true) {
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
