import AnimGeometry

/// An affine function of the device pixel centre, f(i, j) = (i + ½)·kx + (j + ½)·ky + k1.
///
/// Each component of the homogeneous image (x, y, 1)·H is one of these, and so is any fixed linear
/// combination αU + βV + γW of them: an affine function of the projected point (U/W, V/W) is such a
/// combination divided by W. Shaders evaluate forms per pixel as `Double(i)·kx + rowConstant`, so a
/// pixel's value depends only on its position, never on where its span started (no drift from
/// repeated additions, no seams between masks that share pixels), for one multiply and one add.
struct PixelForm {
    var kx, ky, k1: Double

    /// α·U + β·V + γ·W for the homogeneous image (U, V, W) = (x, y, 1)·h.
    init(_ h: Homography, u alpha: Double, v beta: Double, w gamma: Double) {
        kx = alpha * h.a + beta * h.b + gamma * h.c
        ky = alpha * h.d + beta * h.e + gamma * h.f
        k1 = alpha * h.g + beta * h.h + gamma * h.i
    }

    /// The form restricted to pixel row `y`.
    @inline(__always)
    func row(_ y: Int) -> RowForm {
        RowForm(kx: kx, k0: (Double(y) + 0.5) * ky + k1 + 0.5 * kx)
    }
}

/// A `PixelForm` on one pixel row: value(i) = i·kx + k0.
struct RowForm {
    var kx, k0: Double

    static let zero = RowForm(kx: 0, k0: 0)

    @inline(__always)
    func at(_ x: Int) -> Double { Double(x) * kx + k0 }
}
