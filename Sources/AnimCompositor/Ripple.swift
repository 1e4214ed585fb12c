import AnimGeometry
import AnimRaster

/// CATransition "rippleEffect": rings of waves run outward from the centre of the layer, refracting
/// the picture, while the old rendering dissolves into the new one. The waves swell in and die out
/// (amplitude ∝ sin πp), so the first and last frames are undistorted. iOS's exact wave is
/// unpublished; the constants are chosen to look like it (docs/transitions.md).
struct Ripple: LayerWarp {
    let size: Size
    let old: WarpTexture
    let new: WarpTexture
    let progress: Double
    let envelope: Double
    let amplitude: Double
    let wavelength: Double

    init(size: Size, old: WarpTexture, new: WarpTexture, progress: Double) {
        self.size = size
        self.old = old
        self.new = new
        self.progress = progress
        let side = min(size.width, size.height)
        envelope = sine(Double.pi * progress)
        amplitude = side * 0.02 * envelope
        wavelength = max(4, side / 4)
    }

    /// Waves travel three wavelengths outward over the transition.
    static let travel = 3.0
    /// How much crests brighten and troughs darken at full swell.
    static let glint = 0.12

    func region(u: Double, v: Double) -> Int {
        u >= 0 && v >= 0 && u <= size.width && v <= size.height ? 0 : -1
    }

    func color(u: Double, v: Double) -> SIMD4<Double> {
        guard region(u: u, v: v) == 0 else { return SIMD4(repeating: 0) }
        let dx = u - size.width / 2, dy = v - size.height / 2
        let rho = (dx * dx + dy * dy).squareRoot()
        let phase = 2 * Double.pi * (rho / wavelength - Self.travel * progress)
        // The water is still along the edges, so the outline of the layer does not wobble.
        let edge = min(u, v, size.width - u, size.height - v)
        let still = min(1, max(0, edge / (wavelength / 2)))
        let shift = rho > 0 ? amplitude * still * sine(phase) / rho : 0
        let su = min(size.width, max(0, u + dx * shift)), sv = min(size.height, max(0, v + dy * shift))
        let mix = progress * progress * (3 - 2 * progress)
        let c = old.sample(su, sv) * (1 - mix) + new.sample(su, sv) * mix
        // Crests catch the light, troughs darken.
        return c.shaded(1 + Self.glint * envelope * still * cosine(phase))
    }
}
