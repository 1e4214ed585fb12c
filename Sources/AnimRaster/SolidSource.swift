import CPixelStores
import Glibc

/// One premultiplied colour prepared for `Blend.fill(_:color:into:)`: the source-over of the colour
/// scaled by a coverage c, s = mul255(colour, c) per channel, d' = s + mul255(d, 255 − s_a), on
/// runs of eight pixels (`PixelLanes`, four pixels per step) and on single pixels (two channels
/// per multiply, `mul255x2`). Both compute every channel alike, so they give the same bytes.
struct SolidSource {
    /// The colour as little-endian RGBA bytes, and its channels r, b and g, a in 16-bit halves.
    let word, rb, ga: UInt32
    let opaque: Bool
    /// The colour in each of four pixels; its alpha in every lane; 255 − alpha in every lane.
    let color, alpha, inverse: PixelLanes

    init(_ c: PixelRGBA8) {
        word = c.word
        rb = word & 0x00FF_00FF
        ga = (word >> 8) & 0x00FF_00FF
        opaque = c.a == 255
        color = Lanes.repeating(c)
        alpha = PixelLanes(repeating: UInt16(c.a))
        inverse = PixelLanes(repeating: 255 - UInt16(c.a))
    }

    /// `count` pixels at `p` under the coverage bytes at `coverage`: eight at a time (skipped when
    /// all zero, stored or blended whole when all 255, runs of either 32 bytes a test); the last
    /// few too, as eight with the missing coverage 0, when `room` (pixels writable from `p`)
    /// allows: at coverage 0 the source is 0 and the inverse 255, so those pixels are written back
    /// unchanged (mul255(d, 255) = d). Else one by one.
    /// Where the processor has AVX2, the same row in C with 256-bit vectors (eight pixels a step,
    /// the same bytes: ``blendRowInSwift(_:coverage:count:room:)`` is the reference the tests hold
    /// it to). `ANIMRENDER_NO_AVX2` in the environment turns it off (for comparisons).
    @inline(__always)
    func blendRow(_ p: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, count: Int, room: Int) {
        if Self.avx2 {
            return animrender_blend_solid_row_avx2(p.assumingMemoryBound(to: UInt8.self), coverage.assumingMemoryBound(to: UInt8.self),
                                                   count, room, word)
        }
        blendRowInSwift(p, coverage: coverage, count: count, room: room)
    }

    /// Whether rows are blended with AVX2 (``blendRow(_:coverage:count:room:)``).
    static let avx2 = animrender_has_avx2() != 0 && getenv("ANIMRENDER_NO_AVX2") == nil

    /// ``blendRow(_:coverage:count:room:)`` with Swift's SIMD types (SSE2 on x86-64's baseline).
    @inline(__always)
    func blendRowInSwift(_ p: UnsafeMutableRawPointer, coverage: UnsafeRawPointer, count: Int, room: Int) {
        var i = 0
        while i &+ 8 <= count {
            let eight = coverage.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            if eight == ~0 {
                blendEightCovered(p + i &* 4)
                // A run of full coverage (a shape's inside): 32 bytes a test.
                while i &+ 40 <= count, Self.full32(coverage + (i &+ 8)) {
                    blendEightCovered(p + (i &+ 8) &* 4)
                    blendEightCovered(p + (i &+ 16) &* 4)
                    blendEightCovered(p + (i &+ 24) &* 4)
                    blendEightCovered(p + (i &+ 32) &* 4)
                    i &+= 32
                }
            } else if eight != 0 {
                blendEightMixed(p + i &* 4, coverage: eight)
            } else {
                // A run of zeros (inside a border's ring, around a blurred shadow): 32 bytes a test.
                while i &+ 40 <= count, Self.zero32(coverage + (i &+ 8)) { i &+= 32 }
            }
            i &+= 8
        }
        guard i < count else { return }
        if room &- i >= 8 {
            let eight = Self.tail(coverage, from: i, count: count)
            if eight != 0 { blendEightMixed(p + i &* 4, coverage: eight) }
            return
        }
        while i < count {
            blendOne(p + i &* 4, coverage: UInt32(coverage.load(fromByteOffset: i, as: UInt8.self)))
            i &+= 1
        }
    }

    /// The coverage bytes i..<count (fewer than eight) in the low bytes, zeros above: read as the
    /// eight bytes ending at `count` and shifted down when the row has eight, else byte by byte.
    @inline(__always)
    static func tail(_ coverage: UnsafeRawPointer, from i: Int, count: Int) -> UInt64 {
        let rest = count &- i
        if count >= 8 {
            return coverage.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) >> UInt64(8 &* (8 &- rest))
        }
        var eight: UInt64 = 0
        for k in 0..<rest {
            eight |= UInt64(coverage.load(fromByteOffset: i &+ k, as: UInt8.self)) << (8 &* k)
        }
        return eight
    }

    /// Eight pixels under coverage that is neither all 0 nor all 255. Where every byte is 0 or 255
    /// (a border's side, a shape's edge on whole pixels), the covered pixels take the fully covered
    /// result and the others keep theirs, which is what the blend gives them (at coverage 0 the
    /// source is 0 and the inverse 255, and mul255(d, 255) = d); else each pixel is blended.
    @inline(__always)
    func blendEightMixed(_ p: UnsafeMutableRawPointer, coverage eight: UInt64) {
        let high = eight & 0x8080_8080_8080_8080
        guard (high >> 7) &* 0xFF == eight else { return blendEight(p, coverage: eight) }
        let covered = Self.pixelMask(eight)
        let before = p.loadUnaligned(as: SIMD8<UInt32>.self)
        let full: SIMD8<UInt32>
        if opaque {
            full = SIMD8(repeating: word)
        } else {
            blendEightCovered(p)
            full = p.loadUnaligned(as: SIMD8<UInt32>.self)
        }
        p.storeBytes(of: (full & covered) | (before & ~covered), as: SIMD8<UInt32>.self)
    }

    /// Eight coverage bytes, each 0 or 255, as eight 32-bit lanes of all zeros or all ones.
    @inline(__always)
    static func pixelMask(_ eight: UInt64) -> SIMD8<UInt32> {
        let b = unsafeBitCast(eight, to: SIMD8<UInt8>.self)
        return unsafeBitCast(SIMD32<UInt8>(b[0], b[0], b[0], b[0], b[1], b[1], b[1], b[1],
                                           b[2], b[2], b[2], b[2], b[3], b[3], b[3], b[3],
                                           b[4], b[4], b[4], b[4], b[5], b[5], b[5], b[5],
                                           b[6], b[6], b[6], b[6], b[7], b[7], b[7], b[7]),
                             to: SIMD8<UInt32>.self)
    }

    /// Whether the 32 coverage bytes at `c` are all 255.
    @inline(__always)
    static func full32(_ c: UnsafeRawPointer) -> Bool {
        (c.loadUnaligned(as: UInt64.self) & c.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            & c.loadUnaligned(fromByteOffset: 16, as: UInt64.self) & c.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) == ~0
    }

    /// Whether the 32 coverage bytes at `c` are all 0.
    @inline(__always)
    static func zero32(_ c: UnsafeRawPointer) -> Bool {
        (c.loadUnaligned(as: UInt64.self) | c.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            | c.loadUnaligned(fromByteOffset: 16, as: UInt64.self) | c.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) == 0
    }

    /// Eight fully covered pixels at `p`: the colour itself when opaque, else blended.
    @inline(__always)
    func blendEightCovered(_ p: UnsafeMutableRawPointer) {
        if opaque {
            p.storeBytes(of: SIMD8<UInt32>(repeating: word), as: SIMD8<UInt32>.self)
        } else {
            Lanes.over(p, source: color, inverse: inverse)
            Lanes.over(p + 16, source: color, inverse: inverse)
        }
    }

    /// Eight pixels at `p` under the coverage bytes of `eight` (pixel 0 in the low byte).
    @inline(__always)
    func blendEight(_ p: UnsafeMutableRawPointer, coverage eight: UInt64) {
        let (low, high) = Lanes.coverage(eight)
        blendFour(p, coverage: low)
        blendFour(p + 16, coverage: high)
    }

    /// Four pixels at `p` under coverage lanes `c` (each pixel's coverage in its four lanes). The
    /// inverse is its own multiply: taking it from the source's alpha lanes saves one but puts a
    /// shuffle on the critical path, measured 10 % slower on the grid bench scene.
    @inline(__always)
    func blendFour(_ p: UnsafeMutableRawPointer, coverage c: PixelLanes) {
        Lanes.over(p, source: Lanes.mul255(color, c), inverse: 255 &- Lanes.mul255(alpha, c))
    }

    /// One pixel at `p` under coverage `c` (0…255), the same arithmetic two channels per multiply.
    @inline(__always)
    func blendOne(_ p: UnsafeMutableRawPointer, coverage c: UInt32) {
        guard c != 0 else { return }
        let srb = Blend.mul255x2(rb, c), sga = Blend.mul255x2(ga, c), inverse = 255 - (sga >> 16)
        let d = p.loadUnaligned(as: UInt32.self)
        // Each 16-bit half holds a sum below 512: masking keeps each channel's low byte, no carry.
        let outRB = (srb &+ Blend.mul255x2(d & 0x00FF_00FF, inverse)) & 0x00FF_00FF
        let outGA = (sga &+ Blend.mul255x2((d >> 8) & 0x00FF_00FF, inverse)) & 0x00FF_00FF
        p.storeBytes(of: outRB | outGA << 8, as: UInt32.self)
    }
}
