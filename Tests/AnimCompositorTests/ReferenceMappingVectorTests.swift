import AnimCompositor
import AnimGeometry
import AnimLayers
import AnimRaster
import Testing

/// The point-mapping vectors of core-animation-semantics.md §7.4 (layer → superlayer, with the
/// superlayer's sublayerTransform about its anchor point), checked through the compositor.
///
/// The mapping itself (`LayerGeometry.toParent`) is internal to AnimCompositor, so each vector is
/// checked on the rendered picture: the layer whose corner is mapped is filled with an opaque colour
/// on a clear canvas and its edges are measured from the anti-aliased coverage (exact-area coverage,
/// vertices on a 1/256 px grid, 8-bit alpha: edges are recovered to about 0.005 px).
///
/// Every scene uses the reference's parent — bounds (0,0,200,200) — but places it at (200,200) on a
/// 400×400 canvas, so the parent's coordinates are the canvas's minus (100,100) and mapped points
/// with negative coordinates, such as (60,−38), stay on the canvas.
struct ReferenceMappingVectorTests {
    static let offset = 100.0
    static let tolerance = 0.01

    func layer(bounds: Rect, position: Point, color: Color? = nil,
               configure: (inout LayerProperties) -> Void = { _ in }) -> LayerProperties {
        var p = LayerProperties()
        p.bounds = bounds
        p.position = position
        p.backgroundColor = color
        configure(&p)
        return p
    }

    /// The reference's parent, 200×200, placed so that its coordinates are the canvas's − (100,100).
    func parent(bounds: Rect = Rect(x: 0, y: 0, width: 200, height: 200),
                configure: (inout LayerProperties) -> Void = { _ in }) -> LayerProperties {
        layer(bounds: bounds, position: Point(x: 200, y: 200), configure: configure)
    }

    func render(_ tree: LayerTree) throws -> Bitmap {
        try #require(Compositor(canvas: CanvasSpec(width: 400, height: 400, scale: 1, background: .clear)).render(tree))
    }

    /// The covered extent along one row (or column), from the coverage of its first and last pixels.
    func extent(_ b: Bitmap, row: Int? = nil, column: Int? = nil) -> (low: Double, high: Double)? {
        let count = row != nil ? b.width : b.height
        let alphas = (0..<count).map { i -> Double in
            let a = row.map { b[i, $0].a } ?? b[column!, i].a
            return Double(a) / 255
        }
        guard let first = alphas.firstIndex(where: { $0 > 0 }), let last = alphas.lastIndex(where: { $0 > 0 }) else { return nil }
        return (Double(first) + 1 - alphas[first], Double(last) + alphas[last])
    }

    /// Checks that the opaque picture spans `rect` (in the parent's coordinates), measured through
    /// the middle row and column of the rectangle.
    func expectCovers(_ b: Bitmap, _ rect: Rect, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let minX = rect.minX + Self.offset, maxX = rect.maxX + Self.offset
        let minY = rect.minY + Self.offset, maxY = rect.maxY + Self.offset
        let midRow = Int(((minY + maxY) / 2).rounded(.down)), midColumn = Int(((minX + maxX) / 2).rounded(.down))
        guard let h = extent(b, row: midRow), let v = extent(b, column: midColumn) else {
            Issue.record("\(what): nothing drawn", sourceLocation: sourceLocation)
            return
        }
        let t = Self.tolerance
        #expect(abs(h.low - minX) <= t && abs(h.high - maxX) <= t,
                "\(what): x from \(h.low - Self.offset) to \(h.high - Self.offset), expected \(rect.minX) to \(rect.maxX)",
                sourceLocation: sourceLocation)
        #expect(abs(v.low - minY) <= t && abs(v.high - maxY) <= t,
                "\(what): y from \(v.low - Self.offset) to \(v.high - Self.offset), expected \(rect.minY) to \(rect.maxY)",
                sourceLocation: sourceLocation)
    }

    /// Parent (0,0,200,200) with one 50×50 child at (100,50).
    func childScene(parent configureParent: (inout LayerProperties) -> Void = { _ in },
                    parentBounds: Rect = Rect(x: 0, y: 0, width: 200, height: 200),
                    child configureChild: (inout LayerProperties) -> Void = { _ in }) -> LayerTree {
        var tree = LayerTree()
        let p = tree.append(id: "parent", properties: parent(bounds: parentBounds, configure: configureParent), parent: nil)
        tree.append(id: "child", properties: layer(bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                                                   position: Point(x: 100, y: 50), color: .black, configure: configureChild),
                    parent: p)
        return tree
    }

    @Test func childCornersLandAtTheirOffsets() throws {
        // child (0,0) → (75,25); child (50,50) → (125,75).
        expectCovers(try render(childScene()), Rect(x: 75, y: 25, width: 50, height: 50), "identity")
    }

    @Test func aScaledChildSpreadsAboutItsAnchor() throws {
        // child transform scale 2: (0,0) → (50,0), so the 50×50 child covers (50,0)…(150,100).
        let b = try render(childScene(child: { $0.transform = .scale(2, 2) }))
        expectCovers(b, Rect(x: 50, y: 0, width: 100, height: 100), "child scale 2")
    }

    @Test func aRectangleInAScaledChildIsScaledAndMoved() throws {
        // child scale 2: rect (0,0,10,20) of the child → (50,0,20,40) in the parent. The rectangle is
        // a grandchild filling (0,0,10,20) of the (transparent) child.
        var tree = LayerTree()
        let p = tree.append(id: "parent", properties: parent(), parent: nil)
        let c = tree.append(id: "child", properties: layer(bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                                                           position: Point(x: 100, y: 50)) { $0.transform = .scale(2, 2) },
                            parent: p)
        tree.append(id: "rect", properties: layer(bounds: Rect(x: 0, y: 0, width: 10, height: 20),
                                                  position: Point(x: 5, y: 10), color: .black), parent: c)
        expectCovers(try render(tree), Rect(x: 50, y: 0, width: 20, height: 40), "rect (0,0,10,20)")
    }

    @Test func parentSublayerTranslationMovesTheChild() throws {
        // parent sublayerTransform translate(10,20): child (0,0) → (85,45).
        let b = try render(childScene(parent: { $0.sublayerTransform = .translation(10, 20) }))
        expectCovers(b, Rect(x: 85, y: 45, width: 50, height: 50), "sublayerTransform translate(10,20)")
    }

    @Test func parentSublayerScaleAboutItsAnchorWithAChildTranslation() throws {
        // parent sublayerTransform scale 2 (about the parent's anchor (100,100)) and child
        // translate(5,6): child (0,0) → (60,−38); the child covers (60,−38)…(160,62).
        let b = try render(childScene(parent: { $0.sublayerTransform = .scale(2, 2) },
                                      child: { $0.transform = .translation(5, 6) }))
        expectCovers(b, Rect(x: 60, y: -38, width: 100, height: 100), "sublayer scale 2 + child translate(5,6)")
    }

    @Test func aRotatedChildSpansItsBoundingBoxAboutAFixedCentre() throws {
        // child 100×100 at (100,100) rotated 45°: rect (100−50√2, 100−50√2, 100√2, 100√2), centre (100,100).
        var tree = LayerTree()
        let p = tree.append(id: "parent", properties: parent(), parent: nil)
        tree.append(id: "child", properties: layer(bounds: Rect(x: 0, y: 0, width: 100, height: 100),
                                                   position: Point(x: 100, y: 100), color: .black) {
            $0.transform = .rotation(Double.pi / 4, axis: 0, 0, 1)
        }, parent: p)
        let b = try render(tree)
        let side = 100 * 2.0.squareRoot()
        // The square's diagonals are axis-aligned: across the two pixel rows (columns) that meet at
        // the centre the covered width is w(y) = side − 2|y − c|, integrating to 2·side − 2.
        var rows = 0.0, columns = 0.0, area = 0.0, sumX = 0.0, sumY = 0.0
        for y in 0..<b.height {
            for x in 0..<b.width {
                let a = Double(b[x, y].a) / 255
                area += a
                sumX += a * (Double(x) + 0.5)
                sumY += a * (Double(y) + 0.5)
                if y == 199 || y == 200 { rows += a }
                if x == 199 || x == 200 { columns += a }
            }
        }
        #expect(abs((rows + 2) / 2 - side) <= 0.02, "width of the box: \((rows + 2) / 2) vs \(side)")
        #expect(abs((columns + 2) / 2 - side) <= 0.02, "height of the box: \((columns + 2) / 2) vs \(side)")
        #expect(abs(sumX / area - Self.offset - 100) <= Self.tolerance, "centre x \(sumX / area - Self.offset)")
        #expect(abs(sumY / area - Self.offset - 100) <= Self.tolerance, "centre y \(sumY / area - Self.offset)")
        // Rotation keeps the area (8-bit coverage along the 400 px outline loses up to ~1 px²).
        #expect(abs(area - 10_000) <= 2, "area \(area)")
    }

    @Test func oneSiblingConvertsIntoTheOther() throws {
        // siblings 50×50 at (25,25) and (125,25): s1 (0,0) is (−100,0) in s2. A red 10×10 square at
        // s1 (0,0) and a green one drawn later at s2 (−100,0) must coincide: only green shows.
        var tree = LayerTree()
        let p = tree.append(id: "parent", properties: parent(), parent: nil)
        let s1 = tree.append(id: "s1", properties: layer(bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                                                         position: Point(x: 25, y: 25)), parent: p)
        let s2 = tree.append(id: "s2", properties: layer(bounds: Rect(x: 0, y: 0, width: 50, height: 50),
                                                         position: Point(x: 125, y: 25)), parent: p)
        tree.append(id: "red", properties: layer(bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(x: 5, y: 5),
                                                 color: Color(red: 1, green: 0, blue: 0)), parent: s1)
        tree.append(id: "green", properties: layer(bounds: Rect(x: 0, y: 0, width: 10, height: 10), position: Point(x: -95, y: 5),
                                                   color: Color(red: 0, green: 1, blue: 0)), parent: s2)
        let b = try render(tree)
        var red = 0, green = 0
        for y in 0..<b.height {
            for x in 0..<b.width {
                red += Int(b[x, y].r)
                green += Int(b[x, y].g)
            }
        }
        #expect(red == 0, "the red square is hidden exactly")
        #expect(green == 100 * 255, "one 10×10 green square")
        #expect(b[100, 100] == PixelRGBA8(r: 0, g: 255, b: 0, a: 255), "at s1 (0,0) = parent (0,0)")
        #expect(b[109, 109] == PixelRGBA8(r: 0, g: 255, b: 0, a: 255))
    }

    @Test func aParentBoundsOriginShiftsItsChildrenBack() throws {
        // Parent bounds origin (10,20): the child still sits at (75,25) of the parent's bounds space,
        // which appears shifted by (−10,−20): at (65,5) relative to where the parent's
        // (0,0,200,200) bounds would have put it.
        let b = try render(childScene(parentBounds: Rect(x: 10, y: 20, width: 200, height: 200)))
        expectCovers(b, Rect(x: 65, y: 5, width: 50, height: 50), "parent bounds origin (10,20)")
    }
}
