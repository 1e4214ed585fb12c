import AnimGeometry

/// The springs UIKit builds from its higher-level parameters (core-animation-semantics.md §5.3–5.4).
extension Spring {
    /// `UISpringTimingParameters()` and UIKit's private spring curve 7: mass 3, stiffness 1000,
    /// damping 500 (ζ ≈ 4.56, settling ≈ 0.5058 s).
    public static let uiKitDefault = Spring(mass: 3, stiffness: 1000, damping: 500)

    /// The spring `UIView.animate(withDuration:delay:usingSpringWithDamping:initialSpringVelocity:)`
    /// creates (§5.3): ζ = clamp(dampingRatio, 1.19e-7, 1) (NaN → 1), T = clamp(duration, 0.01, 10)
    /// (NaN → 0.01), v = initialVelocity (non-finite → 0), ε = 0.001; ω0 solves "the envelope reaches
    /// ε at T" by 12 Newton iterations from 5/T with the analytic derivative; then mass 1,
    /// stiffness ω0², damping 2ζω0, initial velocity v (allowsOverdamping false).
    ///
    /// When the iteration ends on a non-finite or non-positive ω0 (no positive root exists, e.g.
    /// ζ ≲ 0.001 with v = 0, where UIKit would go on with a negative ω0 and a negative damping),
    /// ω0 stays at the starting value 5/T.
    public static func uiView(duration: Double, dampingRatio: Double, initialVelocity: Double) -> Spring {
        let zeta = clamp(dampingRatio, SpringMotion.floatEpsilon...1, nan: 1)
        let period = clamp(duration, 0.01...10, nan: 0.01)
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        let omega = UIViewSpringSolver(zeta: zeta, duration: period, velocity: velocity).naturalFrequency()
        return Spring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: velocity)
    }

    /// iOS 17 perceptual springs (`UIView.animate(springDuration:bounce:…)`,
    /// `CASpringAnimation(perceptualDuration:bounce:)`, SwiftUI `Spring(duration:bounce:)`), §5.4:
    /// ζ = 1 − bounce for bounce ≥ 0, 1/(1 + bounce) below; mass 1; stiffness (2π/duration)²;
    /// damping 4πζ/duration; allowsOverdamping true. `initialVelocity` is UIKit's
    /// `initialSpringVelocity`: whole distances per second, as for ``uiView(duration:dampingRatio:initialVelocity:)``.
    ///
    /// Guards: bounce is clamped to [−0.999, 1] (NaN → 0) so ζ stays in [0, 1000]; duration is
    /// clamped to [0.001, 1e6] (NaN → 0.001).
    public static func perceptual(duration: Double, bounce: Double, initialVelocity: Double = 0) -> Spring {
        let b = clamp(bounce, -0.999...1, nan: 0)
        let d = clamp(duration, 0.001...1e6, nan: 0.001)
        let zeta = b >= 0 ? 1 - b : 1 / (1 + b)
        let omega = 2 * Double.pi / d
        return Spring(mass: 1, stiffness: omega * omega, damping: 4 * Double.pi * zeta / d,
                      initialVelocity: initialVelocity.isFinite ? initialVelocity : 0, allowsOverdamping: true)
    }

    private static func clamp(_ x: Double, _ range: ClosedRange<Double>, nan: Double) -> Double {
        x.isNaN ? nan : min(max(x, range.lowerBound), range.upperBound)
    }
}

/// UIKit's `parametersOfSpringAnimation` search for the natural frequency (§5.3).
struct UIViewSpringSolver {
    let zeta: Double
    let duration: Double
    let velocity: Double
    static let iterations = 12

    /// 12 Newton steps from 5/T; stops early only when the derivative vanishes or stops being finite.
    func naturalFrequency() -> Double {
        let start = 5 / duration
        var omega = start
        for _ in 0..<Self.iterations {
            let (f, slope) = zeta < 1 ? underdamped(omega) : critical(omega)
            guard slope != 0, slope.isFinite, f.isFinite else { break }
            omega -= f / slope
        }
        return omega.isFinite && omega > 0 ? omega : start
    }

    /// f(ω) = |(ζω − v)/(ω√(1−ζ²))|·e^(−ζωT) − ε and f'(ω).
    private func underdamped(_ omega: Double) -> (Double, Double) {
        let s = (1 - zeta * zeta).squareRoot()
        let h = (zeta * omega - velocity) / (omega * s)
        let dh = velocity / (omega * omega * s)
        let envelope = exponential(-zeta * omega * duration)
        let sign: Double = h > 0 ? 1 : (h < 0 ? -1 : 0)
        let f = abs(h) * envelope - SpringMotion.restThreshold
        return (f, envelope * (sign * dh - zeta * duration * abs(h)))
    }

    /// f(ω) = ((ω − v)T + 1)·e^(−ωT) − ε and f'(ω) = −T²(ω − v)e^(−ωT).
    private func critical(_ omega: Double) -> (Double, Double) {
        let envelope = exponential(-omega * duration)
        let f = ((omega - velocity) * duration + 1) * envelope - SpringMotion.restThreshold
        return (f, -duration * duration * (omega - velocity) * envelope)
    }
}
