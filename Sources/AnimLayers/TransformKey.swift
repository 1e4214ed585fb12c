import AnimGeometry

/// The `transform.*` key-path extensions of CATransform3D (Core Animation Programming Guide,
/// "Key-Value Coding Extensions"; core-animation-semantics.md §3.4): scalar views of a decomposed
/// transform. Writing one replaces that component and keeps the others, so `transform.scale`
/// composes with the model's rotation and translation; rotation angles go straight into the
/// matrix, so an animation from 0 to 2π turns once (no wrapping).
public enum TransformKey: Hashable, Sendable {
    /// `rotation.x|y|z`, `scale.x|y|z`, `translation.x|y|z` (`rotation` alone means `rotation.z`).
    case field(TransformField)
    /// `scale`: writing sets all three axes; reading gives their average.
    case uniformScale
    /// `translation`: a size (x, y).
    case translation

    /// Every key-path suffix, for parsing and "did you mean" hints.
    public static let names: [(name: String, key: TransformKey)] = [
        ("rotation", .field(.rotationZ)), ("rotation.x", .field(.rotationX)), ("rotation.y", .field(.rotationY)),
        ("rotation.z", .field(.rotationZ)), ("scale", .uniformScale), ("scale.x", .field(.scaleX)),
        ("scale.y", .field(.scaleY)), ("scale.z", .field(.scaleZ)), ("translation", .translation),
        ("translation.x", .field(.translationX)), ("translation.y", .field(.translationY)),
        ("translation.z", .field(.translationZ)),
    ]

    /// Parses the components after `transform` (`["rotation", "z"]`).
    public init?(components: [String]) {
        let name = components.joined(separator: ".")
        guard let key = Self.names.first(where: { $0.name == name })?.key else { return nil }
        self = key
    }

    /// The type of the value at this key.
    public var kind: ValueKind { self == .translation ? .size : .number }

    /// Reads the value from a transform.
    public func get(_ m: Transform3D) -> AnimatableValue {
        switch self {
        case let .field(f): .number(m.value(of: f))
        case .uniformScale: .number((m.value(of: .scaleX) + m.value(of: .scaleY) + m.value(of: .scaleZ)) / 3)
        case .translation: .size(Size(width: m.value(of: .translationX), height: m.value(of: .translationY)))
        }
    }

    /// Writes the value into a transform; a value of another kind leaves it unchanged.
    public func set(_ v: AnimatableValue, in m: Transform3D) -> Transform3D {
        switch (self, v) {
        case let (.field(f), .number(x)): m.setting(f, to: x)
        case let (.uniformScale, .number(x)): m.setting(.scaleX, to: x).setting(.scaleY, to: x).setting(.scaleZ, to: x)
        case let (.translation, .size(s)): m.setting(.translationX, to: s.width).setting(.translationY, to: s.height)
        default: m
        }
    }
}
