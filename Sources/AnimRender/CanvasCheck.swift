import AnimScene

/// Checks that command-line overrides (--fps, --scale, --include-end) keep the render within the scene limits.
public enum CanvasCheck {
    /// A description of what is wrong, or nil.
    public static func problem(_ r: Renderer) -> String? {
        let (w, h) = r.pixelSize
        if Double(w) > SceneLimits.maxPixelDimension || Double(h) > SceneLimits.maxPixelDimension
            || Double(w) * Double(h) > SceneLimits.maxPixelCount {
            return "the canvas would be \(w)×\(h) pixels; the limit is \(Int(SceneLimits.maxPixelDimension)) per side and 64 megapixels"
        }
        if w < 1 || h < 1 { return "the canvas would be \(w)×\(h) pixels" }
        if r.frameCount > SceneLimits.maxFrames {
            return "the render would have \(r.frameCount) frames; at most \(SceneLimits.maxFrames) are allowed"
        }
        if !(r.endTime <= SceneLimits.maxDuration) {
            return "the render would end at \(r.endTime.formatted) s (its last frame lasts 1/fps = \((1 / r.canvas.fps).formatted) s); "
                + "at most \(SceneLimits.maxDuration.formatted) s is allowed"
        }
        return nil
    }
}
