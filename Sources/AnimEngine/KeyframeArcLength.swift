/// Arc length along a Hermite segment, for cubicPaced: a fixed composite Gauss–Legendre rule
/// (8 equal pieces × 5 nodes) and its inverse by safeguarded Newton iteration inside a bisection
/// bracket. Everything is deterministic: fixed nodes, fixed iteration limits.
extension HermiteSegment {
    /// |H'(f)|, scaled so that large components do not overflow.
    func speed(at f: Double) -> Double {
        KeyframeComponents.distance(derivative(at: f), [Double](repeating: 0, count: start.count))
    }

    /// ∫₀ᵘ |H'(f)| df for u in [0, 1].
    func length(upTo u: Double) -> Double {
        guard u > 0 else { return 0 }
        let pieces = 8
        let width = u / Double(pieces)
        var sum = 0.0
        for piece in 0..<pieces {
            let mid = (Double(piece) + 0.5) * width
            for (node, weight) in Self.gaussLegendre5 {
                sum += weight * speed(at: mid + node * width / 2)
            }
        }
        return sum * width / 2
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

    /// Nodes on [−1, 1] and weights of the 5-point Gauss–Legendre rule.
    static let gaussLegendre5: [(node: Double, weight: Double)] = [
        (0, 0.5688888888888889),
        (-0.5384693101056831, 0.4786286704993665), (0.5384693101056831, 0.4786286704993665),
        (-0.9061798459386640, 0.2369268850561891), (0.9061798459386640, 0.2369268850561891),
    ]
}
