import AnimRaster
import CWebP

/// Animated WebP through libwebp's WebPAnimEncoder (libwebpmux).
///
/// Frames are premultiplied bitmaps; they are un-premultiplied with ``Alpha``'s rounding (as for
/// PNG and APNG) and handed to libwebp as straight ARGB. Lossless by default: every decoded frame
/// is the straight-alpha frame exactly (colour is only lost where alpha is 0). With a quality
/// (0…100) frames are lossy VP8 with lossless alpha.
///
/// WebPAnimEncoder stores frame 0 whole and each later frame as the rectangle that changed (with
/// blending or dispose-to-background where that is smaller); a frame identical to the previous one
/// lengthens its duration instead. Timestamps are whole milliseconds from the first frame.
/// Options are fixed and libwebp runs on the calling thread (`thread_level` 0), so identical frames
/// give identical bytes.
public final class WebPEncoder {
    /// WebP's limit on each side of the canvas.
    public static let maxDimension = 16_383

    public let width: Int
    public let height: Int
    /// Plays of the animation (0 = forever), stored as the ANIM chunk's 16-bit loop count.
    public let plays: Int
    /// nil = lossless; otherwise the lossy quality 0…100.
    public let quality: Int?
    private var encoder: OpaquePointer?
    private var config = WebPConfig()
    private var lastTimestamp: Int?

    /// - Parameter background: the ANIM chunk's background colour (straight alpha), a hint for players;
    ///   libwebp's own decoder starts from transparent.
    public init(width: Int, height: Int, plays: Int = 0, quality: Int? = nil,
                background: PixelRGBA8 = PixelRGBA8(r: 0, g: 0, b: 0, a: 0)) throws(CodecError) {
        guard (1...Self.maxDimension).contains(width), (1...Self.maxDimension).contains(height) else {
            throw .invalidImage("a WebP must be 1…\(Self.maxDimension) px on each side, not \(width)×\(height)")
        }
        guard (0...65_535).contains(plays) else {
            throw .invalidImage("a WebP plays 0 (forever) to 65535 times, not \(plays)")
        }
        if let quality, !(0...100).contains(quality) {
            throw .invalidImage("WebP quality must be 0…100, not \(quality)")
        }
        self.width = width
        self.height = height
        self.plays = plays
        self.quality = quality

        guard WebPConfigInit(&config) != 0 else { throw .webp("libwebp's encoder ABI does not match its headers") }
        config.lossless = quality == nil ? 1 : 0
        config.quality = Float(quality ?? 75)  // lossless: effort (libwebp's default); lossy: quality
        config.exact = quality == nil ? 1 : 0  // lossless: keep every pixel as given
        config.thread_level = 0  // no threads inside libwebp
        guard WebPValidateConfig(&config) != 0 else { throw .webp("invalid encoder configuration") }

        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw .webp("libwebpmux's ABI does not match its headers")
        }
        options.anim_params.loop_count = Int32(plays)
        // 0xAARRGGBB (mux.h numbers the bits from the most significant: bits 0…7 are alpha).
        options.anim_params.bgcolor = UInt32(background.a) << 24 | UInt32(background.r) << 16
            | UInt32(background.g) << 8 | UInt32(background.b)
        options.minimize_size = 0
        options.allow_mixed = 0
        options.verbose = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw .webp("cannot create a \(width)×\(height) animation encoder")
        }
        self.encoder = encoder
    }

    deinit {
        WebPAnimEncoderDelete(encoder)
    }

    /// Appends `frame` (premultiplied, canvas-sized), shown from `timestamp` ms (≥ the previous
    /// frame's) until the next frame's timestamp.
    public func add(_ frame: Bitmap, timestamp: Int) throws(CodecError) {
        guard let encoder else { throw .invalidImage("the WebP encoder is already finished") }
        guard frame.width == width, frame.height == height else {
            throw .invalidImage("frame is \(frame.width)×\(frame.height) but the WebP is \(width)×\(height)")
        }
        try checkTimestamp(timestamp)
        let straight = Alpha.unpremultiplied(frame.pixels)
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw .webp("libwebp's picture ABI does not match its headers") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        guard WebPPictureImportRGBA(&picture, straight, Int32(width * 4)) != 0 else {
            throw .webp("out of memory for a \(width)×\(height) frame")
        }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(timestamp), &config) != 0 else {
            throw .webp("cannot add a frame: \(message(encoder))")
        }
        lastTimestamp = timestamp
    }

    /// The complete file; the last frame is shown until `endTimestamp` ms.
    public func finish(endTimestamp: Int) throws(CodecError) -> [UInt8] {
        guard let encoder else { throw .invalidImage("the WebP encoder is already finished") }
        guard lastTimestamp != nil else { throw .invalidImage("a WebP animation needs at least one frame") }
        try checkTimestamp(endTimestamp)
        defer {
            WebPAnimEncoderDelete(encoder)
            self.encoder = nil
        }
        guard WebPAnimEncoderAdd(encoder, nil, Int32(endTimestamp), nil) != 0 else {
            throw .webp("cannot end the animation: \(message(encoder))")
        }
        var data = WebPData()
        WebPDataInit(&data)
        defer { WebPDataClear(&data) }
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else {
            throw .webp("cannot assemble the animation: \(message(encoder))")
        }
        guard let bytes = data.bytes, data.size > 0 else { throw .webp("libwebp returned an empty file") }
        return Array(UnsafeBufferPointer(start: bytes, count: data.size))
    }

    private func checkTimestamp(_ timestamp: Int) throws(CodecError) {
        guard timestamp >= (lastTimestamp ?? 0), timestamp <= Int(Int32.max) else {
            throw .invalidImage("WebP timestamps must rise from 0 to at most \(Int32.max) ms; got \(timestamp) after \(lastTimestamp ?? 0)")
        }
    }

    /// libwebpmux's error text for the last call, without its "ERROR " prefix and final full stop.
    private func message(_ encoder: OpaquePointer) -> String {
        guard let text = WebPAnimEncoderGetError(encoder) else { return "unknown libwebp error" }
        var s = String(cString: text)
        if s.hasPrefix("ERROR ") { s.removeFirst(6) }
        if s.hasSuffix(".") { s.removeLast() }
        return s.isEmpty ? "unknown libwebp error" : s
    }
}
