/// A 4×4 transform split into the components that CSS Transforms 2 interpolates ("Decomposing a 3D
/// matrix", the Graphics Gems II unmatrix), which is the closest public description of how Core
/// Animation interpolates a `transform` animation (core-animation-semantics.md §6).
///
/// In this package's row-vector convention (p' = p·M) the components recompose as
/// `M = Scale · Skew · Rotation · Translation · Perspective`: a point is scaled first, then skewed,
/// rotated, translated, and the perspective is applied last.
public struct DecomposedTransform: Hashable, Sendable {
    /// Three components along x, y and z.
    public struct Vector3: Hashable, Sendable {
        public var x, y, z: Double

        public init(x: Double, y: Double, z: Double) {
            (self.x, self.y, self.z) = (x, y, z)
        }

        public static let zero = Vector3(x: 0, y: 0, z: 0)
        public static let one = Vector3(x: 1, y: 1, z: 1)
    }

    /// Shear factors, applied to a point after the scale: x += xy·y + xz·z, then y += yz·z.
    public struct Skew: Hashable, Sendable {
        public var xy, xz, yz: Double

        public init(xy: Double, xz: Double, yz: Double) {
            (self.xy, self.xz, self.yz) = (xy, xz, yz)
        }

        public static let zero = Skew(xy: 0, xz: 0, yz: 0)
    }

    /// The last column (m14, m24, m34, m44) of the perspective matrix; (0, 0, 0, 1) means none, and
    /// Core Animation's m34 = −1/d appears as z = −1/d.
    public struct Perspective: Hashable, Sendable {
        public var x, y, z, w: Double

        public init(x: Double, y: Double, z: Double, w: Double) {
            (self.x, self.y, self.z, self.w) = (x, y, z, w)
        }

        public static let none = Perspective(x: 0, y: 0, z: 0, w: 1)
    }

    /// A rotation quaternion (x, y, z) = axis·sin(θ/2), w = cos(θ/2), with the angle sign of
    /// `Transform3D.rotation(θ, axis:)`. Decomposition always yields a unit quaternion with w ≥ 0.
    public struct Quaternion: Hashable, Sendable {
        public var x, y, z, w: Double

        public init(x: Double, y: Double, z: Double, w: Double) {
            (self.x, self.y, self.z, self.w) = (x, y, z, w)
        }

        public static let identity = Quaternion(x: 0, y: 0, z: 0, w: 1)
    }

    public var translation: Vector3
    public var scale: Vector3
    public var skew: Skew
    public var perspective: Perspective
    public var rotation: Quaternion

    public init(translation: Vector3 = .zero, scale: Vector3 = .one, skew: Skew = .zero,
                perspective: Perspective = .none, rotation: Quaternion = .identity) {
        self.translation = translation
        self.scale = scale
        self.skew = skew
        self.perspective = perspective
        self.rotation = rotation
    }

    /// The decomposition of the identity matrix.
    public static let identity = DecomposedTransform()

    /// Recomposes the matrix (CSS "Recomposing to a 3D matrix"). The rotation quaternion is used as
    /// given; it is expected to be a unit quaternion.
    public var matrix: Transform3D {
        MatrixFactors(self).matrix
    }

    /// The CSS interpolation of decomposed values: translation, scale, skew and perspective
    /// componentwise linear, rotation by spherical linear interpolation of the quaternions. As CSS
    /// specifies, a negative dot product is *not* flipped to take the shorter arc, and equal (or
    /// opposite) quaternions keep this rotation. `t` outside [0, 1] extrapolates.
    public func interpolated(to other: DecomposedTransform, by t: Double) -> DecomposedTransform {
        DecomposedTransform(
            translation: translation.lerp(to: other.translation, t),
            scale: scale.lerp(to: other.scale, t),
            skew: Skew(xy: linear(skew.xy, other.skew.xy, t), xz: linear(skew.xz, other.skew.xz, t),
                       yz: linear(skew.yz, other.skew.yz, t)),
            perspective: Perspective(
                x: linear(perspective.x, other.perspective.x, t), y: linear(perspective.y, other.perspective.y, t),
                z: linear(perspective.z, other.perspective.z, t), w: linear(perspective.w, other.perspective.w, t)),
            rotation: rotation.slerp(to: other.rotation, t))
    }
}

extension Transform3D {
    /// The CSS Transforms 2 decomposition of this matrix, after dividing it by m44 as CSS does (so
    /// `decomposed()?.matrix` equals this matrix up to that homogeneous factor). Nil when the matrix
    /// cannot be decomposed: m44 = 0, a singular upper 3×3 (e.g. a zero scale), or non-finite
    /// elements or results.
    public func decomposed() -> DecomposedTransform? {
        guard m44 != 0, let factors = MatrixFactors(self, dividingByM44: true) else { return nil }
        let result = DecomposedTransform(factors)
        return result.isFinite ? result : nil
    }

    /// Core Animation's interpolation of two transforms (§6): both are decomposed, the components
    /// interpolated and the result recomposed. If either cannot be decomposed the value switches
    /// discretely from `self` to `other` at t = 0.5 (the CSS rule). t = 0 gives exactly `self` and
    /// t = 1 exactly `other`.
    public func interpolated(to other: Transform3D, by t: Double) -> Transform3D {
        if t == 0 || self == other { return self }
        if t == 1 { return other }
        guard let a = decomposed(), let b = other.decomposed() else { return t < 0.5 ? self : other }
        return a.interpolated(to: b, by: t).matrix
    }
}

// MARK: - Decomposition internals

extension DecomposedTransform {
    init(_ f: MatrixFactors) {
        self.init(translation: f.translation, scale: f.scale, skew: f.skew, perspective: f.perspective,
                  rotation: f.rotation.quaternion)
    }

    var isFinite: Bool {
        [translation.x, translation.y, translation.z, scale.x, scale.y, scale.z, skew.xy, skew.xz, skew.yz,
         perspective.x, perspective.y, perspective.z, perspective.w,
         rotation.x, rotation.y, rotation.z, rotation.w].allSatisfy(\.isFinite)
    }
}

/// A matrix as the product Scale · Skew · Rotation · Translation · Perspective (row vectors), with the
/// rotation kept as an orthonormal matrix so that callers can build it exactly from angles.
struct MatrixFactors: Hashable, Sendable {
    typealias Vector3 = DecomposedTransform.Vector3

    var scale: Vector3
    var skew: DecomposedTransform.Skew
    var rotation: RotationMatrix
    var translation: Vector3
    var perspective: DecomposedTransform.Perspective

    init(scale: Vector3 = .one, skew: DecomposedTransform.Skew = .zero, rotation: RotationMatrix = .identity,
         translation: Vector3 = .zero, perspective: DecomposedTransform.Perspective = .none) {
        self.scale = scale
        self.skew = skew
        self.rotation = rotation
        self.translation = translation
        self.perspective = perspective
    }

    init(_ d: DecomposedTransform) {
        self.init(scale: d.scale, skew: d.skew, rotation: RotationMatrix(d.rotation),
                  translation: d.translation, perspective: d.perspective)
    }

    /// Splits `m` exactly (no homogeneous division unless `dividingByM44`). Nil when the upper 3×3 is
    /// singular or anything is not finite.
    init?(_ m: Transform3D, dividingByM44: Bool) {
        guard m.elements.allSatisfy(\.isFinite) else { return nil }
        let k = dividingByM44 ? m.m44 : 1
        let a0 = Vector3(x: m.m11 / k, y: m.m12 / k, z: m.m13 / k)
        let a1 = Vector3(x: m.m21 / k, y: m.m22 / k, z: m.m23 / k)
        let a2 = Vector3(x: m.m31 / k, y: m.m32 / k, z: m.m33 / k)
        let t = Vector3(x: m.m41 / k, y: m.m42 / k, z: m.m43 / k)
        let column = Vector3(x: m.m14 / k, y: m.m24 / k, z: m.m34 / k)
        guard let p = Self.solve(rows: (a0, a1, a2), column),
              let (scale, skew, rotation) = Self.orthonormalize(a0, a1, a2) else { return nil }
        self.init(scale: scale, skew: skew, rotation: rotation, translation: t,
                  perspective: .init(x: p.x, y: p.y, z: p.z, w: m.m44 / k - t.dot(p)))
        guard isFinite else { return nil }
    }

    var isFinite: Bool {
        let r = rotation
        return [scale, translation, r.r0, r.r1, r.r2].allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }
            && [skew.xy, skew.xz, skew.yz, perspective.x, perspective.y, perspective.z, perspective.w]
                .allSatisfy(\.isFinite)
    }

    /// Solves A·p = c (A given by rows) by the adjugate; nil when A is singular.
    static func solve(rows a: (Vector3, Vector3, Vector3), _ c: Vector3) -> Vector3? {
        let c12 = a.1.cross(a.2), c20 = a.2.cross(a.0), c01 = a.0.cross(a.1)
        let det = a.0.dot(c12)
        guard det != 0, det.isFinite else { return nil }
        return (c12 * c.x + c20 * c.y + c01 * c.z) * (1 / det)
    }

    /// Gram–Schmidt on the rows (CSS order): scale, skew and an orthonormal rotation. A reflection
    /// (negative determinant) is moved into the scale by negating all three scales, as CSS does.
    static func orthonormalize(_ a0: Vector3, _ a1: Vector3, _ a2: Vector3)
        -> (Vector3, DecomposedTransform.Skew, RotationMatrix)? {
        let sx = a0.length
        guard sx > 0 else { return nil }
        let r0 = a0 * (1 / sx)
        var xy = r0.dot(a1)
        let b1 = a1 - r0 * xy
        let sy = b1.length
        guard sy > 0 else { return nil }
        let r1 = b1 * (1 / sy)
        var xz = r0.dot(a2)
        let b2 = a2 - r0 * xz
        var yz = r1.dot(b2)
        let c2 = b2 - r1 * yz
        let sz = c2.length
        guard sz > 0 else { return nil }
        let r2 = c2 * (1 / sz)
        (xy, xz, yz) = (xy / sy, xz / sz, yz / sz)
        let skew = DecomposedTransform.Skew(xy: xy, xz: xz, yz: yz)
        if r0.dot(r1.cross(r2)) < 0 {
            return (Vector3(x: -sx, y: -sy, z: -sz), skew, RotationMatrix(r0 * -1, r1 * -1, r2 * -1))
        }
        return (Vector3(x: sx, y: sy, z: sz), skew, RotationMatrix(r0, r1, r2))
    }

    /// Recomposes Scale · Skew · Rotation · Translation · Perspective. With A = Scale·Skew·Rotation
    /// (3×3), t the translation and (p, w) the perspective column, the product is
    /// [[A, A·p], [t, t·p + w]].
    var matrix: Transform3D {
        let r = rotation
        let a0 = r.r0 * scale.x
        let a1 = (r.r0 * skew.xy + r.r1) * scale.y
        let a2 = (r.r0 * skew.xz + r.r1 * skew.yz + r.r2) * scale.z
        let p = Vector3(x: perspective.x, y: perspective.y, z: perspective.z)
        let t = translation
        return Transform3D(
            a0.x, a0.y, a0.z, a0.dot(p),
            a1.x, a1.y, a1.z, a1.dot(p),
            a2.x, a2.y, a2.z, a2.dot(p),
            t.x, t.y, t.z, t.dot(p) + perspective.w)
    }
}

/// A 3×3 rotation matrix stored by rows, in the convention of `Transform3D.rotation` (p' = p·R).
struct RotationMatrix: Hashable, Sendable {
    typealias Vector3 = DecomposedTransform.Vector3

    var r0, r1, r2: Vector3

    init(_ r0: Vector3, _ r1: Vector3, _ r2: Vector3) {
        (self.r0, self.r1, self.r2) = (r0, r1, r2)
    }

    static let identity = RotationMatrix(Vector3(x: 1, y: 0, z: 0), Vector3(x: 0, y: 1, z: 0),
                                         Vector3(x: 0, y: 0, z: 1))

    /// The matrix of a (unit) quaternion. Row-vector form of the usual formula, so that the
    /// quaternion of `Transform3D.rotation(θ, axis: u)` is (u·sin(θ/2), cos(θ/2)).
    init(_ q: DecomposedTransform.Quaternion) {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        self.init(
            Vector3(x: 1 - 2 * (y * y + z * z), y: 2 * (x * y + z * w), z: 2 * (x * z - y * w)),
            Vector3(x: 2 * (x * y - z * w), y: 1 - 2 * (x * x + z * z), z: 2 * (y * z + x * w)),
            Vector3(x: 2 * (x * z + y * w), y: 2 * (y * z - x * w), z: 1 - 2 * (x * x + y * y)))
    }

    /// The unit quaternion of this rotation with w ≥ 0 (as the CSS square-root formulas give), computed
    /// from the largest of |x|, |y|, |z|, |w| (Shepperd's method) so that no component loses
    /// precision to a square root near zero.
    var quaternion: DecomposedTransform.Quaternion {
        let (m11, m12, m13) = (r0.x, r0.y, r0.z)
        let (m21, m22, m23) = (r1.x, r1.y, r1.z)
        let (m31, m32, m33) = (r2.x, r2.y, r2.z)
        let fourSquares = [1 + m11 - m22 - m33, 1 - m11 + m22 - m33, 1 - m11 - m22 + m33, 1 + m11 + m22 + m33]
        let largest = fourSquares.indices.max { fourSquares[$0] < fourSquares[$1] } ?? 3
        let big = 0.5 * max(fourSquares[largest], 0).squareRoot()
        let f = big > 0 ? 0.25 / big : 0
        let q: (Double, Double, Double, Double)
        switch largest {
        case 0: q = (big, (m12 + m21) * f, (m13 + m31) * f, (m23 - m32) * f)
        case 1: q = ((m12 + m21) * f, big, (m23 + m32) * f, (m31 - m13) * f)
        case 2: q = ((m13 + m31) * f, (m23 + m32) * f, big, (m12 - m21) * f)
        default: q = ((m23 - m32) * f, (m31 - m13) * f, (m12 - m21) * f, big)
        }
        return DecomposedTransform.Quaternion(x: q.0, y: q.1, z: q.2, w: q.3).normalizedWithNonNegativeW
    }
}

// MARK: - Small vector helpers

/// a at t = 0, b (up to rounding) at t = 1; exactly a for every t when a == b.
private func linear(_ a: Double, _ b: Double, _ t: Double) -> Double {
    a + (b - a) * t
}

extension DecomposedTransform.Vector3 {
    static func + (a: Self, b: Self) -> Self { Self(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
    static func - (a: Self, b: Self) -> Self { Self(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    static func * (a: Self, s: Double) -> Self { Self(x: a.x * s, y: a.y * s, z: a.z * s) }

    func dot(_ b: Self) -> Double { x * b.x + y * b.y + z * b.z }

    func cross(_ b: Self) -> Self {
        Self(x: y * b.z - z * b.y, y: z * b.x - x * b.z, z: x * b.y - y * b.x)
    }

    var length: Double { dot(self).squareRoot() }

    fileprivate func lerp(to b: Self, _ t: Double) -> Self {
        Self(x: linear(x, b.x, t), y: linear(y, b.y, t), z: linear(z, b.z, t))
    }
}

extension DecomposedTransform.Quaternion {
    func dot(_ b: Self) -> Double { x * b.x + y * b.y + z * b.z + w * b.w }

    static func * (q: Self, s: Double) -> Self { Self(x: q.x * s, y: q.y * s, z: q.z * s, w: q.w * s) }
    static func + (a: Self, b: Self) -> Self { Self(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z, w: a.w + b.w) }

    /// Unit length, sign chosen so that w ≥ 0 (q and −q are the same rotation).
    var normalizedWithNonNegativeW: Self {
        let n = dot(self).squareRoot()
        guard n > 0, n.isFinite else { return .identity }
        return self * ((w < 0 ? -1 : 1) / n)
    }

    /// CSS Transforms 2 slerp: no sign flip for a negative dot product; (anti)parallel inputs keep
    /// `self`. acos is written as atan2(√(1−p²), p), which is the same angle for p in [−1, 1].
    func slerp(to b: Self, _ t: Double) -> Self {
        let product = min(max(dot(b), -1), 1)
        if abs(product) == 1 { return self }
        let sinTheta = (1 - product * product).squareRoot()
        let theta = arcTangent2(sinTheta, product)
        let wb = sine(t * theta) / sinTheta
        let wa = cosine(t * theta) - product * wb
        return self * wa + b * wb
    }
}
