import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// Mask layers: only the mask's alpha counts, in the masked layer's space, over its whole rendering.
struct MaskTests: CompositorFixture {
    func masked(_ configureMask: (inout LayerProperties) -> Void, child: Bool = false) -> LayerTree {
        var tree = LayerTree()
        let owner = tree.append(id: "owner", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), .red) {
            $0.borderWidth = 10
            $0.borderColor = .green
        }, parent: nil)
        if child {
            tree.append(id: "child", properties: layer(Rect(x: 50, y: 0, width: 100, height: 100), .blue), parent: owner)
        }
        tree.appendMask(id: "mask", properties: layer(Rect(x: 0, y: 0, width: 100, height: 100), nil, configure: configureMask), owner: owner)
        return tree
    }

    @Test func onlyTheMasksAlphaCounts() throws {
        let b = try render(masked { $0.backgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5) })
        let c = rgb(b, 100, 100)
        // Red at half alpha (premultiplied 128, 0, 0, 128): the mask's blue is ignored.
        #expect(abs(c.r - 128) <= 1 && c.g == 0 && c.b == 0 && abs(c.a - 128) <= 1, "\(c)")
    }

    @Test func theMaskIsPlacedInTheOwnersSpaceAndCutsBorderAndSublayers() throws {
        // A mask covering the left half of the owner: the border's right side and the child vanish.
        let b = try render(masked({
            $0.bounds = Rect(x: 0, y: 0, width: 50, height: 100)
            $0.position = Point(x: 25, y: 50)
            $0.backgroundColor = .black
        }, child: true))
        #expect(rgb(b, 55, 100).g == 255, "left border kept")
        #expect(rgb(b, 145, 100).a == 0, "right border masked")
        #expect(rgb(b, 175, 60).a == 0, "child outside the mask")
        #expect(rgb(b, 75, 100).r == 255)
    }

    @Test func aCircularMaskLeavesTheDiscArea() throws {
        let b = try render(masked {
            $0.backgroundColor = .black
            $0.cornerRadius = 50
        })
        let area = coveredArea(b)
        #expect(abs(area - Double.pi * 2500) < CompositorTests.chordAreaBound(radius: 50), "\(area)")
    }

    @Test func anEmptyMaskHidesEverything() throws {
        #expect(coveredArea(try render(masked { _ in })) == 0)
    }

    @Test func masksToBoundsWithCornerRadiusClipsSublayersToTheRoundedShape() throws {
        var tree = LayerTree()
        let clip = tree.append(id: "clip", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), nil) {
            $0.cornerRadius = 50
            $0.masksToBounds = true
        }, parent: nil)
        tree.append(id: "fill", properties: layer(Rect(x: -50, y: -50, width: 300, height: 300), .black), parent: clip)
        #expect(abs(coveredArea(try render(tree)) - Double.pi * 2500) < CompositorTests.chordAreaBound(radius: 50))
    }
}
