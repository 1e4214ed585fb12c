@testable import AnimCodecs
import AnimRaster
import AnimTestRandom
import Testing

/// ``OpaqueColors/packed(_:reserveTransparent:matte:edgeMatte:)``, which converts eight opaque
/// pixels at once, against the per-pixel rule written out plainly.
struct OpaqueColorsTests {
    /// `c + ((255 − a)·m + 127) / 255`, at most 255.
    static func over(_ c: UInt8, _ m: UInt8, _ a: UInt8) -> UInt32 {
        UInt32(min(255, Int(c) + ((255 - Int(a)) * Int(m) + 127) / 255))
    }

    static func expected(_ p: PixelRGBA8, reserveTransparent: Bool, matte: RGB8, edgeMatte: RGB8?) -> UInt32 {
        if p.a == 255 { return UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b) }
        if reserveTransparent && p.a < Quantizer.transparentAlphaThreshold { return OpaqueColors.transparent }
        if reserveTransparent, let e = edgeMatte { return over(p.r, e.r, p.a) << 16 | over(p.g, e.g, p.a) << 8 | over(p.b, e.b, p.a) }
        if reserveTransparent {
            return UInt32(Alpha.unpremultiply(p.r, p.a)) << 16 | UInt32(Alpha.unpremultiply(p.g, p.a)) << 8
                | UInt32(Alpha.unpremultiply(p.b, p.a))
        }
        return over(p.r, matte.r, p.a) << 16 | over(p.g, matte.g, p.a) << 8 | over(p.b, matte.b, p.a)
    }

    @Test(arguments: [(false, false), (true, false), (true, true)])
    func everyPixelFollowsTheRule(reserveTransparent: Bool, edge: Bool) {
        var rng = SplitMix64(seed: 3)
        // 37 pixels a row: groups of eight straddle rows, and a tail of 5 is left. Rows alternate
        // between all opaque, mostly opaque and any alpha (premultiplied).
        let bitmap = Bitmap.make(width: 37, height: 30) { _, y in
            let a: UInt8 = y % 3 == 0 || (y % 3 == 1 && rng.below(9) > 0) ? 255 : rng.byte()
            func channel() -> UInt8 { UInt8(rng.below(Int(a) + 1)) }
            return PixelRGBA8(r: channel(), g: channel(), b: channel(), a: a)
        }
        let matte = RGB8(r: 200, g: 30, b: 90), edgeMatte: RGB8? = edge ? RGB8(r: 10, g: 250, b: 128) : nil
        let packed = OpaqueColors.packed(bitmap, reserveTransparent: reserveTransparent, matte: matte, edgeMatte: edgeMatte)
        var mismatches = 0, opaque = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let p = bitmap[x, y]
                if p.a == 255 { opaque += 1 }
                let want = Self.expected(p, reserveTransparent: reserveTransparent, matte: matte, edgeMatte: edgeMatte)
                if packed[y * bitmap.width + x] != want { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
        #expect(opaque > 500 && opaque < 1000)
    }
}
