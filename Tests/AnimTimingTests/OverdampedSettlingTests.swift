import Testing
import AnimTiming

/// With allowsOverdamping the settling duration follows the slow exponential mode, so a spring that
/// runs for its settling duration ends within ε = 0.001 of its target.
struct OverdampedSettlingTests {
    @Test(arguments: [(40.0, 0.0), (100, 0), (40, 5), (25, -3)])
    func endsWithinEpsilon(damping: Double, velocity: Double) {
        let spring = Spring(damping: damping, initialVelocity: velocity, allowsOverdamping: true)
        let t = spring.settlingDuration
        #expect(abs(spring.displacement(at: t)) <= 0.001 * (1 + 1e-9))
        #expect(abs(spring.displacement(at: t * 0.95)) > 0.001, "not a loose overestimate")
    }

    @Test func criticalEstimateStillAppliesWithoutTheFlag() {
        let clamped = Spring(damping: 40)
        let critical = Spring(damping: 20)
        #expect(clamped.settlingDuration == critical.settlingDuration, "ζ > 1 evaluates as critical damping with the same ω0")
    }
}
