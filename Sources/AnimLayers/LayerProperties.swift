import AnimGeometry

/// The class of a layer (`type` in a scene file).
public enum LayerKind: String, Hashable, Sendable, CaseIterable {
    /// CALayer.
    case layer
    /// CATransformLayer: renders only its sublayers, which share its parent's 3D space.
    case transform
    /// CAGradientLayer: draws `gradient` as its contents.
    case gradient
    /// CAShapeLayer: fills and strokes `shape.path` between its contents and its sublayers.
    case shape
    /// CATextLayer: draws `text` as its contents.
    case text
    /// CAReplicatorLayer: draws its sublayers `replicator.instanceCount` times (the presentation
    /// tree holds the copies: see `Timeline.presentation(at:)`).
    case replicator
}

/// The properties of one CALayer, with Apple's defaults (core-animation-semantics.md §7.2, §8).
/// A value, so a frame's presentation tree is a plain copy of the model with animated fields changed.
public struct LayerProperties: Hashable, Sendable {
    public var kind: LayerKind = .layer
    public var bounds: Rect = .zero
    public var position: Point = .zero
    public var anchorPoint = Point(x: 0.5, y: 0.5)
    public var anchorPointZ: Double = 0
    public var zPosition: Double = 0
    public var transform: Transform3D = .identity
    public var sublayerTransform: Transform3D = .identity
    public var opacity: Double = 1
    public var isHidden = false
    public var allowsGroupOpacity = true
    public var isDoubleSided = true
    public var backgroundColor: Color? = nil
    public var cornerRadius: Double = 0
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    public var masksToBounds = false
    /// Which corners `cornerRadius` rounds, and the corner shape (iOS 13 `.continuous` squircle).
    public var maskedCorners: CornerMask = .all
    public var cornerCurve: CornerCurve = .circular
    /// Shadow properties with CA's defaults (drawn once the compositor renders shadows).
    public var shadowColor: Color = .black
    public var shadowOpacity: Double = 0
    public var shadowOffset = Size(width: 0, height: -3)
    public var shadowRadius: Double = 3
    /// The shadow's shape in the layer's bounds space (filled, non-zero); nil: the layer's alpha.
    public var shadowPath: Path? = nil
    /// The `contents` image's key in the scene's image table (its resolved file path); nil: none.
    public var contents: String? = nil
    public var contentsGravity: ContentsGravity = .resize
    /// How the contents image is sampled where it is drawn larger (CALayer.magnificationFilter)
    /// or smaller (minificationFilter) than its pixels.
    public var magnificationFilter: ContentsFilter = .linear
    public var minificationFilter: ContentsFilter = .linear
    /// Pixels per point of the contents image (CALayer's default 1; a UIView's layer uses the screen's).
    public var contentsScale: Double = 1
    /// The unit rectangle of the image that is drawn (CALayer.contentsRect).
    public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
    /// The centre of the nine-part grid, in unit coordinates of `contentsRect`'s part of the image
    /// (CALayer.contentsCenter): the unit rectangle stretches the whole image evenly.
    public var contentsCenter = Rect(x: 0, y: 0, width: 1, height: 1)
    /// CAReplicatorLayer's properties (used when `kind` is `.replicator`).
    public var replicator = LayerReplicator()
    /// The colour a replicator's instance multiplies this layer's rendering (and its subtree's)
    /// by: set on the roots of the instances in presentation trees only; nil multiplies by nothing.
    public var instanceTint: Color?
    /// CAGradientLayer's properties (used when `kind` is `.gradient`).
    public var gradient = LayerGradient()
    /// CAShapeLayer's properties (used when `kind` is `.shape`).
    public var shape = ShapeLayerProperties()
    /// CATextLayer's properties (used when `kind` is `.text`).
    public var text = LayerText()
    /// The layer's own beginTime/speed/timeOffset (not animatable here).
    public var timing = LayerTiming()

    public init() {}

    /// The frame rectangle: the bounds placed at `position` through the anchor point and
    /// transformed about it, as the bounding box in the superlayer (§7.3).
    public var frame: Rect {
        let b = bounds.standardized
        let ax = anchorPoint.x * b.width, ay = anchorPoint.y * b.height
        let corners = [(0.0, 0.0), (b.width, 0), (0, b.height), (b.width, b.height)]
        var xs: [Double] = [], ys: [Double] = []
        for (cx, cy) in corners {
            let p = transform.apply(x: cx - ax, y: cy - ay, z: 0)
            let w = p.w == 0 ? 1 : p.w
            xs.append(position.x + p.x / w)
            ys.append(position.y + p.y / w)
        }
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// setFrame: keeps bounds.origin, sets the size (dividing out an affine scale) and the
    /// position through the anchor point (§7.3).
    public mutating func setFrame(_ f: Rect) {
        let r = f.standardized
        let sx = transform.isAffine2D && transform.m11 != 0 && transform.m12 == 0 ? transform.m11 : 1
        let sy = transform.isAffine2D && transform.m22 != 0 && transform.m21 == 0 ? transform.m22 : 1
        bounds.size = Size(width: r.width / abs(sx), height: r.height / abs(sy))
        position = Point(x: r.origin.x + anchorPoint.x * r.width, y: r.origin.y + anchorPoint.y * r.height)
    }
}
