import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// CAGradientLayer and corner styles, measured through the compositor.
struct GradientLayerTests: CompositorFixture {
    func gradient(_ configure: (inout LayerProperties) -> Void) throws -> Bitmap {
        var tree = LayerTree()
        tree.append(id: "g", properties: layer(Rect(x: 0, y: 0, width: 256, height: 64), nil) {
            $0.kind = .gradient
            $0.gradient.colors = [.red, .blue]
            $0.gradient.startPoint = Point(x: 0, y: 0.5)
            $0.gradient.endPoint = Point(x: 1, y: 0.5)
            configure(&$0)
        }, parent: nil)
        return try render(tree, size: 256)
    }

    @Test func anAxialGradientRunsFromStartToEnd() throws {
        let b = try gradient { _ in }
        for x in [0, 64, 128, 200, 255] {
            let t = (Double(x) + 0.5) / 256
            let p = b[x, 32]
            #expect(abs(Double(p.r) - 255 * (1 - t)) <= 1.5 && abs(Double(p.b) - 255 * t) <= 1.5, "x \(x): \(p)")
        }
    }

    @Test func stopsDefaultToEvenSpacingAndStayOrdered() {
        var g = LayerGradient()
        g.colors = [.red, .white, .blue]
        #expect(g.stops.map(\.location) == [0, 0.5, 1])
        g.colors = [.red, .blue]
        g.locations = [0.2, 0.4]
        #expect(g.stops.map(\.location) == [0.2, 0.4])
        g.locations = [0.2]
        #expect(g.stops.map(\.location) == [0, 1], "a count that differs from colors' is ignored")
        g.locations = [0.6, 0.3]
        #expect(g.stops.map(\.location) == [0.6, 0.6], "made non-decreasing")
        g.locations = [-0.5, 1.5]
        #expect(g.stops.map(\.location) == [-0.5, 1.5], "kept outside 0…1")
        g.locations = [.nan, .infinity]
        #expect(g.stops.map(\.location) == [0, 0], "a location that is not finite takes the one before, or 0")
        g.colors = [.red, .white, .blue]
        g.locations = [.nan, -0.5, 0.25]
        #expect(g.stops.map(\.location) == [-0.5, -0.5, 0.25], "a leading one takes the first finite location after it")
    }

    @Test func locationsMoveTheStops() throws {
        let b = try gradient {
            $0.gradient.colors = [.red, .red, .blue]
            $0.gradient.locations = [0, 0.5, 1]
        }
        #expect(b[100, 32] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(abs(Int(b[192, 32].b) - 128) <= 2)
    }

    @Test func locationsOutsideZeroToOneShowTheirPartOfTheRamp() throws {
        // red at -1, blue at 1: the layer shows the ramp's second half, from the midpoint to blue.
        let b = try gradient { $0.gradient.locations = [-1, 1] }
        for x in [0, 128, 255] {
            let f = ((Double(x) + 0.5) / 256 + 1) / 2
            let p = b[x, 32]
            #expect(abs(Double(p.r) - 255 * (1 - f)) <= 1.5 && abs(Double(p.b) - 255 * f) <= 1.5, "x \(x): \(p)")
        }
    }

    @Test func theGradientFollowsTheCornerRadius() throws {
        let square = try gradient { _ in }
        let rounded = try gradient { $0.cornerRadius = 20 }
        let cut = 4 * (1 - Double.pi / 4) * 400
        #expect(abs(coveredArea(square) - coveredArea(rounded) - cut) < CompositorTests.chordAreaBound(radius: 20))
    }

    @Test func maskedCornersRoundOnlyTheChosenCorners() throws {
        var tree = LayerTree()
        tree.append(id: "c", properties: layer(Rect(x: 50, y: 50, width: 100, height: 100), .black) {
            $0.cornerRadius = 30
            $0.maskedCorners = [.minXMinY, .maxXMinY]
        }, parent: nil)
        let b = try render(tree)
        #expect(abs(10_000 - coveredArea(b) - 2 * (1 - Double.pi / 4) * 900) < CompositorTests.chordAreaBound(radius: 30) / 2)
        #expect(b[50, 149].a == 255 && b[149, 149].a == 255, "bottom corners square")
        #expect(b[50, 50].a == 0, "top-left rounded")
    }

    @Test func aContinuousCornerStartsFurtherAlongTheEdge() throws {
        func topRow(_ curve: CornerCurve) throws -> Bitmap {
            var tree = LayerTree()
            tree.append(id: "c", properties: layer(Rect(x: 0, y: 0, width: 200, height: 200), .black) {
                $0.cornerRadius = 40
                $0.cornerCurve = curve
            }, parent: nil)
            return try render(tree)
        }
        let circular = try topRow(.circular), continuous = try topRow(.continuous)
        // The circular corner has reached the edge by x = 40; the continuous one only by 1.528665·40 ≈ 61.
        #expect(circular[45, 0].a == 255)
        #expect(continuous[45, 0].a < 255 && continuous[55, 0].a < 255)
        #expect(continuous[63, 0].a == 255)
    }
}
