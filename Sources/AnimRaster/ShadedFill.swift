/// A source of premultiplied pixels that varies across the canvas (a gradient, an image), evaluated
/// row by row for `Blend.fill(_:paint:opacity:into:)`.
///
/// Pixels are packed as little-endian RGBA bytes in one word (r in bits 0–7, a in bits 24–31), the
/// layout of `Bitmap.pixels` read as `UInt32` on a little-endian machine. A shader is a value built
/// once per fill; it must not allocate in `startRow` or `shade`.
protocol RowShader {
    /// Prepares device pixel row `y` (row constants, per-row level choices).
    mutating func startRow(_ y: Int)
    /// The premultiplied source (opacity already applied) at pixel `x` of the current row; 0 draws nothing.
    func shade(_ x: Int) -> UInt32
}

/// A `RowShader` that can also shade a run of pixels at once, for `Blend.fill(_:runs:into:)`.
protocol RunShader: RowShader {
    /// shade(x), shade(x + 1), … shade(x + count − 1) into out[0..<count]: the same values.
    func shadeRun(_ x: Int, _ count: Int, into out: UnsafeMutablePointer<UInt32>)
}

extension Blend {
    /// Source-over of a shader through a coverage mask: source = shade(x) × coverage (each channel
    /// through `mul255x2`), d' = source + d × (255 − source alpha). Zero-coverage runs are skipped
    /// eight pixels at a time and the shader is not called for them.
    /// `origin` is the device pixel that `dst`'s first pixel stands for (a picture of part of the
    /// canvas): the shader is evaluated at device positions either way, so the bytes are the same.
    static func fill<S: RowShader>(_ mask: CoverageMask, shader: inout S, rows: Range<Int> = PixelRect.allRows,
                                   into dst: inout Bitmap, origin: PixelOffset = .zero) {
        let area = mask.bounds.intersection(origin.rect(of: dst)).clipped(toRows: rows)
        guard !area.isEmpty else { return }
        let dstWidth = dst.width, maskWidth = mask.bounds.width
        mask.coverage.withUnsafeBytes { cov in
            dst.pixels.withUnsafeMutableBytes { raw in
                let covBase = cov.baseAddress!, px = raw.baseAddress!
                for y in area.minY..<area.maxY {
                    shader.startRow(y)
                    // An immutable copy lets the row's constants live in registers.
                    let row = shader
                    let rowMask = (y - mask.bounds.minY) * maskWidth - mask.bounds.minX
                    let rowPixels = (y &- origin.y) &* dstWidth &- origin.x
                    var x = area.minX
                    while x < area.maxX {
                        x = skipZeros(covBase, rowMask, x, area.maxX)
                        // A run of covered pixels, up to the next zero.
                        while x < area.maxX {
                            let c = UInt32(covBase.load(fromByteOffset: rowMask &+ x, as: UInt8.self))
                            if c == 0 { break }
                            let s = row.shade(x)
                            if s != 0 { over(s, coverage: c, px, (rowPixels &+ x) &<< 2) }
                            x &+= 1
                        }
                    }
                }
            }
        }
    }

    /// `fill(_:shader:into:)` for a shader that computes a run of pixels at once: the same bytes,
    /// with each run of non-zero coverage shaded into a buffer (up to `runChunk` pixels per call)
    /// and then blended.
    static func fill<S: RunShader>(_ mask: CoverageMask, runs shader: inout S, rows: Range<Int> = PixelRect.allRows,
                                   into dst: inout Bitmap, origin: PixelOffset = .zero) {
        let area = mask.bounds.intersection(origin.rect(of: dst)).clipped(toRows: rows)
        guard !area.isEmpty else { return }
        let dstWidth = dst.width, maskWidth = mask.bounds.width
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: runChunk) { buffer in
            let out = buffer.baseAddress!
            mask.coverage.withUnsafeBytes { cov in
                dst.pixels.withUnsafeMutableBytes { raw in
                    let covBase = cov.baseAddress!, px = raw.baseAddress!
                    for y in area.minY..<area.maxY {
                        shader.startRow(y)
                        let row = shader
                        let rowMask = (y - mask.bounds.minY) * maskWidth - mask.bounds.minX
                        let rowPixels = (y &- origin.y) &* dstWidth &- origin.x
                        var x = area.minX
                        while x < area.maxX {
                            x = skipZeros(covBase, rowMask, x, area.maxX)
                            var end = x
                            while end < area.maxX, end &- x < runChunk,
                                  covBase.load(fromByteOffset: rowMask &+ end, as: UInt8.self) != 0 { end &+= 1 }
                            guard end > x else { continue }
                            row.shadeRun(x, end &- x, into: out)
                            for i in 0..<(end &- x) {
                                let c = UInt32(covBase.load(fromByteOffset: rowMask &+ x &+ i, as: UInt8.self))
                                let s = out[i]
                                if s != 0 { over(s, coverage: c, px, (rowPixels &+ x &+ i) &<< 2) }
                            }
                            x = end
                        }
                    }
                }
            }
        }
    }

    /// The most pixels `fill(_:runs:into:)` asks a shader for at once.
    static let runChunk = 256

    /// The first x in x..<end with non-zero coverage (or end), testing eight bytes at a time first.
    @inline(__always)
    static func skipZeros(_ cov: UnsafeRawPointer, _ rowOffset: Int, _ x: Int, _ end: Int) -> Int {
        var x = x
        while x &+ 8 <= end, cov.loadUnaligned(fromByteOffset: rowOffset &+ x, as: UInt64.self) == 0 { x &+= 8 }
        while x < end, cov.load(fromByteOffset: rowOffset &+ x, as: UInt8.self) == 0 { x &+= 1 }
        return x
    }

    /// Source-over of the packed premultiplied source `s` scaled by coverage `c` onto the pixel at
    /// byte offset `o`.
    @inline(__always)
    static func over(_ s: UInt32, coverage c: UInt32, _ px: UnsafeMutableRawPointer, _ o: Int) {
        var s = s
        if c != 255 { s = scale(s, c) }
        let inverse = 255 - (s >> 24)
        if inverse == 0 {
            px.storeBytes(of: s, toByteOffset: o, as: UInt32.self)
        } else if s != 0 {
            let d = px.loadUnaligned(fromByteOffset: o, as: UInt32.self)
            px.storeBytes(of: s &+ scale(d, inverse), toByteOffset: o, as: UInt32.self)
        }
    }

    /// round(channel × k / 255) for all four channels of a packed pixel, exactly (`mul255` per channel).
    @inline(__always)
    static func scale(_ p: UInt32, _ k: UInt32) -> UInt32 {
        mul255x2(p & 0x00FF_00FF, k) | (mul255x2((p >> 8) & 0x00FF_00FF, k) << 8)
    }
}

extension PixelRGBA8 {
    /// The pixel as little-endian RGBA bytes in one word.
    var packed: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }

    /// The pixel of a word of little-endian RGBA bytes.
    init(packed p: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: p), g: UInt8(truncatingIfNeeded: p >> 8),
                  b: UInt8(truncatingIfNeeded: p >> 16), a: UInt8(truncatingIfNeeded: p >> 24))
    }
}
