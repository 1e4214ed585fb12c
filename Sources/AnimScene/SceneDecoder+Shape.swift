import AnimEngine
import AnimGeometry
import AnimLayers

/// CAShapeLayer's keys: `path`, `fillColor` and `strokeColor` (null meaning none, as nil in CA),
/// `fillRule`, `lineCap`, `lineJoin`, `lineWidth` (≥ 0), `miterLimit`, `lineDashPattern` (lengths ≥ 0),
/// `lineDashPhase`, `strokeStart`, `strokeEnd`.
extension SceneDecoder {
    /// The value of a shape property where it differs from the generic decoding: null colours and
    /// a negative line width; nil for every other property.
    func decodeShapeValue(_ property: LayerProperty, _ reader: JSONReader) throws(SceneError) -> AnimatableValue? {
        switch property {
        case .fillColor, .strokeColor:
            return reader.isNull ? .color(.clear) : nil
        case .lineWidth:
            return .number(try reader.nonNegativeNumber("lineWidth"))
        default:
            return nil
        }
    }

    func decodeShapeStyle(_ key: StyleKey, _ reader: JSONReader) throws(SceneError) -> LayerSetting {
        switch key {
        case .fillRule: return .fillRule(try reader.choice(FillRule.self, what: "fill rule"))
        case .lineCap: return .lineCap(try reader.choice(LineCap.self, what: "line cap"))
        case .lineJoin: return .lineJoin(try reader.choice(LineJoin.self, what: "line join"))
        default:
            if reader.isNull { return .lineDashPattern([]) }
            let lengths = try reader.array().map { r throws(SceneError) in try r.nonNegativeNumber("a dash length") }
            return .lineDashPattern(lengths)
        }
    }
}
