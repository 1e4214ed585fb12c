/// CATransition's `type`: the four public ones and the private types iOS accepts
/// (core-animation-semantics.md §9.1). UIView transitions lower to these (§9.2).
public enum TransitionType: String, Hashable, Sendable, CaseIterable {
    case fade, moveIn, push, reveal
    case cube, oglFlip, pageCurl, pageUnCurl, rippleEffect, suckEffect
    case cameraIris, cameraIrisHollowOpen, cameraIrisHollowClose
}

/// CATransition's `subtype`: the side the transition starts from (fromRight moves right → left).
public enum TransitionSubtype: String, Hashable, Sendable, CaseIterable {
    case fromLeft, fromRight, fromTop, fromBottom
}

/// What a transition looks like: its type and subtype (nil: the type's default direction).
public struct TransitionEffect: Hashable, Sendable {
    public var type: TransitionType
    public var subtype: TransitionSubtype?

    public init(_ type: TransitionType, _ subtype: TransitionSubtype? = nil) {
        self.type = type
        self.subtype = subtype
    }
}

/// A transition in progress on one layer of a presentation tree: the layer's rendering is replaced
/// by `effect` between `old` (the whole tree as it was drawn just before the transition's changes,
/// frozen at that moment, as CATransition's snapshot) and the live tree, at `progress` ∈ [0, 1]
/// (CATransition's startProgress…endProgress already applied).
public struct LayerTransition: Hashable, Sendable {
    public var layer: Int
    public var effect: TransitionEffect
    public var progress: Double
    public var old: LayerTree

    public init(layer: Int, effect: TransitionEffect, progress: Double, old: LayerTree) {
        self.layer = layer
        self.effect = effect
        self.progress = progress
        self.old = old
    }
}
