import AnimGeometry
import AnimEngine
import AnimLayers
import AnimTiming

extension SceneDecoder {
    /// CASpringAnimation: the basic keys plus the spring's parameters; a missing `duration` is the
    /// spring's settling duration.
    func decodeSpring(_ object: JSONObjectReader, timing: inout MediaTiming) -> Animation.Content? {
        guard let basic = decodeBasic(object) else { return nil }
        var spring = Spring()
        if let v = positive(object, "mass") { spring.mass = v }
        if let v = positive(object, "stiffness") { spring.stiffness = v }
        if let v = finite(object, "damping", min: 0) { spring.damping = v }
        if let v = finite(object, "initialVelocity", min: nil) { spring.initialVelocity = v }
        if let r = object.optional("allowsOverdamping") {
            spring.allowsOverdamping = attempt { () throws(SceneError) in try r.bool() } ?? false
        }
        if object.optional("duration") == nil { timing.duration = settlingDuration(spring, object) }
        return .spring(SpringAnimation(basic: basic, spring: spring))
    }

    /// The duration of a spring without `duration`: its settling duration. Where that has no value
    /// (an undamped spring, which never settles, or UIKit's "no estimate" case) a duration is
    /// required rather than Core Animation's 0.25 s default cutting the motion short.
    private func settlingDuration(_ spring: Spring, _ object: JSONObjectReader) -> Double {
        let t = spring.settlingDuration
        guard t == 0, spring.mass > 0, spring.stiffness > 0 else { return t }
        if spring.damping == 0 {
            errors.append((object.optional("damping") ?? object.reader).error(
                "a spring with damping 0 never settles, so it has no settling duration to run for",
                hint: "give the animation a 'duration' (the motion is cut off there) or a damping above 0"))
        } else if spring.hasNoAmplitudeEstimate {
            errors.append(object.reader.error("this spring has no settling duration: " + Self.noAmplitudeReason(spring),
                                              hint: "give the animation a 'duration'"))
        } else {
            // Otherwise only extreme values (a damping of 1e300, a mass of 1e-300) leave the
            // estimate without a finite positive value.
            errors.append(object.reader.error(
                "this spring's settling duration cannot be estimated: mass \(formatNumber(spring.mass)), stiffness \(formatNumber(spring.stiffness)) and damping \(formatNumber(spring.damping)) are out of the estimate's range",
                hint: "give the animation a 'duration'"))
        }
        return 0
    }

    /// Why UIKit's estimate has no amplitude for `spring`: |(ζω0 − v)/ωd| is below FLT_EPSILON when
    /// initialVelocity is (nearly) damping / (2 · mass), or when the stiffness dwarfs the damping.
    private static func noAmplitudeReason(_ spring: Spring) -> String {
        let rate = spring.damping / (2 * spring.mass), v = spring.initialVelocity
        if abs(v - rate) <= 1e-6 * max(abs(v), abs(rate)) {
            return "UIKit's estimate gives none when initialVelocity equals damping / (2 · mass)"
        }
        // The factor is small because its numerator is (damping and velocity near 0) or because ωd is large.
        let cause = abs(rate - v) < 1.19e-5
            ? "a damping of \(formatNumber(spring.damping)) with an initialVelocity of \(formatNumber(v)) makes it here"
            : "a stiffness of \(formatNumber(spring.stiffness)) makes it here (ωd ≈ \(formatNumber(spring.naturalFrequency.rounded())) rad/s)"
        return "UIKit's estimate gives none when the spring's amplitude factor |(damping / (2 · mass) − initialVelocity) / ωd| "
            + "is below 1.19e-7, as \(cause)"
    }

    /// CAAnimationGroup: `animations`, each decoded like a layer's animation.
    func decodeGroup(_ object: JSONObjectReader) -> Animation.Content? {
        guard let r = attempt({ () throws(SceneError) in try object.required("animations") }),
              let list = attempt({ () throws(SceneError) in try r.array() }) else { return nil }
        var children: [Animation] = []
        for item in list {
            if let child = decodeAnimation(item) { children.append(child) }
        }
        return .group(AnimationGroup(animations: children))
    }
}
