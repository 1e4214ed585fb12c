/// The scalar components of a transform behind Core Animation's `transform.*` key paths
/// (core-animation-semantics.md §3.4): rotation.x/.y/.z, scale.x/.y/.z and translation.x/.y/.z.
public enum TransformField: String, Hashable, Sendable, CaseIterable {
    case rotationX, rotationY, rotationZ, scaleX, scaleY, scaleZ, translationX, translationY, translationZ
}

extension Transform3D {
    /// The value of one `transform.*` component (Core Animation's key-value coding on CATransform3D).
    ///
    /// The matrix is split as Scale · Skew · Rotation · Translation · Perspective (see
    /// `fieldFactors` for the details and the fallbacks). Translation fields are m41, m42, m43;
    /// scale fields the scale factors (a reflection shows as one negative scale where possible);
    /// rotation fields the Euler angles (x applied first, then y, then z) of the rotation part, each
    /// in (−π, π] (y in [−π/2, π/2]).
    public func value(of field: TransformField) -> Double {
        let f = fieldFactors
        switch field {
        case .rotationX: return f.rotation.eulerAngles.x
        case .rotationY: return f.rotation.eulerAngles.y
        case .rotationZ: return f.rotation.eulerAngles.z
        case .scaleX: return f.scale.x
        case .scaleY: return f.scale.y
        case .scaleZ: return f.scale.z
        case .translationX: return f.translation.x
        case .translationY: return f.translation.y
        case .translationZ: return f.translation.z
        }
    }

    /// This matrix with one `transform.*` component replaced and every other component kept, recomposed
    /// as Scale · Skew · Rotation · Translation · Perspective (points are scaled first, then skewed,
    /// rotated, translated, and the perspective comes last).
    ///
    /// A rotation angle goes straight into cos/sin without any wrapping: setting rotationZ to θ on the
    /// identity gives `Transform3D.rotation(θ, axis: 0, 0, 1)` for every θ, and the rotation part is
    /// rebuilt as Rx(x)·Ry(y)·Rz(z). A scale may be set to 0.
    public func setting(_ field: TransformField, to value: Double) -> Transform3D {
        var f = fieldFactors
        switch field {
        case .rotationX, .rotationY, .rotationZ: f.rotation = f.rotation.replacing(field, with: value)
        case .scaleX: f.scale.x = value
        case .scaleY: f.scale.y = value
        case .scaleZ: f.scale.z = value
        case .translationX: f.translation.x = value
        case .translationY: f.translation.y = value
        case .translationZ: f.translation.z = value
        }
        return f.matrix
    }

    /// The split used by the `transform.*` fields. Unlike `decomposed()` the matrix is *not* divided by
    /// m44, so the translation fields are exactly m41…m43 and a z translation composed with a
    /// perspective does not rescale the other components. In order of preference:
    /// 1. the exact split of the matrix, when its upper 3×3 is invertible;
    /// 2. when some rows of the upper 3×3 are zero (zero scales, e.g. an animation that ended at
    ///    scale 0) and so is their perspective entry: the split of the matrix with those rows filled
    ///    in (by the cross product of the two others when one row is zero, by the unit axis
    ///    otherwise), with those scales set back to 0, so the other components survive;
    /// 3. otherwise the identity decomposition keeping only the matrix's translation (m41, m42, m43).
    var fieldFactors: MatrixFactors {
        if let f = MatrixFactors(self, dividingByM44: false) { return f.withReflectionOnOneAxis }
        if let f = factorsFillingZeroRows() { return f }
        return MatrixFactors(translation: .init(x: m41, y: m42, z: m43))
    }

    private func factorsFillingZeroRows() -> MatrixFactors? {
        typealias Vector3 = DecomposedTransform.Vector3
        var rows = [Vector3(x: m11, y: m12, z: m13), Vector3(x: m21, y: m22, z: m23), Vector3(x: m31, y: m32, z: m33)]
        let perspectiveColumn = [m14, m24, m34]
        let zeroRows = rows.indices.filter { rows[$0] == .zero }
        guard !zeroRows.isEmpty, zeroRows.allSatisfy({ perspectiveColumn[$0] == 0 }) else { return nil }
        if zeroRows.count == 1, let i = zeroRows.first {
            rows[i] = rows[(i + 1) % 3].cross(rows[(i + 2) % 3])
        } else {
            for i in zeroRows { rows[i] = RotationMatrix.identity.row(i) }
        }
        var filled = self
        (filled.m11, filled.m12, filled.m13) = (rows[0].x, rows[0].y, rows[0].z)
        (filled.m21, filled.m22, filled.m23) = (rows[1].x, rows[1].y, rows[1].z)
        (filled.m31, filled.m32, filled.m33) = (rows[2].x, rows[2].y, rows[2].z)
        guard var f = MatrixFactors(filled, dividingByM44: false)?.withReflectionOnOneAxis else { return nil }
        if zeroRows.contains(0) { f.scale.x = 0 }
        if zeroRows.contains(1) { f.scale.y = 0 }
        if zeroRows.contains(2) { f.scale.z = 0 }
        return f
    }
}

extension MatrixFactors {
    /// The CSS split moves a reflection into the scale by negating all three scales. For the fields,
    /// re-express it with the sign flips D (identity or a pair of axes, so D·R stays a rotation)
    /// that leave the rotation closest to the identity (largest trace): a horizontal flip then reads
    /// scale.x = −1 with no rotation instead of all scales −1 and a half turn about x. The matrix
    /// is unchanged: Scale·Skew·R = (Scale·D)(D·Skew·D)(D·R).
    var withReflectionOnOneAxis: MatrixFactors {
        guard scale.x < 0, scale.y < 0, scale.z < 0 else { return self }
        let r = rotation
        let candidates: [(Double, Double, Double)] = [(1, 1, 1), (1, -1, -1), (-1, 1, -1), (-1, -1, 1)]
        func trace(_ d: (Double, Double, Double)) -> Double { d.0 * r.r0.x + d.1 * r.r1.y + d.2 * r.r2.z }
        var best = candidates[0]
        for d in candidates.dropFirst() where trace(d) > trace(best) { best = d }
        let (d0, d1, d2) = best
        var f = self
        f.scale = Vector3(x: scale.x * d0, y: scale.y * d1, z: scale.z * d2)
        f.skew = DecomposedTransform.Skew(xy: skew.xy * d0 * d1, xz: skew.xz * d0 * d2, yz: skew.yz * d1 * d2)
        f.rotation = RotationMatrix(r.r0 * d0, r.r1 * d1, r.r2 * d2)
        return f
    }
}

extension RotationMatrix {
    func row(_ i: Int) -> Vector3 {
        switch i {
        case 0: r0
        case 1: r1
        default: r2
        }
    }

    /// Rx(x)·Ry(y)·Rz(z) in the sign convention of `Transform3D.rotation` (x applied to points first),
    /// written out from cos/sin of each angle so that zero angles contribute exact 0s and 1s.
    init(euler e: Vector3) {
        let (ca, sa) = (cosine(e.x), sine(e.x))
        let (cb, sb) = (cosine(e.y), sine(e.y))
        let (cg, sg) = (cosine(e.z), sine(e.z))
        self.init(
            Vector3(x: cb * cg, y: cb * sg, z: -sb),
            Vector3(x: sa * sb * cg - ca * sg, y: sa * sb * sg + ca * cg, z: sa * cb),
            Vector3(x: ca * sb * cg + sa * sg, y: ca * sb * sg - sa * cg, z: ca * cb))
    }

    /// The angles (x, y, z) with Rx(x)·Ry(y)·Rz(z) = self: y in [−π/2, π/2], x and z in (−π, π].
    /// z is found from x (so the three always rebuild this matrix); at gimbal lock (cos y = 0, where
    /// only x − z or x + z is defined) x is taken as 0.
    var eulerAngles: Vector3 {
        let cosY = (r0.x * r0.x + r0.y * r0.y).squareRoot()
        let y = arcTangent2(-r0.z, cosY)
        let x = cosY > 1e-12 ? arcTangent2(r1.z, r2.z) : 0
        let (c, s) = (cosine(x), sine(x))
        let z = arcTangent2(s * r2.x - c * r1.x, c * r1.y - s * r2.y)
        return Vector3(x: Self.halfOpen(x), y: y, z: Self.halfOpen(z))
    }

    /// This rotation with one Euler angle replaced (the other two kept).
    func replacing(_ field: TransformField, with angle: Double) -> RotationMatrix {
        var e = eulerAngles
        switch field {
        case .rotationX: e.x = angle
        case .rotationY: e.y = angle
        case .rotationZ: e.z = angle
        default: return self
        }
        return RotationMatrix(euler: e)
    }

    /// atan2 can return −π (for a −0 numerator); report it as π.
    private static func halfOpen(_ angle: Double) -> Double {
        angle == -Double.pi ? Double.pi : angle
    }
}
