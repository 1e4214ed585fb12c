import AnimEngine
import AnimGeometry
import AnimLayers
import AnimTiming

extension SceneDecoder {
    /// CAKeyframeAnimation: `values` (any animatable type, or a value function's numbers) or a
    /// `path` (point properties).
    func decodeKeyframe(_ object: JSONObjectReader) -> Animation.Content? {
        guard let pathReader = attempt({ () throws(SceneError) in try object.required("keyPath") }),
              let keyPath = decodeKeyPath(pathReader) else { return nil }
        let errorCount = errors.count
        let function = decodeValueFunction(object, keyPath: keyPath)
        guard errors.count == errorCount else { return nil }
        let mode = object.optional("calculationMode").flatMap { decodeName($0, CalculationMode.self, what: "calculationMode") } ?? .linear
        let keyTimes = object.optional("keyTimes").flatMap(decodeNumbers)
        let functions = object.optional("timingFunctions").flatMap(decodeTimingFunctions) ?? []
        let additive = decodeFlag(object, "additive"), cumulative = decodeFlag(object, "cumulative")
        if function == nil { checkCumulative(cumulative, keyPath, object) }
        if let pathValue = object.optional("path") {
            return decodePathKeyframe(object, pathValue, keyPath: keyPath, mode: mode, keyTimes: keyTimes,
                                      functions: functions, additive: additive, cumulative: cumulative)
        }
        if let r = object.optional("rotationMode") {
            errors.append(r.error("rotationMode only applies to a keyframe animation with a 'path'"))
        }
        guard let valuesReader = attempt({ () throws(SceneError) in try object.required("values") }),
              let list = attempt({ () throws(SceneError) in try valuesReader.array() }) else { return nil }
        let values = list.compactMap { item in attempt { () throws(SceneError) in try decodeAnimationValue(keyPath, function, item) } }
        guard values.count == list.count else { return nil }
        var k = KeyframeAnimation(keyPath: keyPath, values: values, valueFunction: function)
        k.calculationMode = mode
        k.keyTimes = keyTimes
        k.timingFunctions = functions
        k.tensionValues = object.optional("tensionValues").flatMap(decodeNumbers) ?? []
        k.continuityValues = object.optional("continuityValues").flatMap(decodeNumbers) ?? []
        k.biasValues = object.optional("biasValues").flatMap(decodeNumbers) ?? []
        k.isAdditive = additive
        k.isCumulative = cumulative
        if let problem = k.validate() {
            errors.append(locate(problem, in: object, valuesReader: valuesReader))
            return nil
        }
        return .keyframe(k)
    }

    // swiftlint:disable:next function_parameter_count
    private func decodePathKeyframe(_ object: JSONObjectReader, _ pathReader: JSONReader, keyPath: LayerKeyPath,
                                    mode: CalculationMode, keyTimes: [Double]?, functions: [TimingFunction],
                                    additive: Bool, cumulative: Bool) -> Animation.Content? {
        guard keyPath.kind == .point else {
            errors.append(pathReader.error("a path animates a point property such as position; '\(keyPath)' holds a \(keyPath.kind.phrase)"))
            return nil
        }
        for key in ["values", "tensionValues", "continuityValues", "biasValues"] {
            if let r = object.optional(key) { errors.append(r.error("'\(key)' cannot be combined with 'path' (Core Animation ignores it)")) }
        }
        guard let path = attempt({ () throws(SceneError) in try pathReader.bezierPath() }) else { return nil }
        let segments = path.segments
        guard !segments.isEmpty else {
            errors.append(pathReader.error("the path has no drawing elements (a path animation needs at least one line or curve)"))
            return nil
        }
        let rotation = object.optional("rotationMode").flatMap { decodeName($0, RotationMode.self, what: "rotationMode") }
        let animation = PathAnimation(keyPath: keyPath, segments: segments, calculationMode: mode, keyTimes: keyTimes,
                                      timingFunctions: functions, rotationMode: rotation, isAdditive: additive, isCumulative: cumulative)
        if let problem = animation.validate() {
            var error = locate(problem, in: object, valuesReader: pathReader)
            error.hint = "the path has \(segments.count + 1) keyframe points: its start and the end of every line, curve and close"
            errors.append(error)
            return nil
        }
        return .path(animation)
    }

    /// A string naming one case of an enumeration, with a did-you-mean hint.
    func decodeName<T: RawRepresentable & CaseIterable>(_ r: JSONReader, _ type: T.Type, what: String) -> T? where T.RawValue == String {
        guard let s = attempt({ () throws(SceneError) in try r.string() }) else { return nil }
        if let value = T(rawValue: s) { return value }
        let names = T.allCases.map(\.rawValue)
        let hint = EditDistance.suggestion(for: s, among: names)
        errors.append(r.error("unknown \(what) '\(s)'; expected one of \(names.joined(separator: ", "))",
                              hint: hint.map { "did you mean '\($0)'?" }))
        return nil
    }

    func decodeNumbers(_ r: JSONReader) -> [Double]? {
        guard let list = attempt({ () throws(SceneError) in try r.array() }) else { return nil }
        let numbers = list.compactMap { item in attempt { () throws(SceneError) in try item.number() } }
        return numbers.count == list.count ? numbers : nil
    }

    private func decodeTimingFunctions(_ r: JSONReader) -> [TimingFunction]? {
        guard let list = attempt({ () throws(SceneError) in try r.array() }) else { return nil }
        let functions = list.compactMap(decodeTimingFunction)
        return functions.count == list.count ? functions : nil
    }

    func decodeFlag(_ object: JSONObjectReader, _ key: String) -> Bool {
        guard let r = object.optional(key) else { return false }
        return attempt { () throws(SceneError) in try r.bool() } ?? false
    }
}

extension SceneDecoder {
    /// A keyframe problem as an error located at the key it is about.
    func locate(_ problem: KeyframeProblem, in object: JSONObjectReader, valuesReader: JSONReader) -> SceneError {
        guard let field = object.optional(problem.field) else { return valuesReader.error(problem.message) }
        if let index = problem.index, let items = try? field.array(), items.indices.contains(index) {
            return items[index].error(problem.message)
        }
        return field.error(problem.message)
    }
}
