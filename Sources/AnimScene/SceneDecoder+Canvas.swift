import AnimGeometry

extension SceneDecoder {
    static let canvasKeys = ["width", "height", "scale", "background", "fps", "duration"]

    func decodeCanvas(_ reader: JSONReader) -> SceneCanvas? {
        guard let object = attempt({ () throws(SceneError) in try reader.object() }) else { return nil }
        report(object.unknownKeys(allowed: Self.canvasKeys))
        let width = positive(object, "width", required: true)
        let height = positive(object, "height", required: true)
        guard let width, let height else { return nil }
        var canvas = SceneCanvas(width: width, height: height)
        if let scale = positive(object, "scale", required: false) { canvas.scale = scale }
        if let fps = positive(object, "fps", required: false) {
            if fps > 1000 {
                errors.append(object.optional("fps")!.error("fps must be at most 1000, found \(formatNumber(fps))"))
            } else {
                canvas.fps = fps
            }
        }
        if let r = object.optional("duration"), let d = attempt({ () throws(SceneError) in try r.number() }) {
            if d < 0 {
                errors.append(r.error("duration must be 0 or more, found \(formatNumber(d))"))
            } else if d > SceneLimits.maxDuration {
                errors.append(r.error("duration must be at most \(formatNumber(SceneLimits.maxDuration)) s (a day), found \(formatNumber(d))"))
            } else {
                canvas.duration = d
            }
        }
        if let r = object.optional("background"), let c = attempt({ () throws(SceneError) in try r.color() }) {
            canvas.background = c
        }
        checkPixelSize(canvas, object)
        return canvas
    }

    private func positive(_ object: JSONObjectReader, _ key: String, required: Bool) -> Double? {
        let reader: JSONReader?
        if required {
            reader = attempt { () throws(SceneError) in try object.required(key) }
        } else {
            reader = object.optional(key)
        }
        guard let reader, let v = attempt({ () throws(SceneError) in try reader.number() }) else { return nil }
        guard v > 0 else {
            errors.append(reader.error("\(key) must be greater than 0, found \(formatNumber(v))"))
            return nil
        }
        return v
    }

    /// Rejects canvases whose bitmap would be absurdly large.
    func checkPixelSize(_ canvas: SceneCanvas, _ object: JSONObjectReader) {
        let w = (canvas.width * canvas.scale).rounded(), h = (canvas.height * canvas.scale).rounded()
        let reader = object.optional("width") ?? object.reader
        if w > SceneLimits.maxPixelDimension || h > SceneLimits.maxPixelDimension || w * h > SceneLimits.maxPixelCount {
            errors.append(reader.error(
                "the canvas is \(formatNumber(w))×\(formatNumber(h)) pixels (size × scale); the limit is \(Int(SceneLimits.maxPixelDimension)) per side and \(Int(SceneLimits.maxPixelCount / 1_048_576)) megapixels"))
        } else if w < 1 || h < 1 {
            errors.append(reader.error("the canvas must be at least 1×1 pixel (size × scale), found \(formatNumber(w))×\(formatNumber(h))"))
        }
    }
}
