import AnimGeometry

/// Arc length along a Hermite segment, for cubicPaced: adaptive Gauss–Legendre quadrature (as for
/// paths, ``GaussLegendre``) on the pieces between the places where a one-component segment turns
/// back (H' = 0, where |H'| has a kink a fixed rule integrates poorly), and its inverse by
/// safeguarded Newton iteration inside a bisection bracket. Everything is deterministic: fixed
/// nodes, fixed iteration limits. Until session 64 a fixed 8 × 5-point rule was used, which was
/// off by up to 0.1 pt on an overshooting list of numbers.
extension HermiteSegment {
    /// |H'(f)|, scaled so that large components do not overflow.
    func speed(at f: Double) -> Double {
        KeyframeComponents.distance(derivative(at: f), [Double](repeating: 0, count: start.count))
    }

    /// ∫₀ᵘ |H'(f)| df for u in [0, 1].
    func length(upTo u: Double) -> Double {
        guard u > 0 else { return 0 }
        let cuts = [0] + turns(before: u) + [u]
        let scale = Swift.max(boundOfSpeed, Double.leastNormalMagnitude)
        var total = 0.0
        for i in 0..<(cuts.count - 1) where cuts[i] < cuts[i + 1] {
            let (a, b) = (cuts[i], cuts[i + 1])
            total += GaussLegendre.adaptive(speed(at:), a, b, whole: GaussLegendre.integrate(speed(at:), a, b),
                                            tolerance: 1e-13 * scale * (b - a), depth: 50)
        }
        return total
    }

    /// Where a one-component segment's H'(f) = a·f² + b·f + c changes sign in (0, u), sorted: with
    /// a = 6(P0 − P1) + 3(M0 + M1), b = 6(P1 − P0) − 4·M0 − 2·M1, c = M0. None for more components,
    /// whose speed has a kink only where every component stops at once.
    func turns(before u: Double) -> [Double] {
        guard start.count == 1 else { return [] }
        let (p0, p1, m0, m1) = (start[0], end[0], startTangent[0], endTangent[0])
        let a = 6 * (p0 - p1) + 3 * (m0 + m1), b = 6 * (p1 - p0) - 4 * m0 - 2 * m1, c = m0
        var roots: [Double] = []
        if a == 0 {
            if b != 0 { roots = [-c / b] }
        } else {
            let discriminant = b * b - 4 * a * c
            if discriminant > 0 {
                let q = -(b + (b < 0 ? -1 : 1) * discriminant.squareRoot()) / 2
                roots = q == 0 ? [0] : [q / a, c / q]
            }
        }
        return roots.filter { $0 > 0 && $0 < u && $0.isFinite }.sorted()
    }

    /// An upper bound of |H'| over [0, 1], for the quadrature's tolerance.
    private var boundOfSpeed: Double {
        var bound = 0.0
        for i in 0..<start.count {
            let chord: Double = 6 * abs(end[i] - start[i])
            let tangents: Double = 4 * abs(startTangent[i]) + 2 * abs(endTangent[i])
            bound += chord + tangents
        }
        return bound
    }

    /// The parameter u with length(upTo: u) = s, where `total` = length(upTo: 1). s ≤ 0 gives 0,
    /// s ≥ total gives 1; otherwise at most 60 steps, stopping within 1e-12 of the total.
    func parameter(atLength s: Double, total: Double) -> Double {
        guard total > 0, total.isFinite, s > 0 else { return 0 }
        guard s < total else { return 1 }
        var lo = 0.0, hi = 1.0, u = s / total
        for _ in 0..<60 {
            let error = length(upTo: u) - s
            if abs(error) <= 1e-12 * total { break }
            if error > 0 { hi = u } else { lo = u }
            let next = u - error / speed(at: u)
            u = next > lo && next < hi ? next : (lo + hi) / 2
        }
        return u
    }
}
