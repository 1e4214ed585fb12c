@testable import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// CATransformLayer rendering contexts: depth order per pixel, intersecting planes, per-sublayer
/// opacity, back faces, against the flattening of an ordinary layer.
struct Context3DTests: CompositorFixture {
    /// Two 100×100 planes crossing at the canvas centre, turned ±0.5 rad about y, red first in tree order.
    func crossingPlanes(container: LayerKind, perspective: Bool = false) -> LayerTree {
        var tree = LayerTree()
        let root = tree.append(id: "root", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) {
            $0.kind = container
            if perspective { $0.sublayerTransform = .perspective(distance: 400) }
        }, parent: nil)
        tree.append(id: "red", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), .red) {
            $0.transform = .rotation(0.5, axis: 0, 1, 0)
        }, parent: root)
        tree.append(id: "blue", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), .blue) {
            $0.transform = .rotation(-0.5, axis: 0, 1, 0)
        }, parent: root)
        return tree
    }

    /// Which plane is nearer the viewer at local x (from the centre), from the rotation matrices.
    func redIsNearer(atLocalX x: Double) -> Bool {
        let zRed = Transform3D.rotation(0.5, axis: 0, 1, 0).apply(x: x, y: 0, z: 0).z
        let zBlue = Transform3D.rotation(-0.5, axis: 0, 1, 0).apply(x: x, y: 0, z: 0).z
        return zRed > zBlue
    }

    @Test(arguments: [false, true])
    func intersectingPlanesEachShowTheirNearHalf(perspective: Bool) throws {
        let b = try render(crossingPlanes(container: .transform, perspective: perspective))
        for (px, localX) in [(80, -20.0), (120, 20.0)] {
            let c = rgb(b, px, 100)
            let expectRed = redIsNearer(atLocalX: localX)
            #expect(c.r == (expectRed ? 255 : 0) && c.b == (expectRed ? 0 : 255), "pixel \(px): \(c)")
        }
        // The two sides differ: one plane cannot be on top everywhere.
        #expect(rgb(b, 80, 100).r != rgb(b, 120, 100).r)
    }

    /// Core Animation sorts an ordinary layer's sublayers by depth and cuts intersecting ones
    /// (§7.5): two crossing siblings of a plain layer (drawing nothing of its own) give the bytes of
    /// the same siblings in a transform layer, each showing its near half.
    @Test(arguments: [false, true])
    func anOrdinaryLayersSiblingsAreSortedByDepth(perspective: Bool) throws {
        let plain = try render(crossingPlanes(container: .layer, perspective: perspective))
        #expect(plain == (try render(crossingPlanes(container: .transform, perspective: perspective))))
        #expect(rgb(plain, 80, 100).r != rgb(plain, 120, 100).r)
    }

    /// Parallel siblings are ordered by their depth, their transforms' z included: red pushed
    /// toward the viewer stays in front of blue pushed away, though blue comes later in the array.
    @Test func parallelSiblingsAreDrawnFarToNear() throws {
        var tree = LayerTree()
        let stage = tree.append(id: "stage", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) {
            $0.sublayerTransform = .perspective(distance: 400)
        }, parent: nil)
        tree.append(id: "red", properties: layer(Rect(x: 40, y: 40, width: 80, height: 80), .red) { $0.transform = .translation(0, 0, 100) },
                    parent: stage)
        tree.append(id: "blue", properties: layer(Rect(x: 80, y: 80, width: 80, height: 80), .blue) { $0.transform = .translation(0, 0, -100) },
                    parent: stage)
        let b = try render(tree)
        #expect(rgb(b, 100, 100).r == 255 && rgb(b, 100, 100).b == 0, "\(rgb(b, 100, 100))")
        // Without any z, the array order stands: blue, later, on top.
        tree.nodes[1].properties.transform = .identity
        tree.nodes[2].properties.transform = .identity
        #expect(rgb(try render(tree), 100, 100).b == 255)
        // anchorPointZ −100 brings red's plane 100 pt nearer, its transform untouched.
        tree.nodes[1].properties.anchorPointZ = -100
        #expect(rgb(try render(tree), 100, 100).r == 255)
    }

    /// A plane that passes behind the eye is cut there and keeps straight edges: its left edge runs
    /// through the projections of (0, 900) and (0, 1000) of its bounds, computed here, to within a
    /// pixel (the cut point used to land 10¹⁴ px away, and clamping it bent the edge to 45°).
    @Test func aPlaneReachingBehindTheEyeKeepsStraightEdges() throws {
        var tree = LayerTree()
        let stage = tree.append(id: "stage", properties: layer(Rect(x: 0, y: 0, width: 300, height: 240), nil) {
            $0.sublayerTransform = .perspective(distance: 200)
        }, parent: nil)
        let plane = layer(Rect(x: 0, y: 0, width: 120, height: 1000), .red) {
            $0.position = Point(x: 150, y: 150)
            $0.anchorPoint = Point(x: 0.5, y: 0.9)
            $0.transform = .rotation(-1.2, axis: 1, 0, 0)
        }
        tree.append(id: "plane", properties: plane, parent: stage)
        let b = try render(tree, size: 300)
        let map = LayerGeometry.toParent(plane, parent: tree.nodes[0].properties).planeHomography
        let (p0, p1) = (map.apply(Point(x: 0, y: 900)), map.apply(Point(x: 0, y: 1000)))
        #expect(p0.w > 0 && p1.w > 0 && map.apply(Point(x: 0, y: 0)).w < 0, "the plane reaches behind the eye")
        let a = Point(x: p0.x / p0.w, y: p0.y / p0.w), c = Point(x: p1.x / p1.w, y: p1.y / p1.w)
        for row in [150, 100] {
            let expected = a.x + (c.x - a.x) * (Double(row) + 0.5 - a.y) / (c.y - a.y)
            let first = (0..<300).first { rgb(b, $0, row).r > 127 }
            #expect(first.map { abs(Double($0) + 0.5 - expected) <= 1 } == true, "row \(row): \(String(describing: first)) vs \(expected)")
        }
    }

    /// The classic cube of six sublayers in a plain layer turned as a whole: its sublayers are
    /// sorted in its own space before it is flattened, so the front face shows, as in a transform layer.
    @Test func aCubeInAPlainLayerShowsItsFrontFace() throws {
        var tree = cube(turn: 0.3)
        tree.nodes[0].properties.kind = .layer
        let c = rgb(try render(tree), 100, 100)
        #expect(c.r == 255 && c.g == 0 && c.b == 0, "\(c)")
    }

    @Test func theIntersectionLineIsAntiAliased() throws {
        var tree = crossingPlanes(container: .transform)
        // Move the crossing into the middle of pixel 100.
        tree.nodes[0].properties.position.x += 0.5
        let b = try render(tree)
        // Along the row, the colour switches from one plane to the other at x = 100: the pixels on
        // the line are a mix rather than a hard switch.
        let mixed = (99...101).contains { x in let c = rgb(b, x, 100); return c.r > 20 && c.b > 20 }
        #expect(mixed)
    }

    /// A cube of six faces (front first in tree order), turned so the front face is seen.
    func cube(turn: Double) -> LayerTree {
        var tree = LayerTree()
        let cube = tree.append(id: "cube", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), nil) {
            $0.kind = .transform
            $0.transform = .rotation(turn, axis: 0, 1, 0)
        }, parent: nil)
        let faces: [(Color, Transform3D)] = [
            (.red, .translation(0, 0, 50)),
            (.blue, Transform3D.rotation(Double.pi, axis: 0, 1, 0).concatenating(.translation(0, 0, -50))),
            (.green, Transform3D.rotation(-Double.pi / 2, axis: 0, 1, 0).concatenating(.translation(-50, 0, 0))),
            (.black, Transform3D.rotation(Double.pi / 2, axis: 0, 1, 0).concatenating(.translation(50, 0, 0))),
        ]
        for (i, (color, t)) in faces.enumerated() {
            tree.append(id: "face\(i)", properties: layer(Rect(x: 0, y: 0, width: 100, height: 100), color) {
                $0.transform = t
            }, parent: cube)
        }
        return tree
    }

    @Test func theNearFaceOfACubeHidesTheFacesBehindIt() throws {
        let b = try render(cube(turn: 0.3))
        // Tree order would leave the last faces on top; depth order shows the front face (red)
        // in the middle and the side turned toward the viewer at the edge.
        let c = rgb(b, 100, 100)
        #expect(c.r == 255 && c.g == 0 && c.b == 0, "\(c)")
    }

    @Test func aTransformLayersOpacityAppliesToEachSublayer() throws {
        var tree = LayerTree()
        let t = tree.append(id: "t", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) {
            $0.kind = .transform
            $0.opacity = 0.5
        }, parent: nil)
        tree.append(id: "a", properties: layer(Rect(x: 20, y: 20, width: 100, height: 100), .red), parent: t)
        tree.append(id: "b", properties: layer(Rect(x: 80, y: 80, width: 100, height: 100), .blue) { $0.zPosition = 1 }, parent: t)
        let b = try render(tree)
        // Each child at 50%: over the overlap, blue (nearer) over red: alpha 1 − 0.5·0.5 = 0.75.
        let overlap = rgb(b, 100, 100)
        #expect(abs(overlap.a - 191) <= 1 && overlap.r > 50 && overlap.b > 100, "\(overlap)")
        #expect(abs(rgb(b, 40, 40).a - 128) <= 1)
    }

    @Test func aTransformLayerDrawsNoBackgroundOrBorderOfItsOwn() throws {
        var tree = LayerTree()
        tree.append(id: "t", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), .red) {
            $0.kind = .transform
            $0.borderWidth = 10
        }, parent: nil)
        #expect(coveredArea(try render(tree)) == 0)
    }

    @Test func aFlipCardShowsItsBackWhenTurnedOver() throws {
        func card(turn: Double) -> LayerTree {
            var tree = LayerTree()
            let t = tree.append(id: "card", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), nil) {
                $0.kind = .transform
                $0.transform = .rotation(turn, axis: 0, 1, 0)
            }, parent: nil)
            tree.append(id: "front", properties: layer(Rect(x: 0, y: 0, width: 100, height: 100), .red) {
                $0.isDoubleSided = false
            }, parent: t)
            tree.append(id: "back", properties: layer(Rect(x: 0, y: 0, width: 100, height: 100), .blue) {
                $0.isDoubleSided = false
                $0.transform = .rotation(Double.pi, axis: 0, 1, 0)
            }, parent: t)
            return tree
        }
        #expect(rgb(try render(card(turn: 0.2)), 100, 100).r == 255)
        #expect(rgb(try render(card(turn: Double.pi - 0.2)), 100, 100).b == 255)
    }
}
