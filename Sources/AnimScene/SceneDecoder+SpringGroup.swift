import AnimEngine
import AnimLayers
import AnimTiming

extension SceneDecoder {
    /// CASpringAnimation: the basic keys plus the spring's parameters; a missing `duration` is the
    /// spring's settling duration.
    func decodeSpring(_ object: JSONObjectReader, timing: inout MediaTiming) -> Animation.Content? {
        guard let basic = decodeBasic(object) else { return nil }
        var spring = Spring()
        if let v = finite(object, "mass", min: 0) { spring.mass = v }
        if let v = finite(object, "stiffness", min: 0) { spring.stiffness = v }
        if let v = finite(object, "damping", min: 0) { spring.damping = v }
        if let v = finite(object, "initialVelocity", min: nil) { spring.initialVelocity = v }
        if let r = object.optional("allowsOverdamping") {
            spring.allowsOverdamping = attempt { () throws(SceneError) in try r.bool() } ?? false
        }
        for key in ["mass", "stiffness"] {
            if let r = object.optional(key), (try? r.number()) == 0 { errors.append(r.error("\(key) must be more than 0")) }
        }
        if object.optional("duration") == nil { timing.duration = spring.settlingDuration }
        return .spring(SpringAnimation(basic: basic, spring: spring))
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
