import AnimCompositor
import AnimFonts
import AnimGeometry
import AnimLayers
import AnimRaster
import AnimText
import Testing

/// Text drawn by the compositor from a catalog built with the shipped font, measured in pixels.
struct TextRenderingTests {
    static func catalog(_ strings: Set<String>) throws -> TextCatalog {
        TextCatalogBuilder.build(fonts: [(DefaultFont.key, try DefaultFont.open())], defaultFont: DefaultFont.key, strings: strings)
    }

    /// A black text layer whose bounds fill a white-free transparent canvas of `width` × `height`.
    static func render(_ string: String, fontSize: Double, width: Double, height: Double,
                       configure: (inout LayerProperties) -> Void = { _ in }) throws -> Bitmap {
        var p = LayerProperties()
        p.kind = .text
        p.bounds = Rect(x: 0, y: 0, width: width, height: height)
        p.position = Point(x: width / 2, y: height / 2)
        p.text.string = string
        p.text.fontSize = fontSize
        p.text.foregroundColor = .black
        configure(&p)
        var tree = LayerTree()
        _ = tree.append(id: "text", properties: p, parent: nil)
        let compositor = Compositor(canvas: CanvasSpec(width: width, height: height, background: .clear),
                                    text: try catalog([string]))
        return try #require(compositor.render(tree))
    }

    static func alpha(_ b: Bitmap, _ x: Int, _ y: Int) -> Double { Double(b[x, y].a) / 255 }

    /// The x where ink ends in row y: the last inked pixel's left side plus its coverage.
    static func rightEdge(_ b: Bitmap, row y: Int) -> Double? {
        guard let x = (0..<b.width).last(where: { b[$0, y].a > 0 }) else { return nil }
        return Double(x) + alpha(b, x, y)
    }

    /// Glyphs whose boxes map beyond the bounds (2 px to spare) are left out before their
    /// outlines are built. A paragraph running far past a 120 × 40 layer, plain, rotated, under
    /// perspective, or on one unwrapped line, draws exactly the pixels of its first 60 words,
    /// which already run past the bounds: no glyph the cut keeps is lost.
    @Test(arguments: [0, 1, 2, 3])
    func textFarBeyondTheBoundsIsNotBuilt(_ variant: Int) throws {
        let words = Array(repeating: "word", count: 400)
        func configure(_ p: inout LayerProperties) {
            p.text.isWrapped = variant != 3
            switch variant {
            case 1: p.transform = .rotation(0.3, axis: 0, 0, 1)
            case 2: p.transform = Transform3D.perspective(distance: 200).concatenating(.rotation(0.5, axis: 0, 1, 0))
            default: break
            }
        }
        let all = try Self.render(words.joined(separator: " "), fontSize: 12, width: 120, height: 40, configure: configure)
        let first = try Self.render(words.prefix(60).joined(separator: " "), fontSize: 12, width: 120, height: 40, configure: configure)
        #expect(all.pixels == first.pixels)
        #expect(all.pixels.contains { $0 != 0 }, "some text is drawn")
    }

    @Test func outlinesAreTheFontsCubicContours() throws {
        let font = try DefaultFont.open()
        let o = font.outline(ofGlyph: font.glyphIndex(of: "o"))
        #expect(o.elements.filter(\.isMove).count == 2)
        #expect(o.elements.contains { if case .cubic = $0 { true } else { false } })
        #expect(o.elements.filter { $0 == .close }.count == 2)
        #expect(font.outline(ofGlyph: font.glyphIndex(of: " ")).isEmpty)
    }

    /// The T of "AT" at 100 pt: its crossbar's right end sits at the kerned pen position plus the
    /// T's xMax, both read from the font: (1904 − 240 + xMax) · 100 / 2816.
    @Test func kerningMovesTheSecondGlyph() throws {
        let font = try DefaultFont.open()
        let t = font.glyphIndex(of: "T")
        let xMax = font.outline(ofGlyph: t).bounds.maxX
        let top = 2728.0 - font.outline(ofGlyph: t).bounds.maxY
        let bitmap = try Self.render("AT", fontSize: 100, width: 200, height: 130)
        let row = Int(((top + 60) * 100 / 2816).rounded(.up))
        let edge = try #require(Self.rightEdge(bitmap, row: row))
        let kerned = (1904 - 240 + xMax) * 100 / 2816
        #expect(abs(edge - kerned) < 0.01, "edge \(edge), expected \(kerned)")
        #expect(abs(edge - (1904 + xMax) * 100 / 2816) > 8)
    }

    /// Every pixel's coverage adds up to the glyphs' area: the outlines (holes included) are filled
    /// non-zero by the exact-area rasterizer, so only 8-bit rounding separates the two.
    @Test func inkEqualsTheOutlineArea() throws {
        let string = "AVATAR To Wa Yo"
        let catalog = try Self.catalog([string])
        let (face, shaped) = try #require(catalog.lookup(font: nil, string: string))
        let placed = TextLayout.place(shaped, face: face, style: TextStyle(fontSize: 36), width: 320)
        let path = TextLayout.outline(of: placed, face: face, fontSize: 36, boundsOrigin: .zero)
        let area = path.flattened(tolerance: 1.0 / 64).reduce(0.0) { $0 + Self.signedArea($1) }
        let bitmap = try Self.render(string, fontSize: 36, width: 320, height: 50)
        var ink = 0.0, edgePixels = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let a = bitmap[x, y].a
                ink += Double(a) / 255
                if a > 0 && a < 255 { edgePixels += 1 }
            }
        }
        // Inter's outer contours run counter-clockwise in font units, so clockwise on screen: positive.
        #expect(abs(ink - abs(area)) < Double(edgePixels) * 0.5 / 255 + 0.1, "ink \(ink), area \(area)")
        #expect(abs(area) > 1500)
    }

    /// First baseline one ascender below the bounds' top: the bottom of "H" (flat, on the baseline)
    /// ends at 2728 · 36 / 2816 = 34.875 pt, so row 34 is 87.5 % covered under its stem.
    @Test func firstBaselineIsOneAscenderDown() throws {
        let bitmap = try Self.render("H", fontSize: 36, width: 40, height: 50)
        let stem = try #require((0..<40).first { bitmap[$0, 30].a == 255 })
        #expect(bitmap[stem, 34].a == 223)
        #expect(bitmap[stem, 35].a == 0)
    }

    /// CATextLayer's backing store is its bounds: glyphs below the bounds are cut.
    @Test func textIsClippedToTheBounds() throws {
        let full = try Self.render("g", fontSize: 36, width: 40, height: 50)
        let cut = try Self.render("g", fontSize: 36, width: 40, height: 50) { $0.bounds.size.height = 30 }
        let below = (30..<50).flatMap { y in (0..<40).map { (x: $0, y: y) } }
        #expect(below.contains { full[$0.x, $0.y].a > 0 })
        // The layer is 30 tall, centred at y = 25: its bounds end at y = 40.
        #expect(!(40..<50).contains { y in (0..<40).contains { cut[$0, y].a > 0 } })
    }

    static func signedArea(_ poly: [Point]) -> Double {
        guard var previous = poly.last else { return 0 }
        var sum = 0.0
        for p in poly {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum / 2
    }
}
