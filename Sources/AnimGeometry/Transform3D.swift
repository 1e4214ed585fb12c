/// A 4×4 matrix with Core Animation's conventions (CATransform3D): row vectors, p' = p·M,
/// translation in m41…m43, perspective in m34 (= −1/d).
///
/// `concatenating(b)` is CATransform3DConcat(self, b): apply `self`, then `b`.
public struct Transform3D: Hashable, Sendable {
    public var m11, m12, m13, m14: Double
    public var m21, m22, m23, m24: Double
    public var m31, m32, m33, m34: Double
    public var m41, m42, m43, m44: Double

    public init(
        _ m11: Double, _ m12: Double, _ m13: Double, _ m14: Double,
        _ m21: Double, _ m22: Double, _ m23: Double, _ m24: Double,
        _ m31: Double, _ m32: Double, _ m33: Double, _ m34: Double,
        _ m41: Double, _ m42: Double, _ m43: Double, _ m44: Double
    ) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// Builds a matrix from 16 numbers in CATransform3D order (m11, m12, …, m44).
    public init?(elements e: [Double]) {
        guard e.count == 16 else { return nil }
        self.init(e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7],
                  e[8], e[9], e[10], e[11], e[12], e[13], e[14], e[15])
    }

    public static let identity = Transform3D(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)

    /// The 16 elements in CATransform3D order.
    public var elements: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }

    public var isIdentity: Bool { self == .identity }

    /// True when the matrix maps the z = 0 plane affinely (no perspective terms).
    public var isAffine2D: Bool {
        m13 == 0 && m14 == 0 && m23 == 0 && m24 == 0 && m31 == 0 && m32 == 0
            && m33 == 1 && m34 == 0 && m43 == 0 && m44 == 1
    }

    // MARK: Factories (CATransform3DMake…)

    public static func translation(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        var t = identity
        (t.m41, t.m42, t.m43) = (tx, ty, tz)
        return t
    }

    public static func scale(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        var t = identity
        (t.m11, t.m22, t.m33) = (sx, sy, sz)
        return t
    }

    /// CATransform3DMakeRotation(angle, x, y, z): a positive angle about z is clockwise on screen.
    /// A zero-length axis gives the identity, as Core Animation does.
    public static func rotation(_ angle: Double, axis x: Double, _ y: Double, _ z: Double) -> Transform3D {
        let len = (x * x + y * y + z * z).squareRoot()
        guard len > 0, len.isFinite else { return identity }
        let (ux, uy, uz) = (x / len, y / len, z / len)
        let c = cosine(angle), s = sine(angle), v = 1 - c
        return Transform3D(
            ux * ux * v + c, ux * uy * v + uz * s, ux * uz * v - uy * s, 0,
            uy * ux * v - uz * s, uy * uy * v + c, uy * uz * v + ux * s, 0,
            uz * ux * v + uy * s, uz * uy * v - ux * s, uz * uz * v + c, 0,
            0, 0, 0, 1)
    }

    /// A matrix whose only change from the identity is m34 = −1/d.
    public static func perspective(distance d: Double) -> Transform3D {
        var t = identity
        t.m34 = d == 0 ? 0 : -1 / d
        return t
    }

    // MARK: Composition

    /// CATransform3DConcat(self, b) = self·b: apply `self` first, then `b`.
    public func concatenating(_ b: Transform3D) -> Transform3D {
        let a = self
        return Transform3D(
            a.m11 * b.m11 + a.m12 * b.m21 + a.m13 * b.m31 + a.m14 * b.m41,
            a.m11 * b.m12 + a.m12 * b.m22 + a.m13 * b.m32 + a.m14 * b.m42,
            a.m11 * b.m13 + a.m12 * b.m23 + a.m13 * b.m33 + a.m14 * b.m43,
            a.m11 * b.m14 + a.m12 * b.m24 + a.m13 * b.m34 + a.m14 * b.m44,
            a.m21 * b.m11 + a.m22 * b.m21 + a.m23 * b.m31 + a.m24 * b.m41,
            a.m21 * b.m12 + a.m22 * b.m22 + a.m23 * b.m32 + a.m24 * b.m42,
            a.m21 * b.m13 + a.m22 * b.m23 + a.m23 * b.m33 + a.m24 * b.m43,
            a.m21 * b.m14 + a.m22 * b.m24 + a.m23 * b.m34 + a.m24 * b.m44,
            a.m31 * b.m11 + a.m32 * b.m21 + a.m33 * b.m31 + a.m34 * b.m41,
            a.m31 * b.m12 + a.m32 * b.m22 + a.m33 * b.m32 + a.m34 * b.m42,
            a.m31 * b.m13 + a.m32 * b.m23 + a.m33 * b.m33 + a.m34 * b.m43,
            a.m31 * b.m14 + a.m32 * b.m24 + a.m33 * b.m34 + a.m34 * b.m44,
            a.m41 * b.m11 + a.m42 * b.m21 + a.m43 * b.m31 + a.m44 * b.m41,
            a.m41 * b.m12 + a.m42 * b.m22 + a.m43 * b.m32 + a.m44 * b.m42,
            a.m41 * b.m13 + a.m42 * b.m23 + a.m43 * b.m33 + a.m44 * b.m43,
            a.m41 * b.m14 + a.m42 * b.m24 + a.m43 * b.m34 + a.m44 * b.m44)
    }

    /// CATransform3DTranslate(self, …): the translation is applied first, then `self`.
    public func translatedBy(_ tx: Double, _ ty: Double, _ tz: Double = 0) -> Transform3D {
        Transform3D.translation(tx, ty, tz).concatenating(self)
    }

    /// CATransform3DScale(self, …): the scale is applied first, then `self`.
    public func scaledBy(_ sx: Double, _ sy: Double, _ sz: Double = 1) -> Transform3D {
        Transform3D.scale(sx, sy, sz).concatenating(self)
    }

    /// CATransform3DRotate(self, …): the rotation is applied first, then `self`.
    public func rotatedBy(_ angle: Double, axis x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, axis: x, y, z).concatenating(self)
    }

    /// Maps a point (x, y, z, 1) as a row vector; returns homogeneous (x, y, z, w).
    public func apply(x: Double, y: Double, z: Double) -> (x: Double, y: Double, z: Double, w: Double) {
        (x * m11 + y * m21 + z * m31 + m41,
         x * m12 + y * m22 + z * m32 + m42,
         x * m13 + y * m23 + z * m33 + m43,
         x * m14 + y * m24 + z * m34 + m44)
    }

    /// The 3×3 homography this matrix induces from the z = 0 plane onto the viewer's plane
    /// (z dropped): Core Animation flattens each layer into its parent's plane this way.
    public var planeHomography: Homography {
        Homography(m11, m12, m14, m21, m22, m24, m41, m42, m44)
    }
}
