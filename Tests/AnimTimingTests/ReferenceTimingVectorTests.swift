import Testing
import AnimTiming

/// Numeric vectors of core-animation-semantics.md §1, §2 and §5 that no other test asserted at the
/// precision the reference prints them. Every expectation compares against the printed number
/// within half a unit of its last printed digit, unless a comment says otherwise.
struct ReferenceTimingVectorTests {
    /// |actual − printed| ≤ tolerance, with a readable failure.
    func close(_ actual: Double, _ printed: Double, _ tolerance: Double, _ what: String,
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(actual - printed) <= tolerance, "\(what): \(actual) vs \(printed)", sourceLocation: sourceLocation)
    }

    // MARK: §1.1 named functions

    @Test func namedFunctionsHaveApplesNamesAndControlPoints() {
        // name, P1, P2 (§1.1 table).
        let table: [(String, Float, Float, Float, Float)] = [
            ("linear", 0, 0, 1, 1),
            ("easeIn", 0.42, 0, 1, 1),
            ("easeOut", 0, 0, 0.58, 1),
            ("easeInEaseOut", 0.42, 0, 0.58, 1),
            ("default", 0.25, 0.1, 0.25, 1),
        ]
        #expect(TimingFunction.named.map(\.name) == table.map(\.0))
        for (entry, row) in zip(TimingFunction.named, table) {
            let f = entry.function
            #expect(f.c1x == row.1 && f.c1y == row.2 && f.c2x == row.3 && f.c2y == row.4, "\(row.0)")
        }
        #expect(TimingFunction.linear == TimingFunction(0, 0, 1, 1))
    }

    @Test func customControlPointsAreStoredAsSinglePrecisionFloats() {
        // "Custom functions store the four floats as given … compares cp[0] == 0.42f."
        let f = TimingFunction(0.42, 0.1, 0.58, 0.9)
        #expect(f.c1x == Float(0.42) && f.c1y == Float(0.1) && f.c2x == Float(0.58) && f.c2y == Float(0.9))
        #expect(Double(f.c1x) != 0.42, "held in single precision, not as the double 0.42")
    }

    // MARK: §2.1 defaults

    @Test func mediaTimingDefaultsAreApples() {
        let t = MediaTiming()
        #expect(t.beginTime == 0 && t.duration == 0 && t.speed == 1 && t.timeOffset == 0)
        #expect(t.repeatCount == 0 && t.repeatDuration == 0 && !t.autoreverses && t.fillMode == .removed)
        #expect(MediaTiming.defaultDuration == 0.25)
        #expect(FillMode.allCases.map(\.rawValue) == ["removed", "forwards", "backwards", "both"])
    }

    // MARK: §2.2 steps 5-8

    @Test func autoreversingWholeRepeatsEndAtTheStart() {
        // Integer repeatCount with autoreverses: the end state is u = 0 (step 8).
        var t = MediaTiming()
        t.duration = 1
        t.autoreverses = true
        t.repeatCount = 2
        t.fillMode = .forwards
        #expect(t.cycleDuration == 2)
        #expect(t.activeDuration == 4, "AD = c·repeatCount with c = 2d")
        #expect(t.state(atParentTime: 10, removedOnCompletion: false) == TimingState(fraction: 0, cycle: 1))
        #expect(t.state(atParentTime: 2.5, removedOnCompletion: false) == TimingState(fraction: 0.5, cycle: 1))
        #expect(t.state(atParentTime: 3.25, removedOnCompletion: false) == TimingState(fraction: 0.75, cycle: 1),
                "the backward half of the second cycle")
    }

    @Test func fractionalRepeatWithAutoreverseEndsMidway() {
        // repeatCount 1.5 with autoreverses: AD = 1.5·2d; the last (half) cycle ends with its forward pass
        // complete, so the end state is u = 1 (the fractional position of step 8).
        var t = MediaTiming()
        t.duration = 2
        t.autoreverses = true
        t.repeatCount = 1.5
        t.fillMode = .forwards
        #expect(t.activeDuration == 6)
        #expect(t.state(atParentTime: 100, removedOnCompletion: false) == TimingState(fraction: 1, cycle: 1))
    }

    // MARK: §5.1–5.2 spring motion and settling

    @Test func springProgressCheckValuesToSixDecimals() {
        // (m 1, k 100, c 10, v 0): t = 0.1 → 0.340300, 0.25 → 1.023360, 0.5 → 1.074591, 1.0 → 1.002170.
        let s = Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        for (t, p) in [(0.1, 0.340300), (0.25, 1.023360), (0.5, 1.074591), (1.0, 1.002170)] {
            close(s.progress(at: t), p, 5e-7, "p(\(t))")
        }
    }

    @Test func settlingDurationsToTheirPrintedDigits() {
        close(Spring(mass: 0.5, stiffness: 40, damping: 1).settlingDuration, 7.01437292, 5e-9, "m0.5 k40 c1")
        let dx = Spring(mass: 0.5, stiffness: 40, damping: 1, initialVelocity: 6).settlingDuration
        let dy = Spring(mass: 0.5, stiffness: 40, damping: 1, initialVelocity: 8).settlingDuration
        close(max(dx, dy), 7.4886077, 5e-8, "m0.5 k40 c1 v(6,8)")
        close(dy, 7.4886077, 5e-8, "the larger component (8) gives it")
        // Apple's example ≈ 2.85 s; "the formula below gives 2.855".
        let apple = Spring(mass: 1, stiffness: 100, damping: 5).settlingDuration
        close(apple, 2.855, 5e-4, "k100 c5, formula")
        close(apple, 2.85, 5e-3, "k100 c5, Apple's ≈ 2.85")
        // UIKit default spring: ζ ≈ 4.56, settling ≈ 0.5058 s (§5.4).
        close(Spring.uiKitDefault.dampingRatio, 4.56, 5e-3, "ζ of the default spring")
        close(Spring.uiKitDefault.settlingDuration, 0.5058, 5e-5, "settling of the default spring")
    }

    @Test func criticalSettlingOfTheDefaultSpring() {
        // The reference prints 0.505823782 for (m 3, k 1000, c 500, v 0). Its own §5.2 formula,
        // evaluated in 40-digit arithmetic (and in doubles, and with any of its constants rounded to
        // float), gives 0.50582378708 (…787, not …782); the third-party source of the vector checks it
        // with a tolerance of 1e-5. So the printed ninth digit is not reproducible from the printed
        // formula; asserted here: the printed value to 1e-8 (eight digits) and the formula value to 1e-11.
        let t = Spring(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0).settlingDuration
        close(t, 0.505823782, 1e-8, "printed vector, eight digits")
        close(t, 0.50582378708, 1e-11, "the §5.2 formula's value")
    }

    // MARK: §5.3 UIView spring

    @Test func uiViewSpringOutputsToTheirPrintedDigits() {
        // (T, ζ, v) → ω0 (5 decimals), k, c as printed.
        let rows: [(T: Double, zeta: Double, v: Double, omega: Double, k: Double, kTol: Double, c: Double)] = [
            (0.5, 0.5, 0, 25.43380, 646.878, 5e-4, 25.4338),
            (1.0, 0.7, 0, 9.83965, 96.8186, 5e-5, 13.7755),
            (0.5, 0.8, 5, 16.82792, 283.179, 5e-4, 26.9247),
            (0.25, 0.9, 0, 33.92338, 1150.80, 5e-3, 61.0621),
        ]
        for r in rows {
            let s = Spring.uiView(duration: r.T, dampingRatio: r.zeta, initialVelocity: r.v)
            let label = "T \(r.T) ζ \(r.zeta) v \(r.v)"
            close(s.naturalFrequency, r.omega, 5e-6, "\(label) ω0")
            close(s.stiffness, r.k, r.kTol, "\(label) k")
            close(s.damping, r.c, 5e-5, "\(label) c")
            #expect(s.mass == 1 && s.initialVelocity == r.v && !s.allowsOverdamping, "\(label)")
        }
    }

    @Test func uiViewCriticalSpringOutput() {
        // (T 0.3, ζ 1.0) → ω0 30.77805, k 947.288, c 61.5561. The root of ((ω − v)T + 1)e^(−ωT) = ε is
        // 30.7780449215 (40-digit arithmetic), which rounds to 30.77804: the printed 30.77805 is one
        // unit high in its last digit (rounded twice). k and c are right to their printed digits.
        let s = Spring.uiView(duration: 0.3, dampingRatio: 1.0, initialVelocity: 0)
        close(s.naturalFrequency, 30.77805, 1e-5, "ω0, one unit of the printed last digit")
        close(s.naturalFrequency, 30.7780449215, 1e-9, "ω0, the exact root")
        close(s.stiffness, 947.288, 5e-4, "k")
        close(s.damping, 61.5561, 5e-5, "c")
    }

    // MARK: §5.4 perceptual springs, both directions of Apple's documentation

    @Test func perceptualSpringFromDurationAndBounce() {
        // Spring(duration 0.5, bounce 0.3) → (mass 1, stiffness 157.9, damping 17.6).
        let s = Spring.perceptual(duration: 0.5, bounce: 0.3)
        #expect(s.mass == 1)
        close(s.stiffness, 157.9, 0.05, "stiffness")
        close(s.damping, 17.6, 0.05, "damping")
    }

    @Test func perceptualDurationAndBounceFromMassStiffnessDamping() {
        // Spring(mass 1, stiffness 100, damping 10) → (duration 0.63, bounce 0.5): the perceptual
        // duration is the undamped period 2π/ω0 and the bounce 1 − ζ (ζ < 1).
        let s = Spring(mass: 1, stiffness: 100, damping: 10)
        close(2 * Double.pi / s.naturalFrequency, 0.63, 5e-3, "duration")
        close(1 - s.dampingRatio, 0.5, 5e-3, "bounce")
        // And the forward mapping of that duration and bounce gives the spring back.
        let back = Spring.perceptual(duration: 2 * Double.pi / 10, bounce: 0.5)
        close(back.mass, 1, 0, "mass")
        close(back.stiffness, 100, 1e-9, "stiffness")
        close(back.damping, 10, 1e-9, "damping")
    }
}
