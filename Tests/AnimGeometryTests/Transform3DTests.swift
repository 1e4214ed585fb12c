import AnimGeometry
import Testing

/// Matrix conventions of core-animation-semantics.md §7.1 (Apple-checked vectors).
struct Transform3DTests {
    @Test func concatAppliesLeftThenRight() {
        #expect(Transform3D.translation(10, 0).concatenating(.scale(2, 2)).m41 == 20)
        #expect(Transform3D.scale(2, 2).concatenating(.translation(10, 0)).m41 == 10)
    }

    @Test func translateAppliesTheTranslationFirst() {
        let t = Transform3D.scale(2, 2).translatedBy(5, 0)
        #expect(t.apply(x: 0, y: 0, z: 0).x == 10)
    }

    @Test func rotationAboutXMatchesApple() {
        let r = Transform3D.rotation(Double.pi / 3, axis: 1, 0, 0)
        #expect(abs(r.m22 - 0.5) < 1e-7)
        #expect(abs(r.m23 - 0.8660254) < 1e-7)
        #expect(abs(r.m32 + 0.8660254) < 1e-7)
        #expect(abs(r.m33 - 0.5) < 1e-7)
    }

    @Test func positiveZRotationIsClockwiseOnScreen() {
        let r = Transform3D.rotation(Double.pi / 2, axis: 0, 0, 1)
        let p = r.apply(x: 10, y: 0, z: 0)
        #expect(abs(p.x) < 1e-12 && abs(p.y - 10) < 1e-12)
        #expect(r.m12 == 1 && r.m21 == -1)
    }

    @Test func rotationAboutYBringsTheLeftEdgeForward() {
        let r = Transform3D.rotation(0.3, axis: 0, 1, 0)
        #expect(r.apply(x: -10, y: 0, z: 0).z > 0)
    }

    @Test func perspectiveSetsM34() {
        #expect(Transform3D.perspective(distance: 500).m34 == -1.0 / 500)
    }

    @Test func homographyComposesLikeTheMatrix() {
        let a = Transform3D.rotation(0.4, axis: 0, 1, 0).concatenating(.perspective(distance: 400))
        let b = Transform3D.translation(30, 40)
        let h = a.planeHomography.concatenating(b.planeHomography)
        let m = a.concatenating(b)
        let p1 = h.apply(Point(x: 7, y: -3))
        let p2 = m.apply(x: 7, y: -3, z: 0)
        #expect(abs(p1.x / p1.w - p2.x / p2.w) < 1e-9)
        #expect(abs(p1.y / p1.w - p2.y / p2.w) < 1e-9)
    }

    @Test func roundedRectRadiusIsClamped() {
        #expect(RoundedRect.effectiveRadius(80, in: Rect(x: 0, y: 0, width: 100, height: 40)) == 20)
        #expect(RoundedRect.effectiveRadius(-3, in: Rect(x: 0, y: 0, width: 100, height: 40)) == 0)
        #expect(RoundedRect.segmentsPerQuarter(radiusPixels: 0.1) == 1)
        // Chord error of the chosen count is within 1/8 px.
        let r = 50.0, n = RoundedRect.segmentsPerQuarter(radiusPixels: r)
        let step = Double.pi / 2 / Double(n)
        #expect(r * (1 - cosine(step / 2)) <= 0.125)
    }
}
