import AnimGeometry
import AnimLayers
import Testing

/// Vectors of core-animation-semantics.md §7.1–7.3 (matrix conventions, layer defaults, frame and
/// setFrame) that no other test asserted.
struct ReferenceGeometryVectorTests {
    func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12, _ what: String,
               sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(a - b) <= tolerance, "\(what): \(a) vs \(b)", sourceLocation: sourceLocation)
    }

    func expectRect(_ a: Rect, _ b: Rect, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ok = abs(a.origin.x - b.origin.x) < 1e-9 && abs(a.origin.y - b.origin.y) < 1e-9
            && abs(a.size.width - b.size.width) < 1e-9 && abs(a.size.height - b.size.height) < 1e-9
        #expect(ok, "\(what): \(a) vs \(b)", sourceLocation: sourceLocation)
    }

    func layer(bounds: Rect = Rect(x: 0, y: 0, width: 100, height: 50), position: Point = Point(x: 200, y: 300),
               anchor: Point = Point(x: 0.5, y: 0.5), transform: Transform3D = .identity) -> LayerProperties {
        var p = LayerProperties()
        p.bounds = bounds
        p.position = position
        p.anchorPoint = anchor
        p.transform = transform
        return p
    }

    // MARK: §7.1 matrix conventions

    @Test func rotationAboutZElements() {
        // MakeRotation(θ, 0,0,1): m11 = cos, m12 = sin, m21 = −sin, m22 = cos.
        for angle in [0.3, -1.1, 2.5] {
            let r = Transform3D.rotation(angle, axis: 0, 0, 1)
            close(r.m11, cosine(angle), 1e-15, "m11 at \(angle)"); close(r.m12, sine(angle), 1e-15, "m12 at \(angle)")
            close(r.m21, -sine(angle), 1e-15, "m21 at \(angle)"); close(r.m22, cosine(angle), 1e-15, "m22 at \(angle)")
            close(r.m33, 1, 1e-15, "m33 at \(angle)")
        }
    }

    @Test func rotationAboutXElements() {
        // MakeRotation(θ, 1,0,0): m22 = cos, m23 = sin, m32 = −sin, m33 = cos.
        let angle = 0.7
        let r = Transform3D.rotation(angle, axis: 1, 0, 0)
        close(r.m22, cosine(angle), 1e-15, "m22"); close(r.m23, sine(angle), 1e-15, "m23")
        close(r.m32, -sine(angle), 1e-15, "m32"); close(r.m33, cosine(angle), 1e-15, "m33")
        close(r.m11, 1, 1e-15, "m11")
    }

    @Test func rotationAboutYElements() {
        // Rodrigues about y: m13 = −sin, m31 = +sin; a positive angle brings x < 0 toward +z.
        let angle = 0.4
        let r = Transform3D.rotation(angle, axis: 0, 1, 0)
        close(r.m13, -sine(angle), 1e-15, "m13"); close(r.m31, sine(angle), 1e-15, "m31")
        close(r.m11, cosine(angle), 1e-15, "m11"); close(r.m33, cosine(angle), 1e-15, "m33")
        #expect(r.apply(x: -10, y: 0, z: 0).z > 0)
    }

    @Test func scaleOfATransformAppliesTheScaleFirst() {
        // CATransform3DScale(t, …) = MakeScale·t: with t = translate(10, 0), m41 stays 10 (not 20).
        let t = Transform3D.translation(10, 0).scaledBy(2, 2)
        #expect(t == Transform3D.scale(2, 2).concatenating(.translation(10, 0)))
        close(t.m41, 10, 0, "m41")
        close(t.apply(x: 1, y: 0, z: 0).x, 12, 0, "(1,0) scaled then moved")
        // And the Concat vectors in the other order for comparison: Concat(translate 10, scale 2).m41 = 20.
        close(Transform3D.translation(10, 0).concatenating(.scale(2, 2)).m41, 20, 0, "Concat(translate, scale)")
    }

    @Test func invertingAScaleOfTwoGivesAScaleOfAHalf() throws {
        let inverse = try #require(Transform3D.scale(2, 2, 2).inverse())
        #expect(inverse == Transform3D.scale(0.5, 0.5, 0.5))
        let planar = try #require(Transform3D.scale(2, 2).inverse())
        #expect(planar == Transform3D.scale(0.5, 0.5))
    }

    @Test func perspectiveDistancesWriteMinusOneOverD() {
        for d in [500.0, 1000] {
            let p = Transform3D.perspective(distance: d)
            close(p.m34, -1 / d, 0, "m34 for d \(d)")
            #expect(p.elements.enumerated().allSatisfy { $0.offset == 11 || $0.element == Transform3D.identity.elements[$0.offset] })
        }
    }

    // MARK: §7.2 layer defaults

    @Test func layerDefaults() {
        let l = LayerProperties()
        #expect(l.bounds == Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(l.position == Point(x: 0, y: 0))
        #expect(l.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(l.anchorPointZ == 0 && l.zPosition == 0)
        #expect(l.transform == .identity && l.sublayerTransform == .identity)
        #expect(!l.masksToBounds && !l.isHidden)
    }

    @Test func settingTheBoundsMovesNeitherPositionNorAnchor() {
        var l = LayerProperties()
        l.position = Point(x: 7, y: 9)
        l.anchorPoint = Point(x: 0.25, y: 0.75)
        l.bounds = Rect(x: 0, y: 0, width: 30, height: 40)
        #expect(l.position == Point(x: 7, y: 9) && l.anchorPoint == Point(x: 0.25, y: 0.75))
    }

    @Test func negativeBoundsActAsTheirStandardisedRectangle() {
        // (0,0,−100,−50) standardises to (−100,−50,100,50). LayerProperties stores what it is given
        // (no setter), so this checks that the geometry derived from the bounds treats both alike.
        #expect(Rect(x: 0, y: 0, width: -100, height: -50).standardized == Rect(x: -100, y: -50, width: 100, height: 50))
        let negative = layer(bounds: Rect(x: 0, y: 0, width: -100, height: -50), position: .zero)
        let standard = layer(bounds: Rect(x: -100, y: -50, width: 100, height: 50), position: .zero)
        expectRect(negative.frame, standard.frame, "same frame")
        expectRect(negative.frame, Rect(x: -50, y: -25, width: 100, height: 50), "frame")
    }

    // MARK: §7.3 frame and setFrame

    @Test func depthPropertiesDoNotMoveTheFrame() {
        var l = layer()
        l.zPosition = 17
        l.anchorPointZ = 25
        expectRect(l.frame, Rect(x: 150, y: 275, width: 100, height: 50), "zPosition 17, anchorPointZ 25")
    }

    @Test func setFrameSizesTheBoundsAndPlacesThePosition() {
        var l = LayerProperties()
        l.setFrame(Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(l.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(l.position == Point(x: 60, y: 45))
        #expect(l.anchorPoint == Point(x: 0.5, y: 0.5))
        expectRect(l.frame, Rect(x: 10, y: 20, width: 100, height: 50), "reads back")
    }

    @Test func setFrameWithTheAnchorAtTheFarCorner() {
        var l = LayerProperties()
        l.anchorPoint = Point(x: 1, y: 1)
        l.setFrame(Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(l.position == Point(x: 110, y: 70))
    }

    @Test func setFrameKeepsTheBoundsOrigin() {
        var l = LayerProperties()
        l.bounds = Rect(x: 11, y: 22, width: 5, height: 5)
        l.setFrame(Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(l.bounds == Rect(x: 11, y: 22, width: 100, height: 50))
        #expect(l.position == Point(x: 60, y: 45))
    }

    @Test func setFrameUnderAScaleReadsBack() {
        // scale(2,4), setFrame(10,20,100,50) → bounds 50×12.5 (origin kept), position (60,45).
        var l = LayerProperties()
        l.transform = .scale(2, 4)
        l.setFrame(Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(l.bounds == Rect(x: 0, y: 0, width: 50, height: 12.5))
        #expect(l.position == Point(x: 60, y: 45))
        expectRect(l.frame, Rect(x: 10, y: 20, width: 100, height: 50), "reads back under the scale")
    }
}
