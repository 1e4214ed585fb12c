import AnimScene

/// Checks that command-line overrides (--fps, --scale, --include-end) keep the render within the scene limits.
public enum CanvasCheck {
    /// What is wrong, as an error naming `file`, or nil. A render that would end after a day is
    /// located where the scene's duration comes from (`canvas.duration`, or the animation or action
    /// that ends last when it is inferred).
    public static func problem(_ r: Renderer, file: String?) -> SceneError? {
        let (w, h) = r.pixelSize
        if Double(w) > SceneLimits.maxPixelDimension || Double(h) > SceneLimits.maxPixelDimension
            || Double(w) * Double(h) > SceneLimits.maxPixelCount {
            return SceneError(file: file, message: "the canvas would be \(w)×\(h) pixels; the limit is \(Int(SceneLimits.maxPixelDimension)) per side and 64 megapixels")
        }
        if w < 1 || h < 1 { return SceneError(file: file, message: "the canvas would be \(w)×\(h) pixels") }
        if r.frameCount > SceneLimits.maxFrames {
            return SceneError(file: file, message: "the render would have \(r.frameCount) frames; at most \(SceneLimits.maxFrames) are allowed")
        }
        if !(r.endTime <= SceneLimits.maxDuration) {
            return r.scene.durationError(
                "the render would end at \(r.endTime.formatted) s (its last frame lasts 1/fps = \((1 / r.canvas.fps).formatted) s); "
                    + "at most \(SceneLimits.maxDuration.formatted) s is allowed",
                hint: r.includeEnd ? "leave out --include-end, or end the scene earlier" : nil, file: file)
        }
        return nil
    }

    /// The error for a render of frames by index (all of them, or `--frame N`) when the scene has
    /// none, located where the scene's duration comes from; nil when it has frames.
    public static func noFrames(_ r: Renderer, file: String?) -> SceneError? {
        guard r.frameCount == 0 else { return nil }
        return r.scene.durationError(
            "the scene has no frames: duration \(r.canvas.duration.formatted) s × \(r.canvas.fps.formatted) fps rounds to 0",
            hint: "give the scene a longer canvas.duration", file: file)
    }
}
