import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// Compositing checked by measuring the picture: areas, projected widths, pixel colours.
struct CompositorTests: CompositorFixture {
    @Test func rotatedSquareCoversItsArea() throws {
        var tree = LayerTree()
        tree.append(id: "sq", properties: layer(Rect(x: 80, y: 80, width: 40, height: 40), .black) {
            $0.transform = .rotation(Double.pi / 6, axis: 0, 0, 1)
        }, parent: nil)
        let area = coveredArea(try render(tree))
        #expect(abs(area - 1600) < 0.5, "\(area)")
    }

    @Test func perspectiveCardHasTheProjectedWidth() throws {
        // A 100×100 card rotated 0.6 rad about y under a parent with m34 = −1/500.
        let angle = 0.6, d = 500.0
        var tree = LayerTree()
        let parent = tree.append(id: "stage", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) {
            $0.sublayerTransform = .perspective(distance: d)
        }, parent: nil)
        tree.append(id: "card", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), .black) {
            $0.transform = .rotation(angle, axis: 0, 1, 0)
        }, parent: parent)
        let bitmap = try render(tree)
        // x' = x·cos θ / (1 + x·sin θ / d) for the card's edges at x = ±50 about the centre.
        let left = -50 * cosine(angle) / (1 - 50 * sine(angle) / d)
        let right = 50 * cosine(angle) / (1 + 50 * sine(angle) / d)
        var rowSum = 0
        for x in 0..<200 { rowSum += Int(bitmap[x, 100].a) }
        #expect(abs(Double(rowSum) / 255 - (right - left)) < 0.02, "\(Double(rowSum) / 255) vs \(right - left)")
    }

    @Test func zPositionThenArrayOrder() throws {
        var tree = LayerTree()
        tree.append(id: "front", properties: layer(Rect(x: 0, y: 0, width: 100, height: 100), Color(red: 1, green: 0, blue: 0)) {
            $0.zPosition = 1
        }, parent: nil)
        tree.append(id: "back", properties: layer(Rect(x: 0, y: 0, width: 100, height: 100), Color(red: 0, green: 0, blue: 1)), parent: nil)
        tree.append(id: "last", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), Color(red: 0, green: 1, blue: 0)), parent: nil)
        let b = try render(tree)
        #expect(b[10, 10] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255), "higher zPosition is in front")
        #expect(b[60, 60] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(b[120, 120] == PixelRGBA8(r: 0, g: 255, b: 0, a: 255))
    }

    func overlapTree(groupOpacity: Bool) -> LayerTree {
        var tree = LayerTree()
        let parent = tree.append(id: "group", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) {
            $0.opacity = 0.5
            $0.allowsGroupOpacity = groupOpacity
        }, parent: nil)
        tree.append(id: "a", properties: layer(Rect(x: 20, y: 20, width: 100, height: 100), Color(red: 1, green: 0, blue: 0)), parent: parent)
        tree.append(id: "b", properties: layer(Rect(x: 70, y: 70, width: 100, height: 100), Color(red: 0, green: 0, blue: 1)), parent: parent)
        return tree
    }

    @Test func groupOpacityFadesTheSubtreeOnce() throws {
        let b = try render(overlapTree(groupOpacity: true), background: .white)
        // The overlap shows only the top child, faded once. Opacity 0.5 is 128/255 in 8 bits:
        // white keeps round(255·127/255) = 127 where the group covers it.
        #expect(b[100, 100] == PixelRGBA8(r: 127, g: 127, b: 255, a: 255))
        #expect(b[30, 30] == PixelRGBA8(r: 255, g: 127, b: 127, a: 255))
    }

    @Test func perLayerOpacityLetsTheLowerChildShowThrough() throws {
        let b = try render(overlapTree(groupOpacity: false), background: .white)
        // Red at 128/255 over white gives (255, 127, 127); blue at 128/255 over that keeps
        // round(c·127/255) of each channel: (127, 63, 128 + 63).
        #expect(b[100, 100] == PixelRGBA8(r: 127, g: 63, b: 191, a: 255))
    }

    @Test func borderIsDrawnAboveSublayersInsideTheBounds() throws {
        var tree = LayerTree()
        let parent = tree.append(id: "box", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), nil) {
            $0.borderWidth = 10
            $0.borderColor = Color(red: 0, green: 0, blue: 0)
        }, parent: nil)
        tree.append(id: "fill", properties: layer(Rect(x: 0, y: 0, width: 100, height: 100), Color(red: 1, green: 1, blue: 0)), parent: parent)
        let b = try render(tree)
        #expect(b[55, 100] == PixelRGBA8(r: 0, g: 0, b: 0, a: 255))
        #expect(b[65, 100] == PixelRGBA8(r: 255, g: 255, b: 0, a: 255))
        #expect(b[45, 100].a == 0, "the border stays inside the bounds")
        #expect(abs(coveredArea(b) - 10_000) < 1e-6)
    }

    @Test func roundedCornersCutTheArea() throws {
        var tree = LayerTree()
        tree.append(id: "pill", properties: layer(Rect(x: 20, y: 20, width: 160, height: 80), .black) {
            $0.cornerRadius = 1000
        }, parent: nil)
        // The radius clamps to 40: a stadium of area 80·80 + π·40².
        let expected = 80.0 * 80 + Double.pi * 1600
        let area = coveredArea(try render(tree))
        #expect(abs(area - expected) < 2 * Double.pi * 40 * 0.125, "\(area) vs \(expected)")
    }

    @Test func masksToBoundsClipsSublayers() throws {
        var tree = LayerTree()
        let parent = tree.append(id: "clip", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), nil) {
            $0.masksToBounds = true
        }, parent: nil)
        tree.append(id: "big", properties: layer(Rect(x: -50, y: -50, width: 300, height: 300), .black), parent: parent)
        #expect(abs(coveredArea(try render(tree)) - 10_000) < 1e-6)
    }

    @Test func hiddenAndBackFacingLayersAreNotDrawn() throws {
        var tree = LayerTree()
        tree.append(id: "hidden", properties: layer(Rect(x: 0, y: 0, width: 50, height: 50), .black) { $0.isHidden = true }, parent: nil)
        tree.append(id: "back", properties: layer(Rect(x: 100, y: 100, width: 50, height: 50), .black) {
            $0.transform = .rotation(Double.pi, axis: 0, 1, 0)
            $0.isDoubleSided = false
        }, parent: nil)
        #expect(coveredArea(try render(tree)) == 0)
    }

    @Test func pointsBehindTheEyeAreClipped() throws {
        // A huge plane tilted so part of it passes behind the eye (d = 200): drawn without NaN or inversion.
        var tree = LayerTree()
        let stage = tree.append(id: "stage", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) {
            $0.sublayerTransform = .perspective(distance: 200)
        }, parent: nil)
        tree.append(id: "plane", properties: layer(Rect(x: -900, y: 90, width: 2000, height: 20), .black) {
            $0.transform = .rotation(1.2, axis: 0, 1, 0)
        }, parent: stage)
        let b = try render(tree)
        // The near (left) end runs off to the left; the far end reaches x = 100 + 1000·cos θ / w
        // with w = 1 + 1000·sin θ / 200, about 164. Drawn without clipping, the part behind the eye
        // would come back inverted on the right (x ≈ 199).
        let farEnd = 100 + 1000 * cosine(1.2) / (1 + 1000 * sine(1.2) / 200)
        #expect(b[0, 100].a == 255)
        #expect(b[Int(farEnd) - 2, 100].a == 255)
        #expect(b[Int(farEnd) + 2, 100].a == 0)
        #expect(b[198, 100].a == 0, "nothing inverted from behind the eye")
    }
}
