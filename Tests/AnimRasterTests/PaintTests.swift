import AnimGeometry
import AnimRaster
import AnimTestRandom
import Testing

/// Shared fixtures for the paint tests.
enum PaintFixture {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    /// A mask of full coverage over a width × height canvas.
    static func fullMask(_ width: Int, _ height: Int) -> CoverageMask {
        CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: width, maxY: height),
                     coverage: [UInt8](repeating: 255, count: width * height))
    }

    /// `paint` drawn with full coverage onto a transparent canvas.
    static func draw(_ paint: Paint, _ width: Int, _ height: Int, opacity: UInt8 = 255) throws -> Bitmap {
        var bitmap = try #require(Bitmap(width: width, height: height))
        Blend.fill(fullMask(width, height), paint: paint, opacity: opacity, into: &bitmap)
        return bitmap
    }

    static func stops(_ pairs: [(Double, Color)]) -> [GradientPaint.Stop] {
        pairs.map { GradientPaint.Stop(location: $0.0, color: $0.1) }
    }

    static func gradient(_ kind: GradientPaint.Kind, _ stops: [(Double, Color)], _ start: Point, _ end: Point,
                         _ map: Homography) -> Paint {
        .gradient(GradientPaint(kind: kind, stops: self.stops(stops), start: start, end: end, deviceToUnit: map))
    }

    /// round(255·v) as Color.premultipliedRGBA8 rounds.
    static func q(_ v: Double) -> UInt8 { UInt8((v * 255 + 0.5).rounded(.down)) }

    static func grey(_ v: UInt8, alpha: UInt8 = 255) -> PixelRGBA8 { PixelRGBA8(r: v, g: v, b: v, a: alpha) }
}

/// Gradient paints: geometry of the three kinds, stops and colour interpolation.
struct GradientPaintTests {
    typealias F = PaintFixture

    /// A 256 × 4 canvas whose unit square is the whole canvas.
    let wide = Homography.scale(1.0 / 256, 1.0 / 4)

    @Test func axialRedToBlueFollowsThePixelCentres() throws {
        let paint = F.gradient(.axial, [(0, F.red), (1, F.blue)], Point(x: 0, y: 0.5), Point(x: 1, y: 0.5), wide)
        let bitmap = try F.draw(paint, 256, 4)
        for x in 0..<256 {
            // t = (x + ½)/256 is a table entry exactly (index 4x + 2 of 1024).
            let t = (Double(x) + 0.5) / 256
            let expected = PixelRGBA8(r: F.q(1 - t), g: 0, b: F.q(t), a: 255)
            #expect(bitmap[x, 0] == expected, "x = \(x)")
            #expect(bitmap[x, 3] == expected)
        }
        #expect(bitmap[0, 0] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255))  // round(254.502)
        #expect(bitmap[128, 0] == PixelRGBA8(r: 127, g: 0, b: 128, a: 255))
    }

    @Test func equalLocationsMakeAHardStop() throws {
        let stops = [(0.0, F.red), (0.5, F.red), (0.5, F.blue), (1.0, F.blue)]
        let bitmap = try F.draw(F.gradient(.axial, stops, Point(x: 0, y: 0), Point(x: 1, y: 0), wide), 256, 4)
        #expect(bitmap[127, 1] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(bitmap[128, 1] == PixelRGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func endsExtendBeyondStartAndEnd() throws {
        let paint = F.gradient(.axial, [(0, F.red), (1, F.blue)], Point(x: 0.25, y: 0), Point(x: 0.75, y: 0), wide)
        let bitmap = try F.draw(paint, 256, 4)
        for x in [0, 10, 63] { #expect(bitmap[x, 2] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255)) }
        for x in [192, 200, 255] { #expect(bitmap[x, 2] == PixelRGBA8(r: 0, g: 0, b: 255, a: 255)) }
        // Pixel 128: t = (128.5/256 − ¼)/½ = 0.50390625, exactly entry 516.
        #expect(bitmap[128, 2] == PixelRGBA8(r: F.q(1 - 0.50390625), g: 0, b: F.q(0.50390625), a: 255))
        // Outside the stops' range the end colours hold too.
        let inner = F.gradient(.axial, [(0.25, F.red), (0.75, F.blue)], Point(x: 0, y: 0), Point(x: 1, y: 0), wide)
        let b2 = try F.draw(inner, 256, 4)
        #expect(b2[20, 0] == PixelRGBA8(r: 255, g: 0, b: 0, a: 255))
        #expect(b2[240, 0] == PixelRGBA8(r: 0, g: 0, b: 255, a: 255))
    }

    @Test func whiteToClearInterpolatesStraightColour() throws {
        // Pixel 1's centre maps to u = ½. Straight interpolation gives (½, ½, ½) at alpha ½, which
        // premultiplies to round(255·¼) = 64 and round(255·½) = 128: the grey fringe of iOS. (Mixing
        // premultiplied colours would have given white at half alpha, (128, 128, 128, 128).)
        let map = Homography(0.25, 0, 0, 0, 1, 0, 0.125, 0, 1)
        let paint = F.gradient(.axial, [(0, .white), (1, .clear)], Point(x: 0, y: 0), Point(x: 1, y: 0), map)
        let bitmap = try F.draw(paint, 4, 1)
        #expect(bitmap[1, 0] == PixelRGBA8(r: 64, g: 64, b: 64, a: 128))
        #expect(bitmap[3, 0] == .transparent)
    }

    /// A 100 × 100 canvas with unit = device / 100 and the centre at pixel (50, 50)'s centre.
    let square = Homography.scale(0.01, 0.01)
    let centre = Point(x: 0.505, y: 0.505)

    @Test func radialRunsFromTheCentreToTheEllipse() throws {
        // rx = 0.4 (40 px), ry = 0.2 (20 px).
        let paint = F.gradient(.radial, [(0, .black), (1, .white)], centre, Point(x: 0.905, y: 0.705), square)
        let bitmap = try F.draw(paint, 100, 100)
        #expect(bitmap[50, 50] == F.grey(0))
        #expect(bitmap[90, 50] == F.grey(255))
        #expect(bitmap[10, 50] == F.grey(255))
        #expect(bitmap[50, 70] == F.grey(255))
        #expect(bitmap[50, 30] == F.grey(255))
        #expect(bitmap[99, 99] == F.grey(255))
        // Halfway along either radius: t = ½ → round(127.5) = 128.
        #expect(bitmap[70, 50] == F.grey(128))
        #expect(bitmap[50, 60] == F.grey(128))
        #expect(bitmap[30, 50] == F.grey(128))
    }

    @Test func radialWithAZeroRadiusPaintsTheLastColour() throws {
        let flat = F.gradient(.radial, [(0, .black), (1, .white)], centre, Point(x: 0.9, y: 0.505), square)
        let bitmap = try F.draw(flat, 100, 100)
        #expect(bitmap[50, 50] == F.grey(255) && bitmap[0, 0] == F.grey(255))
        let point = F.gradient(.axial, [(0, .black), (1, .white)], centre, centre, square)
        #expect(try F.draw(point, 100, 100)[3, 3] == F.grey(255))
    }

    @Test func conicTurnsClockwiseFromStartToEnd() throws {
        // Angle 0 points right (towards end); y grows downwards, so clockwise on screen:
        // t = ¼ straight below, ½ to the left, ¾ straight above.
        let paint = F.gradient(.conic, [(0, .black), (1, .white)], centre, Point(x: 0.9, y: 0.505), square)
        let bitmap = try F.draw(paint, 100, 100)
        #expect(bitmap[50, 80] == F.grey(64))    // t = ¼: round(63.75)
        #expect(bitmap[20, 50] == F.grey(128))   // t = ½: round(127.5)
        #expect(bitmap[50, 20] == F.grey(191))   // t = ¾: round(191.25)
        #expect(bitmap[80, 80] == F.grey(32))    // t = ⅛: round(31.875)
        #expect(bitmap[20, 20] == F.grey(159))   // t = ⅝: round(159.375)
        // Just below the zero ray t is small, just above it is close to 1 (the seam).
        #expect(bitmap[80, 51].r < 4)
        #expect(bitmap[80, 49].r > 251)
        // Entry round(1024 · atan(1/30)/2π) = 5 → round(255 · 5/1024) = 1.
        #expect(bitmap[80, 51] == F.grey(1))
    }

    @Test func conicStartsFromItsEndDirection() throws {
        // End straight below the centre: angle 0 points down, so t = ¼ lies to the left.
        let paint = F.gradient(.conic, [(0, .black), (1, .white)], centre, Point(x: 0.505, y: 0.9), square)
        let bitmap = try F.draw(paint, 100, 100)
        #expect(bitmap[20, 50] == F.grey(64))
        #expect(bitmap[50, 20] == F.grey(128))
    }

    @Test func perspectiveIsEvaluatedPerPixel() throws {
        // Device → unit: u = (x'/256) / W with W = 1 + x'/256 (x' = x + ½, the pixel centre), so
        // t = u runs from 0 to ½ across the canvas, compressed towards the right.
        let map = Homography(1.0 / 256, 0, 1.0 / 256, 0, 1.0 / 4, 0, 0, 0, 1)
        let paint = F.gradient(.axial, [(0, .black), (1, .white)], Point(x: 0, y: 0), Point(x: 1, y: 0), map)
        let bitmap = try F.draw(paint, 256, 4)
        for x in [0, 37, 128, 255] {
            let xc = Double(x) + 0.5
            let t = (xc / 256) / (1 + xc / 256)
            let index = (t * 1024 + 0.5).rounded(.down)
            #expect(bitmap[x, 1] == F.grey(F.q(index / 1024)), "x = \(x)")
        }
    }
}

/// Opacity, coverage and compositing of shaded fills, and the degenerate cases.
struct PaintBlendTests {
    typealias F = PaintFixture

    let white = PaintFixture.gradient(.axial, [(0, .white), (1, .white)], Point(x: 0, y: 0), Point(x: 1, y: 0),
                                      .scale(0.25, 0.25))

    @Test func opacityScalesTheSource() throws {
        #expect(try F.draw(white, 4, 4, opacity: 128)[1, 1] == F.grey(128, alpha: 128))
        let redBlue = F.gradient(.axial, [(0, F.red), (1, F.blue)], Point(x: 0, y: 0), Point(x: 1, y: 0), .scale(1.0 / 256, 1))
        let full = try F.draw(redBlue, 256, 1), half = try F.draw(redBlue, 256, 1, opacity: 100)
        for x in [0, 77, 255] {
            let p = full[x, 0], k: UInt32 = 100
            let expected = PixelRGBA8(r: UInt8(Blend.mul255(UInt32(p.r), k)), g: 0,
                                      b: UInt8(Blend.mul255(UInt32(p.b), k)), a: UInt8(Blend.mul255(255, k)))
            #expect(half[x, 0] == expected)
        }
        #expect(try F.draw(white, 4, 4, opacity: 0)[1, 1] == .transparent)
    }

    @Test func coverageScalesTheSourceAfterOpacity() throws {
        var bitmap = try #require(Bitmap(width: 3, height: 1))
        let mask = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 3, maxY: 1), coverage: [255, 128, 0])
        Blend.fill(mask, paint: white, opacity: 255, into: &bitmap)
        #expect(bitmap[0, 0] == F.grey(255))
        #expect(bitmap[1, 0] == F.grey(128, alpha: 128))
        #expect(bitmap[2, 0] == .transparent)
        var b2 = try #require(Bitmap(width: 3, height: 1))
        Blend.fill(mask, paint: white, opacity: 128, into: &b2)
        #expect(b2[1, 0] == F.grey(64, alpha: 64))  // mul255(mul255(255, 128), 128) = round(64.25)
    }

    @Test func sourceOverAnOpaqueDestination() throws {
        var bitmap = try #require(Bitmap(width: 2, height: 1))
        bitmap.fill(PixelRGBA8(r: 0, g: 0, b: 255, a: 255))
        let mask = CoverageMask(bounds: PixelRect(minX: 0, minY: 0, maxX: 2, maxY: 1), coverage: [255, 128])
        Blend.fill(mask, paint: white, opacity: 255, into: &bitmap)
        #expect(bitmap[0, 0] == F.grey(255))
        #expect(bitmap[1, 0] == PixelRGBA8(r: 128, g: 128, b: 255, a: 255))
    }

    @Test func solidPaintIsTheSolidFillOfTheScaledColour() throws {
        var rng = SplitMix64(seed: 7)
        let mask = CoverageMask(bounds: PixelRect(minX: 1, minY: 0, maxX: 9, maxY: 3), coverage: (0..<24).map { _ in rng.byte() })
        let color = PixelRGBA8(r: 100, g: 20, b: 180, a: 200)
        var a = try #require(Bitmap(width: 10, height: 3)), b = a
        a.fill(PixelRGBA8(r: 10, g: 200, b: 30, a: 255))
        b = a
        Blend.fill(mask, paint: .solid(color), opacity: 77, into: &a)
        let k: UInt32 = 77
        let scaled = PixelRGBA8(r: UInt8(Blend.mul255(100, k)), g: UInt8(Blend.mul255(20, k)),
                                b: UInt8(Blend.mul255(180, k)), a: UInt8(Blend.mul255(200, k)))
        Blend.fill(mask, color: scaled, into: &b)
        #expect(a == b)
    }

    /// Random masks with zero runs and random destinations against s = mul255(mul255(p, o), c),
    /// d' = s + mul255(d, 255 − s_a), p being the paint drawn alone.
    @Test func shadedFillEqualsTheNaiveFormula() throws {
        var rng = SplitMix64(seed: 99)
        let paint = F.gradient(.radial, [(0, F.red), (0.6, Color(red: 0, green: 1, blue: 0, alpha: 0.4)), (1, .clear)],
                               Point(x: 0.5, y: 0.5), Point(x: 1, y: 0.8), .scale(1.0 / 40, 1.0 / 12))
        let reference = try F.draw(paint, 40, 12)
        for _ in 0..<20 {
            let opacity = rng.byte()
            var dst = try #require(Bitmap(width: 40, height: 12))
            for i in stride(from: 0, to: dst.pixels.count, by: 4) {
                let a = rng.byte()
                dst.pixels[i + 3] = a
                for c in 0..<3 { dst.pixels[i + c] = UInt8(UInt32(rng.byte()) * UInt32(a) / 255) }
            }
            let bounds = PixelRect(minX: 3, minY: 1, maxX: 38, maxY: 11)
            let coverage = (0..<(35 * 10)).map { i in (i / 11) % 3 == 0 ? 0 : rng.byte() }
            let mask = CoverageMask(bounds: bounds, coverage: coverage)
            var fast = dst
            Blend.fill(mask, paint: paint, opacity: opacity, into: &fast)
            for y in 0..<12 {
                for x in 0..<40 {
                    let c = UInt32(mask[x, y]), p = reference[x, y], d = dst[x, y]
                    func s(_ v: UInt8) -> UInt32 { Blend.mul255(Blend.mul255(UInt32(v), UInt32(opacity)), c) }
                    let inv = 255 - s(p.a)
                    let expected = PixelRGBA8(r: UInt8(s(p.r) + Blend.mul255(UInt32(d.r), inv)),
                                              g: UInt8(s(p.g) + Blend.mul255(UInt32(d.g), inv)),
                                              b: UInt8(s(p.b) + Blend.mul255(UInt32(d.b), inv)),
                                              a: UInt8(s(p.a) + Blend.mul255(UInt32(d.a), inv)))
                    #expect(fast[x, y] == expected, "(\(x), \(y))")
                }
            }
        }
    }

    @Test func degenerateMapsDrawNothing() throws {
        let maps = [
            Homography(0, 0, 0, 0, 0, 0, 0, 0, 0),
            Homography(1, 2, 0, 2, 4, 0, 0, 0, 1),             // rank 2: every pixel on one line
            Homography(.nan, 0, 0, 0, 1, 0, 0, 0, 1),
            Homography(1, 0, 0, 0, 1, 0, .infinity, 0, 1),
            Homography(-1, 0, 0, 0, -1, 0, 0, 0, -1),          // W = −1: behind the eye everywhere
        ]
        let image = try #require(Bitmap(width: 2, height: 2, pixels: [UInt8](repeating: 255, count: 16)))
        for map in maps {
            for kind in [GradientPaint.Kind.axial, .radial, .conic] {
                let paint = F.gradient(kind, [(0, F.red), (1, F.blue)], Point(x: 0, y: 0), Point(x: 1, y: 1), map)
                #expect(try F.draw(paint, 8, 8) == Bitmap(width: 8, height: 8)!, "\(kind) \(map)")
            }
            for filter in [ImagePaint.Filter.nearest, .bilinear] {
                let paint = Paint.image(ImagePaint(image: image, deviceToImage: map, filter: filter))
                #expect(try F.draw(paint, 8, 8) == Bitmap(width: 8, height: 8)!, "\(filter) \(map)")
            }
        }
        let noStops = Paint.gradient(GradientPaint(kind: .axial, stops: [], start: .zero, end: Point(x: 1, y: 0), deviceToUnit: .identity))
        #expect(try F.draw(noStops, 4, 4) == Bitmap(width: 4, height: 4)!)
        let nanEnd = F.gradient(.axial, [(0, F.red)], .zero, Point(x: .nan, y: 0), .identity)
        #expect(try F.draw(nanEnd, 4, 4) == Bitmap(width: 4, height: 4)!)
    }

    @Test func extremeButFiniteMapsDoNotTrap() throws {
        let image = try #require(Bitmap(width: 3, height: 3, pixels: [UInt8](repeating: 200, count: 36)))
        let maps = [Homography(1e300, 0, 1e-300, 0, 1e300, 0, -1e300, 1e300, 1e-300),
                    Homography(1e-300, 0, 0, 0, 1e-300, 0, 0, 0, 1e-300),
                    Homography(1, 0, 1e-3, 0, 1, 1e-3, 0, 0, 1e-300)]
        for map in maps {
            for kind in [GradientPaint.Kind.axial, .radial, .conic] {
                _ = try F.draw(F.gradient(kind, [(0, F.red), (1, F.blue)], Point(x: 0, y: 0), Point(x: 1e-200, y: 1e300), map), 8, 8)
            }
            _ = try F.draw(.image(ImagePaint(image: image, deviceToImage: map)), 8, 8)
            _ = try F.draw(.image(ImagePaint(image: image, deviceToImage: map, filter: .nearest)), 8, 8)
        }
    }
}

/// Image paints: exact copies, bilinear weights, perspective and minification.
struct ImagePaintTests {
    typealias F = PaintFixture

    func randomImage(_ width: Int, _ height: Int, seed: UInt64) throws -> Bitmap {
        var rng = SplitMix64(seed: seed), pixels: [UInt8] = []
        for _ in 0..<(width * height) {
            let a = rng.byte()
            for _ in 0..<3 { pixels.append(UInt8(UInt32(rng.byte()) * UInt32(a) / 255)) }
            pixels.append(a)
        }
        return try #require(Bitmap(width: width, height: height, pixels: pixels))
    }

    @Test func identityMapCopiesTheImage() throws {
        let image = try randomImage(13, 7, seed: 3)
        for filter in [ImagePaint.Filter.bilinear, .nearest] {
            let bitmap = try F.draw(.image(ImagePaint(image: image, deviceToImage: .identity, filter: filter)), 13, 7)
            #expect(bitmap == image)
        }
        // Integer translations too.
        let shifted = try F.draw(.image(ImagePaint(image: image, deviceToImage: .translation(-2, -1))), 15, 8)
        #expect(shifted[2, 1] == image[0, 0] && shifted[14, 7] == image[12, 6])
        #expect(shifted[0, 0] == image[0, 0])  // clamp to edge
    }

    /// Two opaque texels, black and white, magnified 2×.
    let pair = Bitmap(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255])!

    @Test func bilinearMagnificationWeighsNeighbours() throws {
        // u = (x + ½)/2 + ¼: texel 0's centre, the midpoint, texel 1's centre, beyond the edge.
        let mid = try F.draw(.image(ImagePaint(image: pair, deviceToImage: Homography(0.5, 0, 0, 0, 0.5, 0, 0.25, 0.25, 1))), 4, 2)
        #expect((0..<4).map { mid[$0, 0] } == [F.grey(0), F.grey(128), F.grey(255), F.grey(255)])
        #expect(mid[1, 1] == F.grey(128))
        // Without the offset: u = 0.75 at pixel 1, weight 64/256 of white: (255·64·256 + 32768) >> 16 = 64.
        let quarter = try F.draw(.image(ImagePaint(image: pair, deviceToImage: .scale(0.5, 0.5))), 4, 1)
        #expect((0..<4).map { quarter[$0, 0] } == [F.grey(0), F.grey(64), F.grey(191), F.grey(255)])
        // Nearest takes the texel containing u: 0.25, 0.75 → texel 0; 1.25, 1.75 → texel 1.
        let nearest = try F.draw(.image(ImagePaint(image: pair, deviceToImage: .scale(0.5, 0.5), filter: .nearest)), 4, 1)
        #expect((0..<4).map { nearest[$0, 0] } == [F.grey(0), F.grey(0), F.grey(255), F.grey(255)])
    }

    @Test func perspectiveSamplesAtTheProjectedPoint() throws {
        // A 64 × 1 ramp, texel k = grey 4k. The map: U = x', V = y', W = x'/64 + 127/128 (x', y' the
        // pixel centre). Pixel 64: x' = 64.5, W = 2, u = 32.25 → u − ½ = 31.75 → texels 31, 32 with
        // weights 64, 192: (124·64 + 128·192)/256 = 127. Pixel 192: x' = 192.5, W = 4, u = 48.125 →
        // 47.625 → (188·96 + 192·160)/256 = 190.5 → 191 (ties round up). An affine map through
        // pixel 0 and pixel 64 would put pixel 192 at 255 instead.
        var pixels: [UInt8] = []
        for k in 0..<64 { pixels += [UInt8(4 * k), UInt8(4 * k), UInt8(4 * k), 255] }
        let ramp = try #require(Bitmap(width: 64, height: 1, pixels: pixels))
        let map = Homography(1, 0, 1.0 / 64, 0, 1, 0, 0, 0, 127.0 / 128)
        let bitmap = try F.draw(.image(ImagePaint(image: ramp, deviceToImage: map)), 256, 2)
        #expect(bitmap[64, 0] == F.grey(127))
        #expect(bitmap[192, 0] == F.grey(191))
        #expect(bitmap[192, 1] == F.grey(191))
        #expect(bitmap[0, 0] == F.grey(0))
    }

    /// A 256 × 256 one-texel checkerboard (opaque black and white).
    func checkerboard() throws -> Bitmap {
        var pixels: [UInt8] = []
        for y in 0..<256 {
            for x in 0..<256 {
                let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0
                pixels += [v, v, v, 255]
            }
        }
        return try #require(Bitmap(width: 256, height: 256, pixels: pixels))
    }

    @Test func minificationUsesAMipLevel() throws {
        // 8× down, sampling at u = 8x + 4.5: every pixel centre lands on a texel centre of the same
        // colour, so without filtering the result aliases to one flat colour.
        let board = try checkerboard()
        let map = Homography(8, 0, 0, 0, 8, 0, 0.5, 0.5, 1)
        let paint = ImagePaint(image: board, deviceToImage: map)
        #expect(paint.mipLevelCount == 4)  // ρ = 8 → level 3
        let bitmap = try F.draw(.image(paint), 32, 32)
        for y in 0..<32 {
            for x in 0..<32 { #expect(bitmap[x, y] == F.grey(128), "(\(x), \(y))") }
        }
        let aliased = try F.draw(.image(ImagePaint(image: board, deviceToImage: map, filter: .nearest)), 32, 32)
        #expect(aliased[5, 9] == F.grey(255) && aliased[6, 9] == F.grey(255))
        // 1.5× down stays on the full image.
        #expect(ImagePaint(image: board, deviceToImage: .scale(1.5, 1.5)).mipLevelCount == 1)
        #expect(ImagePaint(image: board, deviceToImage: .scale(2, 2)).mipLevelCount == 2)
    }

    @Test func theSharedPyramidIsAskedForOnlyWhenAMapMinifies() throws {
        // The scene's pyramid of an image is built on first use; an image drawn at about its size
        // (the usual case) must not build it. Where it is used, the pixels are those of levels
        // built for the paint alone.
        let board = try checkerboard()
        let full = MipChain.full(of: board)
        for (map, needs) in [(Homography.scale(1.5, 1.5), false), (.identity, false), (.scale(0.5, 0.5), false),
                             (.scale(2, 2), true), (Homography(8, 0, 0.004, 0, 8, 0, 0.5, 0.5, 1), true)] {
            var asked = 0
            let shared = ImagePaint(image: board, deviceToImage: map, pyramid: { asked += 1; return full })
            #expect(asked == (needs ? 1 : 0), "\(map)")
            let own = ImagePaint(image: board, deviceToImage: map)
            #expect(shared.mipLevelCount == own.mipLevelCount)
            #expect(try F.draw(.image(shared), 40, 30) == F.draw(.image(own), 40, 30), "\(map)")
        }
    }

    @Test func perspectiveMinificationChoosesLevelsPerPixel() throws {
        // W grows from 1 to ≈ 1.13 across the canvas; ρ ≈ 8/W stays in [4, 8): mip levels ≥ 2, all
        // uniformly grey, never the checkerboard itself.
        let board = try checkerboard()
        let map = Homography(8, 0, 0.004, 0, 8, 0, 0.5, 0.5, 1)
        let paint = ImagePaint(image: board, deviceToImage: map)
        #expect(paint.mipLevelCount >= 3)
        let bitmap = try F.draw(.image(paint), 30, 30)
        for y in 0..<30 {
            for x in 0..<30 { #expect(bitmap[x, y] == F.grey(128), "(\(x), \(y))") }
        }
    }

    @Test func mipLevelsAverageBlocks() throws {
        // A 4 × 2 image halves to 2 × 1, each texel the rounded mean of a 2 × 2 block.
        let image = try #require(Bitmap(width: 4, height: 2, pixels: [
            0, 0, 0, 255, 255, 255, 255, 255, 10, 10, 10, 255, 20, 20, 20, 255,
            255, 255, 255, 255, 255, 255, 255, 255, 30, 30, 30, 255, 40, 40, 40, 255,
        ]))
        // 2× down with u = 2x + 1: the centre of level-1 texel x, sampled exactly.
        let paint = ImagePaint(image: image, deviceToImage: Homography(2, 0, 0, 0, 2, 0, 0, 0, 1))
        #expect(paint.mipLevelCount == 2)
        let bitmap = try F.draw(.image(paint), 2, 1)
        #expect(bitmap[0, 0] == F.grey(191))   // (0 + 255 + 255 + 255 + 2) >> 2
        #expect(bitmap[1, 0] == F.grey(25))    // (10 + 20 + 30 + 40 + 2) >> 2
    }
}

/// The fixed-point image sampler against the documented formula, on maps whose sample positions are
/// exact multiples of 1/256 texel (so no rounding of positions is involved).
struct ImageSamplingReferenceTests {
    /// ⌊(Σ wᵢⱼ·cᵢⱼ + 32768) / 65536⌋ at position (u, v) with clamp to edge, straight from the definition.
    func reference(_ image: Bitmap, _ u: Double, _ v: Double) -> PixelRGBA8 {
        let qx = Int(((min(max(u, 0), Double(image.width)) - 0.5) * 256).rounded(.down))
        let qy = Int(((min(max(v, 0), Double(image.height)) - 0.5) * 256).rounded(.down))
        let fx = qx & 255, fy = qy & 255, ix = qx >> 8, iy = qy >> 8
        func texel(_ x: Int, _ y: Int) -> PixelRGBA8 {
            image[min(max(x, 0), image.width - 1), min(max(y, 0), image.height - 1)]
        }
        let taps = [(ix, iy, (256 - fx) * (256 - fy)), (ix + 1, iy, fx * (256 - fy)),
                    (ix, iy + 1, (256 - fx) * fy), (ix + 1, iy + 1, fx * fy)]
        func channel(_ c: (PixelRGBA8) -> UInt8) -> UInt8 {
            UInt8((taps.reduce(0) { $0 + Int(c(texel($1.0, $1.1))) * $1.2 } + 32768) >> 16)
        }
        return PixelRGBA8(r: channel(\.r), g: channel(\.g), b: channel(\.b), a: channel(\.a))
    }

    @Test func rotatedAndScaledMapsMatchTheFormula() throws {
        var rng = SplitMix64(seed: 11)
        var pixels: [UInt8] = []
        for _ in 0..<(9 * 6) {
            let a = rng.byte()
            for _ in 0..<3 { pixels.append(UInt8(UInt32(rng.byte()) * UInt32(a) / 255)) }
            pixels.append(a)
        }
        let image = try #require(Bitmap(width: 9, height: 6, pixels: pixels))
        // Dyadic coefficients: (x + ½)·a·256 etc. are integers, and the canvas overhangs the image.
        let maps = [Homography(0.375, 0.125, 0, -0.25, 0.5, 0, 0.3125, 1.0, 1),
                    Homography(0.5, -0.375, 0, 0.25, 0.625, 0, -1.5, 2.25, 1),
                    Homography(1.25, 0, 0, 0, 0.75, 0, -2, -1, 1)]
        for map in maps {
            let paint = ImagePaint(image: image, deviceToImage: map)
            #expect(paint.mipLevelCount == 1)
            let bitmap = try PaintFixture.draw(.image(paint), 24, 16)
            for y in 0..<16 {
                for x in 0..<24 {
                    let p = map.apply(Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
                    #expect(bitmap[x, y] == reference(image, p.x, p.y), "(\(x), \(y)) \(map)")
                }
            }
        }
    }

    @Test func anAffineMapIsTheSameWhateverItsScale() throws {
        // (x, y, 1)·H and (x, y, 1)·2H are the same point; the fixed-point paths divide by W = i.
        let image = try #require(Bitmap(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255]))
        let h = Homography(0.3, 0.1, 0, -0.2, 0.4, 0, 0.7, 0.1, 1)
        let h2 = Homography(0.6, 0.2, 0, -0.4, 0.8, 0, 1.4, 0.2, 2)
        #expect(try PaintFixture.draw(.image(ImagePaint(image: image, deviceToImage: h)), 12, 12)
                == PaintFixture.draw(.image(ImagePaint(image: image, deviceToImage: h2)), 12, 12))
        let stops: [(Double, Color)] = [(0, .black), (1, .white)]
        for kind in [GradientPaint.Kind.axial, .radial, .conic] {
            let a = PaintFixture.gradient(kind, stops, Point(x: 0.5, y: 0.5), Point(x: 3, y: 2), h)
            let b = PaintFixture.gradient(kind, stops, Point(x: 0.5, y: 0.5), Point(x: 3, y: 2), h2)
            #expect(try PaintFixture.draw(a, 12, 12) == PaintFixture.draw(b, 12, 12), "\(kind)")
        }
    }
}
