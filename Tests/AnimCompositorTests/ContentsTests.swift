import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// Contents images placed by gravity, contentsRect and contentsScale, and sampled perspective-correctly.
struct ContentsTests: CompositorFixture {
    /// A w×h image split into a left colour and a right colour.
    static func split(_ w: Int, _ h: Int, left: PixelRGBA8, right: PixelRGBA8) -> Bitmap {
        var b = Bitmap(width: w, height: h)!
        for y in 0..<h { for x in 0..<w { b[x, y] = x < w / 2 ? left : right } }
        return b
    }

    static let red = PixelRGBA8(r: 255, g: 0, b: 0, a: 255)
    static let blue = PixelRGBA8(r: 0, g: 0, b: 255, a: 255)

    func draw(_ image: Bitmap, size: Double = 200, _ configure: (inout LayerProperties) -> Void) throws -> Bitmap {
        var tree = LayerTree()
        tree.append(id: "img", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), nil) {
            $0.contents = "image"
            configure(&$0)
        }, parent: nil)
        let compositor = Compositor(canvas: CanvasSpec(width: size, height: size, background: .clear), images: ["image": image])
        return try #require(compositor.render(tree))
    }

    @Test func resizeFillsTheBounds() throws {
        let b = try draw(Self.split(4, 4, left: Self.red, right: Self.blue)) { _ in }
        #expect(abs(coveredArea(b) - 10_000) < 1e-6)
        #expect(b[60, 60] == Self.red && b[140, 140] == Self.blue)
    }

    @Test(arguments: [
        (ContentsGravity.center, Rect(x: 90, y: 90, width: 20, height: 20)),
        (.topLeft, Rect(x: 50, y: 50, width: 20, height: 20)),
        (.bottomRight, Rect(x: 130, y: 130, width: 20, height: 20)),
        (.top, Rect(x: 90, y: 50, width: 20, height: 20)),
        (.left, Rect(x: 50, y: 90, width: 20, height: 20)),
    ])
    func gravityPlacesTheImageAtItsSizeInPoints(gravity: ContentsGravity, expected: Rect) throws {
        // 40×40 px at contentsScale 2 is 20×20 pt.
        let b = try draw(Self.split(40, 40, left: Self.red, right: Self.red)) {
            $0.contentsGravity = gravity
            $0.contentsScale = 2
        }
        #expect(abs(coveredArea(b) - 400) < 1e-6)
        #expect(b[Int(expected.minX) + 1, Int(expected.minY) + 1].a == 255)
        #expect(b[Int(expected.maxX) - 1, Int(expected.maxY) - 1].a == 255)
    }

    @Test func resizeAspectFitsAndResizeAspectFillOverflows() throws {
        let wide = Self.split(200, 100, left: Self.red, right: Self.blue)
        let fit = try draw(wide) { $0.contentsGravity = .resizeAspect }
        #expect(abs(coveredArea(fit) - 5000) < 1e-6)
        #expect(fit[100, 70].a == 0 && fit[100, 80].a == 255)
        let fill = try draw(wide) { $0.contentsGravity = .resizeAspectFill }
        // 200×100 pt centred on the layer: contents are not clipped without masksToBounds.
        #expect(abs(coveredArea(fill) - 20_000) < 1e-6)
        let clipped = try draw(wide) { $0.contentsGravity = .resizeAspectFill; $0.masksToBounds = true }
        #expect(abs(coveredArea(clipped) - 10_000) < 1e-6)
    }

    /// magnificationFilter nearest (pixel art): a 2 × 1 image drawn 100 pt wide shows two flat
    /// halves with no blended column; linear (the default) blends across the middle. Drawn smaller
    /// than its pixels, the minificationFilter applies instead.
    @Test func theFiltersChooseNearestOrLinear() throws {
        let image = Self.split(2, 1, left: Self.red, right: Self.blue)
        let crisp = try draw(image) { $0.magnificationFilter = .nearest }
        #expect((50..<100).allSatisfy { crisp[$0, 100] == Self.red } && (100..<150).allSatisfy { crisp[$0, 100] == Self.blue })
        let smooth = try draw(image) { _ in }
        #expect(smooth[99, 100] != Self.red && smooth[99, 100] != Self.blue && smooth[99, 100].a == 255)
        #expect(try draw(image) { $0.minificationFilter = .nearest } == smooth, "magnified: the minification filter plays no part")
        // 400 × 400 px of four stripes of 100 px in a 100 pt layer: minified 4×.
        var stripes = Bitmap(width: 400, height: 400)!
        for y in 0..<400 { for x in 0..<400 { stripes[x, y] = x % 2 == 0 ? Self.red : Self.blue } }
        let sampled = try draw(stripes) { $0.minificationFilter = .nearest }
        let averaged = try draw(stripes) { _ in }
        #expect(sampled[100, 100] == Self.red || sampled[100, 100] == Self.blue, "one texel, not a mix")
        #expect(averaged[100, 100] != Self.red && averaged[100, 100] != Self.blue, "box-filtered levels mix the columns")
    }

    /// masksToBounds has nothing to clip when the image lies inside the bounds (resize gravity,
    /// square corners): at a fractional position the edge pixels stay half covered instead of
    /// being multiplied by the clip's own half coverage (alpha 64 instead of 128). With a
    /// sublayer the clip still applies.
    @Test func aClipWithNothingOutsideItChangesNothing() throws {
        let image = Self.split(4, 4, left: Self.red, right: Self.blue)
        func render(_ clip: Bool, child: Bool = false) throws -> Bitmap {
            var tree = LayerTree()
            let parent = tree.append(id: "img", properties: layer(Rect(x: 50.5, y: 50.5, width: 100, height: 100), nil) {
                $0.contents = "image"
                $0.masksToBounds = clip
            }, parent: nil)
            if child {
                tree.append(id: "child", properties: layer(Rect(x: 80, y: 80, width: 60, height: 60), .white) { _ in }, parent: parent)
            }
            let compositor = Compositor(canvas: CanvasSpec(width: 200, height: 200, background: .clear), images: ["image": image])
            return try #require(compositor.render(tree))
        }
        let clipped = try render(true), plain = try render(false)
        #expect(clipped == plain)
        #expect(clipped[50, 100].a == 128 && clipped[50, 50].a == 64, "\(clipped[50, 100]) \(clipped[50, 50])")
        let withChild = try render(true, child: true), unclipped = try render(false, child: true)
        #expect(withChild[170, 170].a == 0 && unclipped[170, 170].a == 255, "the sublayer is still clipped")
    }

    @Test func contentsRectSelectsPartOfTheImage() throws {
        let b = try draw(Self.split(4, 4, left: Self.red, right: Self.blue)) {
            $0.contentsRect = Rect(x: 0.5, y: 0, width: 0.5, height: 1)
        }
        #expect(b[80, 100] == Self.blue && b[145, 100] == Self.blue)
    }

    @Test func texturesArePerspectiveCorrect() throws {
        // A card turned 0.8 rad about y under m34 = −1/300: the image's middle stays on the card's
        // middle (x = 100), not halfway between the projected edges as affine mapping would put it.
        var tree = LayerTree()
        let stage = tree.append(id: "stage", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), nil) {
            $0.sublayerTransform = .perspective(distance: 300)
        }, parent: nil)
        tree.append(id: "card", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), nil) {
            $0.contents = "image"
            $0.transform = .rotation(0.8, axis: 0, 1, 0)
        }, parent: stage)
        let image = Self.split(64, 64, left: Self.red, right: Self.blue)
        let b = try #require(Compositor(canvas: CanvasSpec(width: 200, height: 200, background: .clear), images: ["image": image]).render(tree))
        let covered = (0..<200).filter { b[$0, 100].a > 128 }
        let switchX = try #require((1..<200).first { b[$0 - 1, 100].r > 128 && b[$0, 100].b > 128 })
        let affineMiddle = Double(covered.first! + covered.last! + 1) / 2
        #expect(abs(Double(switchX) - 100) <= 1, "switch at \(switchX)")
        #expect(abs(affineMiddle - 100) > 4, "the projected edges are not symmetric (\(affineMiddle))")
    }

    @Test func aMissingImageDrawsNothing() throws {
        var tree = LayerTree()
        tree.append(id: "img", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), nil) { $0.contents = "absent" }, parent: nil)
        #expect(coveredArea(try render(tree)) == 0)
    }
}
