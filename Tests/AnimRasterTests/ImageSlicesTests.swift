import AnimRaster
import Testing

/// ImageSlices.Axis: the piecewise-linear remap of one axis of nine-part stretching.
struct ImageSlicesTests {
    /// A 30 px axis at scale 1 (30 pt natural) with caps of 10 px, drawn 90 pt long: the caps keep
    /// 10 pt each (unit 1/9 of the rectangle), the centre takes the other 70.
    @Test func capsKeepTheirNaturalLength() {
        let a = ImageSlices.Axis(origin: 0, length: 30, natural: 30, destination: 90, centerMin: 1.0 / 3, centerMax: 2.0 / 3)
        #expect(abs(a.p1 - 1.0 / 9) < 1e-15 && abs(a.p2 - 8.0 / 9) < 1e-15)
        #expect(a.unit(0) == 0 && abs(a.unit(1) - 1) < 1e-15)
        #expect(abs(a.unit(1.0 / 18) - 1.0 / 6) < 1e-15, "half-way through the first cap")
        #expect(abs(a.unit(0.5) - 0.5) < 1e-15, "the middle stays in the middle")
        #expect(abs(a.unit(a.p1) - 1.0 / 3) < 1e-15 && abs(a.unit(a.p2) - 2.0 / 3) < 1e-12, "continuous at the breaks")
    }

    /// The unit centre is the identity; so is any centre at the natural length.
    @Test(arguments: [(0.0, 1.0, 200.0), (0.2, 0.7, 30.0)])
    func identityCases(_ lo: Double, _ hi: Double, _ destination: Double) {
        let a = ImageSlices.Axis(origin: 0, length: 30, natural: 30, destination: destination, centerMin: lo, centerMax: hi)
        for k in 0...20 {
            let s = Double(k) / 20
            #expect(abs(a.unit(s) - s) < 1e-12, "s = \(s)")
        }
    }

    /// Caps longer than the rectangle shrink in proportion and the centre vanishes: 10 + 20 px of
    /// caps in 15 pt become 5 + 10 pt; the remap jumps from the end of one cap to the other.
    @Test func capsShrinkInProportion() {
        let a = ImageSlices.Axis(origin: 0, length: 40, natural: 40, destination: 15, centerMin: 0.25, centerMax: 0.5)
        #expect(abs(a.p1 - 1.0 / 3) < 1e-15 && a.p2 == a.p1)
        #expect(abs(a.unit(a.p1 - 1e-9) - 0.25) < 1e-6 && a.unit(a.p1) == 0.5)
        #expect(abs(a.unit(1) - 1) < 1e-15)
    }

    /// A centre of zero width stretches the single line between the caps; out-of-range and NaN
    /// centres are clamped (Apple: undefined).
    @Test func degenerateCentres() {
        let line = ImageSlices.Axis(origin: 0, length: 20, natural: 20, destination: 100, centerMin: 0.5, centerMax: 0.5)
        #expect(line.unit(0.3) == 0.5 && line.unit(0.7) == 0.5)
        let wild = ImageSlices.Axis(origin: 0, length: 20, natural: 20, destination: 100, centerMin: -1, centerMax: .nan)
        #expect(wild.q1 == 0 && wild.q2 == 1)
        let flipped = ImageSlices.Axis(origin: 20, length: -20, natural: 20, destination: 100, centerMin: 0.25, centerMax: 0.75)
        #expect(abs(flipped.unit(0.05) - 0.25) < 1e-15, "unit positions run with the contentsRect, whichever way")
    }
}
