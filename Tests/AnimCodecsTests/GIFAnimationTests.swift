import AnimCodecs
import AnimRaster
import AnimTestRandom
import Testing

/// Frame differencing, disposal and transparency of ``GIFAnimationEncoder``, decoded by giflib.
struct GIFAnimationTests {
    func encode(_ frames: [Bitmap], delays: [Int]? = nil, options: GIFOptions = GIFOptions()) throws -> [UInt8] {
        var encoder = try GIFAnimationEncoder(width: frames[0].width, height: frames[0].height, loopCount: 0, options: options)
        for (k, f) in frames.enumerated() { try encoder.add(f, delay: delays?[k] ?? 4) }
        return try encoder.finish()
    }

    /// The decoded frames expanded by their delays in units of `unit` cs.
    func shown(_ data: [UInt8], unit: Int = 4) throws -> [Bitmap] {
        try GIFDecoder.decode(data).frames.flatMap { Array(repeating: $0.image, count: $0.delayCentiseconds / unit) }
    }

    /// A square of `color` at (x, y) on `background`.
    func square(_ x: Int, _ y: Int, _ color: PixelRGBA8, on background: PixelRGBA8, size: Int = 48) -> Bitmap {
        Bitmap.make(width: size, height: size) { i, j in (x..<(x + 10)).contains(i) && (y..<(y + 8)).contains(j) ? color : background }
    }

    static let red = PixelRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let white = PixelRGBA8(r: 255, g: 255, b: 255, a: 255)

    @Test func opaqueFramesDecodeExactlyAndRepeatsMerge() throws {
        let frames = [square(0, 0, Self.red, on: Self.white), square(5, 3, Self.red, on: Self.white),
                      square(5, 3, Self.red, on: Self.white), square(30, 30, Self.red, on: Self.white)]
        let data = try encode(frames)
        let decoded = try GIFDecoder.decode(data)
        #expect(decoded.frames.map(\.delayCentiseconds) == [4, 8, 4])
        #expect(try shown(data) == frames)
    }

    @Test func framesWhoseColoursFitShareTheGlobalTable() throws {
        let frames = [square(0, 0, Self.red, on: Self.white), square(5, 3, Self.red, on: Self.white), square(9, 9, Self.red, on: Self.white)]
        let data = try encode(frames)
        #expect(data[10] & 0x80 != 0, "the screen descriptor has a global colour table")
        // No image descriptor (0x2C, 9 bytes later its packed field) carries a local table.
        var locals = 0
        for i in 13..<(data.count - 10) where data[i] == 0x2C && data[i - 1] == 0x00 && data[i + 9] & 0x80 != 0 { locals += 1 }
        #expect(locals == 0)
        #expect(try shown(data) == frames)
    }

    @Test func movingOverAClearCanvasDisposesWhatMustTurnTransparent() throws {
        let clear = PixelRGBA8.transparent
        let frames = (0..<8).map { k in square(k * 5, k * 4, Self.red, on: clear) }
        let data = try encode(frames, options: GIFOptions(transparent: true))
        #expect(try shown(data) == frames)
        // A square that vanishes, then comes back.
        let blink = [square(3, 3, Self.red, on: clear), Bitmap(width: 48, height: 48)!, square(3, 3, Self.red, on: clear)]
        #expect(try shown(try encode(blink, options: GIFOptions(transparent: true))) == blink)
    }

    @Test func alphaIsThresholdedAtHalfAndEdgesBlendIntoTheMatte() throws {
        // Premultiplied orange at alpha 127 (dropped), 128 and 200 (kept).
        let a127 = PixelRGBA8(r: 127, g: 64, b: 0, a: 127), a128 = PixelRGBA8(r: 128, g: 64, b: 0, a: 128)
        let a200 = PixelRGBA8(r: 200, g: 100, b: 0, a: 200)
        let frame = Bitmap.make(width: 3, height: 1) { x, _ in [a127, a128, a200][x] }
        let plain = try GIFDecoder.decode(try encode([frame], options: GIFOptions(transparent: true))).frames[0].image
        #expect(plain[0, 0] == .transparent)
        #expect(plain[1, 0] == PixelRGBA8(r: 255, g: 128, b: 0, a: 255))  // un-premultiplied
        #expect(plain[2, 0] == PixelRGBA8(r: 255, g: 128, b: 0, a: 255))
        let matted = try GIFDecoder.decode(try encode([frame], options: GIFOptions(transparent: true, matte: .white))).frames[0].image
        #expect(matted[0, 0] == .transparent)
        // c + (255 − a)·255/255 over white: 128 + 127, 64 + 127, 0 + 127.
        #expect(matted[1, 0] == PixelRGBA8(r: 255, g: 191, b: 127, a: 255))
        #expect(matted[2, 0] == PixelRGBA8(r: 255, g: 155, b: 55, a: 255))
    }

    @Test func manyColoursStayWithinTheQuantizerErrorAndStaticAreasNeverChange() throws {
        // A smooth gradient (4096 colours) with a small moving square: the gradient is quantized
        // once, in frame 0, and never redrawn.
        let gradient = Bitmap.make(width: 64, height: 64) { x, y in PixelRGBA8(r: UInt8(x * 4), g: UInt8(y * 4), b: 128, a: 255) }
        var frames: [Bitmap] = []
        for k in 0..<6 {
            var f = gradient
            for y in 20..<28 { for x in (k * 6)..<(k * 6 + 8) { f[x, y] = PixelRGBA8(r: 250, g: 10, b: UInt8(k * 40), a: 255) } }
            frames.append(f)
        }
        let out = try shown(try encode(frames))
        #expect(out.count == 6)
        var worst = 0
        for (a, b) in zip(out, frames) {
            for y in 0..<64 { for x in 0..<64 {
                let p = a[x, y], q = b[x, y]
                worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)))
            } }
        }
        #expect(worst <= 16, "largest channel error \(worst)")  // 5-bit histogram cells + median cut
        // Rows the square never touches are identical in every decoded frame.
        for f in out.dropFirst() {
            for y in [0, 10, 40, 63] { for x in 0..<64 { #expect(f[x, y] == out[0][x, y]) } }
        }
    }

    @Test func differencesMakeSmallerFilesThanWholeFrames() throws {
        var rng = SplitMix64(seed: 3)
        let base = Bitmap.randomOpaque(width: 80, height: 60, palette: distinctOpaqueColors(200, rng: &rng), rng: &rng)
        var frames: [Bitmap] = []
        for k in 0..<10 {
            var f = base
            for y in 10..<20 { for x in (k * 5)..<(k * 5 + 10) { f[x, y] = Self.red } }
            frames.append(f)
        }
        let diffed = try encode(frames)
        let whole = try GIFEncoder.encode(frames: frames, delays: [Int](repeating: 4, count: 10))
        #expect(try shown(diffed) == frames)
        #expect(diffed.count * 3 < whole.count, "\(diffed.count) vs \(whole.count) bytes")
    }
}
