import AnimGeometry

/// CAShapeLayer's own properties, with its defaults: no path, an opaque black fill with the
/// non-zero rule, no stroke (strokeColor nil), and the stroke shape of `StrokeStyle` (lineWidth 1,
/// butt caps, miter joins, miterLimit 10, no dashes, strokeStart 0, strokeEnd 1).
public struct ShapeLayerProperties: Hashable, Sendable {
    /// The shape, in the layer's bounds space; nil draws nothing.
    public var path: Path? = nil
    /// nil: no fill.
    public var fillColor: Color? = .black
    public var fillRule: FillRule = .nonZero
    /// nil: no stroke.
    public var strokeColor: Color? = nil
    public var stroke = StrokeStyle()

    public init() {}
}
