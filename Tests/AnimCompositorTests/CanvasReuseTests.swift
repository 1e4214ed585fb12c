import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// A recycled frame is drawn into where it is, not copied first (a second reference to the canvas
/// used to make the first draw of every frame copy it: a whole canvas of memory traffic and page
/// faults per frame).
struct CanvasReuseTests: CompositorFixture {
    func address(_ b: Bitmap) -> UInt {
        b.pixels.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    @Test func aRecycledFrameBecomesTheNextCanvasInPlace() throws {
        // An unusual size, so no other test's recycled frames are taken instead.
        let compositor = Compositor(canvas: CanvasSpec(width: 67, height: 61, scale: 1, background: .white))
        var tree = LayerTree()
        tree.append(id: "card", properties: layer(Rect(x: 4, y: 4, width: 30, height: 20), .red) {
            $0.cornerRadius = 6
            $0.shadowOpacity = 0.5
            $0.shadowRadius = 5
        }, parent: nil)
        let expected = try #require(compositor.render(tree))  // kept: never recycled
        let first = try #require(compositor.render(tree))
        let place = address(first)
        Compositor.recycle(consume first)
        let second = try #require(compositor.render(tree))
        #expect(address(second) == place)
        #expect(second == expected)
    }
}
