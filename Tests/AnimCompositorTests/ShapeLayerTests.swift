import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// CAShapeLayer through the compositor: fill and stroke, the layer's transforms acting on the
/// stroke, the drawing order and clipping.
struct ShapeLayerTests: CompositorFixture {
    func shape(_ frame: Rect, _ configure: (inout LayerProperties) -> Void) -> LayerProperties {
        layer(frame, nil) {
            $0.kind = .shape
            configure(&$0)
        }
    }

    @Test func fillsWithCADefaultsAndStrokesOnlyWithAColor() throws {
        var tree = LayerTree()
        tree.append(id: "s", properties: shape(Rect(x: 0, y: 0, width: 200, height: 200)) {
            $0.shape.path = Path.rect(Rect(x: 20, y: 30, width: 100, height: 50))
        }, parent: nil)
        let filled = try render(tree)
        // Default fill: opaque black, no stroke.
        #expect(coveredArea(filled) == 5000)
        #expect(rgb(filled, 50, 50) == (0, 0, 0, 255))
        tree.nodes[0].properties.shape.fillColor = nil
        tree.nodes[0].properties.shape.strokeColor = .red
        tree.nodes[0].properties.shape.stroke.lineWidth = 4
        let stroked = try render(tree)
        // A closed rectangle stroked 4 wide with miter joins: 104 × 54 minus 96 × 46.
        #expect(coveredArea(stroked) == 104 * 54 - 96 * 46)
        #expect(rgb(stroked, 50, 30) == (255, 0, 0, 255) && rgb(stroked, 50, 50).a == 0)
    }

    @Test func theLayersTransformScalesTheStroke() throws {
        // A horizontal line 40 long, 2 wide, scaled 3× by the layer transform about its centre:
        // 120 × 6 px on the canvas. A non-uniform scale widens it only along y.
        for (sx, sy, area) in [(3.0, 3.0, 120.0 * 6), (1.0, 5.0, 40.0 * 10)] {
            var tree = LayerTree()
            tree.append(id: "s", properties: shape(Rect(x: 50, y: 50, width: 100, height: 100)) {
                $0.shape.path = Path(elements: [.move(Point(x: 30, y: 50)), .line(Point(x: 70, y: 50))])
                $0.shape.fillColor = nil
                $0.shape.strokeColor = .blue
                $0.shape.stroke.lineWidth = 2
                $0.transform = .scale(sx, sy, 1)
            }, parent: nil)
            let b = try render(tree)
            #expect(abs(coveredArea(b) - area) < 1e-9, "scale \(sx), \(sy): \(coveredArea(b))")
        }
    }

    /// A zero-length subpath's round dot is flattened within 1/8 of a device pixel like any round
    /// cap: scaled 2× by the layer, it is the dot of twice the width at scale 1, byte for byte
    /// (it was flattened within 1/8 of a point: chords 0.25 px off the circle at 2×).
    @Test func aDotIsFlattenedInDevicePixels() throws {
        func dot(at c: Double, width: Double, scale: Double) throws -> Bitmap {
            var tree = LayerTree()
            tree.append(id: "s", properties: shape(Rect(x: 0, y: 0, width: 100, height: 100)) {
                $0.shape.path = Path(elements: [.move(Point(x: c, y: c)), .close])
                $0.shape.fillColor = nil
                $0.shape.strokeColor = .black
                $0.shape.stroke.lineWidth = width
                $0.shape.stroke.lineCap = .round
                $0.anchorPoint = Point(x: 0, y: 0)
                $0.position = Point(x: 0, y: 0)
                $0.transform = .scale(scale, scale, 1)
            }, parent: nil)
            return try render(tree, size: 100)
        }
        let scaled = try dot(at: 25, width: 10, scale: 2), plain = try dot(at: 50, width: 20, scale: 1)
        let differing = zip(scaled.pixels, plain.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ")
        // The disc of radius 10 px covers π·100 px²: its chords' fan keeps the area (docs/shapes.md;
        // 312.44 px² before session 63, with the vertices at r·2/(1 + cos(θ/2))).
        #expect(abs(coveredArea(plain) - Double.pi * 100) < 0.05, "\(coveredArea(plain))")
    }

    @Test func theShapeIsDrawnBetweenBackgroundAndSublayersAndClipped() throws {
        var tree = LayerTree()
        let s = tree.append(id: "s", properties: shape(Rect(x: 0, y: 0, width: 100, height: 100)) {
            $0.backgroundColor = .blue
            $0.shape.path = Path.rect(Rect(x: 50, y: 50, width: 100, height: 100))
            $0.shape.fillColor = .red
            $0.masksToBounds = true
        }, parent: nil)
        tree.append(id: "child", properties: layer(Rect(x: 60, y: 60, width: 10, height: 10), .green), parent: s)
        let b = try render(tree)
        #expect(rgb(b, 10, 10) == (0, 0, 255, 255))
        #expect(rgb(b, 55, 55) == (255, 0, 0, 255))
        #expect(rgb(b, 65, 65) == (0, 255, 0, 255))
        // masksToBounds clips the path to the 100 × 100 bounds.
        #expect(rgb(b, 120, 120).a == 0 && coveredArea(b) == 10000)
    }

    @Test func evenOddLeavesTheOverlapEmpty() throws {
        var tree = LayerTree()
        tree.append(id: "s", properties: shape(Rect(x: 0, y: 0, width: 200, height: 200)) {
            var path = Path.rect(Rect(x: 10, y: 10, width: 100, height: 100))
            path.elements += Path.rect(Rect(x: 60, y: 60, width: 100, height: 100)).elements
            $0.shape.path = path
            $0.shape.fillRule = .evenOdd
        }, parent: nil)
        let b = try render(tree)
        #expect(coveredArea(b) == 2 * 10000 - 2 * 2500)
        #expect(rgb(b, 80, 80).a == 0)
    }
}
