import AnimRaster
import CGIF

/// A streaming GIF89a encoder (giflib): frames are compressed as they are added.
///
/// Every frame covers the whole screen and carries its own colour table (palette padded with
/// black to a power of two) and a graphics control block with its delay. Frames with a
/// transparent index are disposed to background, so transparent pixels never show an earlier
/// frame. Output depends only on the frames, so identical input gives identical bytes.
///
/// The encoder owns a giflib handle and is not thread-safe; copies share the same stream.
public struct GIFEncoder {
    /// Screen width in pixels.
    public let width: Int
    /// Screen height in pixels.
    public let height: Int
    let writer: GIFWriter
    /// The global colour table; frames whose palette equals it are written without a local one.
    let globalPalette: [RGB8]?

    /// Starts a GIF of `width`×`height` whose NETSCAPE2.0 loop count is `loopCount` (0 = forever,
    /// n = n repetitions after the first play); nil writes no loop block, so the GIF plays once.
    /// With `globalPalette` (1…256 colours) the screen carries a global colour table.
    public init(width: Int, height: Int, loopCount: Int? = 0, globalPalette: [RGB8]? = nil) throws(CodecError) {
        try Self.validateScreen(width: width, height: height, loopCount: loopCount)
        if let globalPalette, !(1...256).contains(globalPalette.count) {
            throw .invalidImage("a GIF palette needs 1…256 colours, not \(globalPalette.count)")
        }
        self.width = width
        self.height = height
        self.globalPalette = globalPalette
        writer = try GIFWriter()
        try writeScreen()
        if let loopCount { try writeLoopCount(loopCount) }
    }

    /// Throws unless a screen of `width`×`height` and `loopCount` can be encoded.
    static func validateScreen(width: Int, height: Int, loopCount: Int?) throws(CodecError) {
        guard (1...65_535).contains(width), (1...65_535).contains(height) else {
            throw .invalidImage("a GIF must be 1…65535 px on each side, not \(width)×\(height)")
        }
        if let loopCount, !(0...65_535).contains(loopCount) {
            throw .invalidImage("the GIF loop count must be 0…65535, not \(loopCount)")
        }
    }

    /// The NETSCAPE2.0 loop count for an animation played `plays` times (0 = forever): nil for one play.
    public static func loopCount(plays: Int) -> Int? {
        plays == 1 ? nil : max(0, plays - 1)
    }

    /// Appends `frame`, shown for `delayCentiseconds` (clamped to 0…65535).
    public mutating func add(_ frame: IndexedImage, delayCentiseconds: Int) throws(CodecError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidImage("frame is \(frame.width)×\(frame.height) but the GIF is \(width)×\(height)")
        }
        let image = try Self.compressed(frame, left: 0, top: 0, alternatives: nil, screenWidth: width, screenHeight: height)
        try add(image, delayCentiseconds: delayCentiseconds, disposal: frame.transparentIndex == nil ? .keep : .background)
    }

    /// Appends `frame` as a partial image at (`left`, `top`), disposed as `disposal` before the next one.
    /// Where `alternatives` (one per pixel) differs from the frame's index, either index shows the
    /// same thing and the compressor may write either.
    public mutating func add(_ frame: IndexedImage, left: Int, top: Int, delayCentiseconds: Int,
                             disposal: GIFDisposal, alternatives: [UInt8]? = nil) throws(CodecError) {
        let image = try Self.compressed(frame, left: left, top: top, alternatives: alternatives, screenWidth: width, screenHeight: height)
        try add(image, delayCentiseconds: delayCentiseconds, disposal: disposal)
    }

    /// Appends a frame compressed by ``compressed(_:left:top:alternatives:screenWidth:screenHeight:)``
    /// for this screen, disposed as `disposal` before the next one.
    mutating func add(_ image: CompressedImage, delayCentiseconds: Int, disposal: GIFDisposal) throws(CodecError) {
        try writeControl(delay: min(65_535, max(0, delayCentiseconds)), transparentIndex: image.transparentIndex, disposal: disposal)
        try writeImage(image)
    }

    /// Makes room for images with these sizes of LZW data, each with a colour table of up to 256
    /// entries, and the trailer: no more than that is written for them.
    mutating func reserve(lzwSizes: [Int]) {
        // Per image: control block 8, descriptor 10, table 768, code size 1, a length byte per
        // sub-block of up to 255 bytes, terminator 1.
        writer.reserve(lzwSizes.reduce(1) { $0 + $1 + ($1 + 254) / 255 + 8 + 10 + 768 + 2 })
    }

    /// Ends the stream and returns the complete file; the encoder cannot be used afterwards.
    public mutating func finish() throws(CodecError) -> [UInt8] {
        try writer.close()
    }

    /// The GIF of `frames` (premultiplied, all the same size) with `delays` in centiseconds.
    /// With `transparent`, alpha < 128 becomes transparent; otherwise frames are composited over `matte`.
    public static func encode(
        frames: [Bitmap], delays: [Int], loopCount: Int? = 0, transparent: Bool = false, matte: RGB8 = .black
    ) throws(CodecError) -> [UInt8] {
        guard let first = frames.first else { throw .invalidImage("a GIF needs at least one frame") }
        guard delays.count == frames.count else {
            throw .invalidImage("\(frames.count) frames but \(delays.count) delays")
        }
        var encoder = try GIFEncoder(width: first.width, height: first.height, loopCount: loopCount)
        for (frame, delay) in zip(frames, delays) {
            let indexed = Quantizer.quantize(frame, reserveTransparent: transparent, matte: matte)
            try encoder.add(indexed, delayCentiseconds: delay)
        }
        return try encoder.finish()
    }

    /// `frame` at (`left`, `top`) checked against a `screenWidth`×`screenHeight` screen and
    /// compressed. It needs that frame only, so frames may be compressed on several threads.
    static func compressed(_ frame: IndexedImage, left: Int, top: Int, alternatives: [UInt8]?,
                           screenWidth: Int, screenHeight: Int) throws(CodecError) -> CompressedImage {
        guard left >= 0, top >= 0, left + frame.width <= screenWidth, top + frame.height <= screenHeight else {
            throw .invalidImage("a \(frame.width)×\(frame.height) frame at (\(left), \(top)) is outside the \(screenWidth)×\(screenHeight) GIF")
        }
        try validatePalette(frame)
        if let alternatives, alternatives.count != frame.indices.count || alternatives.contains(where: { Int($0) >= frame.palette.count }) {
            throw .invalidImage("alternatives must give one palette index per pixel")
        }
        return CompressedImage(frame, left: left, top: top, alternatives: alternatives)
    }

    private static func validatePalette(_ frame: IndexedImage) throws(CodecError) {
        guard (1...256).contains(frame.palette.count) else {
            throw .invalidImage("a GIF palette needs 1…256 colours, not \(frame.palette.count)")
        }
        guard frame.width >= 1, frame.height >= 1, frame.indices.count == frame.width * frame.height else {
            throw .invalidImage("\(frame.indices.count) indices for \(frame.width)×\(frame.height) pixels")
        }
        guard let highest = frame.indices.max(), Int(highest) < frame.palette.count else {
            throw .invalidImage("an index is past the end of the \(frame.palette.count)-colour palette")
        }
        if let t = frame.transparentIndex, !frame.palette.indices.contains(t) {
            throw .invalidImage("transparent index \(t) is outside the palette")
        }
    }
}

/// What happens to a frame's rectangle before the next frame is drawn.
public enum GIFDisposal: Sendable {
    /// Leave it (disposal 1).
    case keep
    /// Restore it to the background, which viewers show as transparent (disposal 2).
    case background
}
