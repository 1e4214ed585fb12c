import AnimGeometry
import AnimLayers

/// Arithmetic on animatable values: linear interpolation, addition (additive and cumulative
/// animations) and subtraction (`byValue` with `toValue`). Mixed kinds never meet here: key paths
/// and values are type-checked when a scene is loaded.
extension AnimatableValue {
    /// The value a fraction `t` of the way to `other` (t may leave [0, 1] for overshooting curves).
    public func interpolated(to other: AnimatableValue, by t: Double) -> AnimatableValue {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        switch (self, other) {
        case let (.number(a), .number(b)): return .number(mix(a, b))
        case let (.point(a), .point(b)): return .point(Point(x: mix(a.x, b.x), y: mix(a.y, b.y)))
        case let (.size(a), .size(b)):
            return .size(Size(width: mix(a.width, b.width), height: mix(a.height, b.height)))
        case let (.rect(a), .rect(b)):
            return .rect(Rect(x: mix(a.origin.x, b.origin.x), y: mix(a.origin.y, b.origin.y),
                              width: mix(a.size.width, b.size.width), height: mix(a.size.height, b.size.height)))
        case let (.color(a), .color(b)): return .color(a.interpolatedPremultiplied(to: b, by: t))
        case let (.transform(a), .transform(b)): return .transform(a.interpolated(to: b, by: t))
        case let (.vector3(a), .vector3(b)): return .vector3(Vector3(x: mix(a.x, b.x), y: mix(a.y, b.y), z: mix(a.z, b.z)))
        case let (.bool(a), .bool(b)): return .bool(t < 1 ? a : b)
        case let (.path(a), .path(b)):
            // Paths of different structures jump at the end, like values that cannot be blended.
            return .path(a.interpolated(to: b, by: t) ?? (t < 1 ? a : b))
        case let (.colors(a), .colors(b)) where a.count == b.count:
            return .colors(zip(a, b).map { $0.interpolatedPremultiplied(to: $1, by: t) })
        case let (.numbers(a), .numbers(b)) where a.count == b.count:
            return .numbers(zip(a, b).map { mix($0, $1) })
        default: return t < 1 ? self : other
        }
    }

    /// Component-wise sum; for transforms `o` is concatenated in front (applied first, in the
    /// layer's local space, as a CSS `composite: add` appends to the transform list); for
    /// booleans the right-hand side.
    public func adding(_ o: AnimatableValue) -> AnimatableValue {
        combine(o, { $0 + $1 }, transform: { a, b in b.concatenating(a) })
    }

    /// Component-wise difference; for transforms the inverse of `adding` (`o`'s inverse in front),
    /// or `self` when `o` is singular.
    public func subtracting(_ o: AnimatableValue) -> AnimatableValue {
        combine(o, { $0 - $1 }, transform: { a, b in b.inverse().map { $0.concatenating(a) } ?? a })
    }

    /// Every numeric component multiplied by `k`.
    public func scaled(by k: Double) -> AnimatableValue {
        switch self {
        case let .number(a): .number(a * k)
        case let .point(p): .point(p * k)
        case let .size(s): .size(Size(width: s.width * k, height: s.height * k))
        case let .rect(r):
            .rect(Rect(x: r.origin.x * k, y: r.origin.y * k, width: r.size.width * k, height: r.size.height * k))
        case let .color(c): .color(c.combined(c) { a, _ in a * k })
        case let .vector3(v): .vector3(Vector3(x: v.x * k, y: v.y * k, z: v.z * k))
        case let .colors(c): .colors(c.map { $0.combined($0) { a, _ in a * k } })
        case let .numbers(n): .numbers(n.map { $0 * k })
        case .transform, .bool, .path: self
        }
    }

    private func combine(_ o: AnimatableValue, _ f: (Double, Double) -> Double,
                         transform: (Transform3D, Transform3D) -> Transform3D) -> AnimatableValue {
        switch (self, o) {
        case let (.number(a), .number(b)): .number(f(a, b))
        case let (.point(a), .point(b)): .point(Point(x: f(a.x, b.x), y: f(a.y, b.y)))
        case let (.size(a), .size(b)): .size(Size(width: f(a.width, b.width), height: f(a.height, b.height)))
        case let (.rect(a), .rect(b)):
            .rect(Rect(x: f(a.origin.x, b.origin.x), y: f(a.origin.y, b.origin.y),
                       width: f(a.size.width, b.size.width), height: f(a.size.height, b.size.height)))
        case let (.color(a), .color(b)): .color(a.combined(b, f))
        case let (.transform(a), .transform(b)): .transform(transform(a, b))
        case let (.vector3(a), .vector3(b)): .vector3(Vector3(x: f(a.x, b.x), y: f(a.y, b.y), z: f(a.z, b.z)))
        case let (.colors(a), .colors(b)) where a.count == b.count:
            .colors(zip(a, b).map { $0.combined($1, f) })
        case let (.numbers(a), .numbers(b)) where a.count == b.count: .numbers(zip(a, b).map { f($0, $1) })
        // Lists of different lengths have nothing to add entry by entry: the left-hand side stays.
        case (.colors, .colors), (.numbers, .numbers): self
        default: o
        }
    }
}

private typealias Vector3 = DecomposedTransform.Vector3

private extension Color {
    /// `f` of each component with the same component of `o`.
    func combined(_ o: Color, _ f: (Double, Double) -> Double) -> Color {
        Color(red: f(red, o.red), green: f(green, o.green), blue: f(blue, o.blue), alpha: f(alpha, o.alpha))
    }
}

extension Color {
    /// Interpolates in premultiplied space, as Core Animation does, so a fade from a clear colour
    /// does not darken through black.
    public func interpolatedPremultiplied(to o: Color, by t: Double) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * t }
        let alpha = mix(alpha, o.alpha)
        guard alpha > 0 else { return Color(red: mix(red, o.red), green: mix(green, o.green), blue: mix(blue, o.blue), alpha: 0) }
        let r = mix(red * self.alpha, o.red * o.alpha) / alpha
        let g = mix(green * self.alpha, o.green * o.alpha) / alpha
        let b = mix(blue * self.alpha, o.blue * o.alpha) / alpha
        return Color(red: r, green: g, blue: b, alpha: alpha)
    }
}
