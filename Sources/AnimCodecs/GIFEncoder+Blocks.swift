import CGIF

/// The GIF blocks ``GIFEncoder`` writes, one giflib call sequence each.
extension GIFEncoder {
    /// Header ("GIF89a") and logical screen descriptor, with the global colour table if there is one.
    func writeScreen() throws(CodecError) {
        let (w, h) = (Int32(width), Int32(height))
        let map = try globalPalette.map { (p) throws(CodecError) in try Self.colourMap(p) }
        defer { if let map { GifFreeMapObject(map) } }
        try writer.call("EGifPutScreenDesc") { gif in
            EGifSetGifVersion(gif, true)
            return EGifPutScreenDesc(gif, w, h, 8, 0, map)
        }
    }

    /// A giflib colour map of `palette`, padded with black to a power of two (at least 2).
    static func colourMap(_ palette: [RGB8]) throws(CodecError) -> UnsafeMutablePointer<ColorMapObject> {
        let size = 1 << Int(GifBitSize(Int32(max(2, palette.count))))
        guard let map = GifMakeMapObject(Int32(size), nil) else {
            throw .gif("GifMakeMapObject failed: out of memory")
        }
        for (i, c) in palette.enumerated() {
            map.pointee.Colors[i] = GifColorType(Red: c.r, Green: c.g, Blue: c.b)
        }
        return map
    }

    /// The NETSCAPE2.0 application extension: sub-block 1 with the little-endian loop count.
    func writeLoopCount(_ loopCount: Int) throws(CodecError) {
        let identifier = Array("NETSCAPE2.0".utf8)
        let loop: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8(loopCount >> 8)]
        try writer.call("EGifPutExtensionLeader") { EGifPutExtensionLeader($0, APPLICATION_EXT_FUNC_CODE) }
        try writer.call("EGifPutExtensionBlock") { EGifPutExtensionBlock($0, 11, identifier) }
        try writer.call("EGifPutExtensionBlock") { EGifPutExtensionBlock($0, 3, loop) }
        try writer.call("EGifPutExtensionTrailer") { EGifPutExtensionTrailer($0) }
    }

    /// The graphics control extension: delay, transparent index and disposal.
    func writeControl(delay: Int, transparentIndex: Int?, disposal: GIFDisposal) throws(CodecError) {
        var control = GraphicsControlBlock(
            DisposalMode: disposal == .keep ? DISPOSE_DO_NOT : DISPOSE_BACKGROUND,
            UserInputFlag: false,
            DelayTime: Int32(delay),
            TransparentColor: Int32(transparentIndex ?? Int(NO_TRANSPARENT_COLOR)))
        var bytes = [UInt8](repeating: 0, count: 4)
        let count = EGifGCBToExtension(&control, &bytes)
        try writer.call("EGifPutExtension") { EGifPutExtension($0, GRAPHICS_EXT_FUNC_CODE, Int32(count), bytes) }
    }

    /// The image descriptor, with a local colour table unless the image's palette is the global
    /// one, then its LZW data in sub-blocks through giflib. giflib writes the table's bits as the
    /// minimum code size; the indices in use may need fewer (``CompressedImage``).
    func writeImage(_ image: CompressedImage) throws(CodecError) {
        let local = image.palette != globalPalette
        let map = local ? try Self.colourMap(image.palette) : nil
        defer { if let map { GifFreeMapObject(map) } }
        let (w, h) = (Int32(image.width), Int32(image.height))
        let (x, y0) = (Int32(image.left), Int32(image.top))
        try writer.call("EGifPutImageDesc") { EGifPutImageDesc($0, x, y0, w, h, false, map) }
        let tableBits = max(2, Int(GifBitSize(Int32(max(2, (local ? image.palette : globalPalette!).count)))))
        let codeSize = image.codeSize
        if codeSize != tableBits { try writer.replaceLastByte(UInt8(tableBits), with: UInt8(codeSize)) }
        let data = image.data
        var block = [UInt8](repeating: 0, count: 256)
        var start = 0
        while start < data.count {
            let n = min(255, data.count - start)
            block[0] = UInt8(n)
            for k in 0..<n { block[1 + k] = data[start + k] }
            if start == 0 {
                try writer.call("EGifPutCode") { EGifPutCode($0, Int32(codeSize), block) }
            } else {
                try writer.call("EGifPutCodeNext") { EGifPutCodeNext($0, block) }
            }
            start += n
        }
        try writer.call("EGifPutCodeNext") { EGifPutCodeNext($0, nil) }
    }

    /// The smaller LZW data of two ways to write the frame's either pixels (``AlternativeIndices``):
    /// as given, and with every transparent pixel that has an opaque alternative (a kept pixel whose
    /// shown colour the palette holds) written preferably as that colour. The second keeps a run of
    /// one colour unbroken where its pixels stop changing (shopping cart: 4 % less LZW data, as
    /// gifsicle -O3 ends up); the first wins where kept pixels are scattered between changed ones
    /// (the lossy grid). The screen is the same either way; the first wins ties.
    static func compressed(_ frame: IndexedImage, alternatives: [UInt8]?, minCodeSize: Int) -> [UInt8] {
        let given = LZWEncoder.encode(frame.indices, alternatives: alternatives, minCodeSize: minCodeSize)
        guard let alternatives, alternatives.count == frame.indices.count,
              let t = frame.transparentIndex.map(UInt8.init) else { return given }
        var indices = frame.indices, others = alternatives
        var swapped = false
        indices.withUnsafeMutableBufferPointer { p in
            others.withUnsafeMutableBufferPointer { a in
                for i in 0..<p.count where p[i] == t && a[i] != t {
                    (p[i], a[i]) = (a[i], t)
                    swapped = true
                }
            }
        }
        guard swapped else { return given }
        let opaque = LZWEncoder.encode(indices, alternatives: others, minCodeSize: minCodeSize)
        return opaque.count < given.count ? opaque : given
    }
}
