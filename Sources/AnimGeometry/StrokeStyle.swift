/// How the ends of an open stroke are drawn (CAShapeLayerLineCap / CGLineCap).
public enum LineCap: String, Hashable, Sendable, CaseIterable {
    /// The stroke stops at the end point.
    case butt
    /// A half disc of diameter lineWidth centred on the end point.
    case round
    /// The stroke extends lineWidth / 2 past the end point, squared off.
    case square
}

/// How two stroked segments meet at a corner (CAShapeLayerLineJoin / CGLineJoin).
public enum LineJoin: String, Hashable, Sendable, CaseIterable {
    /// The outer edges extended until they meet, unless the miter length exceeds
    /// miterLimit × lineWidth, in which case the corner is bevelled.
    case miter
    /// A circular arc of radius lineWidth / 2 around the corner.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// Which points a path encloses (CAShapeLayerFillRule / CGPathFillRule).
public enum FillRule: String, Hashable, Sendable, CaseIterable {
    /// Inside where the winding number is not zero (the default).
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd

    /// True when a point of winding number `winding` is inside.
    @inlinable
    public func contains(winding: Int) -> Bool {
        switch self {
        case .nonZero: winding != 0
        case .evenOdd: winding & 1 != 0
        }
    }
}

/// Everything that shapes a stroke, with CAShapeLayer's defaults: lineWidth 1, butt caps, miter
/// joins, miterLimit 10, no dashes, strokeStart 0 and strokeEnd 1.
public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: Double = 1
    public var lineCap: LineCap = .butt
    public var lineJoin: LineJoin = .miter
    /// The largest miter length, in line widths, drawn as a miter (CA's and CG's definition:
    /// miter length / line width = 1 / sin(φ/2) for segments meeting at an angle φ).
    public var miterLimit: Double = 10
    /// Lengths of painted and unpainted segments, alternating, starting painted; empty: solid.
    public var dashPattern: [Double] = []
    /// How far into the dash pattern the stroke starts.
    public var dashPhase: Double = 0
    /// The fraction of the path's length where the stroke starts.
    public var strokeStart: Double = 0
    /// The fraction of the path's length where the stroke ends.
    public var strokeEnd: Double = 1

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter,
                miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0,
                strokeStart: Double = 0, strokeEnd: Double = 1) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
        self.strokeStart = strokeStart
        self.strokeEnd = strokeEnd
    }
}
