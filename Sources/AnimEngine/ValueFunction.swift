import AnimGeometry
import AnimLayers

/// CAValueFunction (core-animation-semantics.md §3.3): on a whole-transform key path (`transform`,
/// `sublayerTransform`) the animation's values are numbers, interpolated as numbers, and the
/// function turns the interpolated number(s) into the matrix that is written. Interpolating the
/// numbers is what makes `rotateZ` 0 → 4π turn twice, where the same matrices would not move.
///
/// The raw values are Apple's constant names without the `kCAValueFunction` prefix.
public enum ValueFunction: String, CaseIterable, Hashable, Sendable {
    case rotateX, rotateY, rotateZ
    case scale, scaleX, scaleY, scaleZ
    case translate, translateX, translateY, translateZ

    /// The kind of the animation's values: three numbers for `scale` and `translate`, one number
    /// (radians, a scale factor or points) for the others.
    public var inputKind: ValueKind {
        switch self {
        case .scale, .translate: .vector3
        default: .number
        }
    }

    /// The input whose matrix is the identity (0 for rotations and translations, 1 for scales):
    /// what stands for a missing fromValue or toValue (this project's choice; a matrix has no
    /// "current value" as a number).
    public var identityInput: AnimatableValue {
        switch self {
        case .scale: .vector3(.one)
        case .translate: .vector3(.zero)
        case .scaleX, .scaleY, .scaleZ: .number(1)
        default: .number(0)
        }
    }

    /// The matrix for an input: CATransform3DMakeRotation / MakeScale / MakeTranslation. An input
    /// of the wrong kind gives the identity (scenes are checked when they are loaded).
    public func matrix(_ input: AnimatableValue) -> Transform3D {
        switch (self, input) {
        case let (.rotateX, .number(a)): .rotation(a, axis: 1, 0, 0)
        case let (.rotateY, .number(a)): .rotation(a, axis: 0, 1, 0)
        case let (.rotateZ, .number(a)): .rotation(a, axis: 0, 0, 1)
        case let (.scale, .vector3(v)): .scale(v.x, v.y, v.z)
        case let (.scaleX, .number(s)): .scale(s, 1, 1)
        case let (.scaleY, .number(s)): .scale(1, s, 1)
        case let (.scaleZ, .number(s)): .scale(1, 1, s)
        case let (.translate, .vector3(v)): .translation(v.x, v.y, v.z)
        case let (.translateX, .number(t)): .translation(t, 0, 0)
        case let (.translateY, .number(t)): .translation(0, t, 0)
        case let (.translateZ, .number(t)): .translation(0, 0, t)
        default: .identity
        }
    }
}
