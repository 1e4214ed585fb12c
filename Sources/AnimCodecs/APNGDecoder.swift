import AnimRaster

/// One frame of a decoded APNG: the canvas as shown and for how long.
public struct APNGFrame: Sendable {
    /// The full canvas after this frame (premultiplied).
    public var image: Bitmap
    /// The delay's numerator and denominator (seconds = numerator / denominator; denominator 0 means 100).
    public var delay: (numerator: Int, denominator: Int)

    /// The delay in seconds.
    public var seconds: Double { Double(delay.numerator) / Double(delay.denominator == 0 ? 100 : delay.denominator) }
}

/// Decodes animated PNGs: each frame's data is re-wrapped as a plain PNG (IHDR with the frame's
/// size, the file's chunks before the first IDAT, the frame's data as IDAT) and decoded by libpng,
/// then composited per fcTL (dispose NONE / BACKGROUND / PREVIOUS, blend SOURCE / OVER).
/// Sequence numbers and CRCs are checked. A PNG without acTL decodes as one frame.
public enum APNGDecoder {
    public static func decode(_ file: [UInt8]) throws(CodecError) -> (width: Int, height: Int, plays: Int, frames: [APNGFrame]) {
        let chunks = try PNGChunk.parse(file)
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else { throw .png("APNG: no IHDR first") }
        let (width, height) = (Int(BigEndian.uint32(ihdr.data, 0)), Int(BigEndian.uint32(ihdr.data, 4)))
        guard var canvas = Bitmap(width: width, height: height) else { throw .png("APNG: bad size \(width)×\(height)") }
        let shared = chunks.prefix { $0.type != "IDAT" }.filter { !["IHDR", "acTL", "fcTL"].contains($0.type) }
        guard let actl = chunks.first(where: { $0.type == "acTL" }), actl.data.count == 8 else {
            return (width, height, 0, [APNGFrame(image: try PNGCodec.decode(file), delay: (0, 1))])
        }
        var frames: [APNGFrame] = []
        var expectedSequence: UInt32 = 0
        for (control, data) in try frameParts(chunks, expectedSequence: &expectedSequence) {
            let c = try FrameControl(control, canvasWidth: width, canvasHeight: height)
            let png = try rewrap(ihdr: ihdr, size: (c.rect.width, c.rect.height), shared: Array(shared), data: data)
            let image = try PNGCodec.decode(png)
            let before = c.dispose == 2 ? canvas : nil
            composite(image, at: c.rect, over: c.blend == 1, on: &canvas)
            frames.append(APNGFrame(image: canvas, delay: (c.delayNumerator, c.delayDenominator)))
            if c.dispose == 1 { clear(c.rect, on: &canvas) }
            if let before { canvas = before }
        }
        guard frames.count == Int(BigEndian.uint32(actl.data, 0)) else {
            throw .png("APNG: acTL announces \(BigEndian.uint32(actl.data, 0)) frames, the file has \(frames.count)")
        }
        return (width, height, Int(BigEndian.uint32(actl.data, 4)), frames)
    }

    /// Each fcTL's data with its frame's zlib stream (IDAT data, or fdAT data after the sequence number).
    private static func frameParts(_ chunks: [PNGChunk], expectedSequence: inout UInt32) throws(CodecError) -> [([UInt8], [UInt8])] {
        var parts: [([UInt8], [UInt8])] = []
        var seenIDAT = false
        for chunk in chunks {
            switch chunk.type {
            case "fcTL", "fdAT":
                guard chunk.data.count >= 4, BigEndian.uint32(chunk.data, 0) == expectedSequence else {
                    throw .png("APNG: \(chunk.type) out of sequence (expected \(expectedSequence))")
                }
                expectedSequence += 1
                if chunk.type == "fcTL" {
                    parts.append((chunk.data, []))
                } else if !parts.isEmpty {
                    parts[parts.count - 1].1 += chunk.data[4...]
                }
            case "IDAT":
                // IDAT belongs to the animation only when an fcTL came before it.
                if !parts.isEmpty && !seenIDAT && parts.count == 1 { parts[0].1 += chunk.data }
                seenIDAT = true
            default: break
            }
        }
        return parts.filter { !$0.1.isEmpty }
    }

    private static func rewrap(ihdr: PNGChunk, size: (Int, Int), shared: [PNGChunk], data: [UInt8]) throws(CodecError) -> [UInt8] {
        var header = ihdr
        header.data.replaceSubrange(0..<8, with: BigEndian.bytes(UInt32(size.0)) + BigEndian.bytes(UInt32(size.1)))
        var out = PNGChunk.signature + header.bytes
        for chunk in shared { out += chunk.bytes }
        out += PNGChunk(type: "IDAT", data: data).bytes + PNGChunk(type: "IEND", data: []).bytes
        return out
    }

    private static func composite(_ image: Bitmap, at r: PixelRect, over: Bool, on canvas: inout Bitmap) {
        for y in 0..<r.height {
            for x in 0..<r.width {
                let s = image[x, y]
                guard over, s.a != 255 else { canvas[r.x + x, r.y + y] = s; continue }
                let d = canvas[r.x + x, r.y + y], k = 255 - Int(s.a)
                func mix(_ sc: UInt8, _ dc: UInt8) -> UInt8 { UInt8(min(255, Int(sc) + (Int(dc) * k + 127) / 255)) }
                canvas[r.x + x, r.y + y] = PixelRGBA8(r: mix(s.r, d.r), g: mix(s.g, d.g), b: mix(s.b, d.b), a: mix(s.a, d.a))
            }
        }
    }

    private static func clear(_ r: PixelRect, on canvas: inout Bitmap) {
        for y in r.y..<(r.y + r.height) { for x in r.x..<(r.x + r.width) { canvas[x, y] = .transparent } }
    }
}

/// The fields of an fcTL chunk, checked against the canvas.
struct FrameControl {
    let rect: PixelRect
    let delayNumerator: Int
    let delayDenominator: Int
    let dispose: UInt8
    let blend: UInt8

    init(_ d: [UInt8], canvasWidth: Int, canvasHeight: Int) throws(CodecError) {
        guard d.count == 26 else { throw .png("APNG: fcTL has \(d.count) bytes, not 26") }
        rect = PixelRect(x: Int(BigEndian.uint32(d, 12)), y: Int(BigEndian.uint32(d, 16)),
                         width: Int(BigEndian.uint32(d, 4)), height: Int(BigEndian.uint32(d, 8)))
        guard rect.width > 0, rect.height > 0, rect.x + rect.width <= canvasWidth, rect.y + rect.height <= canvasHeight else {
            throw .png("APNG: frame rectangle \(rect) is outside the \(canvasWidth)×\(canvasHeight) canvas")
        }
        delayNumerator = Int(BigEndian.uint16(d, 20))
        delayDenominator = Int(BigEndian.uint16(d, 22))
        dispose = d[24]
        blend = d[25]
        guard dispose <= 2, blend <= 1 else { throw .png("APNG: bad dispose_op \(dispose) or blend_op \(blend)") }
    }
}
