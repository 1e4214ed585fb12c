import AnimRaster
import CGIF

/// Bytes giflib reads; reached from the C input callback through `UserData`.
final class ByteSource {
    let bytes: [UInt8]
    var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }
}

/// Owns one giflib decoding handle over bytes in memory, fully read (DGifSlurp) on creation
/// and closed by `deinit` on every path.
final class GIFReader {
    let gif: UnsafeMutablePointer<GifFileType>
    private let source: ByteSource

    /// Opens and slurps `data`, refusing screens larger than ``Bitmap/maxDimension``.
    init(_ data: [UInt8]) throws(CodecError) {
        source = ByteSource(data)
        var code: Int32 = 0
        let user = Unmanaged.passUnretained(source).toOpaque()
        guard let handle = DGifOpen(user, GIFReader.input, &code) else {
            throw .gif("DGifOpen failed: \(GIFLib.message(code))")
        }
        gif = handle
        let (w, h) = (Int(handle.pointee.SWidth), Int(handle.pointee.SHeight))
        guard (1...Bitmap.maxDimension).contains(w), (1...Bitmap.maxDimension).contains(h) else {
            throw .gif("the screen is \(w)×\(h), outside 1…\(Bitmap.maxDimension) px")
        }
        guard DGifSlurp(handle) == GIF_OK else {
            throw .gif("DGifSlurp failed: \(GIFLib.message(handle.pointee.Error))")
        }
    }

    deinit {
        DGifCloseFile(gif, nil)
    }

    /// The C input callback: no captures, the source comes from `UserData`.
    private static let input: InputFunc = { file, buffer, count in
        guard let file, let buffer, count > 0, let user = file.pointee.UserData else { return 0 }
        let source = Unmanaged<ByteSource>.fromOpaque(user).takeUnretainedValue()
        let n = min(Int(count), source.bytes.count - source.offset)
        source.bytes.withUnsafeBufferPointer { src in
            for i in 0..<n { buffer[i] = src[source.offset + i] }
        }
        source.offset += n
        return Int32(n)
    }

    /// The saved images DGifSlurp read.
    var images: UnsafeBufferPointer<SavedImage> {
        UnsafeBufferPointer(start: gif.pointee.SavedImages, count: Int(gif.pointee.ImageCount))
    }

    /// Image `index`'s graphics control block, or the GIF defaults when it has none.
    func control(_ index: Int) -> GraphicsControlBlock {
        var block = GraphicsControlBlock(DisposalMode: DISPOSAL_UNSPECIFIED, UserInputFlag: false,
                                         DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
        if DGifSavedExtensionToGCB(gif, Int32(index), &block) != GIF_OK {
            block.TransparentColor = NO_TRANSPARENT_COLOR
        }
        return block
    }

    /// The NETSCAPE2.0 (or ANIMEXTS1.0) loop count, nil when the file has none.
    var loopCount: Int? {
        var lists = images.map { UnsafeBufferPointer(start: $0.ExtensionBlocks, count: Int($0.ExtensionBlockCount)) }
        lists.append(UnsafeBufferPointer(start: gif.pointee.ExtensionBlocks, count: Int(gif.pointee.ExtensionBlockCount)))
        return lists.lazy.compactMap(Self.loopCount(in:)).first
    }

    private static func loopCount(in blocks: UnsafeBufferPointer<ExtensionBlock>) -> Int? {
        let names: [[UInt8]] = [Array("NETSCAPE2.0".utf8), Array("ANIMEXTS1.0".utf8)]
        for i in blocks.indices.dropLast() where blocks[i].Function == APPLICATION_EXT_FUNC_CODE {
            guard names.contains(bytes(of: blocks[i])) else { continue }
            let sub = bytes(of: blocks[i + 1])
            if blocks[i + 1].Function == CONTINUE_EXT_FUNC_CODE, sub.count >= 3, sub[0] == 1 {
                return Int(sub[1]) | Int(sub[2]) << 8
            }
        }
        return nil
    }

    private static func bytes(of block: ExtensionBlock) -> [UInt8] {
        guard let p = block.Bytes, block.ByteCount > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: p, count: Int(block.ByteCount)))
    }
}
