import Testing
import AnimTiming

/// The spring vectors of core-animation-semantics.md §5.
struct SpringTests {
    /// |a − b| ≤ tolerance, with a readable failure.
    func close(_ a: Double, _ b: Double, _ tolerance: Double, _ what: String,
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a - b) <= tolerance, "\(what): \(a) vs \(b)", sourceLocation: sourceLocation)
    }

    @Test func defaultsAreCASpringAnimations() {
        let s = Spring()
        #expect(s.mass == 1 && s.stiffness == 100 && s.damping == 10 && s.initialVelocity == 0)
        #expect(!s.allowsOverdamping)
        #expect(s.dampingRatio == 0.5)
        #expect(s.naturalFrequency == 10)
    }

    // MARK: §5.2 settling duration

    @Test func settlingDurationVectors() {
        close(Spring(mass: 3, stiffness: 1000, damping: 500).settlingDuration, 0.505823782, 1e-8, "m3 k1000 c500")
        close(Spring.uiKitDefault.settlingDuration, 0.505823782, 1e-8, "uiKitDefault")
        close(Spring(mass: 0.5, stiffness: 40, damping: 1).settlingDuration, 7.01437292, 1e-8, "m0.5 k40 c1")
        // A 2-D velocity (6, 8): UIKit takes the larger of the two durations.
        let dx = Spring(mass: 0.5, stiffness: 40, damping: 1, initialVelocity: 6).settlingDuration
        let dy = Spring(mass: 0.5, stiffness: 40, damping: 1, initialVelocity: 8).settlingDuration
        #expect(dy > dx)
        close(max(dx, dy), 7.4886077, 1e-7, "m0.5 k40 c1 v(6,8)")
    }

    @Test func applesSettlingExample() {
        // Apple's documentation: stiffness 100, damping 5 ≈ 2.85 s; the formula gives 2.855.
        close(Spring(stiffness: 100, damping: 5).settlingDuration, 2.855, 5e-4, "k100 c5")
    }

    @Test func settlingDurationIsFiniteWhereUIKitComputesNothing() {
        #expect(Spring(damping: 0).settlingDuration == 0, "undamped: UIKit's no-estimate 0")
        // A = |ζω0 − v|/ωd = 0 when v = ζω0 (5 for the default spring).
        #expect(Spring(initialVelocity: 5).settlingDuration == 0)
        // ω0 = v on the critical branch: ln(1/ε)/ω0.
        let critical = Spring(stiffness: 100, damping: 20, initialVelocity: 10)
        close(critical.settlingDuration, 6.907755278982137 / 10, 1e-12, "ω0 = v")
    }

    // MARK: §5.1 motion

    @Test func progressCheckValues() {
        let s = Spring()
        for (t, p) in [(0.1, 0.340300), (0.25, 1.023360), (0.5, 1.074591), (1.0, 1.002170)] {
            close(s.progress(at: t), p, 1e-6, "p(\(t))")
        }
        #expect(s.progress(at: 0) == 0)
        #expect(s.progress(at: -1) == 0)
    }

    @Test func progressTendsToOne() {
        for s in [Spring(), Spring.uiKitDefault, Spring(damping: 30, allowsOverdamping: true),
                  Spring(damping: 20), Spring(damping: 200, initialVelocity: -3, allowsOverdamping: true)] {
            close(s.progress(at: 1000), 1, 1e-12, "p(1000) of \(s)")
            #expect(s.progress(at: .infinity) == 1)
        }
    }

    /// x(0) = 1 and x'(0) = −v0 from one-sided differences just after 0 (x(t ≤ 0) is pinned to 1),
    /// combined by Richardson extrapolation so the error is O(h²).
    func checkInitialConditions(_ s: Spring, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let h = 1e-5
        close(s.displacement(at: 1e-12), 1, 1e-9, "\(what) x(0)", sourceLocation: sourceLocation)
        let near = (s.displacement(at: 2 * h) - s.displacement(at: h)) / h  // x'(1.5h)
        let far = (s.displacement(at: 4 * h) - s.displacement(at: 2 * h)) / (2 * h)  // x'(3h)
        close(2 * near - far, -s.initialVelocity, 1e-4, "\(what) x'(0)", sourceLocation: sourceLocation)
    }

    @Test func initialConditions() {
        for v in [0.0, 3, -4, 25] {
            checkInitialConditions(Spring(initialVelocity: v), "underdamped v\(v)")
            checkInitialConditions(Spring(damping: 50, initialVelocity: v), "critical (ζ 2.5, no overdamping) v\(v)")
            checkInitialConditions(Spring(damping: 20, initialVelocity: v), "critical (ζ 1) v\(v)")
            checkInitialConditions(Spring(damping: 50, initialVelocity: v, allowsOverdamping: true), "overdamped v\(v)")
            checkInitialConditions(Spring(damping: 20.000001, initialVelocity: v, allowsOverdamping: true),
                                   "barely overdamped v\(v)")
            checkInitialConditions(Spring(damping: 0, initialVelocity: v), "undamped v\(v)")
        }
    }

    @Test func criticalFormulaUsesTheSameNaturalFrequency() {
        // ζ = 2.5 without allowsOverdamping: x = (1 + ω0 t)e^(−ω0 t) with ω0 = 10.
        let s = Spring(damping: 50)
        close(s.displacement(at: 0.2), 3 * 0.1353352832366127, 1e-12, "critical x(0.2)")
    }

    @Test func overdampedIsTheConventionalSolution() {
        // m1 k100 c50: ζ 2.5, β 25, γ = 10√5.25; x = C_f e^(−(β+γ)t) + C_s e^(−(β−γ)t).
        let s = Spring(damping: 50, initialVelocity: 2, allowsOverdamping: true)
        let beta = 25.0, gamma = 10 * 5.25.squareRoot(), v0 = 2.0
        let cf = (v0 - beta + gamma) / (2 * gamma), cs = (gamma + beta - v0) / (2 * gamma)
        for t in [0.01, 0.1, 0.5, 2] {
            let expected = cf * expApprox(-(beta + gamma) * t) + cs * expApprox(-(beta - gamma) * t)
            close(s.displacement(at: t), expected, 1e-12, "overdamped x(\(t))")
        }
        // Slower than critical: the overdamped spring is still further from the target.
        #expect(s.displacement(at: 0.5) > Spring(damping: 50, initialVelocity: 2).displacement(at: 0.5))
    }

    /// e^x by its series after range reduction, so the check does not reuse the library's libm call.
    func expApprox(_ x: Double) -> Double {
        var k = 0, r = x
        while abs(r) > 0.5 { r /= 2; k += 1 }
        var term = 1.0, sum = 1.0
        for n in 1...30 { term *= r / Double(n); sum += term }
        for _ in 0..<k { sum *= sum }
        return sum
    }

    @Test func undampedOscillates() {
        let s = Spring(damping: 0)
        // x = cos(10t): back at the start every 2π/10 s.
        close(s.displacement(at: 2 * Double.pi / 10), 1, 1e-12, "undamped period")
        close(s.progress(at: Double.pi / 10), 2, 1e-12, "undamped half period")
    }

    @Test func absurdInputsNeitherCrashNorHang() {
        let bad: [Double] = [0, -1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, 1e308, .greatestFiniteMagnitude]
        var failures: [String] = []
        for m in bad + [1] {
            for k in bad + [100] {
                for c in bad + [10, 20] {
                    for v in [0, .nan, 10, 1e308, -1e308] as [Double] {
                        for over in [false, true] {
                            let s = Spring(mass: m, stiffness: k, damping: c, initialVelocity: v, allowsOverdamping: over)
                            for t in [0, 0.5, 1e300, .nan, .infinity] where !s.progress(at: t).isFinite {
                                failures.append("progress(\(t)) of \(s)")
                            }
                            let d = s.settlingDuration
                            if !(d.isFinite && d >= 0) { failures.append("settlingDuration \(d) of \(s)") }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    // MARK: §5.3 UIView spring

    @Test func uiViewSpringVectors() {
        let cases: [(duration: Double, ratio: Double, v: Double, omega: Double, k: Double, c: Double,
                     kTol: Double, cTol: Double)] = [
            (0.5, 0.5, 0, 25.43380, 646.878, 25.4338, 5e-4, 5e-5),
            (1.0, 0.7, 0, 9.83965, 96.8186, 13.7755, 5e-5, 5e-5),
            (0.3, 1.0, 0, 30.77805, 947.288, 61.5561, 5e-4, 5e-5),
            (0.5, 0.8, 5, 16.82792, 283.179, 26.9247, 5e-4, 5e-5),
            (0.25, 0.9, 0, 33.92338, 1150.80, 61.0621, 5e-3, 5e-5),
        ]
        for row in cases {
            let s = Spring.uiView(duration: row.duration, dampingRatio: row.ratio, initialVelocity: row.v)
            let label = "T \(row.duration) ζ \(row.ratio) v \(row.v)"
            // One unit of the last printed digit: the reference's 30.77805 is 30.7780449215 rounded
            // twice (to 30.778045, then to 5 decimals).
            close(s.naturalFrequency, row.omega, 1e-5, "\(label) ω0")
            close(s.stiffness, row.k, row.kTol, "\(label) k")
            close(s.damping, row.c, row.cTol, "\(label) c")
            #expect(s.mass == 1 && s.initialVelocity == row.v && !s.allowsOverdamping)
        }
    }

    @Test func uiViewSpringClampsItsInputs() {
        let over = Spring.uiView(duration: 0.3, dampingRatio: 3, initialVelocity: 0)
        #expect(over == Spring.uiView(duration: 0.3, dampingRatio: 1, initialVelocity: 0), "ratios above 1 act as 1")
        #expect(Spring.uiView(duration: 100, dampingRatio: 0.5, initialVelocity: 0)
                    == Spring.uiView(duration: 10, dampingRatio: 0.5, initialVelocity: 0))
        #expect(Spring.uiView(duration: 0, dampingRatio: 0.5, initialVelocity: 0)
                    == Spring.uiView(duration: 0.01, dampingRatio: 0.5, initialVelocity: 0))
        for d in [0, .nan, .infinity, -3] as [Double] {
            for r in [0, .nan, -1, 1e-9, 0.0005, 0.5, 1] as [Double] {
                for v in [0, .nan, 1e9, -1e9] as [Double] {
                    let s = Spring.uiView(duration: d, dampingRatio: r, initialVelocity: v)
                    #expect(s.stiffness.isFinite && s.stiffness > 0 && s.damping.isFinite && s.damping >= 0,
                            "T \(d) ζ \(r) v \(v) → \(s)")
                }
            }
        }
    }

    // MARK: §5.4 perceptual and default springs

    @Test func perceptualSpring() {
        let s = Spring.perceptual(duration: 0.5, bounce: 0.3)
        close(s.stiffness, 157.9, 0.05, "k")
        close(s.damping, 17.6, 0.05, "c")
        #expect(s.mass == 1 && s.allowsOverdamping)
        close(s.dampingRatio, 0.7, 1e-12, "ζ = 1 − bounce")
        close(Spring.perceptual(duration: 0.5, bounce: -0.5).dampingRatio, 2, 1e-12, "ζ = 1/(1 + bounce)")
        for b in [-1, -2, .nan, 5] as [Double] {
            for d in [0, .nan, -1, .infinity] as [Double] {
                let p = Spring.perceptual(duration: d, bounce: b)
                #expect(p.stiffness.isFinite && p.damping.isFinite && p.progress(at: 0.3).isFinite)
            }
        }
    }

    @Test func uiKitDefaultSpring() {
        let s = Spring.uiKitDefault
        #expect(s.mass == 3 && s.stiffness == 1000 && s.damping == 500 && s.initialVelocity == 0)
        close(s.dampingRatio, 4.564354645876384, 1e-12, "ζ ≈ 4.56")
    }
}
