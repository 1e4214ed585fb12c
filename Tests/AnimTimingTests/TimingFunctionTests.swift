import Testing
import AnimTiming

/// Vectors from core-animation-semantics.md §1.2 (exact Bézier evaluation, 6 decimals).
struct TimingFunctionTests {
    static let table: [(t: Double, easeIn: Double, easeOut: Double, easeInEaseOut: Double, def: Double)] = [
        (0.1, 0.017027, 0.160572, 0.019722, 0.094796),
        (0.2, 0.062282, 0.308366, 0.081660, 0.295244),
        (0.25, 0.093465, 0.378138, 0.129162, 0.408511),
        (0.5, 0.315357, 0.684643, 0.500000, 0.802403),
        (0.75, 0.621862, 0.906535, 0.870838, 0.960459),
        (0.9, 0.839428, 0.982973, 0.980278, 0.994316),
    ]

    @Test func namedCurvesMatchTheReferenceTable() {
        for row in Self.table {
            // The table is rounded to 6 decimals: agreement within half a unit of the last place.
            #expect(abs(TimingFunction.easeIn.value(at: row.t) - row.easeIn) <= 5e-7, "easeIn(\(row.t))")
            #expect(abs(TimingFunction.easeOut.value(at: row.t) - row.easeOut) <= 5e-7, "easeOut(\(row.t))")
            #expect(abs(TimingFunction.easeInEaseOut.value(at: row.t) - row.easeInEaseOut) <= 5e-7, "easeInEaseOut(\(row.t))")
            #expect(abs(TimingFunction.default.value(at: row.t) - row.def) <= 5e-7, "default(\(row.t))")
        }
    }

    @Test func controlPointsAreApples() {
        #expect(TimingFunction.easeIn == TimingFunction(0.42, 0, 1, 1))
        #expect(TimingFunction.easeOut == TimingFunction(0, 0, 0.58, 1))
        #expect(TimingFunction.easeInEaseOut == TimingFunction(0.42, 0, 0.58, 1))
        #expect(TimingFunction.default == TimingFunction(0.25, 0.1, 0.25, 1))
        #expect(TimingFunction.easeIn.c1x == Float(0.42))
    }

    @Test func endpointsAndLinear() {
        for (_, f) in TimingFunction.named {
            #expect(abs(f.value(at: 0)) < 1e-9)
            #expect(abs(f.value(at: 1) - 1) < 1e-9)
        }
        #expect(TimingFunction.linear.value(at: 0.37) == 0.37)
    }

    @Test func solverAgreesWithBisectionEverywhere() {
        // A custom curve with a steep section exercises the Newton fallback.
        let f = TimingFunction(0.9, 0.1, 0.1, 0.9)
        // The Bézier definition, evaluated directly in Bernstein form.
        func bernstein(_ s: Double, _ p1: Float, _ p2: Float) -> Double {
            3 * Double(p1) * s * (1 - s) * (1 - s) + 3 * Double(p2) * s * s * (1 - s) + s * s * s
        }
        for k in 0...1000 {
            let x = Double(k) / 1000
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if bernstein(mid, f.c1x, f.c2x) < x { lo = mid } else { hi = mid }
            }
            #expect(abs(f.value(at: x) - bernstein((lo + hi) / 2, f.c1y, f.c2y)) < 1e-6, "x = \(x)")
        }
    }

    @Test func extrapolatesWithEndGradients() {
        // easeOut starts with slope c2y/c2x... here c1 = (0,0), so the start gradient comes from c2.
        #expect(abs(TimingFunction.easeIn.value(at: -0.5) - 0) < 1e-12)
        #expect(abs(TimingFunction.linear.value(at: 1.5) - 1.5) < 1e-12)
    }
}
