import AnimGeometry

/// An animatable CALayer property.
public enum LayerProperty: String, Hashable, Sendable, CaseIterable {
    case position, bounds, anchorPoint, anchorPointZ, zPosition, transform, sublayerTransform
    case opacity, hidden, backgroundColor, cornerRadius, borderWidth, borderColor
    case shadowColor, shadowOpacity, shadowOffset, shadowRadius
    case contentsRect, contentsCenter, startPoint, endPoint, colors, locations
    case path, fillColor, strokeColor, lineWidth, lineDashPhase, miterLimit, strokeStart, strokeEnd
    case fontSize, foregroundColor
    /// CAReplicatorLayer's animatable properties.
    case instanceTransform, instanceColor, instanceRedOffset, instanceGreenOffset, instanceBlueOffset, instanceAlphaOffset

    /// The type of the property's value.
    public var kind: ValueKind {
        switch self {
        case .position, .anchorPoint, .startPoint, .endPoint: .point
        case .bounds, .contentsRect, .contentsCenter: .rect
        case .anchorPointZ, .zPosition, .opacity, .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius: .number
        case .fontSize: .number
        case .shadowOffset: .size
        case .transform, .sublayerTransform, .instanceTransform: .transform
        case .hidden: .bool
        case .backgroundColor, .borderColor, .shadowColor, .fillColor, .strokeColor: .color
        case .lineWidth, .lineDashPhase, .miterLimit, .strokeStart, .strokeEnd: .number
        case .path: .path
        case .foregroundColor, .instanceColor: .color
        case .instanceRedOffset, .instanceGreenOffset, .instanceBlueOffset, .instanceAlphaOffset: .number
        case .colors: .colors
        case .locations: .numbers
        }
    }

    /// Reads the property from a layer.
    public func get(_ p: LayerProperties) -> AnimatableValue {
        switch self {
        case .position: .point(p.position)
        case .bounds: .rect(p.bounds)
        case .anchorPoint: .point(p.anchorPoint)
        case .anchorPointZ: .number(p.anchorPointZ)
        case .zPosition: .number(p.zPosition)
        case .transform: .transform(p.transform)
        case .sublayerTransform: .transform(p.sublayerTransform)
        case .opacity: .number(p.opacity)
        case .hidden: .bool(p.isHidden)
        case .backgroundColor: .color(p.backgroundColor ?? .clear)
        case .cornerRadius: .number(p.cornerRadius)
        case .borderWidth: .number(p.borderWidth)
        case .borderColor: .color(p.borderColor)
        case .shadowColor: .color(p.shadowColor)
        case .shadowOpacity: .number(p.shadowOpacity)
        case .shadowOffset: .size(p.shadowOffset)
        case .shadowRadius: .number(p.shadowRadius)
        case .contentsRect: .rect(p.contentsRect)
        case .contentsCenter: .rect(p.contentsCenter)
        case .startPoint: .point(p.gradient.startPoint)
        case .endPoint: .point(p.gradient.endPoint)
        case .colors: .colors(p.gradient.colors)
        // nil reads as the evenly spaced stops it stands for, so an animation from it moves them.
        case .locations: .numbers(p.gradient.locations ?? LayerGradient.evenLocations(p.gradient.colors.count))
        case .path: .path(p.shape.path ?? Path())
        case .fillColor: .color(p.shape.fillColor ?? .clear)
        case .strokeColor: .color(p.shape.strokeColor ?? .clear)
        case .lineWidth: .number(p.shape.stroke.lineWidth)
        case .lineDashPhase: .number(p.shape.stroke.dashPhase)
        case .miterLimit: .number(p.shape.stroke.miterLimit)
        case .strokeStart: .number(p.shape.stroke.strokeStart)
        case .strokeEnd: .number(p.shape.stroke.strokeEnd)
        case .fontSize: .number(p.text.fontSize)
        case .foregroundColor: .color(p.text.foregroundColor)
        case .instanceTransform: .transform(p.replicator.instanceTransform)
        case .instanceColor: .color(p.replicator.instanceColor)
        case .instanceRedOffset: .number(p.replicator.redOffset)
        case .instanceGreenOffset: .number(p.replicator.greenOffset)
        case .instanceBlueOffset: .number(p.replicator.blueOffset)
        case .instanceAlphaOffset: .number(p.replicator.alphaOffset)
        }
    }

    /// Writes the property; a value of another kind is ignored (key paths are type-checked at load).
    public func set(_ v: AnimatableValue, into p: inout LayerProperties) {
        switch (self, v) {
        case let (.position, .point(x)): p.position = x
        case let (.bounds, .rect(x)): p.bounds = x
        case let (.anchorPoint, .point(x)): p.anchorPoint = x
        case let (.anchorPointZ, .number(x)): p.anchorPointZ = x
        case let (.zPosition, .number(x)): p.zPosition = x
        case let (.transform, .transform(x)): p.transform = x
        case let (.sublayerTransform, .transform(x)): p.sublayerTransform = x
        case let (.opacity, .number(x)): p.opacity = x
        case let (.hidden, .bool(x)): p.isHidden = x
        case let (.backgroundColor, .color(x)): p.backgroundColor = x
        case let (.cornerRadius, .number(x)): p.cornerRadius = x
        case let (.borderWidth, .number(x)): p.borderWidth = x
        case let (.borderColor, .color(x)): p.borderColor = x
        case let (.shadowColor, .color(x)): p.shadowColor = x
        case let (.shadowOpacity, .number(x)): p.shadowOpacity = x
        case let (.shadowOffset, .size(x)): p.shadowOffset = x
        case let (.shadowRadius, .number(x)): p.shadowRadius = x
        case let (.contentsRect, .rect(x)): p.contentsRect = x
        case let (.contentsCenter, .rect(x)): p.contentsCenter = x
        case let (.startPoint, .point(x)): p.gradient.startPoint = x
        case let (.endPoint, .point(x)): p.gradient.endPoint = x
        case let (.colors, .colors(x)): p.gradient.colors = x
        case let (.locations, .numbers(x)): p.gradient.locations = x
        case let (.path, .path(x)): p.shape.path = x
        case let (.fillColor, .color(x)): p.shape.fillColor = x
        case let (.strokeColor, .color(x)): p.shape.strokeColor = x
        case let (.lineWidth, .number(x)): p.shape.stroke.lineWidth = x
        case let (.lineDashPhase, .number(x)): p.shape.stroke.dashPhase = x
        case let (.miterLimit, .number(x)): p.shape.stroke.miterLimit = x
        case let (.strokeStart, .number(x)): p.shape.stroke.strokeStart = x
        case let (.strokeEnd, .number(x)): p.shape.stroke.strokeEnd = x
        case let (.fontSize, .number(x)): p.text.fontSize = x
        case let (.foregroundColor, .color(x)): p.text.foregroundColor = x
        case let (.instanceTransform, .transform(x)): p.replicator.instanceTransform = x
        case let (.instanceColor, .color(x)): p.replicator.instanceColor = x
        case let (.instanceRedOffset, .number(x)): p.replicator.redOffset = x
        case let (.instanceGreenOffset, .number(x)): p.replicator.greenOffset = x
        case let (.instanceBlueOffset, .number(x)): p.replicator.blueOffset = x
        case let (.instanceAlphaOffset, .number(x)): p.replicator.alphaOffset = x
        default: break
        }
    }
}

/// A key path such as `position.x`, `bounds.size.width` or `transform.rotation.z`: a property and
/// a chain of struct fields, or one of the `transform.*` extensions.
public struct LayerKeyPath: Hashable, Sendable, CustomStringConvertible {
    public let property: LayerProperty
    public let components: [String]
    /// The type of the value at the end of the path.
    public let kind: ValueKind
    /// For `transform.*` and `sublayerTransform.*`: the decomposed component addressed.
    public let transformKey: TransformKey?

    /// Parses a key path; nil when it names no animatable property or field.
    public init?(_ string: String) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let property = LayerProperty(rawValue: first) else { return nil }
        let rest = Array(parts.dropFirst())
        var kind = property.kind
        var transformKey: TransformKey? = nil
        if property.kind == .transform && !rest.isEmpty {
            guard let key = TransformKey(components: rest) else { return nil }
            transformKey = key
            kind = key.kind
        } else {
            for part in rest {
                guard let next = kind.components.first(where: { $0.name == part }) else { return nil }
                kind = next.kind
            }
        }
        self.property = property
        self.components = rest
        self.kind = kind
        self.transformKey = transformKey
    }

    /// The key path of a whole property (`opacity`, `position`, …).
    public init(_ property: LayerProperty) {
        self.property = property
        self.components = []
        self.kind = property.kind
        self.transformKey = nil
    }

    public var description: String { ([property.rawValue] + components).joined(separator: ".") }

    /// Every valid key path, for "did you mean" hints.
    public static let allPaths: [String] = {
        var out: [String] = []
        func walk(_ prefix: String, _ kind: ValueKind) {
            out.append(prefix)
            for c in kind.components { walk(prefix + "." + c.name, c.kind) }
        }
        for p in LayerProperty.allCases {
            walk(p.rawValue, p.kind)
            if p.kind == .transform { out += TransformKey.names.map { p.rawValue + "." + $0.name } }
        }
        return out
    }()

    /// Reads the value at this path.
    public func get(_ p: LayerProperties) -> AnimatableValue {
        if let transformKey, case let .transform(m) = property.get(p) { return transformKey.get(m) }
        var v = property.get(p)
        for c in components { v = v.component(c) ?? v }
        return v
    }

    /// Writes the value at this path.
    public func set(_ value: AnimatableValue, into p: inout LayerProperties) {
        if let transformKey, case let .transform(m) = property.get(p) {
            property.set(.transform(transformKey.set(value, in: m)), into: &p)
            return
        }
        property.set(Self.replace(property.get(p), components[...], value), into: &p)
    }

    private static func replace(_ base: AnimatableValue, _ path: ArraySlice<String>,
                                _ value: AnimatableValue) -> AnimatableValue {
        guard let head = path.first else { return value }
        guard let inner = base.component(head) else { return base }
        let replaced = replace(inner, path.dropFirst(), value)
        return base.replacing(head, with: replaced) ?? base
    }
}
