/// CAMediaTimingFunction: a cubic Bézier from (0,0) to (1,1) with two control points, mapping a
/// cycle's time fraction to a progress fraction.
///
/// Control points are stored in single precision, as Core Animation stores them
/// (`functionWithControlPoints::::` keeps floats), then evaluated in double precision.
/// The solver is WebKit's UnitBezier method: an 11-sample spline guess, at most 4 Newton steps with
/// epsilon 1e-7, then bisection; outside [0, 1] it extrapolates with the end gradients.
public struct TimingFunction: Hashable, Sendable {
    public let c1x: Float
    public let c1y: Float
    public let c2x: Float
    public let c2y: Float

    public init(_ c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.c1x = c1x
        self.c1y = c1y
        self.c2x = c2x
        self.c2y = c2y
    }

    public static let linear = TimingFunction(0, 0, 1, 1)
    public static let easeIn = TimingFunction(0.42, 0, 1, 1)
    public static let easeOut = TimingFunction(0, 0, 0.58, 1)
    public static let easeInEaseOut = TimingFunction(0.42, 0, 0.58, 1)
    /// kCAMediaTimingFunctionDefault, CSS `ease`.
    public static let `default` = TimingFunction(0.25, 0.1, 0.25, 1)

    /// The named functions by their scene-file names, in documentation order.
    public static let named: [(name: String, function: TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    /// Control points are valid when both x coordinates lie in [0, 1] (so x(s) is monotonic).
    public var isValid: Bool {
        [c1x, c1y, c2x, c2y].allSatisfy(\.isFinite) && (0...1).contains(c1x) && (0...1).contains(c2x)
    }

    /// Progress for the time fraction `t`.
    public func value(at t: Double) -> Double {
        if self == .linear { return t }
        return UnitBezier(self).solve(t)
    }
}

/// The polynomial form of a timing curve and WebKit's solver for it.
struct UnitBezier {
    let ax, bx, cx, ay, by, cy: Double
    let startGradient, endGradient: Double
    static let epsilon = 1e-7

    init(_ f: TimingFunction) {
        let p1x = Double(f.c1x), p1y = Double(f.c1y), p2x = Double(f.c2x), p2y = Double(f.c2y)
        cx = 3 * p1x
        bx = 3 * (p2x - p1x) - cx
        ax = 1 - cx - bx
        cy = 3 * p1y
        by = 3 * (p2y - p1y) - cy
        ay = 1 - cy - by
        if p1x > 0 {
            startGradient = p1y / p1x
        } else if p1y == 0 && p2x > 0 {
            startGradient = p2y / p2x
        } else if p1y == 0 && p2y == 0 {
            startGradient = 1
        } else {
            startGradient = 0
        }
        if p2x < 1 {
            endGradient = (p2y - 1) / (p2x - 1)
        } else if p2y == 1 && p1x < 1 {
            endGradient = (p1y - 1) / (p1x - 1)
        } else if p2y == 1 && p1y == 1 {
            endGradient = 1
        } else {
            endGradient = 0
        }
    }

    func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    func sampleDerivativeX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    func solve(_ x: Double) -> Double {
        if x < 0 { return startGradient * x }
        if x > 1 { return 1 + endGradient * (x - 1) }
        return sampleY(solveCurveX(x))
    }

    /// The curve parameter s with x(s) = x.
    func solveCurveX(_ x: Double) -> Double {
        var s = initialGuess(x)
        for _ in 0..<4 {
            let x2 = sampleX(s) - x
            if abs(x2) < Self.epsilon { return s }
            let d2 = sampleDerivativeX(s)
            if abs(d2) < Self.epsilon { break }
            s -= x2 / d2
        }
        if abs(sampleX(s) - x) < Self.epsilon { return s }
        return bisect(x)
    }

    private func initialGuess(_ x: Double) -> Double {
        var previous = 0.0
        for k in 1...10 {
            let s = Double(k) / 10
            let sample = sampleX(s)
            if sample >= x {
                let prevS = Double(k - 1) / 10
                let span = sample - previous
                return span > 0 ? prevS + (x - previous) / span * 0.1 : prevS
            }
            previous = sample
        }
        return 1
    }

    private func bisect(_ x: Double) -> Double {
        var lo = 0.0, hi = 1.0, s = x
        for _ in 0..<64 {
            let xs = sampleX(s)
            if abs(xs - x) < Self.epsilon { return s }
            if x > xs { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }
}
