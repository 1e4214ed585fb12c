/// Runs of an `AffineImageShader` whose rows keep v constant (no rotation or shear: stepV = 0).
///
/// Every pixel of such a row has the same texel rows y0, y1 and weight fy, so the vertical pass
/// is done once per texel column the run touches, c(x, y0)·(256 − fy) + c(x, y1)·fy, and each pixel
/// then blends two columns with its fx. Both passes run in 16-bit vector lanes: a column is one
/// channel per lane (r, g, b, a), two columns a register; a pixel reads its two adjacent columns in
/// one load, two pixels a step. The bilinear sum is the same exact integer either way
/// (`TexelLevel.mix`), so the bytes equal `shade`'s.
extension AffineImageShader: RunShader {
    /// The row's texel rows and weight, from v (constant along the row).
    mutating func alignRow() {
        let qy = quantizedY(rowV), iy = qy >> 8
        fy = UInt64(truncatingIfNeeded: qy & 255)
        topRow = min(max(iy, 0), level.height &- 1) &* level.width &<< 2
        bottomRow = min(max(iy &+ 1, 0), level.height &- 1) &* level.width &<< 2
    }

    func shadeRun(_ x: Int, _ count: Int, into out: UnsafeMutablePointer<UInt32>) {
        guard rowsAligned, let columns else {
            for i in 0..<count { out[i] = shade(x &+ i) }
            return
        }
        // Column j of `columns` is texel column j − 1 clamped to the image, for j in 0…width + 1;
        // a pixel at qx reads columns (qx >> 8) + 1 and + 2. qx is monotonic along the row.
        let first = quantizedX(rowU &+ Int64(x) &* stepU)
        let last = quantizedX(rowU &+ Int64(x &+ count &- 1) &* stepU)
        fillColumns(columns, from: (min(first, last) >> 8) &+ 1, through: (max(first, last) >> 8) &+ 2)
        let table = UnsafeRawPointer(columns), to = UnsafeMutableRawPointer(out)
        var u = rowU &+ Int64(x) &* stepU
        let step2 = stepU &<< 1
        var i = 0
        if opacity == 255 {
            while i &+ 2 <= count {
                to.storeBytes(of: Self.mixColumns(table, quantizedX(u), quantizedX(u &+ stepU)), toByteOffset: i &<< 2, as: UInt64.self)
                u &+= step2
                i &+= 2
            }
        } else {
            while i &+ 2 <= count {
                let two = Self.mixColumns(table, quantizedX(u), quantizedX(u &+ stepU))
                out[i] = Blend.scale(UInt32(truncatingIfNeeded: two), opacity)
                out[i &+ 1] = Blend.scale(UInt32(truncatingIfNeeded: two >> 32), opacity)
                u &+= step2
                i &+= 2
            }
        }
        // The last pixel of an odd run, paired with itself.
        if i < count {
            let q = quantizedX(u), p = UInt32(truncatingIfNeeded: Self.mixColumns(table, q, q))
            out[i] = opacity == 255 ? p : Blend.scale(p, opacity)
        }
    }

    /// The pixels at q0 and q1 (packed, the first in the low half): ⌊(L·(256 − f) + R·f + 32768) / 65536⌋
    /// per channel of each pixel's columns L, R (≤ 255·256) and weight f, in 16-bit lanes. With
    /// L = 256·Lh + Ll (and R alike), the sum is 256·H + Lo with H = Lh·(256 − f) + Rh·f and
    /// Lo = Ll·(256 − f) + Rl·f, both ≤ 255·256; the quotient is then ⌊H / 256⌋ +
    /// ⌊(H mod 256 + ⌊Lo / 256⌋ + 128) / 256⌋, every step inside 16 bits.
    @inline(__always)
    static func mixColumns(_ table: UnsafeRawPointer, _ q0: Int, _ q1: Int) -> UInt64 {
        let pair0 = table.loadUnaligned(fromByteOffset: ((q0 >> 8) &+ 1) &<< 3, as: SIMD8<UInt16>.self)
        let pair1 = table.loadUnaligned(fromByteOffset: ((q1 >> 8) &+ 1) &<< 3, as: SIMD8<UInt16>.self)
        let f0 = UInt16(truncatingIfNeeded: q0 & 255), f1 = UInt16(truncatingIfNeeded: q1 & 255)
        let w0 = SIMD8<UInt16>(lowHalf: SIMD4(repeating: 256 &- f0), highHalf: SIMD4(repeating: f0))
        let w1 = SIMD8<UInt16>(lowHalf: SIMD4(repeating: 256 &- f1), highHalf: SIMD4(repeating: f1))
        let high0 = (pair0 &>> 8) &* w0, low0 = (pair0 & 255) &* w0
        let high1 = (pair1 &>> 8) &* w1, low1 = (pair1 & 255) &* w1
        let h = SIMD8<UInt16>(lowHalf: high0.lowHalf &+ high0.highHalf, highHalf: high1.lowHalf &+ high1.highHalf)
        let lo = SIMD8<UInt16>(lowHalf: low0.lowHalf &+ low0.highHalf, highHalf: low1.lowHalf &+ low1.highHalf)
        let v = (h &>> 8) &+ (((h & 255) &+ (lo &>> 8) &+ 128) &>> 8)
        return unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: v), to: UInt64.self)
    }

    /// columns[j] for j in lo…hi: the vertical pass of texel column j − 1 (clamped), one channel
    /// per 16-bit lane in r, g, b, a order; two columns a step where neither is clamped.
    @inline(__always)
    func fillColumns(_ columns: UnsafeMutablePointer<UInt64>, from lo: Int, through hi: Int) {
        let texels = level.texels, last = level.width &- 1
        let table = UnsafeMutableRawPointer(columns)
        let gy = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: 256 &- fy)), fy = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: self.fy))
        var j = lo
        while j <= hi {
            let t = j &- 1
            if t >= 0, t &+ 1 <= last, j &+ 1 <= hi {
                let o = t &<< 2
                let top = SIMD8<UInt16>(truncatingIfNeeded: texels.loadUnaligned(fromByteOffset: topRow &+ o, as: SIMD8<UInt8>.self))
                let bottom = SIMD8<UInt16>(truncatingIfNeeded: texels.loadUnaligned(fromByteOffset: bottomRow &+ o, as: SIMD8<UInt8>.self))
                table.storeBytes(of: top &* gy &+ bottom &* fy, toByteOffset: j &<< 3, as: SIMD8<UInt16>.self)
                j &+= 2
            } else {
                let o = min(max(t, 0), last) &<< 2
                let top = SIMD4<UInt16>(truncatingIfNeeded: texels.loadUnaligned(fromByteOffset: topRow &+ o, as: SIMD4<UInt8>.self))
                let bottom = SIMD4<UInt16>(truncatingIfNeeded: texels.loadUnaligned(fromByteOffset: bottomRow &+ o, as: SIMD4<UInt8>.self))
                table.storeBytes(of: top &* gy.lowHalf &+ bottom &* fy.lowHalf, toByteOffset: j &<< 3, as: SIMD4<UInt16>.self)
                j &+= 1
            }
        }
    }
}
