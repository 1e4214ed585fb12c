/// A 3×3 projective map of the plane, row-vector convention: (x, y, 1)·H = (X, Y, W).
///
/// Flattening a 3D layer into its parent's plane is a homography, and flattenings compose by
/// multiplication, so a whole chain of layers maps to the canvas through one of these, with
/// clipping against W > 0 at each plane (see AnimCompositor).
public struct Homography: Hashable, Sendable {
    public var a, b, c: Double  // row 1: coefficients of x
    public var d, e, f: Double  // row 2: coefficients of y
    public var g, h, i: Double  // row 3: constants

    public init(_ a: Double, _ b: Double, _ c: Double,
                _ d: Double, _ e: Double, _ f: Double,
                _ g: Double, _ h: Double, _ i: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h, self.i) = (a, b, c, d, e, f, g, h, i)
    }

    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    public static func translation(_ tx: Double, _ ty: Double) -> Homography {
        Homography(1, 0, 0, 0, 1, 0, tx, ty, 1)
    }

    public static func scale(_ sx: Double, _ sy: Double) -> Homography {
        Homography(sx, 0, 0, 0, sy, 0, 0, 0, 1)
    }

    /// Apply `self`, then `m`.
    public func concatenating(_ m: Homography) -> Homography {
        Homography(
            a * m.a + b * m.d + c * m.g, a * m.b + b * m.e + c * m.h, a * m.c + b * m.f + c * m.i,
            d * m.a + e * m.d + f * m.g, d * m.b + e * m.e + f * m.h, d * m.c + e * m.f + f * m.i,
            g * m.a + h * m.d + i * m.g, g * m.b + h * m.e + i * m.h, g * m.c + h * m.f + i * m.i)
    }

    /// Homogeneous image of (x, y).
    @inlinable public func apply(_ p: Point) -> (x: Double, y: Double, w: Double) {
        (p.x * a + p.y * d + g, p.x * b + p.y * e + h, p.x * c + p.y * f + i)
    }

    /// True when every coefficient is a finite number.
    public var isFinite: Bool {
        [a, b, c, d, e, f, g, h, i].allSatisfy(\.isFinite)
    }

    /// True when W does not depend on x or y (an affine map).
    public var isAffine: Bool { c == 0 && f == 0 && i != 0 }

    /// The determinant of the 3×3 matrix (cofactor expansion along the first row).
    public var determinant: Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }

    /// The inverse map (adjugate divided by the determinant), or nil when the matrix is singular
    /// (determinant exactly 0) or any coefficient or result is not finite.
    ///
    /// It is the true inverse, not one scaled by an arbitrary factor, so W keeps its meaning: when
    /// (x, y, 1)·H = (X, Y, W), the image of (X/W, Y/W, 1) under the inverse is (x, y, 1)/W, whose
    /// third component has the sign of W.
    public var inverse: Homography? {
        guard isFinite else { return nil }
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let s = 1 / det
        let m = Homography(
            (e * i - f * h) * s, (c * h - b * i) * s, (b * f - c * e) * s,
            (f * g - d * i) * s, (a * i - c * g) * s, (c * d - a * f) * s,
            (d * h - e * g) * s, (b * g - a * h) * s, (a * e - b * d) * s)
        return m.isFinite ? m : nil
    }
}
