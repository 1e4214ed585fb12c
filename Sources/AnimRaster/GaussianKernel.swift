import AnimGeometry

/// One axis of a Gaussian blur as integer weights that sum to exactly 2¹⁶, with the axis' offset
/// folded in: output pixel x reads input pixel x − k with weight `weights[k − first]`.
///
/// The weights are the exact pixel-area response: pixels are squares of constant coverage (what the
/// rasterizer produces), the blurred image is area-averaged over each output pixel again, so a
/// weight is the Gaussian convolved with a one-pixel tent, (tent ∗ G)(k − offset). With σ = 0 this
/// is the tent itself: a sub-pixel shift by exact areas (1 − f, f), and the identity for f = 0.
///
/// Quantisation goes through the cumulative sums: C(k) = Σ_{j ≤ k} w(j) is rounded to 16 bits and
/// the weights are its differences, so every partial sum (the response to a step edge) is within
/// 2⁻¹⁷ of the exact one however many taps there are, and the total is exactly 2¹⁶.
struct GaussianKernel: Hashable, Sendable {
    /// log₂ of the weight total.
    static let precisionBits = 16
    /// The largest radius in pixels. A σ beyond about 330 px would need more; its kernel is cut at
    /// ±1024 px and renormalised (which makes it flatter than a Gaussian, never wider).
    static let maxRadius = 1024
    /// The most mass left out on either side before renormalising (about 3.1σ for large σ).
    static let tailTolerance = 1.0 / 1024
    /// σ beyond which the kernel is computed with this value: within ±1024 px a Gaussian that
    /// wide is flat to 5·10⁻⁵, below the weights' resolution.
    static let flatSigma = 1e5

    /// The tap of `weights[0]` (the smallest k with a non-zero weight).
    let first: Int
    /// Non-zero at both ends, summing to exactly 1 << precisionBits.
    let weights: [UInt32]

    /// The last tap.
    var last: Int { first + weights.count - 1 }

    /// The kernel for standard deviation `sigma` (≤ 0.01 means none) and a shift of `offset`
    /// pixels; nil for NaN or infinite values and offsets beyond ±2⁴⁰ px.
    init?(sigma: Double, offset: Double) {
        guard sigma.isFinite, offset.isFinite, abs(offset) <= 0x1p40 else { return nil }
        let whole = offset.rounded(.down)
        let fraction = offset - whole
        let sigma = sigma > 0.01 ? Swift.min(sigma, Self.flatSigma) : 0
        let radius = Self.radius(sigma: sigma, fraction: fraction)
        let cumulative = Self.quantizedCumulative(sigma: sigma, fraction: fraction, taps: -radius...(radius + 1))
        var weights: [UInt32] = []
        weights.reserveCapacity(cumulative.count)
        var previous: UInt32 = 0
        for c in cumulative {
            // C is monotone; max() keeps a rounding wobble in a flat kernel from going negative.
            let c = Swift.max(c, previous)
            weights.append(c - previous)
            previous = c
        }
        let lead = weights.firstIndex { $0 != 0 } ?? 0
        let trail = weights.lastIndex { $0 != 0 } ?? 0
        self.first = Int(whole) - radius + lead
        self.weights = Array(weights[lead...trail])
    }

    /// The smallest radius whose left-out tails are each under `tailTolerance`, at most `maxRadius`.
    static func radius(sigma: Double, fraction f: Double) -> Int {
        var r = Int(Swift.min(2 * sigma, Double(maxRadius)))
        while r < maxRadius,
              cumulative(-Double(r) - 1 - f, sigma: sigma) > tailTolerance
                || 1 - cumulative(Double(r) + 1 - f, sigma: sigma) > tailTolerance {
            r += 1
        }
        return r
    }

    /// Round(2¹⁶ · C(k)) for each tap, C renormalised over `taps` (so the last entry is 2¹⁶).
    static func quantizedCumulative(sigma: Double, fraction f: Double, taps: ClosedRange<Int>) -> [UInt32] {
        let total = Double(1 << precisionBits)
        let below = cumulative(Double(taps.lowerBound) - 1 - f, sigma: sigma)
        let mass = cumulative(Double(taps.upperBound) - f, sigma: sigma) - below
        return taps.map { k in
            if k == taps.upperBound { return UInt32(total) }
            let c = (cumulative(Double(k) - f, sigma: sigma) - below) / mass
            return UInt32(Swift.min(total, Swift.max(0, (c * total).rounded())))
        }
    }

    /// Σ_{j ≤ k} (tent ∗ G)(j − f) with u = k − f: the Gaussian CDF averaged over [u, u + 1].
    static func cumulative(_ u: Double, sigma: Double) -> Double {
        secondIntegral(u + 1, sigma: sigma) - secondIntegral(u, sigma: sigma)
    }

    /// Ψ(u) = ∫_{−∞}^{u} Φ(t/σ) dt = u·Φ(u/σ) + σ·φ(u/σ), and max(u, 0) for σ = 0.
    static func secondIntegral(_ u: Double, sigma: Double) -> Double {
        guard sigma > 0 else { return Swift.max(u, 0) }
        let z = u / sigma
        let cdf = 0.5 * complementaryErrorFunction(-z * 0.5.squareRoot())
        let pdf = exponential(-0.5 * z * z) / (2 * Double.pi).squareRoot()
        return u * cdf + sigma * pdf
    }
}
