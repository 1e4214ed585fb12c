extension Transform3D {
    /// CATransform3DInvert: the inverse matrix, or nil when the matrix is singular (Gauss–Jordan
    /// elimination with partial pivoting, deterministic order).
    public func inverse() -> Transform3D? {
        var a = elements
        var inv = Transform3D.identity.elements
        for col in 0..<4 {
            let pivot = (col..<4).max { abs(a[$0 * 4 + col]) < abs(a[$1 * 4 + col]) } ?? col
            let p = a[pivot * 4 + col]
            guard p != 0, p.isFinite else { return nil }
            if pivot != col { Self.swapRows(&a, &inv, pivot, col) }
            for j in 0..<4 {
                a[col * 4 + j] /= p
                inv[col * 4 + j] /= p
            }
            for row in 0..<4 where row != col {
                let f = a[row * 4 + col]
                guard f != 0 else { continue }
                for j in 0..<4 {
                    a[row * 4 + j] -= f * a[col * 4 + j]
                    inv[row * 4 + j] -= f * inv[col * 4 + j]
                }
            }
        }
        return Transform3D(elements: inv)
    }

    private static func swapRows(_ a: inout [Double], _ b: inout [Double], _ r1: Int, _ r2: Int) {
        for j in 0..<4 {
            a.swapAt(r1 * 4 + j, r2 * 4 + j)
            b.swapAt(r1 * 4 + j, r2 * 4 + j)
        }
    }
}
