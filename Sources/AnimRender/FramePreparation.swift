import AnimCodecs
import AnimRaster

/// Work on one frame that needs that frame and nothing else, which a sink asks for and
/// `writeSequence` runs on the thread that drew the frame (``ParallelFrames``), so it runs in
/// parallel while the sinks take earlier frames in order.
enum FramePreparation: Sendable {
    /// The frame encoded as a PNG file (`--png-dir`).
    case png
    /// The frame's colours for a GIF made with these options.
    case gifColors(GIFOptions)

    /// What the result keeps per pixel of the frame until the frame is consumed: a GIF frame's
    /// colours are one 32-bit value a pixel; a PNG file is counted as nothing (it is compressed).
    var bytesPerPixel: Int {
        switch self {
        case .png: 0
        case .gifColors: 4
        }
    }

    func run(on frame: Bitmap) -> PreparedFrame {
        switch self {
        case .png: .png(Result { () throws(CodecError) in try PNGCodec.encode(frame) })
        case let .gifColors(options): .gifColors(GIFFrameColors(frame, options: options))
        }
    }
}

/// What a ``FramePreparation`` made of a frame.
enum PreparedFrame: Sendable {
    case png(Result<[UInt8], CodecError>)
    case gifColors(GIFFrameColors)
}
