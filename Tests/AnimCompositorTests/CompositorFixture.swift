import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// Layers and renders shared by the compositor tests.
protocol CompositorFixture {}

extension CompositorFixture {
    func layer(_ frame: Rect, _ color: Color?, configure: (inout LayerProperties) -> Void = { _ in }) -> LayerProperties {
        var p = LayerProperties()
        p.bounds = Rect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
        p.position = Point(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2)
        p.backgroundColor = color
        configure(&p)
        return p
    }

    func render(_ tree: LayerTree, size: Double = 200, background: Color = .clear) throws -> Bitmap {
        try #require(Compositor(canvas: CanvasSpec(width: size, height: size, scale: 1, background: background)).render(tree))
    }

    /// Sum of alpha over the bitmap, in pixels.
    func coveredArea(_ b: Bitmap) -> Double {
        var sum = 0
        for i in stride(from: 3, to: b.pixels.count, by: 4) { sum += Int(b.pixels[i]) }
        return Double(sum) / 255
    }

    /// The colour at (x, y), unpremultiplied to 0…255 channels (exact for opaque pixels).
    func rgb(_ b: Bitmap, _ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        let p = b[x, y]
        return (Int(p.r), Int(p.g), Int(p.b), Int(p.a))
    }
}

extension CompositorTests {
    /// How much area a circle of `radius` px loses to its flattening: chords within 1/8 px of the
    /// arc cut off about ⅔ · ⅛ px along the whole perimeter.
    static func chordAreaBound(radius: Double) -> Double {
        2 * Double.pi * radius * 0.125 * 2 / 3 + 1
    }
}

extension Color {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let green = Color(red: 0, green: 1, blue: 0)
}
