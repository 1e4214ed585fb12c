import AnimGeometry
import Testing

/// CSS Transforms 2 decomposition / recomposition / interpolation of transforms
/// (core-animation-semantics.md §6).
struct DecomposedTransformTests {
    /// Largest elementwise difference; `b` is first divided by its m44 when `projective` (a decomposition
    /// is taken after that division).
    func distance(_ a: Transform3D, _ b: Transform3D, projective: Bool = false) -> Double {
        let k = projective ? b.m44 : 1
        return zip(a.elements, b.elements).map { abs($0 - $1 / k) }.max() ?? .infinity
    }

    func rotation(_ angle: Double, _ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D.rotation(angle, axis: x, y, z)
    }

    /// A deterministic stream of numbers in [lo, hi) (64-bit LCG).
    struct Numbers {
        var state: UInt64
        mutating func next(_ lo: Double, _ hi: Double) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return lo + (hi - lo) * Double(state >> 11) / Double(1 << 53)
        }
    }

    var namedMatrices: [(String, Transform3D)] {
        var skew = Transform3D.identity
        (skew.m21, skew.m31, skew.m32) = (0.5, -0.25, 0.75)
        let persp = Transform3D.perspective(distance: 500)
        return [
            ("identity", .identity),
            ("translation", .translation(10, -20, 30)),
            ("scale", .scale(2, 3, 4)),
            ("flip x", .scale(-1, 1, 1)),
            ("flip xy", .scale(-2, -3, 1)),
            ("point reflection", .scale(-1, -1, -1)),
            ("rotation x", rotation(0.3, 1, 0, 0)),
            ("rotation y", rotation(-2, 0, 1, 0)),
            ("rotation z", rotation(3, 0, 0, 1)),
            ("half turn z", rotation(Double.pi, 0, 0, 1)),
            ("quarter turn y", rotation(Double.pi / 2, 0, 1, 0)),
            ("arbitrary axis", rotation(1.1, 1, 2, 3)),
            ("half turn about (1,-1,0)", rotation(Double.pi, 1, -1, 0)),
            ("nearly identity", rotation(1e-9, 0.3, -0.2, 1)),
            ("skew", skew),
            ("perspective", persp),
            ("scale·skew·rotation·translation·perspective",
             Transform3D.scale(2, -0.5, 3).concatenating(skew).concatenating(rotation(0.7, 1, 1, 0))
                .concatenating(.translation(5, 6, 7)).concatenating(persp)),
            ("rotation then perspective", rotation(0.4, 0, 1, 0).concatenating(persp)),
            ("z translation then perspective (m44 ≠ 1)",
             rotation(0.4, 0, 1, 0).translatedBy(0, 0, 100).concatenating(persp)),
            ("non-uniform scale after rotation", rotation(0.5, 0, 0, 1).concatenating(.scale(1, 3))),
        ]
    }

    @Test func recomposingGivesTheMatrixBack() throws {
        for (name, m) in namedMatrices {
            let d = try #require(m.decomposed(), "\(name)")
            #expect(distance(d.matrix, m, projective: true) < 1e-9, "\(name)")
        }
    }

    @Test func recomposingRandomMatricesGivesThemBack() throws {
        var n = Numbers(state: 42)
        for i in 0..<500 {
            let e = (0..<16).map { _ in n.next(-3, 3) }
            var m = try #require(Transform3D(elements: e))
            (m.m14, m.m24, m.m34) = (n.next(-0.01, 0.01), n.next(-0.01, 0.01), n.next(-0.01, 0.01))
            m.m44 = n.next(0.5, 2)
            let d = try #require(m.decomposed(), "matrix \(i)")
            let q = d.rotation
            #expect(abs(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w - 1) < 1e-12)
            #expect(q.w >= 0)
            #expect(distance(d.matrix, m, projective: true) < 1e-9, "matrix \(i): \(m)")
        }
    }

    @Test func componentsOfSimpleMatrices() throws {
        let t = try #require(Transform3D.translation(1, 2, 3).decomposed())
        #expect(t.translation == .init(x: 1, y: 2, z: 3) && t.scale == .one && t.rotation == .identity)
        let s = try #require(Transform3D.scale(2, 3, 4).decomposed())
        #expect(s.scale == .init(x: 2, y: 3, z: 4) && s.skew == .zero)
        let p = try #require(Transform3D.perspective(distance: 500).decomposed())
        #expect(p.perspective == .init(x: 0, y: 0, z: -1.0 / 500, w: 1))
        let r = try #require(rotation(0.6, 0, 0, 1).decomposed()).rotation
        #expect(abs(r.z - sine(0.3)) < 1e-15 && abs(r.w - cosine(0.3)) < 1e-15 && r.x == 0 && r.y == 0)
        // CSS moves a reflection into the scale by negating all three scales.
        let f = try #require(Transform3D.scale(-1, 1, 1).decomposed())
        #expect(f.scale == .init(x: -1, y: -1, z: -1))
        #expect(abs(f.rotation.x) == 1)
        var sk = Transform3D.identity
        sk.m21 = 0.5
        #expect(try #require(sk.decomposed()).skew == .init(xy: 0.5, xz: 0, yz: 0))
    }

    @Test func aPositiveAngleGivesAPositiveQuaternionAxis() throws {
        for axis in [(1.0, 0.0, 0.0), (0, 1, 0), (0, 0, 1)] {
            let q = try #require(rotation(0.8, axis.0, axis.1, axis.2).decomposed()).rotation
            #expect(abs(q.x - axis.0 * sine(0.4)) < 1e-15)
            #expect(abs(q.y - axis.1 * sine(0.4)) < 1e-15)
            #expect(abs(q.z - axis.2 * sine(0.4)) < 1e-15)
        }
    }

    @Test func singularMatricesDoNotDecompose() {
        var noW = Transform3D.identity
        noW.m44 = 0
        var nan = Transform3D.identity
        nan.m12 = .nan
        var flat = Transform3D.identity
        (flat.m21, flat.m22) = (1, 0)  // second row equals the first
        for m in [Transform3D.scale(0, 1, 1), .scale(1, 1, 0), noW, nan, flat] {
            #expect(m.decomposed() == nil, "\(m)")
        }
    }

    @Test func endpointsAreExact() {
        let pairs: [(Transform3D, Transform3D)] = [
            (.identity, rotation(0.3, 1, 2, 3)),
            (.scale(2, 3), .translation(4, 5).concatenating(.perspective(distance: 300))),
            (rotation(2, 0, 1, 0), .scale(0, 1)),
        ]
        for (a, b) in pairs {
            #expect(a.interpolated(to: b, by: 0) == a)
            #expect(a.interpolated(to: b, by: 1) == b)
        }
        let m = rotation(0.3, 1, 2, 3).concatenating(.translation(1, 2, 3))
        #expect(m.interpolated(to: m, by: 0.37) == m)
    }

    @Test func quarterTurnAboutZHalfWay() {
        let r = Transform3D.identity.interpolated(to: rotation(Double.pi / 2, 0, 0, 1), by: 0.5)
        #expect(distance(r, rotation(Double.pi / 4, 0, 0, 1)) < 1e-9)
        let q = Transform3D.identity.interpolated(to: rotation(Double.pi / 2, 0, 0, 1), by: 0.25)
        #expect(distance(q, rotation(Double.pi / 8, 0, 0, 1)) < 1e-9)
    }

    @Test func aFullTurnDoesNothing() {
        let full = rotation(2 * Double.pi, 0, 0, 1)
        for i in 0...10 {
            let m = Transform3D.identity.interpolated(to: full, by: Double(i) / 10)
            #expect(distance(m, .identity) < 1e-12, "t = \(Double(i) / 10)")
        }
    }

    @Test func threeQuarterTurnGoesTheShortWay() {
        let r = Transform3D.identity.interpolated(to: rotation(1.5 * Double.pi, 0, 0, 1), by: 0.5)
        #expect(distance(r, rotation(-Double.pi / 4, 0, 0, 1)) < 1e-9)
    }

    @Test func slerpDoesNotFlipForANegativeDotProduct() throws {
        // ±0.9π about z: the quaternions have a negative dot product. CSS does not negate one of them,
        // so the path goes through the identity rather than through the half turn.
        let a = try #require(rotation(0.9 * Double.pi, 0, 0, 1).decomposed())
        let b = try #require(rotation(-0.9 * Double.pi, 0, 0, 1).decomposed())
        #expect(distance(a.interpolated(to: b, by: 0.5).matrix, .identity) < 1e-9)
        let m = rotation(0.9 * Double.pi, 0, 0, 1).interpolated(to: rotation(-0.9 * Double.pi, 0, 0, 1), by: 0.25)
        #expect(distance(m, rotation(0.45 * Double.pi, 0, 0, 1)) < 1e-9)
    }

    @Test func scaleMidpoint() {
        #expect(distance(Transform3D.scale(1, 1).interpolated(to: .scale(3, 3), by: 0.5), .scale(2, 2)) < 1e-12)
        let uniform = Transform3D.scale(1, 1, 1).interpolated(to: .scale(3, 3, 3), by: 0.5)
        #expect(distance(uniform, .scale(2, 2, 2)) < 1e-12)
        #expect(distance(Transform3D.scale(-1, 1).interpolated(to: .scale(-3, 2), by: 0.5), .scale(-2, 1.5)) < 1e-12)
    }

    @Test func translationMidpoint() {
        let m = Transform3D.translation(10, -20, 4).interpolated(to: .translation(30, 20, 0), by: 0.5)
        #expect(distance(m, .translation(20, 0, 2)) < 1e-12)
    }

    @Test func rotationAboutXHalfWay() {
        let m = Transform3D.identity.interpolated(to: rotation(1.2, 1, 0, 0), by: 0.5)
        #expect(distance(m, rotation(0.6, 1, 0, 0)) < 1e-9)
        let n = rotation(0.2, 1, 0, 0).interpolated(to: rotation(1.0, 1, 0, 0), by: 0.25)
        #expect(distance(n, rotation(0.4, 1, 0, 0)) < 1e-9)
    }

    @Test func componentsInterpolateIndependently() {
        func compose(_ s: Double, _ angle: Double, _ tx: Double) -> Transform3D {
            Transform3D.scale(s, s).concatenating(rotation(angle, 0, 0, 1)).concatenating(.translation(tx, 0))
        }
        let m = compose(2, 0.2, 10).interpolated(to: compose(4, 0.6, 30), by: 0.5)
        #expect(distance(m, compose(3, 0.4, 20)) < 1e-9)
    }

    @Test func perspectiveInterpolatesLinearly() {
        let m = Transform3D.perspective(distance: 500).interpolated(to: .identity, by: 0.5)
        #expect(distance(m, .perspective(distance: 1000)) < 1e-15)
    }

    @Test func extrapolationContinuesTheComponents() {
        let m = Transform3D.translation(0, 0).interpolated(to: .translation(10, 0), by: 1.5)
        #expect(distance(m, .translation(15, 0)) < 1e-12)
        let r = Transform3D.identity.interpolated(to: rotation(0.4, 0, 0, 1), by: 1.5)
        #expect(distance(r, rotation(0.6, 0, 0, 1)) < 1e-9)
    }

    @Test func aSingularEndpointSwitchesHalfWay() {
        let a = Transform3D.scale(2, 2), b = Transform3D.scale(0, 1)
        #expect(a.interpolated(to: b, by: 0.25) == a)
        #expect(a.interpolated(to: b, by: 0.4999) == a)
        #expect(a.interpolated(to: b, by: 0.5) == b)
        #expect(a.interpolated(to: b, by: 0.75) == b)
        #expect(b.interpolated(to: a, by: 0.4999) == b)
        #expect(b.interpolated(to: a, by: 0.5) == a)
    }

    @Test func decomposedInterpolationEndpoints() throws {
        let a = try #require(Transform3D.scale(2, 3).concatenating(rotation(0.5, 1, 1, 1)).decomposed())
        let b = try #require(Transform3D.translation(7, 8, 9).concatenating(.perspective(distance: 400)).decomposed())
        #expect(a.interpolated(to: b, by: 0) == a)
        #expect(distance(a.interpolated(to: b, by: 1).matrix, b.matrix) < 1e-12)
        #expect(DecomposedTransform.identity.matrix == .identity)
    }
}
