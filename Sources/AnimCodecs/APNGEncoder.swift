import AnimRaster

/// Animated PNG (APNG 1.0): libpng compresses each frame's pixels, this type writes the animation
/// chunks around them (acTL, then fcTL + IDAT for frame 0 and fcTL + fdAT for the others, with
/// sequence numbers and CRCs).
///
/// Frames are 8-bit straight RGBA. Frame 0 covers the canvas; each later frame covers only the
/// rectangle that changed since the previous one, with dispose_op NONE and blend_op SOURCE, so the
/// decoded canvas equals every input frame exactly. A frame identical to the previous one lengthens
/// its delay instead. Identical input gives identical bytes.
public struct APNGEncoder {
    public let width: Int
    public let height: Int
    /// Plays of the animation; 0 = forever.
    public let plays: Int
    /// Delays are counted in 1/`delayDenominator` s.
    public let delayDenominator: Int
    private var previous: [UInt8]?
    private var frames: [Frame] = []
    private var header: [PNGChunk] = []

    private struct Frame {
        var rect: PixelRect
        var data: [UInt8]
        var delay: Int
    }

    public init(width: Int, height: Int, plays: Int = 0, delayDenominator: Int = 1000) throws(CodecError) {
        guard (1...Bitmap.maxDimension).contains(width), (1...Bitmap.maxDimension).contains(height) else {
            throw .invalidImage("an APNG must be 1…\(Bitmap.maxDimension) px on each side, not \(width)×\(height)")
        }
        guard plays >= 0, (1...65_535).contains(delayDenominator) else {
            throw .invalidImage("bad APNG plays \(plays) or delay denominator \(delayDenominator)")
        }
        self.width = width
        self.height = height
        self.plays = plays
        self.delayDenominator = delayDenominator
    }

    /// Appends `frame` (premultiplied, canvas-sized), shown for `delay`/``delayDenominator`` s.
    public mutating func add(_ frame: Bitmap, delay: Int) throws(CodecError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidImage("frame is \(frame.width)×\(frame.height) but the APNG is \(width)×\(height)")
        }
        let delay = min(65_535, max(0, delay))
        let straight = Alpha.unpremultiplied(frame.pixels)
        defer { previous = straight }
        guard let previous else {
            try start(straight, delay: delay)
            return
        }
        var rect = ChangedRect.between(previous, straight, width: width, height: height)
        if rect == nil {
            if frames[frames.count - 1].delay + delay <= 65_535 {
                frames[frames.count - 1].delay += delay
                return
            }
            rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        frames.append(Frame(rect: rect!, data: try compress(straight, rect!), delay: delay))
    }

    /// The complete file.
    public func finish() throws(CodecError) -> [UInt8] {
        guard !frames.isEmpty else { throw .invalidImage("an APNG needs at least one frame") }
        var sequence: UInt32 = 0
        var out = PNGChunk.signature
        for chunk in header {
            out += chunk.bytes
            if chunk.type == "IHDR" {
                out += PNGChunk(type: "acTL", data: BigEndian.bytes(UInt32(frames.count)) + BigEndian.bytes(UInt32(plays))).bytes
            }
        }
        for (i, frame) in frames.enumerated() {
            out += PNGChunk(type: "fcTL", data: control(frame, sequence: sequence)).bytes
            sequence += 1
            if i == 0 {
                out += PNGChunk(type: "IDAT", data: frame.data).bytes
            } else {
                out += PNGChunk(type: "fdAT", data: BigEndian.bytes(sequence) + frame.data).bytes
                sequence += 1
            }
        }
        out += PNGChunk(type: "IEND", data: []).bytes
        return out
    }

    /// Frame 0: the whole canvas; its PNG's chunks before IDAT (IHDR, sRGB) become the file's header.
    private mutating func start(_ straight: [UInt8], delay: Int) throws(CodecError) {
        let all = PixelRect(x: 0, y: 0, width: width, height: height)
        let png = try PNGChunk.parse(try encode(straight, all))
        header = Array(png.prefix { $0.type != "IDAT" })
        frames.append(Frame(rect: all, data: Self.imageData(png), delay: delay))
    }

    private func compress(_ straight: [UInt8], _ rect: PixelRect) throws(CodecError) -> [UInt8] {
        Self.imageData(try PNGChunk.parse(try encode(straight, rect)))
    }

    /// The PNG of `rect` inside `straight`, written by libpng.
    private func encode(_ straight: [UInt8], _ rect: PixelRect) throws(CodecError) -> [UInt8] {
        let offset = (rect.y * width + rect.x) * 4
        return try straight.withUnsafeBytes { raw in
            Result { () throws(CodecError) in
                try PNGCodec.encodeStraight(raw.baseAddress! + offset, width: rect.width, height: rect.height, rowStride: width * 4)
            }
        }.get()
    }

    /// The zlib stream of a PNG: its IDAT chunks' data, concatenated.
    private static func imageData(_ chunks: [PNGChunk]) -> [UInt8] {
        chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    }

    /// fcTL: sequence, size, offset, delay, dispose_op NONE (0), blend_op SOURCE (0).
    private func control(_ frame: Frame, sequence: UInt32) -> [UInt8] {
        let r = frame.rect
        return BigEndian.bytes(sequence) + BigEndian.bytes(UInt32(r.width)) + BigEndian.bytes(UInt32(r.height))
            + BigEndian.bytes(UInt32(r.x)) + BigEndian.bytes(UInt32(r.y))
            + BigEndian.bytes(UInt16(frame.delay)) + BigEndian.bytes(UInt16(delayDenominator)) + [0, 0]
    }
}
