#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A CIELAB colour (D65 white point): `l` in 0…100, `a` and `b` roughly in −128…127.
public struct LabColor: Hashable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The Lab colour of an 8-bit sRGB colour: sRGB → linear (IEC 61966-2-1) → XYZ (D65) → Lab.
    public init(srgbRed r: UInt8, green g: UInt8, blue b: UInt8) {
        let lr = SRGB.linear[Int(r)], lg = SRGB.linear[Int(g)], lb = SRGB.linear[Int(b)]
        let x = 0.412_456_4 * lr + 0.357_576_1 * lg + 0.180_437_5 * lb
        let y = 0.212_672_9 * lr + 0.715_152_2 * lg + 0.072_175_0 * lb
        let z = 0.019_333_9 * lr + 0.119_192_0 * lg + 0.950_304_1 * lb
        let fx = Self.f(x / SRGB.whiteX), fy = Self.f(y), fz = Self.f(z / SRGB.whiteZ)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// The Lab colour a premultiplied RGBA8 pixel shows over opaque white.
    ///
    /// Compositing over white is exact in integers (c + 255 − a, since the colour is already
    /// multiplied by alpha) and, unlike un-premultiplying, gives transparent and nearly transparent
    /// pixels the colour they are seen with: a transparent pixel is white whatever its channels.
    public init(premultipliedOverWhite r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) {
        let k = 255 - Int(a)
        self.init(srgbRed: UInt8(min(255, Int(r) + k)), green: UInt8(min(255, Int(g) + k)),
                  blue: UInt8(min(255, Int(b) + k)))
    }

    /// CIE's f(t): the cube root above (6/29)³, a line below it.
    private static func f(_ t: Double) -> Double {
        let delta = 6.0 / 29.0
        return t > delta * delta * delta ? cbrt(t) : t / (3 * delta * delta) + 4.0 / 29.0
    }
}

/// sRGB transfer function and the D65 white, tabulated once.
enum SRGB {
    /// The D65 reference white in XYZ (Y = 1).
    static let whiteX = 0.950_47
    static let whiteZ = 1.088_83

    /// Linear light of each 8-bit sRGB value.
    static let linear: [Double] = (0...255).map { v in
        let c = Double(v) / 255
        return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}
