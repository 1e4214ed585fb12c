/// A picture defined point by point: what a deformed image (a page curl, a ripple) shows at each
/// device point. `region` names the piece of the picture a point falls in (the flat page, the back of
/// the curl, nothing); `color` is the premultiplied colour there, channels in 0…255.
public protocol WarpField {
    func region(x: Double, y: Double) -> Int
    func color(x: Double, y: Double) -> SIMD4<Double>
}

/// Renders a `WarpField` into pixels. Where the four corners of a pixel lie in one region the
/// picture is smooth there and one sample at the centre is taken; elsewhere an edge crosses the
/// pixel and 4 × 4 samples are averaged, which anti-aliases the silhouettes of the deformation.
public enum Warp {
    public static let edgeSamples = 4

    /// Writes the field's pixels over `area` of `dst` (replacing what is there). Inlinable, with
    /// its helpers, so the caller's module specializes it for its field: called through the
    /// protocol, every sample was a witness-table call. The regions of two rows of pixel corners
    /// live in one buffer for the whole area, so a row allocates nothing.
    @inlinable public static func render<F: WarpField>(_ field: F, area: PixelRect, into dst: inout Bitmap) {
        let region = area.intersection(PixelRect(minX: 0, minY: 0, maxX: dst.width, maxY: dst.height))
        guard !region.isEmpty else { return }
        let corners = region.maxX - region.minX + 1
        let rows = UnsafeMutableBufferPointer<Int>.allocate(capacity: 2 * corners)
        defer { rows.deallocate() }
        var above = rows.baseAddress!, below = above + corners
        cornerRegions(field, y: region.minY, region, into: above)
        let width = dst.width
        dst.pixels.withUnsafeMutableBytes { out in
            let bytes = out.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for y in region.minY..<region.maxY {
                cornerRegions(field, y: y + 1, region, into: below)
                var o = (y &* width &+ region.minX) &* 4
                for i in 0..<(corners - 1) {
                    let x = region.minX &+ i
                    let corner = above[i]
                    let smooth = corner == above[i &+ 1] && corner == below[i] && corner == below[i &+ 1]
                    let c = smooth ? field.color(x: Double(x) + 0.5, y: Double(y) + 0.5) : supersample(field, x, y)
                    let p = pixel(c)
                    bytes[o] = p.r; bytes[o &+ 1] = p.g; bytes[o &+ 2] = p.b; bytes[o &+ 3] = p.a
                    o &+= 4
                }
                swap(&above, &below)
            }
        }
    }

    /// The field's regions at the corners y of the columns minX…maxX of `r`.
    @inlinable static func cornerRegions<F: WarpField>(_ field: F, y: Int, _ r: PixelRect, into row: UnsafeMutablePointer<Int>) {
        for x in r.minX...r.maxX { row[x &- r.minX] = field.region(x: Double(x), y: Double(y)) }
    }

    @inlinable static func supersample<F: WarpField>(_ field: F, _ x: Int, _ y: Int) -> SIMD4<Double> {
        let n = edgeSamples
        var sum = SIMD4<Double>(repeating: 0)
        for j in 0..<n {
            for i in 0..<n {
                sum += field.color(x: Double(x) + (Double(i) + 0.5) / Double(n), y: Double(y) + (Double(j) + 0.5) / Double(n))
            }
        }
        return sum / Double(n * n)
    }

    /// Rounds a premultiplied colour to 8 bits, keeping each channel ≤ alpha.
    @inlinable static func pixel(_ c: SIMD4<Double>) -> PixelRGBA8 {
        // v.rounded() clamped to 0…255 (0 for an infinity or NaN), without libm's round.
        func byte(_ v: Double) -> UInt8 {
            guard v.isFinite, v > 0 else { return 0 }
            guard v < 255 else { return 255 }
            let t = Int(v)
            return UInt8(v - Double(t) >= 0.5 ? t + 1 : t)
        }
        let a = byte(c.w)
        return PixelRGBA8(r: min(byte(c.x), a), g: min(byte(c.y), a), b: min(byte(c.z), a), a: a)
    }
}

/// A bitmap sampled at fractional texel positions: bilinear, in premultiplied colour (0…255),
/// transparent outside the image (half a texel of fade at the border). Its pixels are read in
/// place, so a texture exists only inside ``with(_:_:)`` and must not leave it (each sample
/// reached the pixels through the bitmap's array, a closure and an access per sample).
public struct Texture {
    @usableFromInline let texels: UnsafePointer<UInt8>
    public let width: Int, height: Int

    @usableFromInline init(texels: UnsafePointer<UInt8>, width: Int, height: Int) {
        (self.texels, self.width, self.height) = (texels, width, height)
    }

    /// Calls `body` with a texture over `bitmap`'s pixels, valid while it runs.
    @inlinable
    public static func with<R>(_ bitmap: Bitmap, _ body: (Texture) throws -> R) rethrows -> R {
        precondition(bitmap.pixels.count == bitmap.width * bitmap.height * 4, "a bitmap's pixels must fill it")
        return try bitmap.pixels.withUnsafeBufferPointer { p in
            try body(Texture(texels: p.baseAddress!, width: bitmap.width, height: bitmap.height))
        }
    }

    /// The colour at texel coordinates (u, v): (0, 0) is the top-left corner of the first texel.
    /// Inlinable, as `over`: the warps in AnimCompositor call both for every sample.
    @inlinable public func sample(_ u: Double, _ v: Double) -> SIMD4<Double> {
        let x = u - 0.5, y = v - 0.5
        guard x.isFinite, y.isFinite, x > -1, y > -1, x < Double(width), y < Double(height) else {
            return SIMD4(repeating: 0)
        }
        // ⌊x⌋ for −1 < x < width without libm's floor, a call per coordinate on x86-64's
        // baseline, which has no rounding instruction: truncation is the floor from 0 up.
        let x0 = x < 0 ? -1 : Int(x), y0 = y < 0 ? -1 : Int(y)
        let fx = x - Double(x0), fy = y - Double(y0)
        // On a texel's centre (a flat page at the snapshot's own scale) the weights are 1 and 0:
        // the texel itself, exactly as the sums below give it.
        if fx == 0 && fy == 0 { return texel(x0, y0) }
        let top = texel(x0, y0) * (1 - fx) + texel(x0 + 1, y0) * fx
        let bottom = texel(x0, y0 + 1) * (1 - fx) + texel(x0 + 1, y0 + 1) * fx
        return top * (1 - fy) + bottom * fy
    }

    @inlinable @inline(__always)
    func texel(_ x: Int, _ y: Int) -> SIMD4<Double> {
        guard x >= 0, y >= 0, x < width, y < height else { return SIMD4(repeating: 0) }
        let o = (y &* width &+ x) &* 4
        return SIMD4(Double(texels[o]), Double(texels[o &+ 1]), Double(texels[o &+ 2]), Double(texels[o &+ 3]))
    }
}

extension SIMD4 where Scalar == Double {
    /// Premultiplied source-over: `self` over `below`.
    @inlinable public func over(_ below: SIMD4<Double>) -> SIMD4<Double> {
        self + below * (1 - w / 255)
    }

    /// Whether `over` gives `self` exactly, whatever finite, non-negative colour lies below: the
    /// weight of what is below, 1 − w/255, is 0.
    @inlinable public var isOpaque: Bool { 1 - w / 255 == 0 }
}
