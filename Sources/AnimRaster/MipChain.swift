/// The successive box-filtered halvings of an image (levels 1, 2, …; level 0 is the image itself),
/// stored as packed premultiplied words in one array.
///
/// Level k + 1 has size ⌈w/2⌉ × ⌈h/2⌉ of level k; each texel is the rounded mean of a 2×2 block,
/// (p₀ + p₁ + p₂ + p₃ + 2) >> 2 per premultiplied channel (so c ≤ a is preserved). On an odd
/// size the last column or row averages with itself (clamp to edge). Texel coordinates of level k
/// are level-0 coordinates times (width_k / width_0, height_k / height_0), which is an exact
/// halving for even sizes and slightly off (less than one level-k texel) for odd ones.
public struct MipChain: Sendable {
    struct Level: Sendable {
        /// Index of the level's first texel in `texels`.
        var offset: Int
        var width, height: Int
        /// Level-0 texel coordinates → this level's.
        var scaleX, scaleY: Double
    }

    var texels: [UInt32] = []
    var levels: [Level] = []

    static let empty = MipChain()

    /// Levels 1 through `count` of `image` (fewer if the image reaches 1×1 first).
    init(_ image: Bitmap, count: Int) {
        var w = image.width, h = image.height, sizes: [(Int, Int)] = []
        while sizes.count < count, w > 1 || h > 1 {
            w = (w + 1) / 2
            h = (h + 1) / 2
            sizes.append((w, h))
        }
        guard !sizes.isEmpty else { return }
        texels = [UInt32](repeating: 0, count: sizes.reduce(0) { $0 + $1.0 * $1.1 })
        var offset = 0
        for (w, h) in sizes {
            levels.append(Level(offset: offset, width: w, height: h,
                                scaleX: Double(w) / Double(image.width), scaleY: Double(h) / Double(image.height)))
            offset += w * h
        }
        build(image)
    }

    private init() {}

    /// Every halving of `image`, down to 1×1: built once per image and shared by all the paints
    /// that sample it (``ImagePaint/init(image:deviceToImage:filter:pyramid:)`` takes the levels it
    /// needs), so a static picture is not filtered again every frame.
    public static func full(of image: Bitmap) -> MipChain {
        MipChain(image, count: Int.max)
    }

    /// The first `count` levels; the texels are shared, not copied (a level only reads those
    /// before it, so a prefix equals a chain built with that count).
    func prefix(_ count: Int) -> MipChain {
        guard count < levels.count else { return self }
        var chain = self
        chain.levels = Array(levels.prefix(max(0, count)))
        return chain
    }

    /// Fills every level from the one before it.
    private mutating func build(_ image: Bitmap) {
        let levels = self.levels
        image.pixels.withUnsafeBytes { level0 in
            texels.withUnsafeMutableBufferPointer { out in
                let words = UnsafeMutableRawPointer(out.baseAddress!)
                var src = UnsafeRawPointer(level0.baseAddress!), sw = image.width, sh = image.height
                for level in levels {
                    let dst = words + level.offset * 4
                    Self.halve(src, sw, sh, into: dst, level.width, level.height)
                    src = UnsafeRawPointer(dst)
                    (sw, sh) = (level.width, level.height)
                }
            }
        }
    }

    /// One box-filtered halving of a `sw`×`sh` image of packed words into `dw`×`dh`: four texels
    /// a step where both source columns exist (`averageFours`), the clamped last column alone.
    private static func halve(_ src: UnsafeRawPointer, _ sw: Int, _ sh: Int,
                              into dst: UnsafeMutableRawPointer, _ dw: Int, _ dh: Int) {
        let pairs = sw / 2  // output texels whose two source columns both exist
        for y in 0..<dh {
            let r0 = src + 2 * y * sw * 4, r1 = src + min(2 * y + 1, sh - 1) * sw * 4
            let out = dst + y * dw * 4
            var x = 0
            while x + 4 <= pairs {
                let a = r0.loadUnaligned(fromByteOffset: x * 8, as: SIMD4<UInt64>.self)
                let b = r1.loadUnaligned(fromByteOffset: x * 8, as: SIMD4<UInt64>.self)
                out.storeBytes(of: averageFours(a, b), toByteOffset: x * 4, as: SIMD4<UInt32>.self)
                x += 4
            }
            for x in x..<dw {
                let c0 = 2 * x, c1 = min(2 * x + 1, sw - 1)
                func load(_ row: UnsafeRawPointer, _ i: Int) -> UInt32 { row.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self) }
                let mean = average(load(r0, c0), load(r0, c1), load(r1, c0), load(r1, c1))
                out.storeBytes(of: mean, toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }

    /// ``average(_:_:_:_:)`` of four 2×2 blocks at once: lane i of `top` and `bottom` holds the
    /// block's two words of that row (the left one in the low half). Each byte is widened to a
    /// 16-bit field (red·blue and green·alpha apart), the rows added, then the two halves of the
    /// lane: the same sums, the same rounding.
    @inline(__always)
    static func averageFours(_ top: SIMD4<UInt64>, _ bottom: SIMD4<UInt64>) -> SIMD4<UInt32> {
        let m = SIMD4<UInt64>(repeating: 0x00FF_00FF_00FF_00FF)
        let rb2 = (top & m) &+ (bottom & m), ga2 = ((top &>> 8) & m) &+ ((bottom &>> 8) & m)
        let two = SIMD4<UInt64>(repeating: 0x0002_0002)
        let rb = ((rb2 &+ (rb2 &>> 32) &+ two) &>> 2) & m
        let ga = ((ga2 &+ (ga2 &>> 32) &+ two) &>> 2) & m
        return SIMD4<UInt32>(truncatingIfNeeded: rb | (ga &<< 8))
    }

    /// (a + b + c + d + 2) >> 2 per 8-bit channel, two channels per 32-bit lane pair.
    @inline(__always)
    static func average(_ a: UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32) -> UInt32 {
        let m: UInt32 = 0x00FF_00FF
        let rb = (a & m) + (b & m) + (c & m) + (d & m) + 0x0002_0002
        let ga = ((a >> 8) & m) + ((b >> 8) & m) + ((c >> 8) & m) + ((d >> 8) & m) + 0x0002_0002
        return ((rb >> 2) & m) | (((ga >> 2) & m) << 8)
    }
}
