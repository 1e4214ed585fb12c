import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// contentsCenter's nine-part grid: corners at their natural size, edges stretched along one axis,
/// the centre along both; the unit rectangle (the default) is the even stretch.
struct ContentsCenterTests: CompositorFixture {
    /// A 12×12 image of nine 4×4 solid blocks, block (i, j) coloured by its column and row.
    static let grid: Bitmap = {
        var b = Bitmap(width: 12, height: 12)!
        for y in 0..<12 { for x in 0..<12 { b[x, y] = color(x / 4, y / 4) } }
        return b
    }()

    static func color(_ i: Int, _ j: Int) -> PixelRGBA8 {
        PixelRGBA8(r: UInt8(40 + 100 * i), g: UInt8(40 + 100 * j), b: 200, a: 255)
    }

    /// The grid in a w×h pt layer at (50, 50), contentsScale 1, on a 200-pt canvas at scale 1.
    func draw(width w: Double, height h: Double, center: Rect?, gravity: ContentsGravity = .resize) throws -> Bitmap {
        var tree = LayerTree()
        tree.append(id: "img", properties: layer(Rect(x: 50, y: 50, width: w, height: h), nil) {
            $0.contents = "grid"
            $0.contentsGravity = gravity
            if let center { $0.contentsCenter = center }
        }, parent: nil)
        let compositor = Compositor(canvas: CanvasSpec(width: 200, height: 200, background: .clear), images: ["grid": Self.grid])
        return try #require(compositor.render(tree))
    }

    static let middle = Rect(x: 1.0 / 3, y: 1.0 / 3, width: 1.0 / 3, height: 1.0 / 3)

    /// 36×20 pt: the corners are the image's 4×4 px blocks texel for texel; the top edge keeps 4 px
    /// of height and stretches 4 px to 28; the centre fills the rest.
    @Test func cornersKeepTheirSizeAndTheRestStretches() throws {
        let b = try draw(width: 36, height: 20, center: Self.middle)
        for y in 0..<4 {
            for x in 0..<4 {
                #expect(b[50 + x, 50 + y] == Self.color(0, 0), "top-left (\(x), \(y))")
                #expect(b[82 + x, 50 + y] == Self.color(2, 0), "top-right (\(x), \(y))")
                #expect(b[50 + x, 66 + y] == Self.color(0, 2), "bottom-left (\(x), \(y))")
                #expect(b[82 + x, 66 + y] == Self.color(2, 2), "bottom-right (\(x), \(y))")
            }
        }
        // Inside the stretched parts, away from the one-pixel blends at their seams.
        for x in 57..<79 {
            #expect(b[x, 51] == Self.color(1, 0), "top edge at \(x)")
            #expect(b[x, 60] == Self.color(1, 1), "centre at \(x)")
            #expect(b[x, 68] == Self.color(1, 2), "bottom edge at \(x)")
        }
        for y in 56..<64 {
            #expect(b[51, y] == Self.color(0, 1) && b[84, y] == Self.color(2, 1), "left and right edges at \(y)")
        }
        #expect(abs(coveredArea(b) - 36 * 20) < 1e-6)
    }

    /// Without a centre rectangle (or with the unit one) the image stretches evenly: the top-left
    /// block is 12 pt wide.
    @Test func theUnitRectangleStretchesEvenly() throws {
        let even = try draw(width: 36, height: 20, center: nil)
        #expect(try draw(width: 36, height: 20, center: Rect(x: 0, y: 0, width: 1, height: 1)) == even)
        #expect(even[50 + 9, 51] == Self.color(0, 0))
        #expect(try draw(width: 36, height: 20, center: Self.middle)[50 + 9, 51] != Self.color(0, 0))
    }

    /// At the image's natural size the grid changes nothing: 12×12 pt shows the image as is.
    @Test func atTheNaturalSizeTheGridIsTheImage() throws {
        let b = try draw(width: 12, height: 12, center: Self.middle)
        for y in 0..<12 { for x in 0..<12 { #expect(b[50 + x, 50 + y] == Self.grid[x, y], "(\(x), \(y))") } }
    }

    /// Gravities that do not resize draw the image at its natural size: the grid has no effect.
    @Test func nonResizingGravitiesIgnoreTheGrid() throws {
        #expect(try draw(width: 36, height: 20, center: Self.middle, gravity: .center)
                == draw(width: 36, height: 20, center: nil, gravity: .center))
    }

    /// Caps longer than the layer shrink in proportion: at 6 pt wide the 4 + 4 px caps take 3 pt
    /// each and the centre column vanishes, so no pixel shows the middle column's colour.
    @Test func capsShrinkWhenTheLayerIsSmallerThanThem() throws {
        let b = try draw(width: 6, height: 12, center: Self.middle)
        for x in 0..<6 { #expect(b[50 + x, 51] == Self.color(x < 3 ? 0 : 2, 0), "x = \(x)") }
    }
}
