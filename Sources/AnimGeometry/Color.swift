/// A straight-alpha sRGB colour with components in 0…1 (UIColor / CGColor in device RGB).
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// The same colour with every component clamped to 0…1 (NaN becomes 0).
    public var clamped: Color {
        func c(_ v: Double) -> Double { v.isNaN ? 0 : min(1, max(0, v)) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }

    /// Premultiplied 8-bit components, rounded to nearest: round(255·c·a).
    public var premultipliedRGBA8: (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let k = clamped
        func q(_ v: Double) -> UInt8 { UInt8((v * 255 + 0.5).rounded(.down)) }
        return (q(k.red * k.alpha), q(k.green * k.alpha), q(k.blue * k.alpha), q(k.alpha))
    }
}
