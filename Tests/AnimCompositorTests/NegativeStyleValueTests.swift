import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// Negative borderWidth and cornerRadius (which CALayer accepts, and which a scene keeps) and a
/// negative shadowRadius (which only an animation passing below 0 can reach) draw as 0.
struct NegativeStyleValueTests: CompositorFixture {
    /// A 100 × 60 red card with a blue border, rounded corners and a shadow, all set by `configure`.
    func card(_ configure: (inout LayerProperties) -> Void) throws -> Bitmap {
        var tree = LayerTree()
        tree.append(id: "card", properties: layer(Rect(x: 50, y: 70, width: 100, height: 60), .red) {
            $0.borderColor = .blue
            $0.shadowOffset = Size(width: 4, height: 6)
            configure(&$0)
        }, parent: nil)
        return try render(tree, background: .white)
    }

    @Test func aNegativeBorderWidthDrawsNoBorder() throws {
        let none = try card { $0.borderWidth = 0 }
        #expect(try card { $0.borderWidth = -4 }.pixels == none.pixels)
        #expect(try card { $0.borderWidth = 4 }.pixels != none.pixels, "the comparison can fail")
    }

    @Test func aNegativeCornerRadiusGivesSquareCorners() throws {
        let square = try card { $0.cornerRadius = 0; $0.borderWidth = 3 }
        #expect(try card { $0.cornerRadius = -12; $0.borderWidth = 3 }.pixels == square.pixels)
        #expect(try card { $0.cornerRadius = 12; $0.borderWidth = 3 }.pixels != square.pixels)
    }

    @Test func aNegativeShadowRadiusIsASharpShadow() throws {
        let sharp = try card { $0.shadowOpacity = 1; $0.shadowRadius = 0 }
        #expect(try card { $0.shadowOpacity = 1; $0.shadowRadius = -5 }.pixels == sharp.pixels)
        #expect(try card { $0.shadowOpacity = 1; $0.shadowRadius = 5 }.pixels != sharp.pixels)
    }
}
