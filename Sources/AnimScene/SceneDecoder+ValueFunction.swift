import AnimEngine
import AnimLayers

extension SceneDecoder {
    /// An animation's `valueFunction` (CAPropertyAnimation.valueFunction, §3.3); nil when there is
    /// none, and nil with an error recorded when the name is unknown or the key path does not hold
    /// a whole transform (`transform`, `sublayerTransform`).
    func decodeValueFunction(_ object: JSONObjectReader, keyPath: LayerKeyPath) -> ValueFunction? {
        guard let r = object.optional("valueFunction"),
              let function = decodeName(r, ValueFunction.self, what: "valueFunction") else { return nil }
        guard keyPath.kind == .transform else {
            let whole = keyPath.property.kind == .transform ? keyPath.property.rawValue : nil
            errors.append(r.error("valueFunction builds a transform matrix: it applies to the key paths 'transform' and 'sublayerTransform', not '\(keyPath)' (a \(keyPath.kind.phrase))",
                                  hint: whole.map { "use keyPath '\($0)' with the value function, or '\(keyPath)' without one" }))
            return nil
        }
        return function
    }

    /// A from/to/by value or keyframe value: the value function's input when there is one (a
    /// number, or [x, y, z] for `scale` and `translate`), else a value of the key path's kind.
    func decodeAnimationValue(_ keyPath: LayerKeyPath, _ function: ValueFunction?, _ r: JSONReader) throws(SceneError) -> AnimatableValue {
        guard let function else { return try decodeValue(keyPath.kind, r) }
        let what = "\(Self.inputDescription(function)) for valueFunction '\(function.rawValue)'"
        if function.inputKind == .vector3 {
            let hint = "'\(function.rawValue)' takes three numbers; for one axis use '\(function.rawValue)X', 'Y' or 'Z'"
            guard case .array = r.value else { throw r.expected(what, hint: hint) }
            let v = try r.numberList([3], what: what)
            return .vector3(.init(x: v[0], y: v[1], z: v[2]))
        }
        guard case .number = r.value else {
            throw r.expected(what, hint: Self.threeAxisFunction(function).map { "for [x, y, z] use valueFunction '\($0)'" })
        }
        return .number(try r.number())
    }

    /// What the function's values are, for messages.
    static func inputDescription(_ function: ValueFunction) -> String {
        switch function {
        case .rotateX, .rotateY, .rotateZ: "one number (an angle in radians)"
        case .scaleX, .scaleY, .scaleZ: "one number (a scale factor)"
        case .translateX, .translateY, .translateZ: "one number (a distance in points)"
        case .scale: "[sx, sy, sz] (three scale factors)"
        case .translate: "[tx, ty, tz] (three distances in points)"
        }
    }

    /// The three-number function of a one-axis scale or translation (`scaleX` → `scale`).
    static func threeAxisFunction(_ function: ValueFunction) -> String? {
        switch function {
        case .scaleX, .scaleY, .scaleZ: ValueFunction.scale.rawValue
        case .translateX, .translateY, .translateZ: ValueFunction.translate.rawValue
        default: nil
        }
    }
}
