#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The CIEDE2000 colour difference ΔE₀₀, with kL = kC = kH = 1, exactly as written in
/// G. Sharma, W. Wu, E. N. Dalal, "The CIEDE2000 color-difference formula: implementation notes,
/// supplementary test data, and mathematical observations", Color Res. Appl. 30 (2005) 21–30.
///
/// Roughly: 1 is a just-noticeable difference side by side, 2 is seen on close inspection.
public enum CIEDE2000 {
    /// ΔE₀₀ between two Lab colours (symmetric, 0 for equal colours).
    public static func difference(_ c1: LabColor, _ c2: LabColor) -> Double {
        let p1 = Prime(c1, cBar: (chroma(c1) + chroma(c2)) / 2)
        let p2 = Prime(c2, cBar: (chroma(c1) + chroma(c2)) / 2)
        let deltaL = c2.l - c1.l
        let deltaC = p2.c - p1.c
        let deltaH = 2 * (p1.c * p2.c).squareRoot() * sin(radians(hueDifference(p1, p2) / 2))
        let lBar = (c1.l + c2.l) / 2
        let cBar = (p1.c + p2.c) / 2
        let hBar = meanHue(p1, p2)
        let t = 1 - 0.17 * cos(radians(hBar - 30)) + 0.24 * cos(radians(2 * hBar))
            + 0.32 * cos(radians(3 * hBar + 6)) - 0.20 * cos(radians(4 * hBar - 63))
        let deltaTheta = 30 * exp(-pow((hBar - 275) / 25, 2))
        let rC = 2 * sevenRatio(cBar).squareRoot()
        let l50 = (lBar - 50) * (lBar - 50)
        let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sC = 1 + 0.045 * cBar
        let sH = 1 + 0.015 * cBar * t
        let rT = -sin(radians(2 * deltaTheta)) * rC
        let l = deltaL / sL, c = deltaC / sC, h = deltaH / sH
        return max(0, l * l + c * c + h * h + rT * c * h).squareRoot()
    }

    /// C′ and h′ (degrees in [0, 360)) of one colour, after scaling a* by 1 + G.
    struct Prime {
        var c: Double
        var h: Double

        init(_ color: LabColor, cBar: Double) {
            let g = 0.5 * (1 - sevenRatio(cBar).squareRoot())
            let a = (1 + g) * color.a
            c = (a * a + color.b * color.b).squareRoot()
            if a == 0 && color.b == 0 {
                h = 0
            } else {
                let degrees = atan2(color.b, a) * 180 / .pi
                h = degrees < 0 ? degrees + 360 : degrees
            }
        }
    }

    /// Δh′: the hue angle difference, wrapped into (−180, 180]; 0 when either chroma is 0.
    static func hueDifference(_ p1: Prime, _ p2: Prime) -> Double {
        guard p1.c * p2.c != 0 else { return 0 }
        let d = p2.h - p1.h
        if abs(d) <= 180 { return d }
        return d > 180 ? d - 360 : d + 360
    }

    /// h̄′: the mean hue, taken the short way round; the sum when either chroma is 0.
    static func meanHue(_ p1: Prime, _ p2: Prime) -> Double {
        let sum = p1.h + p2.h
        guard p1.c * p2.c != 0 else { return sum }
        if abs(p1.h - p2.h) <= 180 { return sum / 2 }
        return sum < 360 ? (sum + 360) / 2 : (sum - 360) / 2
    }

    /// C⁷ / (C⁷ + 25⁷).
    static func sevenRatio(_ c: Double) -> Double {
        let c2 = c * c
        let c7 = c2 * c2 * c2 * c
        return c7 / (c7 + 6_103_515_625)
    }

    static func chroma(_ c: LabColor) -> Double { (c.a * c.a + c.b * c.b).squareRoot() }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
}
