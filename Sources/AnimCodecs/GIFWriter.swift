import CGIF

/// Bytes giflib has written so far; reached from the C output callback through `UserData`.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// Owns one giflib encoding handle writing to memory. The handle is closed (and freed) by
/// ``close()`` or, on every other path, by `deinit`, so errors never leak it.
final class GIFWriter {
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let sink = ByteSink()

    /// A giflib encoder whose output callback appends to ``ByteSink``.
    init() throws(CodecError) {
        var code: Int32 = 0
        let user = Unmanaged.passUnretained(sink).toOpaque()
        guard let handle = EGifOpen(user, GIFWriter.output, &code) else {
            throw .gif("EGifOpen failed: \(GIFLib.message(code))")
        }
        gif = handle
    }

    deinit {
        if let gif { EGifCloseFile(gif, nil) }
    }

    /// The C output callback: no captures, the sink comes from `UserData`.
    private static let output: OutputFunc = { file, data, count in
        guard let file, let data, count > 0, let user = file.pointee.UserData else { return 0 }
        let sink = Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue()
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(count)))
        return count
    }

    /// Makes room for `count` more bytes at once, so the file's buffer does not grow by doubling
    /// (which holds up to twice the file while it grows).
    func reserve(_ count: Int) {
        sink.bytes.reserveCapacity(sink.bytes.count + count)
    }

    /// Runs a giflib call on the open handle, turning GIF_ERROR into ``CodecError/gif(_:)``.
    func call(_ operation: String, _ body: (UnsafeMutablePointer<GifFileType>) -> Int32) throws(CodecError) {
        guard let gif else { throw .gif("\(operation) failed: the encoder is already finished") }
        guard body(gif) == GIF_OK else {
            throw .gif("\(operation) failed: \(GIFLib.message(gif.pointee.Error))")
        }
    }

    /// Replaces the last byte written, which must be `expected` (giflib's LZW minimum code size,
    /// the last byte `EGifPutImageDesc` writes), with `byte`.
    func replaceLastByte(_ expected: UInt8, with byte: UInt8) throws(CodecError) {
        guard sink.bytes.last == expected else {
            throw .gif("expected giflib's minimum code size \(expected) as the last byte written")
        }
        sink.bytes[sink.bytes.count - 1] = byte
    }

    /// Writes the trailer, frees the handle and returns the file's bytes.
    func close() throws(CodecError) -> [UInt8] {
        guard let gif else { throw .gif("EGifCloseFile failed: the encoder is already finished") }
        self.gif = nil
        var code: Int32 = 0
        guard EGifCloseFile(gif, &code) == GIF_OK else {
            throw .gif("EGifCloseFile failed: \(GIFLib.message(code))")
        }
        return sink.bytes
    }
}

/// giflib helpers.
enum GIFLib {
    /// giflib's text for an error code.
    static func message(_ code: Int32) -> String {
        guard let text = GifErrorString(code) else { return "giflib error \(code)" }
        return String(cString: text)
    }
}
