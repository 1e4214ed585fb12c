/// The cubic keyframe spline (core-animation-semantics.md §4.2): Kochanek–Bartels tangents and a
/// cubic Hermite segment between consecutive keyframes, on component vectors.
///
/// Two choices the reference marks as not public, following its recommendation:
/// - End conditions: the endpoints are duplicated (P₋₁ = P₀, Pₙ = Pₙ₋₁), so the end tangents are
///   built with a zero-length outer chord (half the inner chord for Catmull–Rom).
/// - Non-uniform key times: tangents are rescaled with Kochanek–Bartels' factors, the outgoing
///   tangent at Pᵢ by 2Δᵢ/(Δᵢ₋₁ + Δᵢ) and the incoming tangent at Pᵢ₊₁ by 2Δᵢ/(Δᵢ + Δᵢ₊₁), with
///   Δᵢ = kᵢ₊₁ − kᵢ. Beyond the ends the neighbouring interval is repeated (factor 1); a factor whose
///   denominator is not positive is 1. With evenly spaced key times every factor is 1.
/// Tension, continuity and bias are read per keyframe; missing or non-finite entries are 0.
struct KeyframeSpline {
    let points: [[Double]]
    let keyTimes: [Double]
    let tension: [Double]
    let continuity: [Double]
    let bias: [Double]

    /// The Hermite segment from points[i] to points[i + 1].
    func segment(_ i: Int) -> HermiteSegment {
        HermiteSegment(start: point(i), end: point(i + 1),
                       startTangent: scaled(outgoingTangent(at: i), by: factor(interval(i), interval(i - 1))),
                       endTangent: scaled(incomingTangent(at: i + 1), by: factor(interval(i), interval(i + 1))))
    }

    /// Outgoing tangent at Pᵢ: (1−t)(1+b)(1+c)/2·(Pᵢ − Pᵢ₋₁) + (1−t)(1−b)(1−c)/2·(Pᵢ₊₁ − Pᵢ).
    private func outgoingTangent(at i: Int) -> [Double] {
        let (t, c, b) = parameters(i)
        return combine((1 - t) * (1 + b) * (1 + c) / 2, chord(i - 1), (1 - t) * (1 - b) * (1 - c) / 2, chord(i))
    }

    /// Incoming tangent at Pᵢ: (1−t)(1+b)(1−c)/2·(Pᵢ − Pᵢ₋₁) + (1−t)(1−b)(1+c)/2·(Pᵢ₊₁ − Pᵢ).
    private func incomingTangent(at i: Int) -> [Double] {
        let (t, c, b) = parameters(i)
        return combine((1 - t) * (1 + b) * (1 - c) / 2, chord(i - 1), (1 - t) * (1 - b) * (1 + c) / 2, chord(i))
    }

    /// Pⱼ with duplicated endpoints.
    private func point(_ j: Int) -> [Double] { points[min(max(j, 0), points.count - 1)] }

    /// Pⱼ₊₁ − Pⱼ (zero beyond the ends).
    private func chord(_ j: Int) -> [Double] { zip(point(j + 1), point(j)).map { $0 - $1 } }

    /// Δⱼ = kⱼ₊₁ − kⱼ, repeating the first and last intervals beyond the ends.
    private func interval(_ j: Int) -> Double {
        let last = keyTimes.count - 2
        guard last >= 0 else { return 0 }
        let k = min(max(j, 0), last)
        return keyTimes[k + 1] - keyTimes[k]
    }

    /// 2Δ/(Δ + neighbour), or 1 when that is undefined.
    private func factor(_ own: Double, _ neighbour: Double) -> Double {
        let sum = own + neighbour
        guard sum > 0, sum.isFinite else { return 1 }
        return 2 * own / sum
    }

    private func parameters(_ i: Int) -> (tension: Double, continuity: Double, bias: Double) {
        func read(_ a: [Double]) -> Double { i >= 0 && i < a.count && a[i].isFinite ? a[i] : 0 }
        return (read(tension), read(continuity), read(bias))
    }

    private func combine(_ a: Double, _ u: [Double], _ b: Double, _ v: [Double]) -> [Double] {
        zip(u, v).map { a * $0 + b * $1 }
    }

    private func scaled(_ u: [Double], by k: Double) -> [Double] { u.map { $0 * k } }
}

/// A cubic Hermite segment H(f), f ∈ [0, 1], from `start` to `end` with the given end tangents.
struct HermiteSegment {
    let start: [Double]
    let end: [Double]
    let startTangent: [Double]
    let endTangent: [Double]

    /// H(f) = h00·P0 + h10·M0 + h01·P1 + h11·M1.
    func value(at f: Double) -> [Double] {
        let f2 = f * f, f3 = f2 * f
        return blend(2 * f3 - 3 * f2 + 1, f3 - 2 * f2 + f, -2 * f3 + 3 * f2, f3 - f2)
    }

    /// H'(f).
    func derivative(at f: Double) -> [Double] {
        let f2 = f * f
        return blend(6 * f2 - 6 * f, 3 * f2 - 4 * f + 1, -6 * f2 + 6 * f, 3 * f2 - 2 * f)
    }

    private func blend(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> [Double] {
        (0..<start.count).map { a * start[$0] + b * startTangent[$0] + c * end[$0] + d * endTangent[$0] }
    }
}
