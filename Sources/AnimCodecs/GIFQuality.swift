/// What a GIF quality (`--gif-quality`, 1…100) sets. Higher is closer to the source and larger.
///
/// - Keeping (``keepSlack(_:)``): after quantizing, a drawn pixel whose shown colour is within its
///   palette error plus a slack stays kept (``KeptPixels``). The slack is 0 at 90 and above, and
///   (90 − q) × 60 % of the frame's mean squared palette error below: 300 % at the default 85. A
///   frame the palette shows exactly has no palette error, so it stays exact at every quality.
/// - 100…75: every pixel whose source changed is considered for drawing; below 75, a changed pixel
///   within ``tolerance(_:)`` of what is already shown on every channel is not (error never builds
///   up: it is measured against what is shown).
/// - Dithering strength ``ditherStrength(_:)``: (q − 85) / 15 above 85, none at 85 and below (PSNR
///   and the file size both prefer the nearest colour; dither for gradients that band);
///   only pixels a palette cannot show within ``OrderedDither/tolerance`` are dithered.
/// - Colour budget ``colours(_:limit:)``: the full `--colors` at 40 and above, fewer below.
public enum GIFQuality {
    /// Valid qualities.
    public static let range = 1...100
    /// The default quality.
    public static let standard = 85

    /// Largest per-channel difference from the shown colour that a changed pixel may keep.
    public static func tolerance(_ quality: Int) -> Int {
        quality >= 75 ? 0 : (75 - quality + 5) / 6
    }

    /// Ordered-dithering strength, 0…1.
    public static func ditherStrength(_ quality: Int) -> Double {
        quality > 85 ? Double(quality - 85) / 15 : 0
    }

    /// How far beyond its palette error a drawn pixel's shown colour may be and still be kept, in
    /// per cent of the frame's mean squared palette error.
    public static func keepSlack(_ quality: Int) -> Int {
        max(0, 90 - quality) * 60
    }

    /// Palette entries per frame for a `limit` of `--colors`.
    public static func colours(_ quality: Int, limit: Int) -> Int {
        quality >= 40 ? limit : max(2, limit * (quality + 24) / 64)
    }
}
