/// Four RGBA8 pixels widened to one 16-bit lane per channel (lane 4·i + c is channel c of pixel i):
/// the unit of the vectorized blends. Every product of two 8-bit values, plus 128, fits a lane.
///
/// Written with Swift's SIMD types so that the baseline x86-64 target (SSE2, no `-march`) gets
/// vector code: a value is two registers, and each helper here compiles to a few instructions on
/// them (punpcklbw/punpckhbw to widen, pmullw, paddw, pmulhuw, packuswb to narrow).
typealias PixelLanes = SIMD16<UInt16>

enum Lanes {
    /// The 16 bytes at `p` (four pixels), one lane each.
    @inline(__always)
    static func load(_ p: UnsafeRawPointer) -> PixelLanes {
        widen(p.loadUnaligned(as: SIMD16<UInt8>.self))
    }

    /// The low byte of every lane stored at `p`.
    @inline(__always)
    static func store(_ v: PixelLanes, _ p: UnsafeMutableRawPointer) {
        let b = unsafeBitCast(v, to: SIMD32<UInt8>.self)
        let low = SIMD16<UInt8>(b[0], b[2], b[4], b[6], b[8], b[10], b[12], b[14],
                                b[16], b[18], b[20], b[22], b[24], b[26], b[28], b[30])
        p.storeBytes(of: low, as: SIMD16<UInt8>.self)
    }

    /// Source-over on the four pixels at `p`: d' = source + mul255(d, inverse), each lane's low byte kept.
    @inline(__always)
    static func over(_ p: UnsafeMutableRawPointer, source: PixelLanes, inverse: PixelLanes) {
        store(source &+ mul255(load(p), inverse), p)
    }

    /// round(a·b / 255) in every lane for a, b in 0…255, exactly (`Blend.mul255`): with
    /// t = a·b + 128 < 2¹⁶, (t + ⌊t/256⌋) / 256 rounded down equals ⌊257·t / 2¹⁶⌋, one pmulhuw.
    /// (The same value in shifts and adds, (t + (t >> 8)) >> 8, measured 5–15 % slower on the
    /// grid bench scene.)
    @inline(__always)
    static func mul255(_ a: PixelLanes, _ b: PixelLanes) -> PixelLanes {
        let t = a &* b &+ 128
        return PixelLanes(lowHalf: high257(t.lowHalf), highHalf: high257(t.highHalf))
    }

    /// ⌊257·t / 2¹⁶⌋ in every lane (the high half of the 32-bit product: pmulhuw). Spelled lane by
    /// lane: the stdlib's generic SIMD conversions are not always inlined, and then cost a call.
    @inline(__always)
    static func high257(_ t: SIMD8<UInt16>) -> SIMD8<UInt16> {
        func high(_ i: Int) -> UInt16 { UInt16(truncatingIfNeeded: (UInt32(t[i]) &* 257) >> 16) }
        return SIMD8<UInt16>(high(0), high(1), high(2), high(3), high(4), high(5), high(6), high(7))
    }

    /// Eight coverage bytes (little-endian in `eight`, pixel 0 lowest) as the lanes of pixels 0–3
    /// and 4–7: each byte in all four lanes of its pixel.
    @inline(__always)
    static func coverage(_ eight: UInt64) -> (PixelLanes, PixelLanes) {
        let v = unsafeBitCast(SIMD2<UInt64>(eight, 0), to: SIMD16<UInt8>.self)
        let z: UInt8 = 0
        let w = unsafeBitCast(SIMD16<UInt8>(v[0], z, v[1], z, v[2], z, v[3], z, v[4], z, v[5], z, v[6], z, v[7], z),
                              to: SIMD8<UInt16>.self)
        return (PixelLanes(lowHalf: spread(w, 0), highHalf: spread(w, 2)),
                PixelLanes(lowHalf: spread(w, 4), highHalf: spread(w, 6)))
    }

    /// Lanes k and k + 1 of `w`, each repeated four times (pshuflw/pshufhw and pshufd).
    @inline(__always)
    static func spread(_ w: SIMD8<UInt16>, _ k: Int) -> SIMD8<UInt16> {
        SIMD8<UInt16>(w[k], w[k], w[k], w[k], w[k + 1], w[k + 1], w[k + 1], w[k + 1])
    }

    /// Each pixel's alpha (lane 3 of the four) in all four of its lanes (pshuflw/pshufhw).
    @inline(__always)
    static func alphas(_ v: PixelLanes) -> PixelLanes {
        PixelLanes(lowHalf: alphas(v.lowHalf), highHalf: alphas(v.highHalf))
    }

    @inline(__always)
    static func alphas(_ v: SIMD8<UInt16>) -> SIMD8<UInt16> {
        SIMD8<UInt16>(v[3], v[3], v[3], v[3], v[7], v[7], v[7], v[7])
    }

    /// `pixel` (r, g, b, a) in each of the four pixels.
    static func repeating(_ pixel: PixelRGBA8) -> PixelLanes {
        let r = UInt16(pixel.r), g = UInt16(pixel.g), b = UInt16(pixel.b), a = UInt16(pixel.a)
        return PixelLanes(r, g, b, a, r, g, b, a, r, g, b, a, r, g, b, a)
    }

    /// Each byte zero-extended to its lane (interleaved with zero bytes: punpcklbw/punpckhbw).
    @inline(__always)
    static func widen(_ v: SIMD16<UInt8>) -> PixelLanes {
        let z: UInt8 = 0
        let bytes = SIMD32<UInt8>(v[0], z, v[1], z, v[2], z, v[3], z, v[4], z, v[5], z, v[6], z, v[7], z,
                                  v[8], z, v[9], z, v[10], z, v[11], z, v[12], z, v[13], z, v[14], z, v[15], z)
        return unsafeBitCast(bytes, to: PixelLanes.self)
    }
}
