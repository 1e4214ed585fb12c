import AnimGeometry
import AnimRaster
import Testing

/// Stroke geometry checked by measurement: covered areas against formulas, and caps and joins
/// pixel by pixel against outlines computed by hand.
struct StrokeCoverageTests {
    let clip = PixelRect(minX: 0, minY: 0, maxX: 200, maxY: 200)

    func stroke(_ path: Path, _ style: StrokeStyle, tolerance: Double = 0.125) -> CoverageMask? {
        Rasterizer.coverage(of: Stroker.stroke(path, style: style, tolerance: tolerance), clip: clip, rule: .nonZero)
    }

    func fill(_ polygon: [Point]) -> CoverageMask? { Rasterizer.coverage(of: [polygon], clip: clip) }

    func maxDifference(_ a: CoverageMask?, _ b: CoverageMask?) -> Int {
        var worst = 0
        for y in clip.minY..<clip.maxY {
            for x in clip.minX..<clip.maxX {
                worst = max(worst, abs(Int(a?[x, y] ?? 0) - Int(b?[x, y] ?? 0)))
            }
        }
        return worst
    }

    func line(_ a: Point, _ b: Point) -> Path { Path(elements: [.move(a), .line(b)]) }

    @Test func strokedCircleCoversTheRingArea() throws {
        let r = 60.0
        for w in [1.0, 2.0, 8.0, 25.0] {
            let circle = Path.oval(in: Rect(x: 100.3 - r, y: 99.6 - r, width: 2 * r, height: 2 * r))
            let mask = try #require(stroke(circle, StrokeStyle(lineWidth: w)))
            let expected = Double.pi * ((r + w / 2) * (r + w / 2) - (r - w / 2) * (r - w / 2))
            // Half a level of rounding per pixel on both rims, plus the chords' 1/8 px tolerance
            // (flattening moves the centre line inwards by at most that).
            let bound = 2 * 2 * Double.pi * r * 1.5 * 0.5 / 255 + 2 * Double.pi * r * 0.125 * w / r
            #expect(abs(mask.area - expected) <= bound, "w \(w): \(mask.area) vs \(expected)")
            #expect(abs(mask.area - expected) / expected < 0.002, "w \(w): relative \(abs(mask.area - expected) / expected)")
        }
    }

    @Test func capsMatchTheirOutlines() throws {
        let (a, b) = (Point(x: 30.3, y: 50.6), Point(x: 130.3, y: 50.6))
        let w = 12.0
        func rect(_ x0: Double, _ x1: Double) -> [Point] {
            [Point(x: x0, y: a.y - w / 2), Point(x: x1, y: a.y - w / 2), Point(x: x1, y: a.y + w / 2), Point(x: x0, y: a.y + w / 2)]
        }
        let butt = stroke(line(a, b), StrokeStyle(lineWidth: w, lineCap: .butt))
        #expect(maxDifference(butt, fill(rect(a.x, b.x))) == 0)
        #expect(abs((butt?.area ?? 0) - 1200) < 1e-9)
        let square = stroke(line(a, b), StrokeStyle(lineWidth: w, lineCap: .square))
        #expect(maxDifference(square, fill(rect(a.x - w / 2, b.x + w / 2))) == 0)
        // Round: the stadium, its half circles drawn with 2048 chords.
        var stadium: [Point] = []
        for k in 0...2048 {
            let t = Double.pi / 2 + Double.pi * Double(k) / 2048
            stadium.append(Point(x: a.x + w / 2 * cosine(t), y: a.y + w / 2 * sine(t)))
        }
        for k in 0...2048 {
            let t = -Double.pi / 2 + Double.pi * Double(k) / 2048
            stadium.append(Point(x: b.x + w / 2 * cosine(t), y: b.y + w / 2 * sine(t)))
        }
        let round = stroke(line(a, b), StrokeStyle(lineWidth: w, lineCap: .round), tolerance: 0.001)
        #expect(maxDifference(round, fill(stadium)) <= 1)
        #expect(abs((round?.area ?? 0) - (1200 + Double.pi * 36)) < 0.05)
    }

    /// An L: right 100, then down 100, 20 wide. Its outer corner is the only difference between joins.
    @Test func joinsMatchTheirOutlines() throws {
        let o = Point(x: 20.3, y: 20.6)
        func p(_ x: Double, _ y: Double) -> Point { Point(x: o.x + x, y: o.y + y) }
        let path = Path(elements: [.move(p(0, 0)), .line(p(100, 0)), .line(p(100, 100))])
        let inner = [p(110, 100), p(90, 100), p(90, 10), p(0, 10), p(0, -10)]
        let miter = stroke(path, StrokeStyle(lineWidth: 20, lineJoin: .miter))
        #expect(maxDifference(miter, fill([p(110, -10)] + inner)) == 0)
        #expect(abs((miter?.area ?? 0) - 4000) < 1e-9)
        let bevel = stroke(path, StrokeStyle(lineWidth: 20, lineJoin: .bevel))
        #expect(maxDifference(bevel, fill([p(100, -10), p(110, 0)] + inner)) <= 1)
        // Every outline pixel may round by half a level (the L's perimeter is 440 px).
        #expect(abs((bevel?.area ?? 0) - 3950) <= 440 * 0.5 / 255)
        var quarter: [Point] = []
        for k in 0...1024 { let t = -Double.pi / 2 + Double.pi / 2 * Double(k) / 1024; quarter.append(p(100 + 10 * cosine(t), 10 * sine(t))) }
        let round = stroke(path, StrokeStyle(lineWidth: 20, lineJoin: .round), tolerance: 0.001)
        #expect(maxDifference(round, fill(quarter + inner)) <= 1)
        #expect(abs((round?.area ?? 0) - (3900 + Double.pi * 25)) < 0.05)
    }

    /// CA's miterLimit bounds miter length / line width = 1 / sin(φ/2): √2 for a right angle.
    @Test func miterLimitFollowsCoreAnimationsDefinition() throws {
        let path = Path(elements: [.move(Point(x: 20, y: 20)), .line(Point(x: 120, y: 20)), .line(Point(x: 120, y: 120))])
        #expect(stroke(path, StrokeStyle(lineWidth: 20, miterLimit: 1.42))?.area == 4000)
        #expect(abs((stroke(path, StrokeStyle(lineWidth: 20, miterLimit: 1.41))?.area ?? 0) - 3950) < 0.5)
        // A 20° corner (ratio 5.76) keeps its miter under the default limit 10; a 10° one (11.47) is bevelled.
        for (degrees, mitered) in [(20.0, true), (10.0, false)] {
            let phi = degrees * Double.pi / 180
            let corner = Point(x: 150, y: 100)
            let back = Point(x: corner.x - 120 * cosine(phi), y: corner.y - 120 * sine(phi))
            let v = Path(elements: [.move(Point(x: 30, y: 100)), .line(corner), .line(back)])
            let mask = try #require(stroke(v, StrokeStyle(lineWidth: 4)))
            // The miter tip lies 2 / sin(φ/2) beyond the corner along the outer bisector
            // (cos φ/2, sin φ/2); 2 px short of it the miter is still 4·tan(φ/2) px wide.
            let reach = 2 / sine(phi / 2)
            let tip = Point(x: corner.x + (reach - 2) * cosine(phi / 2), y: corner.y + (reach - 2) * sine(phi / 2))
            #expect((mask[Int(tip.x), Int(tip.y)] > 0) == mitered, "\(degrees)°")
        }
    }

    @Test func dashesFollowThePatternAndPhase() throws {
        let path = line(Point(x: 20, y: 50), Point(x: 120, y: 50))
        // [10, 5] from 0: dashes at 0–10, 15–25, …, 90–100: seven of 10 × 4.
        #expect(abs((stroke(path, StrokeStyle(lineWidth: 4, dashPattern: [10, 5]))?.area ?? 0) - 280) < 1e-9)
        // Phase 5: on 0–5, then 10–20, 25–35, …, 85–95.
        let shifted = try #require(stroke(path, StrokeStyle(lineWidth: 4, dashPattern: [10, 5], dashPhase: 5)))
        #expect(abs(shifted.area - 260) < 1e-9)
        #expect(shifted[22, 50] == 255 && shifted[27, 50] == 0 && shifted[32, 50] == 255)
        // An odd pattern repeats: [10] is 10 on, 10 off.
        #expect(abs((stroke(path, StrokeStyle(lineWidth: 4, dashPattern: [10]))?.area ?? 0) - 200) < 1e-9)
        // Zero-length dashes with round caps are dots of diameter lineWidth: at 0, 20, …, 100.
        let dots = try #require(stroke(path, StrokeStyle(lineWidth: 6, lineCap: .round, dashPattern: [0, 20]), tolerance: 0.001))
        #expect(abs(dots.area - 6 * Double.pi * 9) < 0.3)
    }

    @Test func strokeStartAndEndTrimByArcLength() throws {
        let path = line(Point(x: 20, y: 50), Point(x: 120, y: 50))
        #expect(abs((stroke(path, StrokeStyle(lineWidth: 4, strokeEnd: 0.3))?.area ?? 0) - 120) < 1e-9)
        #expect(stroke(path, StrokeStyle(lineWidth: 4, strokeStart: 0.5, strokeEnd: 0.5)) == nil)
        // Dashes start at the trimmed start: strokeStart 0.1 with [10, 10] paints 10–20, 30–40, … of the line.
        let dashed = try #require(stroke(path, StrokeStyle(lineWidth: 4, dashPattern: [10, 10], strokeStart: 0.1)))
        #expect(dashed[35, 50] == 255 && dashed[45, 50] == 0 && dashed[55, 50] == 255)
        // Half of a circle: half the ring, and the cut ends are capped (butt here: nothing added).
        let r = 50.0, w = 6.0
        let circle = Path.oval(in: Rect(x: 100 - r, y: 100 - r, width: 2 * r, height: 2 * r))
        let half = try #require(stroke(circle, StrokeStyle(lineWidth: w, strokeStart: 0.25, strokeEnd: 0.75), tolerance: 0.01))
        #expect(abs(half.area - Double.pi * r * w) / (Double.pi * r * w) < 0.003)
        // From the start (3 o'clock, clockwise on screen): 0.25…0.75 runs from 6 o'clock through
        // 9 to 12, the left half, cut at x = 100.
        #expect(half[50, 100] == 255 && half[150, 100] == 0)
        #expect(half[99, 150] >= 254 && half[99, 50] >= 254 && half[100, 150] <= 1 && half[100, 50] <= 1,
                "\([half[99, 150], half[99, 50], half[100, 150], half[100, 50]])")
    }

    @Test func closedSubpathsAreJoinedNotCapped() throws {
        // A closed square with square caps: no cap sticks out at the start corner, the miter fills it.
        let square = Path.rect(Rect(x: 40, y: 40, width: 100, height: 100))
        let mask = try #require(stroke(square, StrokeStyle(lineWidth: 10, lineCap: .square)))
        #expect(abs(mask.area - (110 * 110 - 90 * 90)) < 1e-9)
        // The same square left open (no close) has butt ends at its start corner: a notch there.
        let open = Path(elements: Array(square.elements.dropLast()) + [.line(Point(x: 40, y: 40))])
        let notched = try #require(stroke(open, StrokeStyle(lineWidth: 10)))
        #expect(notched[36, 36] == 0 && mask[36, 36] == 255)
    }
}
