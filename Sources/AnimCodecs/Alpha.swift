/// Conversions between premultiplied and straight alpha, shared by every codec.
///
/// Rounding rules (integers only, so results are exact and portable):
/// - un-premultiply: `s = a == 0 ? 0 : min(255, (c·255 + a/2) / a)`
/// - premultiply:    `c = (s·a + 127) / 255`
enum Alpha {
    /// The straight colour channel for premultiplied channel `c` at alpha `a`.
    @inline(__always)
    static func unpremultiply(_ c: UInt8, _ a: UInt8) -> UInt8 {
        guard a != 0 else { return 0 }
        let s = (Int(c) * 255 + Int(a) / 2) / Int(a)
        return UInt8(min(255, s))
    }

    /// The premultiplied colour channel for straight channel `s` at alpha `a`.
    @inline(__always)
    static func premultiply(_ s: UInt8, _ a: UInt8) -> UInt8 {
        UInt8((Int(s) * Int(a) + 127) / 255)
    }

    /// A straight-alpha copy of premultiplied RGBA `pixels`.
    static func unpremultiplied(_ pixels: [UInt8]) -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { p in
            var o = 0
            while o < p.count {
                let a = p[o + 3]
                if a != 255 {
                    p[o] = unpremultiply(p[o], a)
                    p[o + 1] = unpremultiply(p[o + 1], a)
                    p[o + 2] = unpremultiply(p[o + 2], a)
                }
                o += 4
            }
        }
        return out
    }

    /// Straight RGBA pixels converted in place to premultiplied. Four opaque pixels in a row (most
    /// of a golden frame) are passed over with one test.
    static func premultiplyInPlace(_ pixels: inout [UInt8]) {
        pixels.withUnsafeMutableBufferPointer { p in
            let raw = UnsafeRawPointer(p.baseAddress)
            let alphas: UInt64 = 0xFF00_0000_FF00_0000
            var o = 0
            while o < p.count {
                if o &+ 16 <= p.count, let raw,
                   raw.loadUnaligned(fromByteOffset: o, as: UInt64.self) & raw.loadUnaligned(fromByteOffset: o &+ 8, as: UInt64.self) & alphas == alphas {
                    o &+= 16
                    continue
                }
                let a = p[o + 3]
                if a != 255 {
                    p[o] = premultiply(p[o], a)
                    p[o + 1] = premultiply(p[o + 1], a)
                    p[o + 2] = premultiply(p[o + 2], a)
                }
                o += 4
            }
        }
    }
}
