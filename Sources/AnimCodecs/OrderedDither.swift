/// Ordered dithering with an 8×8 Bayer matrix anchored to canvas coordinates: a pixel's threshold
/// depends on where it is on the screen, never on the frame's crop rectangle, so a pixel redrawn
/// with the same colour and palette gets the same index in every frame (nothing crawls).
///
/// Only pixels that need it are dithered: a colour the palette holds exactly, or whose nearest
/// entry is within ``tolerance`` on every channel, keeps its nearest entry. Others are offset, on
/// all three channels alike, by `strength` × their nearest entry's largest channel error × (threshold
/// − ½) × 2, then mapped to the nearest entry (lowest index on ties), so a smooth gradient between
/// two entries mixes them in proportion instead of banding.
public struct OrderedDither: Hashable, Sendable {
    /// The classic recursive 8×8 Bayer matrix, values 0…63.
    static let matrix: [Int] = [
        0, 32, 8, 40, 2, 34, 10, 42,
        48, 16, 56, 24, 50, 18, 58, 26,
        12, 44, 4, 36, 14, 46, 6, 38,
        60, 28, 52, 20, 62, 30, 54, 22,
        3, 35, 11, 43, 1, 33, 9, 41,
        51, 19, 59, 27, 49, 17, 57, 25,
        15, 47, 7, 39, 13, 45, 5, 37,
        63, 31, 55, 23, 61, 29, 53, 21,
    ]

    /// Largest per-channel error left undithered.
    public static let tolerance = 2

    /// 0 (off) … 1 (offsets spanning twice the nearest entry's error).
    public var strength: Double

    public init(strength: Double) {
        self.strength = min(1, max(0, strength))
    }

    /// The threshold offset, −0.5…0.5, at canvas pixel (x, y).
    @inline(__always)
    static func threshold(x: Int, y: Int) -> Double {
        (Double(matrix[(y & 7) * 8 + (x & 7)]) + 0.5) / 64 - 0.5
    }

    /// The palette index for `colour` at canvas pixel (x, y), whose nearest entry is `nearest`.
    func index(of colour: Colour, nearest: Int, in palette: [Colour], x: Int, y: Int) -> Int {
        let p = palette[nearest]
        let error = max(abs(colour.r - p.r), abs(colour.g - p.g), abs(colour.b - p.b))
        guard error > Self.tolerance, strength > 0 else { return nearest }
        let offset = Int((2 * strength * Double(error) * Self.threshold(x: x, y: y)).rounded())
        let c = Colour(r: min(255, max(0, colour.r + offset)), g: min(255, max(0, colour.g + offset)),
                       b: min(255, max(0, colour.b + offset)))
        return VarianceCut.nearest(c, in: palette)
    }
}
