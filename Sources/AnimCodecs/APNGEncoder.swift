import AnimRaster

/// Animated PNG (APNG 1.0): libpng compresses each frame's pixels, this type writes the animation
/// chunks around them (acTL, then fcTL + IDAT for frame 0 and fcTL + fdAT for the others, with
/// sequence numbers and CRCs).
///
/// Frames are 8-bit straight RGBA. Frame 0 covers the canvas; each later frame covers only the
/// rectangle that changed since the previous one, with dispose_op NONE and blend_op SOURCE, so the
/// decoded canvas equals every input frame exactly. A frame identical to the previous one lengthens
/// its delay instead. Identical input gives identical bytes.
///
/// Once a frame's rectangle is known, compressing it needs that frame only: it runs on up to
/// `threads` background threads (``OrderedJobs``) while the next frames are added, and ``finish()``
/// writes the results in frame order, the same bytes for any thread count. Copies of an encoder
/// share those jobs, so only one of them may go on adding frames.
public struct APNGEncoder {
    public let width: Int
    public let height: Int
    /// Plays of the animation; 0 = forever.
    public let plays: Int
    /// Delays are counted in 1/`delayDenominator` s.
    public let delayDenominator: Int
    /// How many threads compress frames; 1 compresses each on the caller's thread as it is added.
    public let threads: Int
    private var previous: [UInt8]?
    private var frames: [Frame] = []
    /// Each frame's PNG of its rectangle, in frame order.
    private let compressions: OrderedJobs<Result<[PNGChunk], CodecError>>

    private struct Frame {
        var rect: PixelRect
        var delay: Int
    }

    public init(width: Int, height: Int, plays: Int = 0, delayDenominator: Int = 1000, threads: Int = 1) throws(CodecError) {
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
        self.threads = threads
        compressions = OrderedJobs(threads: threads)
    }

    /// Appends `frame` (premultiplied, canvas-sized), shown for `delay`/``delayDenominator`` s.
    public mutating func add(_ frame: Bitmap, delay: Int) throws(CodecError) {
        guard frame.width == width, frame.height == height else {
            throw .invalidImage("frame is \(frame.width)×\(frame.height) but the APNG is \(width)×\(height)")
        }
        let delay = min(65_535, max(0, delay))
        let straight = Alpha.unpremultiplied(frame.pixels)
        defer { previous = straight }
        var rect = PixelRect(x: 0, y: 0, width: width, height: height)
        if let previous {
            if let changed = ChangedRect.between(previous, straight, width: width, height: height) {
                rect = changed
            } else if frames[frames.count - 1].delay + delay <= 65_535 {
                frames[frames.count - 1].delay += delay
                return
            } else {
                rect = PixelRect(x: 0, y: 0, width: 1, height: 1)
            }
        }
        frames.append(Frame(rect: rect, delay: delay))
        let rowStride = width * 4
        compressions.submit { [rect] in
            Result { () throws(CodecError) in try PNGChunk.parse(try Self.encode(straight, rect, rowStride: rowStride)) }
        }
    }

    /// The complete file. Frame 0's PNG gives the file its header (the chunks before IDAT: IHDR, sRGB).
    public func finish() throws(CodecError) -> [UInt8] {
        guard !frames.isEmpty else { throw .invalidImage("an APNG needs at least one frame") }
        var pngs = compressions.takeResults()  // handed over, so each PNG is freed once copied
        guard pngs.count == frames.count else { throw .invalidImage("the APNG is already finished") }
        var sequence: UInt32 = 0
        var out = PNGChunk.signature
        // Room for the whole file at once (a growing array holds up to twice it): the first PNG's
        // chunks, acTL, and per frame its image data with the fcTL, fdAT and IEND framing.
        out.reserveCapacity(pngs.reduce(200) { total, png in
            total + ((try? png.get())?.reduce(0) { $0 + $1.data.count + 12 } ?? 0) + 26 + 12 + 4 + 12
        })
        for chunk in try pngs[0].get().prefix(while: { $0.type != "IDAT" }) {
            out += chunk.bytes
            if chunk.type == "IHDR" {
                out += PNGChunk(type: "acTL", data: BigEndian.bytes(UInt32(frames.count)) + BigEndian.bytes(UInt32(plays))).bytes
            }
        }
        for (i, frame) in frames.enumerated() {
            let data = Self.imageData(try pngs[i].get())
            pngs[i] = .success([])  // its data is copied out: let the frame's PNG go
            out += PNGChunk(type: "fcTL", data: control(frame, sequence: sequence)).bytes
            sequence += 1
            if i == 0 {
                out += PNGChunk(type: "IDAT", data: data).bytes
            } else {
                out += PNGChunk(type: "fdAT", data: BigEndian.bytes(sequence) + data).bytes
                sequence += 1
            }
        }
        out += PNGChunk(type: "IEND", data: []).bytes
        return out
    }

    /// The PNG of `rect` inside `straight` (rows `rowStride` bytes apart), written by libpng.
    private static func encode(_ straight: [UInt8], _ rect: PixelRect, rowStride: Int) throws(CodecError) -> [UInt8] {
        let offset = rect.y * rowStride + rect.x * 4
        return try straight.withUnsafeBytes { raw in
            Result { () throws(CodecError) in
                try PNGCodec.encodeStraight(raw.baseAddress! + offset, width: rect.width, height: rect.height, rowStride: rowStride)
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
