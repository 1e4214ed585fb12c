import AnimGeometry
import Testing

/// The `transform.*` key-path components (core-animation-semantics.md §3.4).
struct TransformFieldTests {
    func distance(_ a: Transform3D, _ b: Transform3D) -> Double {
        zip(a.elements, b.elements).map { abs($0 - $1) }.max() ?? .infinity
    }

    func rx(_ a: Double) -> Transform3D { Transform3D.rotation(a, axis: 1, 0, 0) }
    func ry(_ a: Double) -> Transform3D { Transform3D.rotation(a, axis: 0, 1, 0) }
    func rz(_ a: Double) -> Transform3D { Transform3D.rotation(a, axis: 0, 0, 1) }

    /// Rx(x), then Ry(y), then Rz(z) applied to points.
    func euler(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        rx(x).concatenating(ry(y)).concatenating(rz(z))
    }

    @Test func fieldsOfTheIdentity() {
        let expected: [TransformField: Double] = [.scaleX: 1, .scaleY: 1, .scaleZ: 1]
        for field in TransformField.allCases {
            #expect(Transform3D.identity.value(of: field) == expected[field, default: 0], "\(field)")
        }
    }

    @Test func settingEachFieldOnTheIdentity() {
        let v = 0.7
        let expected: [TransformField: Transform3D] = [
            .rotationX: rx(v), .rotationY: ry(v), .rotationZ: rz(v),
            .scaleX: .scale(v, 1, 1), .scaleY: .scale(1, v, 1), .scaleZ: .scale(1, 1, v),
            .translationX: .translation(v, 0, 0), .translationY: .translation(0, v, 0),
            .translationZ: .translation(0, 0, v),
        ]
        for field in TransformField.allCases {
            let m = Transform3D.identity.setting(field, to: v)
            #expect(distance(m, expected[field, default: .identity]) < 1e-12, "\(field)")
            #expect(abs(m.value(of: field) - v) < 1e-12, "\(field)")
            for other in TransformField.allCases where other != field {
                let unchanged = Transform3D.identity.value(of: other)
                #expect(abs(m.value(of: other) - unchanged) < 1e-12, "\(field) → \(other)")
            }
        }
    }

    @Test func translationFieldsAreTheTranslationElements() {
        let m = rx(0.3).concatenating(.scale(2, 3, 4)).concatenating(.translation(5, -6, 7))
        #expect(m.value(of: .translationX) == 5 && m.value(of: .translationY) == -6 && m.value(of: .translationZ) == 7)
        let moved = m.setting(.translationY, to: 40)
        #expect(distance(moved, rx(0.3).concatenating(.scale(2, 3, 4)).concatenating(.translation(5, 40, 7))) < 1e-12)
    }

    @Test func scaleAndRotationOfAComposedMatrix() {
        let m = Transform3D.scale(2, 2).concatenating(rz(0.3))
        #expect(abs(m.value(of: .rotationZ) - 0.3) < 1e-12)
        #expect(abs(m.value(of: .scaleX) - 2) < 1e-12 && abs(m.value(of: .scaleY) - 2) < 1e-12)
        #expect(abs(m.value(of: .scaleZ) - 1) < 1e-12 && abs(m.value(of: .rotationX)) < 1e-12)
    }

    @Test func settingTheRotationKeepsTheScale() {
        let m = Transform3D.scale(2, 3).concatenating(rz(0.3)).concatenating(.translation(10, 20))
        let r = m.setting(.rotationZ, to: 1.1)
        #expect(distance(r, Transform3D.scale(2, 3).concatenating(rz(1.1)).concatenating(.translation(10, 20))) < 1e-12)
        #expect(abs(r.value(of: .scaleX) - 2) < 1e-12 && abs(r.value(of: .scaleY) - 3) < 1e-12)
    }

    @Test func settingTheScaleKeepsTheRotation() {
        let m = Transform3D.scale(2, 3).concatenating(rz(0.3))
        let s = m.setting(.scaleX, to: 5)
        #expect(distance(s, Transform3D.scale(5, 3).concatenating(rz(0.3))) < 1e-12)
        #expect(abs(s.value(of: .rotationZ) - 0.3) < 1e-12)
    }

    @Test func rotationAnglesAreNotWrapped() {
        for angle in [3 * Double.pi, 10 * Double.pi, -7.5 * Double.pi, 2 * Double.pi, 1e3, -0.2, 123.456] {
            #expect(distance(Transform3D.identity.setting(.rotationZ, to: angle), rz(angle)) < 1e-12, "\(angle)")
            #expect(distance(Transform3D.identity.setting(.rotationX, to: angle), rx(angle)) < 1e-12, "\(angle)")
            #expect(distance(Transform3D.identity.setting(.rotationY, to: angle), ry(angle)) < 1e-12, "\(angle)")
        }
    }

    @Test func readRotationIsInTheHalfOpenRange() {
        #expect(abs(rz(3 * Double.pi).value(of: .rotationZ) - Double.pi) < 1e-12)
        #expect(abs(rz(-Double.pi).value(of: .rotationZ) - Double.pi) < 1e-12)
        #expect(abs(rz(1.5 * Double.pi).value(of: .rotationZ) + Double.pi / 2) < 1e-12)
        #expect(abs(rx(-0.5).value(of: .rotationX) + 0.5) < 1e-12)
        var halfTurn = Transform3D.identity
        (halfTurn.m11, halfTurn.m22) = (-1, -1)  // exact half turn about z, +0 off the diagonal
        #expect(halfTurn.value(of: .rotationZ) == Double.pi)
        for field in [TransformField.rotationX, .rotationY, .rotationZ] {
            for angle in stride(from: -10.0, through: 10, by: 0.37) {
                let v = Transform3D.identity.setting(field, to: angle).value(of: field)
                #expect(v > -Double.pi && v <= Double.pi)
            }
        }
    }

    @Test func eulerAnglesRoundTrip() {
        let angles = [-3.0, -2.1, -1.2, -0.4, 0, 0.3, 1.3, 2.2, 3.1]
        let tilts = [-1.5, -1.0, -0.3, 0, 0.2, 0.9, 1.45]
        for x in angles {
            for y in tilts {
                for z in angles {
                    let m = euler(x, y, z)
                    #expect(abs(m.value(of: .rotationX) - x) < 1e-9, "\(x) \(y) \(z)")
                    #expect(abs(m.value(of: .rotationY) - y) < 1e-9, "\(x) \(y) \(z)")
                    #expect(abs(m.value(of: .rotationZ) - z) < 1e-9, "\(x) \(y) \(z)")
                    let built = Transform3D.identity.setting(.rotationX, to: x).setting(.rotationY, to: y)
                        .setting(.rotationZ, to: z)
                    #expect(distance(built, m) < 1e-9, "\(x) \(y) \(z)")
                }
            }
        }
    }

    @Test func eulerAnglesUnderScaleAndTranslation() {
        let m = Transform3D.scale(2, 0.5, 3).concatenating(euler(0.4, -0.7, 2.5)).concatenating(.translation(5, 6, 7))
        #expect(abs(m.value(of: .rotationX) - 0.4) < 1e-9)
        #expect(abs(m.value(of: .rotationY) + 0.7) < 1e-9)
        #expect(abs(m.value(of: .rotationZ) - 2.5) < 1e-9)
        #expect(abs(m.value(of: .scaleY) - 0.5) < 1e-9)
        let n = m.setting(.rotationY, to: 0.1)
        let expected = Transform3D.scale(2, 0.5, 3).concatenating(euler(0.4, 0.1, 2.5))
            .concatenating(.translation(5, 6, 7))
        #expect(distance(n, expected) < 1e-9)
    }

    @Test func gimbalLockStillRebuildsTheMatrix() {
        for y in [Double.pi / 2, -Double.pi / 2] {
            let m = euler(0.5, y, 0.2)
            let (ax, ay, az) = (m.value(of: .rotationX), m.value(of: .rotationY), m.value(of: .rotationZ))
            #expect(abs(ay - y) < 1e-7)
            #expect(distance(euler(ax, ay, az), m) < 1e-9)
            #expect(distance(m.setting(.rotationZ, to: az), m) < 1e-9)
        }
    }

    @Test func aZeroScaleIsALegitimateValue() {
        let flat = Transform3D.identity.setting(.scaleX, to: 0)
        #expect(distance(flat, .scale(0, 1, 1)) < 1e-15)
        #expect(flat.value(of: .scaleX) == 0 && flat.value(of: .scaleY) == 1)
        let spun = rz(0.3).setting(.scaleY, to: 0)
        #expect(distance(spun, Transform3D.scale(1, 0).concatenating(rz(0.3))) < 1e-12)
    }

    @Test func componentsSurviveACollapsedAxis() {
        // One zero row: the rotation is still known.
        let m = Transform3D.scale(0, 2).concatenating(rz(0.3)).concatenating(.translation(10, 20))
        #expect(m.value(of: .scaleX) == 0 && abs(m.value(of: .scaleY) - 2) < 1e-12)
        #expect(abs(m.value(of: .rotationZ) - 0.3) < 1e-12)
        let restored = m.setting(.scaleX, to: 1)
        let unflattened = Transform3D.scale(1, 2).concatenating(rz(0.3)).concatenating(.translation(10, 20))
        #expect(distance(restored, unflattened) < 1e-12)
        // Two zero rows (a 2-D scale to 0): the layer stays collapsed when another field is set.
        let gone = Transform3D.scale(0, 0).concatenating(.translation(10, 20))
        let turned = gone.setting(.rotationZ, to: 0.5)
        let collapsed = Transform3D.scale(0, 0).concatenating(rz(0.5)).concatenating(.translation(10, 20))
        #expect(distance(turned, collapsed) < 1e-12)
        #expect(gone.value(of: .scaleX) == 0 && gone.value(of: .scaleZ) == 1)
        #expect(distance(gone.setting(.scaleX, to: 1).setting(.scaleY, to: 1), .translation(10, 20)) < 1e-12)
    }

    @Test func anUndecomposableMatrixStartsFromTheIdentityKeepingItsTranslation() {
        var m = Transform3D.translation(5, 6, 7)
        (m.m21, m.m22) = (1, 0)  // the second row repeats the first: singular, no zero row
        #expect(m.value(of: .scaleX) == 1 && m.value(of: .rotationZ) == 0 && m.value(of: .translationY) == 6)
        #expect(distance(m.setting(.rotationZ, to: 0.4), rz(0.4).concatenating(.translation(5, 6, 7))) < 1e-12)
        var bad = Transform3D.identity
        bad.m11 = .nan
        #expect(bad.setting(.scaleX, to: 2) == .scale(2, 1, 1))
    }

    @Test func perspectiveIsKept() {
        let p = Transform3D.perspective(distance: 500)
        let m = ry(0.3).concatenating(p)
        #expect(abs(m.value(of: .rotationY) - 0.3) < 1e-12)
        #expect(distance(m.setting(.rotationY, to: 0.9), ry(0.9).concatenating(p)) < 1e-12)
        // A z translation before the perspective gives m44 ≠ 1; the fields are not rescaled by it.
        let pushed = ry(0.3).concatenating(.translation(0, 0, 100)).concatenating(p)
        #expect(pushed.m44 != 1)
        #expect(abs(pushed.value(of: .translationZ) - 100) < 1e-12 && abs(pushed.value(of: .scaleX) - 1) < 1e-12)
        let pulled = pushed.setting(.translationZ, to: -50)
        #expect(distance(pulled, ry(0.3).concatenating(.translation(0, 0, -50)).concatenating(p)) < 1e-12)
    }

    @Test func aFlipReadsAsOneNegativeScale() {
        let m = Transform3D.scale(-1, 1).concatenating(rz(0.3))
        #expect(abs(m.value(of: .scaleX) + 1) < 1e-12 && abs(m.value(of: .scaleY) - 1) < 1e-12)
        #expect(abs(m.value(of: .scaleZ) - 1) < 1e-12 && abs(m.value(of: .rotationZ) - 0.3) < 1e-12)
        #expect(distance(m.setting(.rotationZ, to: 0.8), Transform3D.scale(-1, 1).concatenating(rz(0.8))) < 1e-12)
        let v = Transform3D.scale(2, -3, 1)
        #expect(abs(v.value(of: .scaleY) + 3) < 1e-12 && abs(v.value(of: .scaleX) - 2) < 1e-12)
        #expect(abs(Transform3D.scale(-1, -1, -1).value(of: .scaleZ) + 1) < 1e-12)
    }

    @Test func everyFieldRoundTripsOnAComposedMatrix() {
        let m = Transform3D.scale(1.5, 0.8, 2).concatenating(euler(0.2, 0.3, -0.4)).concatenating(.translation(3, 4, 5))
        for field in TransformField.allCases {
            let v = m.value(of: field)
            #expect(distance(m.setting(field, to: v), m) < 1e-9, "\(field)")
            let changed = m.setting(field, to: v + 0.25)
            #expect(abs(changed.value(of: field) - (v + 0.25)) < 1e-9, "\(field)")
            for other in TransformField.allCases where other != field {
                #expect(abs(changed.value(of: other) - m.value(of: other)) < 1e-9, "\(field) → \(other)")
            }
        }
    }
}
