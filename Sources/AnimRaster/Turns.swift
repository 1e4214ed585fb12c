/// A deterministic two-argument arctangent measured in turns, for per-pixel use.
///
/// libm's `atan2` may differ in the last bit between platforms and library versions, which could
/// flip a quantised gradient index; this uses only +, −, ×, ÷ and comparisons on doubles (IEEE-exact,
/// no fused multiply-add), so every machine computes the same bits.
enum Turns {
    /// atan2(y, x) / 2π normalised to [0, 1): 0 along +x, 0.25 along +y. Within 3·10⁻⁷ turns of the
    /// exact value and exact on the axes (0, ¼, ½ and ¾ come out exactly); (0, 0) gives 0.
    @inline(__always)
    static func atan2(_ y: Double, _ x: Double) -> Double {
        let ax = abs(x), ay = abs(y)
        let big = ax > ay ? ax : ay, small = ax > ay ? ay : ax
        guard big > 0 else { return 0 }
        var a = octant(small / big)
        if ay > ax { a = 0.25 - a }
        if x < 0 { a = 0.5 - a }
        if y < 0 { a = 1 - a }
        return a < 1 ? a : 0
    }

    /// atan(r) / 2π for r in [0, 1], as r·P(r²) with a degree-5 P fitted for minimal maximum error
    /// (2.7·10⁻⁷ turns); P(0)·0 = 0 exactly.
    @inline(__always)
    static func octant(_ r: Double) -> Double {
        let r2 = r * r
        var p = -0.0018651569121085308
        p = p * r2 + 0.008379082683480522
        p = p * r2 - 0.018529847148875206
        p = p * r2 + 0.030802906560373208
        p = p * r2 - 0.05293856714667143
        p = p * r2 + 0.1591513173980865
        return r * p
    }
}
