import AnimGeometry

extension Scene {
    /// The `goldenFrames` entries past the scene's last frame, each as an error located at the
    /// entry (`file:line:column: goldenFrames[1]: …`; without a location for a scene built in code).
    ///
    /// The frames that exist are the scene's own, round(duration × fps) from its canvas: golden
    /// tests always render at the scene's frame rate. `animrender render` does not report these,
    /// since it may render at another rate (`--fps`); `animrender test` does.
    public func goldenFrameErrors(file: String?) -> [SceneError] {
        guard let frames = goldenFrames else { return [] }
        let count = canvas.frameCount()
        return frames.enumerated().compactMap { k, frame in
            guard frame >= count else { return nil }
            return SceneError(file: file, path: JSONPath.root.key("goldenFrames").index(k),
                              location: k < goldenFrameLocations.count ? goldenFrameLocations[k] : nil,
                              message: "frame \(frame) is past the scene's end: " + framesText(count))
        }
    }

    /// "it has 36 frames, 0…35 (duration 1.2 s × 30 fps; …)".
    private func framesText(_ count: Int) -> String {
        let origin = "(duration \(formatNumber(canvas.duration)) s × \(formatNumber(canvas.fps)) fps; golden tests always "
            + "render at the scene's own fps, render's --fps does not apply)"
        switch count {
        case 0: return "it has no frames " + origin
        case 1: return "it has 1 frame, 0 " + origin
        default: return "it has \(count) frames, 0…\(count - 1) " + origin
        }
    }
}
