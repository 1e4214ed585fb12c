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
    case maskedCorners(CornerMask)
    case cornerCurve(CornerCurve)
    case shadowPath(Path?)
    /// `contents`: the image's key (resolved path), nil to remove it.
    case contents(String?)
    case contentsGravity(ContentsGravity)
    case magnificationFilter(ContentsFilter)
    case minificationFilter(ContentsFilter)
    case contentsScale(Double)
    case gradientColors([Color])
    case gradientLocations([Double]?)
    case gradientType(LayerGradient.Kind)
    /// CAShapeLayer's properties that are not animatable.
    case fillRule(FillRule)
    case lineCap(LineCap)
    case lineJoin(LineJoin)
    case lineDashPattern([Double])
    /// CATextLayer's `string`, `font`, `alignmentMode`, `isWrapped` or `truncationMode`.
    case text(LayerText.Setting)
    /// CAReplicatorLayer's properties.
    case replicator(LayerReplicator.Setting)

    /// Applies the change to a layer's properties.
    public func apply(to p: inout LayerProperties) {
        switch self {
        case let .value(path, v): path.set(v, into: &p)
        case let .frame(r): p.setFrame(r)
        case let .masksToBounds(b): p.masksToBounds = b
        case let .allowsGroupOpacity(b): p.allowsGroupOpacity = b
        case let .isDoubleSided(b): p.isDoubleSided = b
        case let .timing(field, v): p.timing[field] = v
        case let .maskedCorners(m): p.maskedCorners = m
        case let .cornerCurve(c): p.cornerCurve = c
        case let .shadowPath(path): p.shadowPath = path
        case let .contents(image): p.contents = image
        case let .contentsGravity(g): p.contentsGravity = g
        case let .magnificationFilter(f): p.magnificationFilter = f
        case let .minificationFilter(f): p.minificationFilter = f
        case let .contentsScale(s): p.contentsScale = s
        case let .gradientColors(c): p.gradient.colors = c
        case let .gradientLocations(l): p.gradient.locations = l
        case let .gradientType(t): p.gradient.type = t
        case let .fillRule(r): p.shape.fillRule = r
        case let .lineCap(c): p.shape.stroke.lineCap = c
        case let .lineJoin(j): p.shape.stroke.lineJoin = j
        case let .lineDashPattern(d): p.shape.stroke.dashPattern = d
        case let .text(setting): setting.apply(to: &p.text)
        case let .replicator(setting): setting.apply(to: &p.replicator)
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
