/// One resolution level of an image as the samplers see it: packed premultiplied words
/// (little-endian RGBA), row-major, no padding, with the fixed-point sampling rules of `ImagePaint`.
///
/// Sample positions arrive as q = (position − ½)·256 in integers, i.e. relative to texel centres in
/// 1/256 texel: the integer part (q >> 8) is the left/top texel, the low 8 bits the weight of the
/// right/bottom one. Positions outside the image are clamped to the edge texels.
struct TexelLevel {
    var texels: UnsafeRawPointer
    var width, height: Int
    /// Level-0 texel coordinates → this level's.
    var scaleX, scaleY: Double

    init(texels: UnsafeRawPointer, width: Int, height: Int, scaleX: Double, scaleY: Double) {
        self.texels = texels
        self.width = width
        self.height = height
        self.scaleX = scaleX
        self.scaleY = scaleY
    }

    @inline(__always)
    func texel(_ x: Int, _ y: Int) -> UInt32 {
        texels.loadUnaligned(fromByteOffset: (y &* width &+ x) &<< 2, as: UInt32.self)
    }

    /// The texel at integer position (x, y) clamped to the image.
    @inline(__always)
    func clampedTexel(_ x: Int, _ y: Int) -> UInt32 {
        texel(min(max(x, 0), width &- 1), min(max(y, 0), height &- 1))
    }

    /// Bilinear sample at fixed-point position (qx, qy): ⌊(Σ wᵢⱼ·cᵢⱼ + 32768) / 65536⌋ per channel with
    /// weights (256 − fx or fx)·(256 − fy or fy), computed exactly in 16-bit lanes of 64-bit words.
    @inline(__always)
    func bilinear(_ qx: Int, _ qy: Int) -> UInt32 {
        let fx = UInt64(truncatingIfNeeded: qx & 255), fy = UInt64(truncatingIfNeeded: qy & 255)
        let ix = qx >> 8, iy = qy >> 8
        let x0 = min(max(ix, 0), width &- 1), x1 = min(max(ix &+ 1, 0), width &- 1)
        let y0 = min(max(iy, 0), height &- 1), y1 = min(max(iy &+ 1, 0), height &- 1)
        let top = Self.lanes(texel(x0, y0)) &* (256 &- fx) &+ Self.lanes(texel(x1, y0)) &* fx
        let bottom = Self.lanes(texel(x0, y1)) &* (256 &- fx) &+ Self.lanes(texel(x1, y1)) &* fx
        return Self.mix(top, bottom, fy)
    }

    /// ⌊(a·(256 − f) + b·f + 32768) / 65536⌋ per channel of two weighted pairs `a`, `b` (16-bit
    /// lanes as `lanes` lays them out, each ≤ 255·256), packed. The sums are exact integers, so
    /// blending columns first and rows second gives the same bytes as rows first.
    @inline(__always)
    static func mix(_ top: UInt64, _ bottom: UInt64, _ fy: UInt64) -> UInt32 {
        // Each 16-bit lane of top and bottom is ≤ 255·256; the second pass needs 24 bits, so it
        // runs on alternate lanes, (r, g) and (b, a), in 32-bit slots.
        let m: UInt64 = 0x0000_FFFF_0000_FFFF, half: UInt64 = 0x0000_8000_0000_8000
        let rg = ((top & m) &* (256 &- fy) &+ (bottom & m) &* fy &+ half) >> 16
        let ba = (((top >> 16) & m) &* (256 &- fy) &+ ((bottom >> 16) & m) &* fy &+ half) >> 16
        // r at bit 0, b at 16, g at 32, a at 48 → r g b a in one word.
        let rgba = (rg & 0x0000_00FF_0000_00FF) | ((ba & 0x0000_00FF_0000_00FF) << 16)
        return UInt32(truncatingIfNeeded: rgba & 0x00FF_00FF) | UInt32(truncatingIfNeeded: (rgba >> 24) & 0xFF00_FF00)
    }

    /// A packed pixel spread into 16-bit lanes: r at bit 0, b at 16, g at 32, a at 48.
    @inline(__always)
    static func lanes(_ p: UInt32) -> UInt64 {
        let q = UInt64(p)
        return (q & 0x00FF_00FF) | ((q & 0xFF00_FF00) << 24)
    }
}
