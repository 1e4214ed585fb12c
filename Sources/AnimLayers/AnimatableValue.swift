import AnimGeometry

/// A value an animation can carry, tagged with its type.
public enum AnimatableValue: Hashable, Sendable {
    case number(Double)
    case point(Point)
    case size(Size)
    case rect(Rect)
    case color(Color)
    case transform(Transform3D)
    case bool(Bool)
    /// A CGPath (CAShapeLayer.path), interpolated point by point between paths of one structure.
    case path(Path)
    /// Three numbers (x, y, z): the input of the `scale` and `translate` value functions. No layer
    /// property holds one.
    case vector3(DecomposedTransform.Vector3)
    /// CAGradientLayer.colors, interpolated colour by colour between lists of one length.
    case colors([Color])
    /// CAGradientLayer.locations, interpolated number by number between lists of one length.
    case numbers([Double])

    /// The type of the value.
    public var kind: ValueKind {
        switch self {
        case .number: .number
        case .point: .point
        case .size: .size
        case .rect: .rect
        case .color: .color
        case .transform: .transform
        case .bool: .bool
        case .path: .path
        case .vector3: .vector3
        case .colors: .colors
        case .numbers: .numbers
        }
    }

    /// The named field of a structured value (`x` of a point, `size` of a rect, …), or nil.
    public func component(_ name: String) -> AnimatableValue? {
        switch (self, name) {
        case let (.point(p), "x"): .number(p.x)
        case let (.point(p), "y"): .number(p.y)
        case let (.size(s), "width"): .number(s.width)
        case let (.size(s), "height"): .number(s.height)
        case let (.rect(r), "origin"): .point(r.origin)
        case let (.rect(r), "size"): .size(r.size)
        default: nil
        }
    }

    /// A copy with the named field replaced, or nil when the field or the type does not fit.
    public func replacing(_ name: String, with value: AnimatableValue) -> AnimatableValue? {
        switch (self, name, value) {
        case let (.point(p), "x", .number(v)): .point(Point(x: v, y: p.y))
        case let (.point(p), "y", .number(v)): .point(Point(x: p.x, y: v))
        case let (.size(s), "width", .number(v)): .size(Size(width: v, height: s.height))
        case let (.size(s), "height", .number(v)): .size(Size(width: s.width, height: v))
        case let (.rect(r), "origin", .point(v)): .rect(Rect(origin: v, size: r.size))
        case let (.rect(r), "size", .size(v)): .rect(Rect(origin: r.origin, size: v))
        default: nil
        }
    }
}

/// The type of an animatable value.
public enum ValueKind: String, Hashable, Sendable {
    case number, point, size, rect, color, transform, bool, path, vector3, colors, numbers

    /// The kind in an error message, after "a": "number", "list of colours", …
    public var phrase: String {
        switch self {
        case .colors: "list of colours"
        case .numbers: "list of numbers"
        default: rawValue
        }
    }

    /// The field names of a structured kind, with their kinds.
    public var components: [(name: String, kind: ValueKind)] {
        switch self {
        case .point: [("x", .number), ("y", .number)]
        case .size: [("width", .number), ("height", .number)]
        case .rect: [("origin", .point), ("size", .size)]
        default: []
        }
    }
}
