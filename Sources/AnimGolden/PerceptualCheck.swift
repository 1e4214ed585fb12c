/// The perceptual test of one differing pixel: it fails only when it is both visibly different and
/// not explained as anti-aliasing.
///
/// - Visibly different: the CIEDE2000 ΔE between the two pixels, each composited over opaque white
///   (see ``LabColor/init(premultipliedOverWhite:_:_:_:)``), exceeds `threshold`.
/// - Anti-aliasing: every channel of the actual pixel lies within the [min, max] range of that
///   channel over the golden's 3×3 neighbourhood at the same place, *and* every channel of the
///   golden pixel lies within the range of the actual's 3×3 neighbourhood (neighbourhoods are cut
///   at the frame's border). Requiring both directions is what makes a vanished one-pixel line fail:
///   the empty actual pixel is inside the golden's range, but the line's pixel is not inside the
///   range of the empty neighbourhood. An edge moved by one pixel passes; by two it does not.
struct PerceptualCheck {
    let expected: UnsafeBufferPointer<UInt8>
    let actual: UnsafeBufferPointer<UInt8>
    let width: Int
    let height: Int
    let threshold: Double
    /// The last pixel pair measured and its ΔE: a changed flat area repeats one pair many times.
    private var cachedPair: UInt64 = .max
    private var cachedDeltaE = 0.0

    init(expected: UnsafeBufferPointer<UInt8>, actual: UnsafeBufferPointer<UInt8>, width: Int, height: Int, threshold: Double) {
        self.expected = expected
        self.actual = actual
        self.width = width
        self.height = height
        self.threshold = threshold
    }

    /// True when the pixel at (x, y) counts against the frame.
    mutating func fails(x: Int, y: Int) -> Bool {
        if isAntiAliasing(x: x, y: y) { return false }
        let o = (y * width + x) * 4
        let pair = word(expected, o) << 32 | word(actual, o)
        if pair != cachedPair {
            cachedPair = pair
            cachedDeltaE = deltaE(at: o)
        }
        return cachedDeltaE > threshold
    }

    /// The four bytes at `o` as one number.
    private func word(_ image: UnsafeBufferPointer<UInt8>, _ o: Int) -> UInt64 {
        UInt64(image[o]) | UInt64(image[o + 1]) << 8 | UInt64(image[o + 2]) << 16 | UInt64(image[o + 3]) << 24
    }

    /// Both pixels lie within the range of the other image's 3×3 neighbourhood, channel by channel.
    func isAntiAliasing(x: Int, y: Int) -> Bool {
        let o = (y * width + x) * 4
        return within(actual, o, rangeOf: expected, x, y) && within(expected, o, rangeOf: actual, x, y)
    }

    /// ΔE₀₀ between the golden and the actual pixel at byte offset `o`, both over white.
    func deltaE(at o: Int) -> Double {
        let e = LabColor(premultipliedOverWhite: expected[o], expected[o + 1], expected[o + 2], expected[o + 3])
        let a = LabColor(premultipliedOverWhite: actual[o], actual[o + 1], actual[o + 2], actual[o + 3])
        return CIEDE2000.difference(e, a)
    }

    /// Whether every channel of `pixel`'s value at offset `o` lies in [min, max] of that channel over
    /// the 3×3 neighbourhood of (x, y) in `image`.
    private func within(_ pixel: UnsafeBufferPointer<UInt8>, _ o: Int, rangeOf image: UnsafeBufferPointer<UInt8>,
                        _ x: Int, _ y: Int) -> Bool {
        for c in 0..<4 {
            let v = pixel[o + c]
            var low = UInt8.max, high = UInt8.min
            for ny in max(0, y - 1)...min(height - 1, y + 1) {
                for nx in max(0, x - 1)...min(width - 1, x + 1) {
                    let n = image[(ny * width + nx) * 4 + c]
                    low = min(low, n)
                    high = max(high, n)
                }
            }
            if v < low || v > high { return false }
        }
        return true
    }
}
