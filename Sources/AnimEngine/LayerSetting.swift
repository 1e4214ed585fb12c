import AnimGeometry
import AnimLayers

/// One model change on a layer: what a `set` action, a layer's keys in the scene file or the
/// model side of an animation writes.
public enum LayerSetting: Hashable, Sendable {
    /// An animatable property or one of its fields.
    case value(LayerKeyPath, AnimatableValue)
    /// `frame`: sets bounds size and position through the anchor point (applied after the others).
    case frame(Rect)
    case masksToBounds(Bool)
    case allowsGroupOpacity(Bool)
    case isDoubleSided(Bool)
    /// The layer's own `beginTime`, `speed` or `timeOffset`.
    case timing(LayerTiming.Field, Double)

    /// Applies the change to a layer's properties.
    public func apply(to p: inout LayerProperties) {
        switch self {
        case let .value(path, v): path.set(v, into: &p)
        case let .frame(r): p.setFrame(r)
        case let .masksToBounds(b): p.masksToBounds = b
        case let .allowsGroupOpacity(b): p.allowsGroupOpacity = b
        case let .isDoubleSided(b): p.isDoubleSided = b
        case let .timing(field, v): p.timing[field] = v
        }
    }

    /// True for `frame`, which depends on the anchor point and transform set alongside it.
    public var isFrame: Bool {
        if case .frame = self { return true }
        return false
    }
}

extension Array where Element == LayerSetting {
    /// Applies every change, `frame` last (so it sees the final anchor point and transform).
    public func apply(to p: inout LayerProperties) {
        for s in self where !s.isFrame { s.apply(to: &p) }
        for s in self where s.isFrame { s.apply(to: &p) }
    }
}
