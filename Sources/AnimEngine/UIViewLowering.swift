import AnimLayers
import AnimTiming

/// How UIKit turns an animations block into Core Animation animations (core-animation-semantics.md
/// §2.5, §3.2): the block's model changes apply at once; every animatable property whose model value
/// changed gets an animation from its old value, with fillMode both so the old value shows during
/// the delay. position, bounds, contentsRect and contentsCenter animate additively (iOS 8+: old −
/// new → 0, never replacing an animation in flight, so interruptions blend; §3.2 also lists
/// cornerRadius on newer SDKs only, which stays non-additive); the other properties animate from the old model
/// value (or the presentation value with beginFromCurrentState) to the live model value, under the
/// property's name, replacing an animation in flight. Booleans (hidden) change without animating.
enum UIViewLowering {
    /// The properties UIKit animates additively (`_UIViewAdditiveAnimationAction`, §3.2).
    static let additive: Set<LayerProperty> = [.position, .bounds, .contentsRect, .contentsCenter]

    static func apply(_ a: UIViewAnimation, at t: Double, tree: inout LayerTree, attached: inout [AttachedAnimations]) {
        for entry in a.changes {
            let layer = entry.layer
            let before = tree.nodes[layer].properties
            var after = before
            entry.settings.apply(to: &after)
            tree.nodes[layer].properties = after
            guard a.duration > 0 else { continue }  // "the changes are made without animating them"
            let now = tree.localTime(of: layer, at: t)
            let shown = a.beginFromCurrentState ? presentation(before, attached[layer], at: now) : before
            for property in LayerProperty.allCases where property.kind != .bool {
                let old = property.get(before), new = property.get(after)
                guard old != new else { continue }
                let animation = make(a, property, old: old, new: new, shown: property.get(shown), begin: now)
                attached[layer].add(animation)
            }
        }
    }

    /// The layer as it is drawn at local time `now`, before the block's changes.
    static func presentation(_ model: LayerProperties, _ animations: AttachedAnimations, at now: Double) -> LayerProperties {
        var p = model
        for animation in animations { animation.apply(atParentTime: now, model: model, into: &p) }
        return p
    }

    static func make(_ a: UIViewAnimation, _ property: LayerProperty, old: AnimatableValue, new: AnimatableValue,
                     shown: AnimatableValue, begin: Double) -> Animation {
        let path = LayerKeyPath(property)
        var basic = BasicAnimation(keyPath: path)
        var key: String? = property.rawValue
        if additive.contains(property) {
            basic.fromValue = old.subtracting(new)
            basic.toValue = new.subtracting(new)
            basic.isAdditive = true
            key = nil  // additive animations never replace one another
        } else {
            basic.fromValue = shown
        }
        var animation = Animation(key: key, content: a.spring.map { .spring(SpringAnimation(basic: basic, spring: $0)) } ?? .basic(basic))
        animation.timingFunction = a.spring == nil ? a.curve : nil
        animation.timing.duration = a.duration
        animation.timing.beginTime = begin + max(0, a.delay)
        animation.timing.fillMode = .both
        animation.timing.repeatCount = a.repeats ? .infinity : 0
        animation.timing.autoreverses = a.autoreverses
        return animation
    }
}
