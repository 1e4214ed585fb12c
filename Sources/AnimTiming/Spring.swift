import AnimGeometry

/// A damped harmonic spring as CASpringAnimation models it (core-animation-semantics.md §5.1):
/// m·x'' + c·x' + k·x = 0, with x the normalised displacement from the target, x(0) = 1 and
/// x'(0) = −initialVelocity. Time is in seconds of the animation's basic local time.
///
/// Parameters that describe no physical spring (mass or stiffness zero, negative or not finite,
/// damping or initial velocity not finite) are never trapped: such a spring is at its target from
/// the first instant after t = 0 (`displacement` 0, `progress` 1) and its `settlingDuration` is 0.
/// A negative damping is treated as 0, as UIKit's duration function clamps the damping ratio at 0.
public struct Spring: Hashable, Sendable {
    /// CASpringAnimation.mass (default 1).
    public var mass: Double
    /// CASpringAnimation.stiffness (default 100).
    public var stiffness: Double
    /// CASpringAnimation.damping (default 10).
    public var damping: Double
    /// CASpringAnimation.initialVelocity in whole distances per second, positive toward the target
    /// (default 0).
    public var initialVelocity: Double
    /// CASpringAnimation.allowsOverdamping (iOS 17, default false): when false a damping ratio
    /// above 1 is evaluated as critical damping with the same natural frequency.
    public var allowsOverdamping: Bool

    /// A spring with CASpringAnimation's defaults for every parameter not given.
    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0,
                allowsOverdamping: Bool = false) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.allowsOverdamping = allowsOverdamping
    }

    /// ζ = c / (2√(k·m)).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// ω0 = √(k/m), in radians per second.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// The normalised distance from the target at `t` seconds (§5.1): 1 at t ≤ 0 (and for a NaN
    /// time), tending to 0.
    ///
    /// - ζ < 1: e^(−ζω0 t)·(cos ωd t + ((ζω0 − v0)/ωd)·sin ωd t), ζ = 0 being the undamped cos/sin.
    /// - ζ ≥ 1 without `allowsOverdamping`: critical, (1 + (ω0 − v0)·t)·e^(−ω0 t), same ω0.
    /// - ζ > 1 with `allowsOverdamping`: the conventional two-exponential initial-value solution
    ///   (x(0) = 1, x'(0) = −v0). The alternative coefficients of a single-source transcription of
    ///   QuartzCore cited by the reference (which give x'(0) = −(2β + v0)) are not used.
    /// At t = +∞ it is 0 (for an undamped spring that is the mean of its oscillation).
    /// Results that overflow (absurd but accepted parameters) are reported as 0: at the target.
    public func displacement(at t: Double) -> Double {
        guard t > 0 else { return 1 }
        guard let motion = SpringMotion(self) else { return 0 }
        guard t.isFinite else { return 0 }
        let x = motion.displacement(at: t)
        return x.isFinite ? x : 0
    }

    /// The fraction of the way from the start value to the target: 1 − x(t), exactly 0 at t = 0.
    public func progress(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        return 1 - displacement(at: t)
    }

    /// The estimated time for the spring to be considered at rest: UIKit's
    /// `_durationOfSpringAnimation(mass, stiffness, damping, v)` of core-animation-semantics.md §5.2,
    /// with ε = 0.001, which CASpringAnimation's `settlingDuration` agrees with.
    ///
    /// - 0 < ζ < 1: A = |(ζω0 − v)/ωd|; when A ≥ 1.19e-7 (FLT_EPSILON) the time is
    ///   max(0, −ln(ε/(A + 1))/(ζω0)).
    /// - ζ ≥ 1: the Lambert-W-style approximation of the last time x(t) = ε on the critical curve.
    /// - ζ > 1 with `allowsOverdamping`: UIKit's function does not look at the flag, but the critical
    ///   estimate would end an overdamped spring visibly short of its target, so this uses the time
    ///   both exponential modes take to fall below ε (a choice: the reference has no formula for it).
    ///
    /// Where UIKit's function computes nothing (ζ = 0, an undamped spring that never settles, and
    /// A < 1.19e-7) this returns 0, UIKit's "no estimate" value (as for ratio-only spring
    /// parameters): a finite, deterministic answer that asks the caller for an explicit duration.
    /// Where the critical approximation leaves its domain (ω0 = v, or a negative Lambert argument,
    /// or a non-finite or negative result) it returns ln(1/ε)/ω0, the time e^(−ω0 t) takes to reach ε.
    /// Invalid parameters (see `Spring`) give 0; the result is never NaN or infinite.
    public var settlingDuration: Double {
        guard let motion = SpringMotion(self) else { return 0 }
        let t = motion.zeta > 1 && allowsOverdamping ? motion.overdampedSettling()
            : motion.zeta >= 1 ? motion.criticalSettling() : motion.underdampedSettling()
        if t.isNaN { return 0 }
        return min(max(t, 0), .greatestFiniteMagnitude)
    }
}

extension Spring {
    /// Whether UIKit's settling estimate gives none because an underdamped spring's amplitude
    /// factor A is below FLT_EPSILON: its initialVelocity is (within rounding) damping / (2 · mass).
    public var hasNoAmplitudeEstimate: Bool {
        guard let motion = SpringMotion(self), motion.zeta > 0, motion.zeta < 1 else { return false }
        return motion.amplitudeFactor < SpringMotion.floatEpsilon
    }
}

extension SpringMotion {
    /// The last time either mode of x = C_f e^(−(β+γ)t) + C_s e^(−(β−γ)t) is above ε.
    func overdampedSettling() -> Double {
        let beta = zeta * omega, gamma = omega * (zeta * zeta - 1).squareRoot()
        let slow = (gamma + beta - velocity) / (2 * gamma), fast = (velocity - beta + gamma) / (2 * gamma)
        let tSlow = naturalLog(abs(slow) / Self.restThreshold) / (beta - gamma)
        let tFast = naturalLog(abs(fast) / Self.restThreshold) / (beta + gamma)
        let t = max(tSlow.isFinite ? tSlow : 0, tFast.isFinite ? tFast : 0)
        return t
    }

    /// ε of UIKit's settling estimate and UIView spring solver.
    static let restThreshold = 0.001
    /// FLT_EPSILON, UIKit's lower bound on the amplitude factor A and on the damping ratio.
    static let floatEpsilon = Double(Float.ulpOfOne)

    /// §5.2, branch ζ < 1.
    func underdampedSettling() -> Double {
        guard zeta > 0 else { return 0 }
        let a = amplitudeFactor
        guard a.isFinite else { return criticalSettling() }
        guard a >= Self.floatEpsilon else { return 0 }
        return max(-naturalLog(Self.restThreshold / (a + 1)) / (omega * zeta), 0)
    }

    /// A = |(ζω0 − v)/ωd| of the ζ < 1 branch.
    var amplitudeFactor: Double {
        abs((omega * zeta - velocity) / (omega * (1 - zeta * zeta).squareRoot()))
    }

    /// §5.2, branch ζ ≥ 1, in UIKit's order of operations.
    func criticalSettling() -> Double {
        let fallback = -naturalLog(Self.restThreshold) / omega
        let b = omega - velocity
        guard b != 0 else { return fallback }
        let logarithm = naturalLog(abs(omega * exponential(-omega / b) * Self.restThreshold / b))
        let u = -1 - logarithm
        guard u >= 0, u.isFinite else { return fallback }
        let q = (0.5 * u).squareRoot() * 0.3361
        let denominator = 1 + (u * -0.0042) * exponential(u.squareRoot() * -0.0201)
        let correction = (1 - 1 / (1 + q / denominator)) * -5.950609937518595
        let t = -(b * (logarithm + correction) + omega) / (omega * b)
        return t.isFinite && t >= 0 ? t : fallback
    }
}

/// The validated constants of a spring's motion, with the closed forms of §5.1.
struct SpringMotion {
    /// Natural frequency ω0.
    let omega: Double
    /// Damping ratio ζ (≥ 0).
    let zeta: Double
    let velocity: Double
    let allowsOverdamping: Bool

    /// nil when the parameters describe no evaluable spring (see `Spring`).
    init?(_ s: Spring) {
        guard s.mass.isFinite, s.mass > 0, s.stiffness.isFinite, s.stiffness > 0,
              s.damping.isFinite, s.initialVelocity.isFinite else { return nil }
        let omega = s.naturalFrequency
        let zeta = max(s.dampingRatio, 0)
        guard omega.isFinite, omega > 0, zeta.isFinite else { return nil }
        self.omega = omega
        self.zeta = zeta
        velocity = s.initialVelocity
        allowsOverdamping = s.allowsOverdamping
    }

    /// x(t) for a finite t > 0.
    func displacement(at t: Double) -> Double {
        if zeta < 1 {
            let dampedOmega = omega * (1 - zeta * zeta).squareRoot()
            if dampedOmega > 0 && dampedOmega.isFinite { return underdamped(t, dampedOmega) }
            return critical(t)
        }
        if zeta > 1 && allowsOverdamping { return overdamped(t) }
        return critical(t)
    }

    /// e^(−ζω0 t)·(cos ωd t + ((ζω0 − v0)/ωd)·sin ωd t); ζ = 0 gives the undamped cos/sin pair.
    private func underdamped(_ t: Double, _ dampedOmega: Double) -> Double {
        let decay = zeta * omega
        let envelope = decay == 0 ? 1 : exponential(-decay * t)
        let b = (decay - velocity) / dampedOmega
        return envelope * (cosine(dampedOmega * t) + b * sine(dampedOmega * t))
    }

    /// (1 + (ω0 − v0)·t)·e^(−ω0 t).
    private func critical(_ t: Double) -> Double {
        (1 + (omega - velocity) * t) * exponential(-omega * t)
    }

    /// The conventional initial-value solution for ζ > 1: roots −β ∓ γ with β = ζω0 and
    /// γ = ω0√(ζ² − 1), x = C_f·e^((−β−γ)t) + C_s·e^((−β+γ)t) with C_f + C_s = 1 and x'(0) = −v0,
    /// i.e. C_f = (v0 − β + γ)/(2γ) and C_s = (γ + β − v0)/(2γ).
    ///
    /// The reference also cites a single-source transcription of iOS 26 QuartzCore with
    /// C_f = (β + v0 + γ)/(2γ), which gives x'(0) = −(2β + v0); it is deliberately not used.
    ///
    /// Evaluated as e^((−β+γ)t)·[(1 + e^(−2γt))/2 + (β − v0)·(1 − e^(−2γt))/(2γ)] so that neither a
    /// γ near 0 (ζ just above 1) nor a large t cancels or overflows.
    private func overdamped(_ t: Double) -> Double {
        let root = (zeta * zeta - 1).squareRoot()
        let gamma = omega * root
        let slowRate = omega / (zeta + root)  // β − γ without cancellation
        let fastDecay = exponential(-2 * gamma * t)
        let spread = t * Self.oneMinusExpOverZ(2 * gamma * t)  // (1 − e^(−2γt)) / (2γ)
        let bracket = (1 + fastDecay) / 2 + (zeta * omega - velocity) * spread
        return exponential(-slowRate * t) * bracket
    }

    /// (1 − e^(−z))/z, stable near z = 0 (series for |z| < 1e-4, error below 1e-13).
    static func oneMinusExpOverZ(_ z: Double) -> Double {
        if abs(z) < 1e-4 { return 1 - z / 2 + z * z / 6 }
        return (1 - exponential(-z)) / z
    }
}
