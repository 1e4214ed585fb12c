import AnimGeometry
import AnimLayers
import Testing

/// The frame vectors of core-animation-semantics.md §7.3 (Apple-checked).
struct LayerFrameTests {
    func layer(bounds: Rect = Rect(x: 0, y: 0, width: 100, height: 50), position: Point = Point(x: 200, y: 300),
               anchor: Point = Point(x: 0.5, y: 0.5), transform: Transform3D = .identity) -> LayerProperties {
        var p = LayerProperties()
        p.bounds = bounds
        p.position = position
        p.anchorPoint = anchor
        p.transform = transform
        return p
    }

    func expectRect(_ a: Rect, _ b: Rect, _ note: Comment? = nil) {
        #expect(abs(a.origin.x - b.origin.x) < 1e-9 && abs(a.origin.y - b.origin.y) < 1e-9, note)
        #expect(abs(a.size.width - b.size.width) < 1e-9 && abs(a.size.height - b.size.height) < 1e-9, note)
    }

    @Test func frameFromBoundsPositionAndAnchor() {
        expectRect(layer().frame, Rect(x: 150, y: 275, width: 100, height: 50))
        expectRect(layer(anchor: .zero).frame, Rect(x: 200, y: 300, width: 100, height: 50))
        expectRect(layer(anchor: Point(x: 1, y: 1)).frame, Rect(x: 100, y: 250, width: 100, height: 50))
        expectRect(layer(bounds: Rect(x: 11, y: 22, width: 100, height: 50)).frame, Rect(x: 150, y: 275, width: 100, height: 50))
        expectRect(layer(position: .zero, anchor: Point(x: 2, y: -1)).frame, Rect(x: -200, y: 50, width: 100, height: 50))
    }

    @Test func frameUnderTransforms() {
        // The reference's "+ scale(2,4)" applies to the base layer (100×50 at (200,300), anchor 0.5).
        expectRect(layer(transform: .scale(2, 4)).frame, Rect(x: 100, y: 200, width: 200, height: 200))
        expectRect(layer(transform: .translation(10, 20)).frame, Rect(x: 160, y: 295, width: 100, height: 50))
        let s = 50 * 2.0.squareRoot()
        expectRect(layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100), position: .zero,
                         transform: .rotation(Double.pi / 4, axis: 0, 0, 1)).frame,
                   Rect(x: -s, y: -s, width: 2 * s, height: 2 * s))
    }

    @Test func setFrame() {
        var p = layer(bounds: .zero, position: .zero, transform: .scale(2, 4))
        p.setFrame(Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(p.bounds.size == Size(width: 50, height: 12.5))
        #expect(p.position == Point(x: 60, y: 45))
        var q = layer(bounds: .zero, position: .zero, anchor: .zero)
        q.setFrame(Rect(x: 10, y: 20, width: 100, height: 50))
        #expect(q.position == Point(x: 10, y: 20))
        var n = layer(bounds: .zero, position: .zero)
        n.setFrame(Rect(x: 0, y: 0, width: -100, height: -50))
        #expect(n.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
        #expect(n.position == Point(x: -50, y: -25))
    }
}
