import AnimGeometry

extension SceneDecoder {
    static let toleranceKeys = ["maxChannelDelta", "maxDifferingPixels", "perceptualDeltaE", "reason"]

    /// `goldenTolerance`: `{"maxChannelDelta": 2, "maxDifferingPixels": 10, "reason": "…"}` or
    /// `{"perceptualDeltaE": 2, "reason": "…"}`; a reason is required so loosened checks stay explained.
    func decodeGoldenTolerance(_ reader: JSONReader) -> SceneGoldenTolerance? {
        guard let object = attempt({ () throws(SceneError) in try reader.object() }) else { return nil }
        report(object.unknownKeys(allowed: Self.toleranceKeys))
        guard let reasonReader = attempt({ () throws(SceneError) in try object.required("reason") }),
              let reason = attempt({ () throws(SceneError) in try reasonReader.string() }) else { return nil }
        if reason.allSatisfy(\.isWhitespace) {
            errors.append(reasonReader.error("reason must say why the scene cannot be compared exactly"))
        }
        var tolerance = SceneGoldenTolerance(reason: reason)
        tolerance.maxChannelDelta = toleranceInteger(object, "maxChannelDelta", max: 255) ?? 0
        tolerance.maxDifferingPixels = toleranceInteger(object, "maxDifferingPixels", max: Int(Int32.max)) ?? 0
        if let r = object.optional("perceptualDeltaE"), let v = attempt({ () throws(SceneError) in try r.number() }) {
            if v <= 0 || v > 100 { errors.append(r.error("perceptualDeltaE must lie in (0, 100], found \(formatNumber(v))")) }
            tolerance.perceptualDeltaE = v
        }
        return tolerance
    }

    private func toleranceInteger(_ object: JSONObjectReader, _ key: String, max: Int) -> Int? {
        guard let r = object.optional(key), let v = attempt({ () throws(SceneError) in try r.integer() }) else { return nil }
        guard (0...max).contains(v) else {
            errors.append(r.error("\(key) must lie in 0…\(max), found \(v)"))
            return nil
        }
        return v
    }
}
