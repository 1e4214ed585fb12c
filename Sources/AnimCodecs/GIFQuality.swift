/// What a GIF quality (`--gif-quality`, 1…100) sets. Higher is closer to the source and larger.
///
/// - 100…85: lossless differencing (a pixel is redrawn whenever its source colour changed);
///   below 85, a changed pixel within ``tolerance(_:)`` of what is already shown on every channel
///   stays transparent (error never builds up: it is measured against what is shown).
/// - Dithering strength ``ditherStrength(_:)``: (q − 50) / 50 above 50, none at 50 and below;
///   only pixels a palette cannot show within ``OrderedDither/tolerance`` are dithered.
/// - Colour budget ``colours(_:limit:)``: the full `--colors` at 40 and above, fewer below.
public enum GIFQuality {
    /// Valid qualities.
    public static let range = 1...100
    /// The default quality.
    public static let standard = 85

    /// Largest per-channel difference from the shown colour that a changed pixel may keep.
    public static func tolerance(_ quality: Int) -> Int {
        quality >= 85 ? 0 : (85 - quality + 5) / 6
    }

    /// Ordered-dithering strength, 0…1.
    public static func ditherStrength(_ quality: Int) -> Double {
        quality > 50 ? Double(quality - 50) / 50 : 0
    }

    /// Palette entries per frame for a `limit` of `--colors`.
    public static func colours(_ quality: Int, limit: Int) -> Int {
        quality >= 40 ? limit : max(2, limit * (quality + 24) / 64)
    }
}
